"""contactsim.sweep (issue 29): in this process and on a Dask LocalCluster of two worker
processes, the rows of `contactsim sweep` (the CLI's results.csv is the reference); a worker
killed in the middle of a sweep loses and duplicates no row; Python metrics; bad specs."""

import csv
import io
import os
import signal
import subprocess

import pytest

import contactsim

SPEC = "python/tests/data/tumbling-sweep.json"  # 8 runs of about 0.2 s
TIMING = {"cpu_seconds"}


def untimed(csv_text):
    """results.csv's rows without the timing columns, as lists of cells."""
    table = list(csv.reader(io.StringIO(csv_text)))
    keep = [i for i, name in enumerate(table[0]) if name not in TIMING]
    return [[row[i] for i in keep] for row in table]


@pytest.fixture(scope="module")
def cli_table(cli, root, tmp_path_factory):
    out = tmp_path_factory.mktemp("cli-sweep")
    subprocess.run([cli, "sweep", str(root / SPEC), "--out", str(out), "--jobs", "2", "--quiet"],
                   check=True)
    return untimed((out / "results.csv").read_text())


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_local_sweep_gives_the_cli_rows(root, cli_table, tmp_path):
    res = contactsim.sweep(root / SPEC, out=tmp_path, jobs=2)
    assert res.failed == 0
    assert untimed(res.csv) == cli_table
    assert untimed((tmp_path / "results.csv").read_text()) == cli_table
    assert len(list((tmp_path / "runs").glob("*.json"))) == 8
    # summary.json kept per run ("keep": "summary")
    assert all((tmp_path / "runs" / r["key"] / "summary.json").is_file() for r in res.rows)


def test_dask_local_cluster_gives_the_cli_rows(root, cli_table, client, tmp_path):
    res = contactsim.sweep(root / SPEC, client=client, out=tmp_path)
    assert untimed(res.csv) == cli_table
    assert untimed((tmp_path / "results.csv").read_text()) == cli_table


def test_a_worker_killed_mid_sweep_loses_and_duplicates_no_row(root, cli_table, client, tmp_path):
    before = client.run(os.getpid)  # {worker address: pid}
    killed = []

    def kill_one(done, total):
        # After the first run comes back both workers are busy with the next ones: kill one.
        if done == 1 and not killed:
            pid = next(iter(before.values()))
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    res = contactsim.sweep(root / SPEC, client=client, out=tmp_path, progress=kill_one)
    assert killed, "no worker was killed"
    assert killed[0] not in client.run(os.getpid).values()  # it is gone (the nanny made another)
    assert [r["index"] for r in res.rows] == list(range(8))
    assert untimed(res.csv) == cli_table
    assert len(list((tmp_path / "runs").glob("*.json"))) == 8
    assert untimed((tmp_path / "results.csv").read_text()) == cli_table


def test_python_metrics_are_columns(root, tmp_path):
    def apex(result):  # the highest point of the wing nut's flight
        return result.positions[:, 0, 2].max()

    spec = {
        "format": "contactsim-sweep", "version": 1, "name": "apex",
        "scene": str(root / "scenes/tumbling-body.json"), "set": {"/duration": 6.0},
        "parameters": [{"name": "mass", "pointer": "/bodies/0/mass", "values": [0.25, 1.0]}],
        "metrics": [{"type": "steps"}],
    }
    res = contactsim.sweep(spec, metrics={"apex": apex, "samples": lambda r: len(r.times)})
    header = res.csv.splitlines()[0].split(",")
    assert header == ["index", "key", "mass", "steps", "apex", "samples", "status", "error"]
    for row in res.rows:
        # Thrown up at 49.05 m/s under 9.81 m/s²: the top is v0²/(2g) = 122.625 m, at t = 5 s
        # (a sample at 100 Hz), whatever the mass.
        assert row["metrics"]["apex"] == pytest.approx(49.05**2 / (2 * 9.81), abs=1e-9)
        assert row["metrics"]["samples"] == 601


def test_bad_specs_raise_naming_the_spec_and_the_json_path(root):
    bad = root / "tests/data/sweeps/bad/unknown-metric.json"
    with pytest.raises(contactsim.SceneError, match=r"unknown-metric\.json: at /metrics/1/type"):
        contactsim.sweep(bad)
    spec = {"format": "contactsim-sweep", "version": 1, "name": "x",
            "scene": str(root / "scenes/tumbling-body.json"),
            "parameters": [{"pointer": "/duration", "values": [1.0, "2"]}],
            "metrics": [{"type": "steps"}]}
    with pytest.raises(contactsim.SceneError, match=r"at /parameters/0/values/1: wrong type"):
        contactsim.sweep(spec)


def test_no_limits_lifts_the_scene_limits_of_a_sweep(root, tmp_path):
    # The base scene at 1 GHz (1e10 trajectory rows): refused, as `contactsim sweep` refuses it,
    # unless no_limits; its variants sample at 10 and 20 Hz.
    spec = {"format": "contactsim-sweep", "version": 1, "name": "x",
            "scene": str(root / "scenes/tumbling-body.json"),
            "set": {"/duration": 0.1, "/output/rate": 1e9},
            "parameters": [{"pointer": "/output/rate", "values": [10, 20]}],
            "metrics": [{"type": "steps"}]}
    with pytest.raises(contactsim.SceneError, match=r"at /output/rate:.*--no-limits lifts it"):
        contactsim.sweep(spec)
    res = contactsim.sweep(spec, no_limits=True)
    assert [row["status"] for row in res.rows] == ["ok", "ok"]
    assert [row["metrics"]["steps"] for row in res.rows] == [100, 100]  # 0.1 s at 1 ms
    # The spec file itself: refused on its size (a sparse file, nothing written), read when lifted.
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(268435457)
    with pytest.raises(contactsim.SceneError, match="more than the limit of 268435456 bytes"):
        contactsim.sweep(big)
    with pytest.raises(contactsim.SceneError, match="not JSON"):
        contactsim.sweep(big, no_limits=True)
