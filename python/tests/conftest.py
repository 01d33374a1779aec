"""Shared fixtures: the repository, the contactsim CLI (the reference for identical results)."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def root():
    return ROOT


@pytest.fixture(scope="session")
def cli():
    path = os.path.abspath(
        os.environ.get("CONTACTSIM_CLI", str(ROOT / "build/release/apps/contactsim")))
    if not pathlib.Path(path).is_file():
        pytest.fail(f"the contactsim CLI is not built at {path} (set CONTACTSIM_CLI)")
    return path


@pytest.fixture(scope="session")
def cli_run(cli, tmp_path_factory):
    """Runs `contactsim run SCENE --out DIR --quiet` once per scene; returns DIR."""
    done = {}

    def run(scene):
        if scene not in done:
            out = tmp_path_factory.mktemp(pathlib.Path(scene).stem)
            subprocess.run([cli, "run", str(ROOT / scene), "--out", str(out), "--quiet"],
                           check=True)
            done[scene] = out
        return done[scene]

    return run


def read_trajectory(directory):
    """trajectory.csv as {body: [(time, [values...]), ...]} with every number exact."""
    rows = {}
    lines = (pathlib.Path(directory) / "trajectory.csv").read_text().splitlines()
    for line in lines[1:]:
        fields = line.split(",")
        rows.setdefault(fields[1], []).append((float(fields[0]), [float(x) for x in fields[2:]]))
    return rows
