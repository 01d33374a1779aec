#!/usr/bin/env python3
"""Writes sweeps/restitution-angles.json: the restitution study of ullrich-pai §4
(`contactsim restitution-study`, docs/figures/restitution-study/restitution.csv) as a sweep of
scenes/steel-bar-drop.json over the impact angle 0, 7.5, ..., 90 degrees (the study's default angles:
the tip nodes of its mesh, docs/figures/restitution-study/README.md).

The study turns the bar by theta = -(90 + angle) degrees and puts its lowest outline vertex on the
block (y = 0): each angle is a pose, two values in the scene (/bodies/0/angle and
/bodies/0/position/1) that vary together with the label column angle_deg. The lowest vertex comes
from the bar's outline, the response map's nodes, which the scene loader computes from the
outline description (cached in a temporary directory here). Run from the repository root:

    PYTHONPATH=build/release/python /usr/bin/python3 sweeps/make_restitution_angles.py
"""

import glob
import json
import math
import os
import pathlib
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]


def lowest_vertices(outline, angles):
    """-(lowest y) of the outline turned by each angle [rad] (the study's R * vertex, .y())."""
    heights = []
    for theta in angles:
        c, s = math.cos(theta), math.sin(theta)
        heights.append(-min(s * x + c * y for x, y in outline))
    return heights


def main():
    with tempfile.TemporaryDirectory() as cache:
        os.environ["CONTACTSIM_CACHE_DIR"] = cache
        import contactsim

        contactsim.load_scene(str(ROOT / "scenes/steel-bar-drop.json"))  # computes the map
        outline = contactsim.load_response_map(glob.glob(os.path.join(cache, "*.json"))[0]).outline
    degrees = [7.5 * k for k in range(13)]
    angles = [(-90.0 - a) * (math.pi / 180.0) for a in degrees]
    spec = {
        "format": "contactsim-sweep",
        "version": 1,
        "name": "restitution-angles",
        "description": "The restitution study of ullrich-pai §4 (contactsim restitution-study; "
        "docs/figures/restitution-study/restitution.csv) as a sweep of scenes/steel-bar-drop.json: "
        "the steel bar dropped at 1 m/s onto the rigid block at impact angles 0-90 degrees, its "
        "lowest outline vertex on the block, sampled at every 1 us step; the coefficient of "
        "restitution of the touching vertex (metric restitution). Written by "
        "sweeps/make_restitution_angles.py.",
        "scene": "../scenes/steel-bar-drop.json",
        "set": {"/output/rate": 1000000},
        "parameters": [
            {"name": "angle_deg", "group": "pose", "values": degrees},
            {"name": "bar_angle", "pointer": "/bodies/0/angle", "group": "pose", "values": angles},
            {"name": "bar_height", "pointer": "/bodies/0/position/1", "group": "pose",
             "values": lowest_vertices(outline, angles)},
        ],
        "metrics": [
            {"type": "restitution", "body": "bar"},
            {"name": "spin_after", "type": "final", "body": "bar", "column": "wz"},
            {"type": "steps"},
            {"type": "cpu_seconds"},
        ],
        "keep": "none",
    }
    text = json.dumps(spec, indent=2, ensure_ascii=False) + "\n"
    (ROOT / "sweeps/restitution-angles.json").write_text(text)


if __name__ == "__main__":
    main()
