"""World from Python: states, contacts and events checked against analytic answers, and worlds
built in code against the same scenes loaded from JSON (identical trajectories)."""

import math

import numpy as np
import pytest

import contactsim
from conftest import ROOT

G = 9.81
THETA = 0.3  # the incline of scenes/sphere-incline.json


def incline_quaternion():
    return [0.9887710779360422, 0.0, 0.14943813247359922, 0.0]


def built_sphere_incline():
    d = contactsim.WorldDescription()
    d.integrator.method = "adaptive-rk4"
    d.integrator.min_step = 0.0001
    d.integrator.max_step = 0.01
    d.add_body("ball", contactsim.shapes.sphere(0.1), mass=2.0, inertia=[0.008, 0.008, 0.008])
    d.add_body("incline", contactsim.shapes.plane(100.0), fixed=True,
               orientation=incline_quaternion())
    d.add_smooth_contact("ball", "incline", patches=(5, 0), q=[0.5, 0.5, 0.5, 0.5, 0.0],
                         mode="rolling", friction=friction(1.0))
    return contactsim.World(d)


def friction(mu):
    f = contactsim.Friction()
    f.mu = mu
    return f


def test_a_smooth_world_built_in_python_equals_the_scene_file():
    a = built_sphere_incline()
    b = contactsim.World.from_file(str(ROOT / "scenes/sphere-incline.json"))
    for k in range(1, 201):
        a.advance(k / 100)
        b.advance(k / 100)
        assert np.array_equal(a.positions(), b.positions())
        assert np.array_equal(a.twists(), b.twists())


def test_the_rolling_sphere_accelerates_at_five_sevenths_g_sin_theta():
    w = built_sphere_incline()
    x0 = w.positions()[0].copy()
    t = 1.0
    w.advance(t)
    n = np.array([math.sin(THETA), 0.0, math.cos(THETA)])
    down = np.array([math.cos(THETA), 0.0, -math.sin(THETA)])
    travelled = (w.positions()[0] - x0) @ down
    assert travelled == pytest.approx(0.5 * 5 / 7 * G * math.sin(THETA) * t * t, rel=1e-6)
    assert (w.positions()[0] - x0) @ n == pytest.approx(0.0, abs=1e-9)


def test_contacts_report_newtons_force_and_the_smooth_coordinates():
    w = built_sphere_incline()
    w.advance(0.5)
    (c,) = w.contacts()
    assert (c.body_a, c.body_b, c.model, c.mode) == (0, 1, "smooth", "rolling")
    assert c.patches[1] == 0 and 0 <= c.patches[0] < 6  # it has rolled onto another face
    assert c.q.shape == (5,) and c.qdot.shape == (5,)
    m, s = 2.0, math.sin(THETA)
    down = np.array([math.cos(THETA), 0.0, -s])  # the plane's normal is (sin θ, 0, cos θ)
    expected = m * 5 / 7 * G * s * down + m * G * np.array([0.0, 0.0, 1.0])
    assert np.allclose(c.force, expected, atol=1e-9)
    assert c.normal_force == pytest.approx(m * G * math.cos(THETA), rel=1e-9)
    assert np.allclose(c.point, w.positions()[0] - 0.1 * c.normal, atol=1e-12)


def box_on_floor_dict():
    return {"format": "contactsim-scene", "version": 2, "name": "box", "duration": 1,
            "integrator": {"method": "semi-implicit-euler", "step": 0.004},
            "models": {"point": {"tolerance": 1e-12, "max_iterations": 5000}},
            "bodies": [{"name": "floor", "fixed": True, "shape": {"type": "half-space"}},
                       {"name": "box", "mass": 3.0,
                        "shape": {"type": "box", "half_extents": [0.2, 0.15, 0.1]},
                        "position": [0, 0, 0.12], "angular_velocity": [0.5, 0.2, 0.0]}]}


def built_box_on_floor():
    d = contactsim.WorldDescription()
    d.integrator.method = "semi-implicit-euler"
    d.integrator.step = 0.004
    d.add_body("floor", contactsim.shapes.half_space(), fixed=True)
    d.add_body("box", contactsim.shapes.box([0.2, 0.15, 0.1]), mass=3.0,
               position=[0, 0, 0.12], angular_velocity=[0.5, 0.2, 0.0])
    return d


def test_a_point_contact_world_built_in_python_equals_the_scene():
    d = built_box_on_floor()
    scene = contactsim.Scene.from_dict(box_on_floor_dict())
    d.integrator = scene.world.integrator  # the solver settings of the "models" block
    a, b = contactsim.World(d), contactsim.World(scene.world)
    for k in range(1, 101):
        a.advance(k / 100)
        b.advance(k / 100)
        assert np.array_equal(a.positions(), b.positions())
        assert np.array_equal(a.quaternions(), b.quaternions())


def test_point_contacts_of_a_settled_box_carry_its_weight():
    w = contactsim.World(contactsim.Scene.from_dict(box_on_floor_dict()).world)
    w.advance(1.5)
    contacts = w.contacts()
    assert len(contacts) == 4 and all(c.model == "point" for c in contacts)
    total = sum(c.force if c.body_a == 1 else -c.force for c in contacts)
    assert np.allclose(total, [0.0, 0.0, 3.0 * G], atol=1e-6)
    assert all(c.q is None and c.mode is None for c in contacts)


def test_a_6d_world_built_in_python_equals_the_scene():
    scene = contactsim.Scene.from_dict({
        "format": "contactsim-scene", "version": 2, "name": "cube", "duration": 1,
        "integrator": {"method": "semi-implicit-euler", "step": 0.001},
        "models": {"6d": {"resolution": 0.004, "target_volume": 1e-7, "compliance": 1e-6}},
        "bodies": [{"name": "floor", "fixed": True, "position": [0, 0, -0.1],
                    "shape": {"type": "box", "half_extents": [0.5, 0.5, 0.1],
                              "representation": "mesh"}},
                   {"name": "cube", "mass": 1.0, "position": [0.01, 0, 0.06],
                    "shape": {"type": "box", "half_extents": [0.05, 0.05, 0.05],
                              "representation": "mesh"}}]})
    d = contactsim.WorldDescription()
    d.add_body("floor", contactsim.shapes.box_mesh([0.5, 0.5, 0.1]), fixed=True,
               position=[0, 0, -0.1])
    d.add_body("cube", contactsim.shapes.box_mesh([0.05, 0.05, 0.05]), mass=1.0,
               position=[0.01, 0, 0.06])
    d.integrator = scene.world.integrator
    a, b = contactsim.World(d), contactsim.World(scene.world)
    a.advance(0.3)
    b.advance(0.3)
    assert np.array_equal(a.positions(), b.positions())
    (c,) = a.contacts()
    assert c.model == "6d"
    sign = 1.0 if c.body_a == 1 else -1.0
    assert np.allclose(sign * c.force, [0.0, 0.0, G], atol=1e-3 * G)


def test_free_flight_is_the_parabola_and_keeps_angular_momentum():
    w = contactsim.World.from_file(str(ROOT / "scenes/tumbling-body.json"))
    L0 = w.angular_momentum("wingnut")
    E0 = w.energies()[0]
    for t in (0.5, 1.0, 2.5):
        w.advance(t)
        p = w.positions()[0]
        # RK4 integrates the body-frame velocity of the tumbling body: exact up to its error.
        assert p[0] == pytest.approx(0.2 * t, abs=1e-8)
        assert p[2] == pytest.approx(49.05 * t - 0.5 * G * t * t, abs=1e-8)
    assert np.allclose(w.angular_momentum("wingnut"), L0, atol=1e-9 * np.linalg.norm(L0))
    assert w.energies()[0] == pytest.approx(E0, rel=1e-8)


def test_state_arrays_have_their_shapes_and_unit_quaternions():
    w = contactsim.World.from_file(str(ROOT / "scenes/billiard-break.json"))
    w.advance(0.05)
    n = w.body_count
    assert w.positions().shape == (n, 3) and w.positions().dtype == np.float64
    assert w.quaternions().shape == (n, 4) and w.twists().shape == (n, 6)
    assert np.allclose(np.linalg.norm(w.quaternions(), axis=1), 1.0, atol=1e-12)
    s = w.state(0)
    assert np.array_equal(s.position, w.positions()[0])
    assert np.allclose(s.angular_velocity, w.angular_velocities()[0], atol=0)


def test_bodies_by_name_and_index():
    w = built_sphere_incline()
    assert w.body_names == ["ball", "incline"]
    assert w.body_index("incline") == 1 and w.body_index(-1) == 1
    assert w.is_fixed("incline") and not w.is_fixed(0)
    with pytest.raises(KeyError):
        w.state("nobody")
    with pytest.raises(IndexError):
        w.state(2)


def test_step_advances_by_the_integrator_step_and_time_never_goes_back():
    w = contactsim.World(built_box_on_floor())
    w.step()
    assert w.time == pytest.approx(0.004, abs=1e-15)
    w.advance(0.1)
    with pytest.raises(contactsim.InvalidInputError):
        w.advance(0.05)
    with pytest.raises(contactsim.InvalidInputError):
        w.step(-1.0)


def test_bad_descriptions_raise_clear_errors():
    d = contactsim.WorldDescription()
    with pytest.raises(contactsim.InvalidInputError, match="mass"):
        d.add_body("a", contactsim.shapes.sphere(0.1), mass=-1.0, inertia=[1, 1, 1])
    with pytest.raises(contactsim.InvalidInputError, match="unit quaternion"):
        d.add_body("a", contactsim.shapes.sphere(0.1), inertia=[1, 1, 1],
                   orientation=[2, 0, 0, 0])
    with pytest.raises(contactsim.InvalidInputError, match="inertia"):
        d.add_body("a", contactsim.shapes.sphere(0.1))
    with pytest.raises(contactsim.InvalidInputError, match="body name"):
        d.add_body("a,b", contactsim.shapes.box([1, 1, 1]))
    d.add_body("a", contactsim.shapes.sphere(0.1), inertia=[1, 1, 1])
    with pytest.raises(contactsim.InvalidInputError, match="no body named 'b'"):
        d.add_smooth_contact("a", "b", patches=(0, 0), q=[0.5] * 5)
    with pytest.raises(contactsim.InvalidInputError, match="friction mode"):
        d.add_body("floor", contactsim.shapes.plane(1.0), fixed=True)
        d.add_smooth_contact("a", "floor", patches=(0, 0), q=[0.5] * 5, mode="gliding")
    with pytest.raises(contactsim.InvalidInputError, match="duplicate|unique|twice"):
        d.add_body("a", contactsim.shapes.sphere(0.1), inertia=[1, 1, 1])
        contactsim.World(d)
