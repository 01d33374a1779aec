#!/usr/bin/env python3
"""Speed-up of `contactsim sweep` on local cores (issue 29): a 64-run sweep of the thesis
rattleback (scenes/rattleback-spin.json: 60 s at a 2 ms maximum step since 8cb4d84; 8 rolling
× 8 spinning resistances) timed with --jobs 1 and --jobs N (default 2), alternately, --repeats
times each; prints the median wall times, their ratio, and checks that both wrote the same
results.csv but for the timing column. Everything goes to a temporary directory.

    /usr/bin/python3 bench/sweep_speedup.py --cli build/release/apps/contactsim [--jobs 2]
"""

import argparse
import csv
import io
import json
import os
import pathlib
import statistics
import subprocess
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]


def spec():
    return {
        "format": "contactsim-sweep", "version": 1, "name": "speedup-64",
        "scene": str(ROOT / "scenes/rattleback-spin.json"),
        "set": {"/integrator/max_step": 0.002},
        "parameters": [
            {"name": "mu_rolling", "pointer": "/contacts/0/friction/mu_rolling",
             "range": {"from": 0.0, "to": 0.0035, "count": 8}},
            {"name": "mu_spinning", "pointer": "/contacts/0/friction/mu_spinning",
             "range": {"from": 0.0, "to": 0.0035, "count": 8}},
        ],
        "metrics": [
            {"name": "reversal_time", "type": "zero_crossing", "column": "wz"},
            {"type": "steps"},
            {"type": "cpu_seconds"},
        ],
    }


def untimed(path):
    rows = list(csv.reader(io.StringIO(path.read_text())))
    keep = [i for i, name in enumerate(rows[0]) if name != "cpu_seconds"]
    return [[r[i] for i in keep] for r in rows]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cli", default=str(ROOT / "build/release/apps/contactsim"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="contactsim-sweep-bench-") as tmp:
        spec_file = pathlib.Path(tmp) / "speedup-64.json"
        spec_file.write_text(json.dumps(spec()))
        times = {1: [], args.jobs: []}
        for k in range(args.repeats):
            for jobs in (1, args.jobs):
                out = pathlib.Path(tmp) / f"out-{jobs}-{k}"
                start = time.perf_counter()
                subprocess.run([args.cli, "sweep", str(spec_file), "--out", str(out),
                                "--jobs", str(jobs), "--quiet"], check=True)
                times[jobs].append(time.perf_counter() - start)
        same = untimed(pathlib.Path(tmp) / "out-1-0/results.csv") == untimed(
            pathlib.Path(tmp) / f"out-{args.jobs}-0/results.csv")
        rows = list(csv.DictReader(open(pathlib.Path(tmp) / "out-1-0/results.csv")))
    one, many = statistics.median(times[1]), statistics.median(times[args.jobs])
    run_cpu = sum(float(r["cpu_seconds"]) for r in rows)
    print(f"64 runs ({run_cpu:.2f} s of run CPU time at --jobs 1), {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"--jobs 1: {one:.3f} s  (runs {', '.join(f'{t:.3f}' for t in times[1])})")
    print(f"--jobs {args.jobs}: {many:.3f} s  (runs {', '.join(f'{t:.3f}' for t in times[args.jobs])})")
    print(f"ratio --jobs {args.jobs} / --jobs 1: {many / one:.3f}  (target <= 0.6 on 2 cores)")
    print(f"results.csv identical but for cpu_seconds: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
