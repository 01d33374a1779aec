"""The bad-input catalogue (tests/data/bad_inputs/catalogue.json, issue 27) against the CLI: every
case answers with its exit code (1 bad input, 2 usage) and message within 10 s, writes nothing
outside --out (nor --out itself), and the scene cases raise the same message from Python."""

import json
import os
import pathlib
import subprocess

import resource

import pytest

import contactsim
from conftest import ROOT

CATALOGUE = json.loads((ROOT / "tests/data/bad_inputs/catalogue.json").read_text())["cases"]


def prepare(case, directory):
    """The case's inputs in `directory`; returns the CLI arguments."""
    for name, text in case.get("file", {}).items():
        (directory / name).write_text(text)
    for name, size in case.get("sparse", {}).items():
        with open(directory / name, "wb") as sparse:  # a size without data: nothing written
            sparse.truncate(size)
    if "fifo" in case:
        os.mkfifo(directory / case["fifo"])
    if "args" in case:
        return case["args"]
    if "scene_file" in case:
        scene = str(ROOT / "tests/data" / case["scene_file"])
    else:
        scene = str(directory / "scene.json")
        pathlib.Path(scene).write_text(json.dumps(case["scene"]))
    return ["run", scene, "--out", "out"]


def address_space_limit(case):
    """A preexec_fn limiting the CLI's address space to the case's memory_limit_mb, or None."""
    if "memory_limit_mb" not in case:
        return None
    limit = case["memory_limit_mb"] * 1024 * 1024
    return lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def listing(directory):
    return sorted(str(p.relative_to(directory)) for p in directory.rglob("*"))


def test_the_catalogue_covers_the_issue():
    assert len(CATALOGUE) >= 100
    assert {c["exit"] for c in CATALOGUE} == {1, 2}
    assert len({c["name"] for c in CATALOGUE}) == len(CATALOGUE)


@pytest.mark.parametrize("case", CATALOGUE, ids=[c["name"] for c in CATALOGUE])
def test_every_bad_input_is_refused_cleanly(case, cli, tmp_path):
    arguments = prepare(case, tmp_path)
    before = listing(tmp_path)
    result = subprocess.run([cli, *arguments], cwd=tmp_path, capture_output=True, text=True,
                            timeout=10, preexec_fn=address_space_limit(case))
    assert result.returncode == case["exit"], result.stderr
    assert case["message"] in result.stderr, result.stderr
    if case["exit"] == 1:
        assert result.stderr.startswith("contactsim: error: ") and result.stderr.count("\n") == 1
    if "json_path" in case:
        assert f"at {case['json_path']}:" in result.stderr, result.stderr
    assert listing(tmp_path) == before  # nothing written, --out included


@pytest.mark.parametrize("case", [c for c in CATALOGUE if "scene" in c or "scene_file" in c],
                         ids=lambda c: c["name"])
def test_python_raises_the_cli_message(case, cli, tmp_path):
    arguments = prepare(case, tmp_path)
    cli_result = subprocess.run([cli, "validate", arguments[1]], cwd=tmp_path,
                                capture_output=True, text=True, timeout=10)
    cwd = os.getcwd()
    os.chdir(tmp_path)  # relative OBJ paths of inline scenes
    try:
        with pytest.raises(contactsim.Error) as raised:
            contactsim.World.from_file(arguments[1])
    finally:
        os.chdir(cwd)
    assert isinstance(raised.value, (contactsim.SceneError, contactsim.InvalidInputError))
    assert "contactsim: error: " + str(raised.value) + "\n" == cli_result.stderr
