"""contactsim: rigid bodies in contact, from Python.

Four contact models in one engine -- smooth contact evolution in reduced coordinates
(Kry & Pai 2002), 6D patch contact (Bouchard et al. 2015), point-contact projected Gauss-Seidel
(Preda & Florian 2005) and contact response maps (Ullrich & Pai) -- bound from the C++ library.

Load a scene and advance it::

    import contactsim
    w = contactsim.World.from_file("scenes/rattleback-spin.json")
    w.advance(30.0)
    w.angular_velocities()      # (n, 3) numpy array, world axes
    w.events(), w.contacts()    # what happened; the contacts now (forces, q, friction mode)

Run a scene exactly as ``contactsim run`` does (same samples, same files)::

    r = contactsim.run_scene(contactsim.load_scene("scenes/sphere-drop.json"))
    r.times, r.positions        # (k,), (k, n, 3)
    r.write("out/sphere-drop")

Build a world in code::

    d = contactsim.WorldDescription()
    d.integrator.method = "adaptive-rk4"
    d.add_body("ball", contactsim.shapes.sphere(0.1), mass=2.0, inertia=[0.008] * 3)
    d.add_body("floor", contactsim.shapes.plane(100.0), fixed=True)
    d.add_smooth_contact("ball", "floor", patches=(5, 0), q=[0.5, 0.5, 0.5, 0.5, 0.0],
                         mode="rolling")
    w = contactsim.World(d)

Run a parameter study (docs/sweep-format.md), here or on a Dask cluster::

    res = contactsim.sweep("sweeps/bowl-steps.json", out="out/bowl", jobs=2)
    res = contactsim.sweep(spec, client=dask.distributed.Client("tcp://scheduler:8786"))
    res.rows, res.csv           # one row per run, results.csv's text

Errors raise contactsim.SceneError / InvalidInputError (bad input: each is also a ValueError) and
NumericalError, all contactsim.Error (a RuntimeError), with the library's messages (file, JSON
path, what was expected).
"""

import json as _json

from ._contactsim import (  # noqa: F401  (the public API)
    BodyState,
    Collisions,
    Contact,
    Error,
    Event,
    Friction,
    Impact,
    Integrator,
    InvalidInputError,
    NumericalError,
    ResponseMap,
    RunResult,
    Scene,
    SceneError,
    Shape,
    Surface,
    TriangleMesh,
    World,
    WorldDescription,
    __version__,
    compute_response_map,
    default_scene,
    load_response_map,
    load_scene,
    parse_scene,
    run_scene,
    shapes,
)


def _world_from_dict(scene, origin="<dict>"):
    """The world of a scene given as a dict (the JSON of docs/scene-format.md, format 2)."""
    return World.from_json(_json.dumps(scene), origin)


def _scene_from_dict(scene, origin="<dict>"):
    """A Scene from a dict (the JSON of docs/scene-format.md)."""
    return parse_scene(_json.dumps(scene), origin)
from ._sweep import SweepResults, sweep  # noqa: E402,F401


World.from_dict = staticmethod(_world_from_dict)
Scene.from_dict = staticmethod(_scene_from_dict)


def first_reversal(times, spin):
    """The first time a spin rate changes sign from its starting sign, by linear interpolation
    between the two samples around it (None if it never does): the rattleback's reversal."""
    start = None
    for k in range(1, len(times)):
        if start is None and spin[k - 1] != 0.0:
            start = spin[k - 1] > 0.0
        if start is not None and (spin[k] > 0.0) != start and spin[k] != 0.0:
            t0, t1, w0, w1 = times[k - 1], times[k], spin[k - 1], spin[k]
            return t0 + (t1 - t0) * w0 / (w0 - w1)
    return None


__all__ = [name for name in dir() if not name.startswith("_")]
