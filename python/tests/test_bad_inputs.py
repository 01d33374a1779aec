"""The bad-input catalogue (tests/data/bad_inputs/catalogue.json, issue 27) against the CLI: every
case answers with its exit code (1 bad input, 2 usage) and message within 10 s, writes nothing
outside --out (nor --out itself), and the scene cases raise the same message from Python."""

import json
import os
import pathlib
import subprocess
import sys

import resource

import pytest

import contactsim
from conftest import ROOT

CATALOGUE = json.loads((ROOT / "tests/data/bad_inputs/catalogue.json").read_text())["cases"]


def prepare(case, directory):
    """The case's inputs in `directory`; returns the CLI arguments."""
    for name, text in case.get("file", {}).items():
        (directory / name).parent.mkdir(parents=True, exist_ok=True)  # "run/summary.json"
        (directory / name).write_text(text)
    for name, size in case.get("sparse", {}).items():
        (directory / name).parent.mkdir(parents=True, exist_ok=True)
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
    assert isinstance(raised.value, ValueError)  # bad input, as Python's own functions raise it
    assert "contactsim: error: " + str(raised.value) + "\n" == cli_result.stderr


# Bad input is both a contactsim.Error (a RuntimeError) and a ValueError; a numerical failure is
# not a ValueError. Raised for real by a binding that checks its argument.
def test_bad_input_is_a_value_error_and_a_contactsim_error():
    assert issubclass(contactsim.SceneError, contactsim.InvalidInputError)
    assert not issubclass(contactsim.NumericalError, ValueError)
    square = [[0.0, 0.0], [0.01, 0.0], [0.01, 0.01], [0.0, 0.01]]
    for caught in (ValueError, RuntimeError, contactsim.Error):
        with pytest.raises(caught, match="quadrature must be"):
            contactsim.compute_response_map(square, quadrature="bdf3")


# A run in a child process limited to 64 MB of address space beyond what it holds once the scene is
# loaded (a limit relative to its own size, whatever the machine's libraries map at start).
OUT_OF_MEMORY_RUN = """
import resource, sys
import contactsim
scene = contactsim.parse_scene(sys.stdin.read(), no_limits=True)
with open("/proc/self/statm") as statm:
    size = int(statm.read().split()[0]) * resource.getpagesize()
resource.setrlimit(resource.RLIMIT_AS, (size + (64 << 20),) * 2)
try:
    contactsim.run_scene(scene)
except contactsim.Error as e:
    print(e)
    sys.exit(3)
"""


def test_running_out_of_memory_mid_run_names_the_samples():
    """std::bad_alloc in the middle of a run (issue 27): a run keeps its samples in memory (the
    Python API, `run --html`, `--gltf`); 400 free bodies sampled at 100 Hz for a day under
    no_limits (4e9 trajectory rows) run out of 64 MB within 1 500 samples. The error
    names the time, the samples taken, the bodies and what sets their number."""
    bodies = [{"name": f"b{i}", "mass": 1.0, "inertia": [1.0, 2.0, 2.5],
               "position": [float(i), 0.0, 0.0], "angular_velocity": [0.1, 0.0, 0.0]}
              for i in range(400)]
    scene = {"format": "contactsim-scene", "version": 2, "name": "many", "duration": 86400.0,
             "gravity": [0.0, 0.0, 0.0], "integrator": {"method": "rk4", "step": 0.01},
             "output": {"rate": 100.0}, "bodies": bodies}
    result = subprocess.run([sys.executable, "-c", OUT_OF_MEMORY_RUN], input=json.dumps(scene),
                            capture_output=True, text=True, timeout=10)
    assert result.returncode == 3, result.stdout + result.stderr
    message = result.stdout.strip()
    assert message.startswith("out of memory at t = "), message
    taken = int(message.split(" after ")[1].split(" samples")[0])
    # 64 MiB of samples of 400 bodies (a pose, a twist and an energy each: at least 112 bytes):
    # fewer than 67108864 / (400 * 112) = 1 498.
    assert 100 < taken < 1498, message
    assert message.endswith(" samples of 400 bodies kept in memory (/output/rate x /duration; "
                            "docs/scene-format.md lists the size limits --no-limits lifts)")
