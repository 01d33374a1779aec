"""Sweeps from Python: the spec of docs/sweep-format.md run in this process, on local threads, or
as Dask tasks on a cluster -- with the rows `contactsim sweep` writes.

Every path runs a variant through the same C++ function as the CLI (``_SweepPlan.run``: the
variant's scene through runScene on one thread), and tables the rows with the same C++ code, so
the results are the same, bit for bit, but for the timing columns.
"""

import json as _json
import os as _os

from ._contactsim import _SweepPlan, _read_sweep_spec

# One parsed plan per (spec text, origin, no_limits) and process: a Dask worker parses a spec once.
_plans = {}


def _plan(text, origin, no_limits=False):
    key = (text, origin, no_limits)
    if key not in _plans:
        _plans.clear()
        _plans[key] = _SweepPlan(text, origin, no_limits)
    return _plans[key]


def _spec_text(spec, no_limits=False):
    """(text, origin) of a spec given as a path (read as the CLI reads it: a regular file within
    max_file_bytes unless no_limits) or as a dict (relative scene paths of a dict are read from
    the current directory)."""
    if isinstance(spec, dict):
        return _json.dumps(spec), _os.path.abspath("<inline sweep>.json")
    path = _os.path.abspath(_os.fspath(spec))
    return _read_sweep_spec(path, no_limits), path


def _run_one(text, origin, index, metrics=None, no_limits=False):
    """One variant (a Dask task): (index, row JSON, kept files). Python metrics are called on the
    RunResult of a successful run; a metric that raises fails the row."""
    plan = _plan(text, origin, no_limits)
    row_json, result, files = plan.run(index, keep_result=bool(metrics))
    if metrics:
        row = _json.loads(row_json)
        for name, fn in metrics.items():
            value = None
            if row["status"] == "ok":
                try:
                    value = fn(result)
                    value = None if value is None else float(value)
                except Exception as e:  # a user's metric: its failure is the run's row
                    row["status"], row["error"] = "failed", f"metric {name}: {e!r}"
                    files = {}
            row["metrics"][name] = value
        row_json = _json.dumps(row)
    return index, row_json, files


class SweepResults:
    """A finished sweep: ``rows`` (one dict per run, in variant order: index, key, parameters,
    metrics, status, error), ``csv`` (results.csv's text) and ``failed`` (how many runs failed)."""

    def __init__(self, plan, row_texts):
        self.name = plan.name
        self.csv = plan.results_csv(row_texts)
        self.rows = [_json.loads(t) for t in row_texts]
        self.failed = sum(1 for r in self.rows if r["status"] != "ok")
        self.timing_metrics = list(plan.timing_metrics)

    def __repr__(self):
        return f"<SweepResults {self.name!r}: {len(self.rows)} runs, {self.failed} failed>"


def sweep(spec, out=None, client=None, jobs=1, metrics=None, retries=3, progress=None,
          no_limits=False):
    """Runs a sweep (docs/sweep-format.md) and returns its SweepResults.

    spec: a spec file or a dict. The whole spec is checked before any run starts (SceneError
    naming the spec and the JSON path).
    out: a directory as ``contactsim sweep --out`` writes it (runs/<key>.json per finished run,
    results.csv, plots/); a sweep into a directory that holds rows skips those runs.
    client: a ``dask.distributed.Client``: each variant is a Dask task (retried up to `retries`
    times when its worker dies); the workers import contactsim and read the scene files at the
    same paths. Without one, runs go on `jobs` threads of this process, each run on its thread
    alone (as the CLI's pool).
    metrics: {name: callable(RunResult) -> float or None}, extra columns after the spec's.
    progress: callable(done, total), called as runs finish.
    no_limits: lift the size limits of docs/scene-format.md ("Limits") for the spec file, its
    scene and every variant, as ``contactsim sweep --no-limits`` does.
    """
    text, origin = _spec_text(spec, no_limits)
    plan = _plan(text, origin, no_limits)
    total = plan.variant_count
    out = None if out is None else _os.fspath(out)
    rows = [None] * total
    if out is not None:
        for i in range(total):
            rows[i] = plan.finished_row(out, i)
    pending = [i for i in range(total) if rows[i] is None]
    done = total - len(pending)

    def finish(index, row_json, files):
        nonlocal done
        if out is not None:
            plan.record(out, row_json, files)
        rows[index] = row_json
        done += 1
        if progress:
            progress(done, total)

    if client is None:
        # Threads: each run releases the GIL while it runs (on its thread alone, as the CLI's).
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=max(1, int(jobs))) as pool:
            runs = [pool.submit(_run_one, text, origin, i, metrics, no_limits) for i in pending]
            for run in runs:
                finish(*run.result())
    elif pending:
        from distributed import as_completed

        futures = client.map(
            _run_one,
            [text] * len(pending),
            [origin] * len(pending),
            pending,
            [metrics] * len(pending),
            [no_limits] * len(pending),
            key=[f"contactsim-sweep-{i}-{plan.key(i)}" for i in pending],
            retries=retries,
            pure=False,
        )
        for _, result in as_completed(futures, with_results=True):
            finish(*result)
    if out is not None:
        plan.write_results(out, rows)
    return SweepResults(plan, rows)
