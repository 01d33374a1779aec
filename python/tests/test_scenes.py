"""Scenes from Python give exactly what the CLI gives: same samples, same files, same messages."""

import json
import pathlib

import numpy as np
import pytest

import contactsim
from conftest import ROOT, read_trajectory

DEFAULT = "scenes/rattleback-spin.json"


def test_world_stepped_from_python_reproduces_the_cli_reversal_exactly(cli_run):
    cli = read_trajectory(cli_run(DEFAULT))["rattleback"]
    w = contactsim.World.from_file(str(ROOT / DEFAULT))
    rate = w.scene.rate
    i = w.body_index("rattleback")
    times, spins = [0.0], [w.angular_velocities()[i, 2]]
    for k in range(1, int(round(w.scene.duration * rate)) + 1):
        w.advance(k / rate)
        times.append(w.time)
        spins.append(w.angular_velocities()[i, 2])
    assert [t for t, _ in cli] == times
    assert [v[9] for _, v in cli] == spins  # wz, bit for bit
    reversal = contactsim.first_reversal(times, spins)
    assert reversal == contactsim.first_reversal([t for t, _ in cli], [v[9] for _, v in cli])
    assert 20.0 < reversal < 30.0  # README: "after about 25 s it reverses"


def test_run_scene_writes_the_cli_files_byte_for_byte(cli_run, tmp_path):
    r = contactsim.run_scene(contactsim.load_scene(str(ROOT / DEFAULT)))
    r.write(str(tmp_path / "out"))
    for name in ("trajectory.csv", "events.csv", "spin.svg", "com_path.svg", "energy.svg"):
        assert (tmp_path / "out" / name).read_bytes() == (cli_run(DEFAULT) / name).read_bytes()
    assert r.trajectory_csv() == (cli_run(DEFAULT) / "trajectory.csv").read_text()


def test_run_result_arrays_are_the_samples(cli_run):
    r = contactsim.run_scene(contactsim.load_scene(str(ROOT / "scenes/sphere-drop.json")))
    traj = read_trajectory(cli_run("scenes/sphere-drop.json"))
    k, n = len(r.times), len(r.body_names)
    assert r.positions.shape == (k, n, 3) and r.quaternions.shape == (k, n, 4)
    assert r.energies.shape == (k, n)
    for j, name in enumerate(r.body_names):
        rows = traj[name]
        assert np.array_equal(r.times, [t for t, _ in rows])
        assert np.array_equal(r.positions[:, j, :], [v[0:3] for _, v in rows])
        assert np.array_equal(r.quaternions[:, j, :], [v[3:7] for _, v in rows])
        assert np.array_equal(r.energies[:, j], [v[13] for _, v in rows])


def test_a_scene_dict_equals_the_file():
    text = (ROOT / "scenes/sphere-incline.json").read_text()
    a = contactsim.World.from_file(str(ROOT / "scenes/sphere-incline.json"))
    b = contactsim.World.from_dict(json.loads(text))
    for t in (0.25, 0.5, 1.0):
        a.advance(t)
        b.advance(t)
        assert np.array_equal(a.positions(), b.positions())
        assert np.array_equal(a.quaternions(), b.quaternions())


def test_progress_reports_every_sample_up_to_the_duration():
    scene = contactsim.load_scene(str(ROOT / "scenes/tumbling-body.json"))
    scene.duration = 0.5
    seen = []
    r = contactsim.run_scene(scene, progress=lambda t, d: seen.append((t, d)))
    assert len(seen) == len(r.times) - 1
    assert all(d == 0.5 for _, d in seen)
    assert [t for t, _ in seen] == sorted(t for t, _ in seen)
    assert seen[-1][0] == 0.5


def test_missing_file_and_bad_json_text():
    with pytest.raises(contactsim.SceneError, match="no such scene file"):
        contactsim.load_scene("/nonexistent/scene.json")
    with pytest.raises(contactsim.SceneError, match="<mine>"):
        contactsim.parse_scene("{", "<mine>")
    with pytest.raises(contactsim.SceneError, match="/duration"):
        contactsim.Scene.from_dict({"format": "contactsim-scene", "version": 2, "name": "x",
                                    "duration": -1, "bodies": []})


def test_size_limits_name_the_key_and_can_be_lifted():
    scene = {"format": "contactsim-scene", "version": 2, "name": "big", "duration": 0.001,
             "integrator": {"method": "rk4", "step": 0.001}, "output": {"rate": 1e10},
             "bodies": [{"name": "b", "mass": 1, "inertia": [1, 2, 2.5]}]}
    with pytest.raises(contactsim.SceneError, match="/output/rate.*trajectory's rows"):
        contactsim.Scene.from_dict(scene)
    lifted = contactsim.parse_scene(json.dumps(scene), no_limits=True)
    assert lifted.rate == 1e10


def test_response_map_file_size_can_be_lifted(tmp_path):
    big = tmp_path / "big-map.json"
    with open(big, "wb") as f:
        f.truncate(268435457)  # sparse: nothing written
    with pytest.raises(contactsim.Error, match="more than the limit of 268435456 bytes"):
        contactsim.load_response_map(str(big))
    with pytest.raises(contactsim.Error) as lifted:  # read, then found not to be JSON
        contactsim.load_response_map(str(big), no_limits=True)
    assert "more than the limit" not in str(lifted.value)
