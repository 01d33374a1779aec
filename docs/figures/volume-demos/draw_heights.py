#!/usr/bin/env python3
"""Redraws this folder's *_height.svg figures from the demos' runs.

    python3 docs/figures/volume-demos/draw_heights.py build/release/contactsim

runs each demo scene (`contactsim run scenes/<scene>.json --out <tmp>`) and draws every free
body's centre-of-mass height pz against time from its trajectory.csv, one polyline per body. The
run's own plots (sphere-incline-6d_com_path.svg, sphere-spin-on-cube_spin.svg) are copied as the
CLI writes them. Standard library only.
"""
import csv
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parents[2]

HEIGHTS = {
    "cube-on-edge": "Cubes landing on the edge of a plane (§6.1.1)",
    "sloppy-stack": "Sloppy stack, mu 0.6 (§6.1.2, Fig. 7 right)",
    "tapered-stack": "Tapered stack (§6.1.2, Fig. 8)",
    "rolling-coin": "Rolling coin falling on its face (§6.1.5, Fig. 11)",
    "tumbling-cylinder": "Tipped cylinder (§6.1.5)",
    "pinch-grasp": "Pinch grasp holding the ruler (§6.1.6, Fig. 12)",
}
OWN_PLOTS = {"sphere-incline-6d": "com_path.svg", "sphere-spin-on-cube": "spin.svg"}
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"]
LEFT, TOP, WIDTH, HEIGHT = 70, 40, 550, 320


def run(cli, scene, out):
    subprocess.run([cli, "run", str(SOURCE / "scenes" / f"{scene}.json"), "--out", str(out)],
                   check=True, stdout=subprocess.DEVNULL)


def heights(trajectory):
    """Per body, (time, pz) in file order; bodies that never move (fixed) are dropped."""
    series = {}
    with open(trajectory, newline="") as f:
        for row in csv.DictReader(f):
            series.setdefault(row["body"], []).append((float(row["time"]), float(row["pz"])))
    return {b: s for b, s in series.items() if len({z for _, z in s}) > 1}


def svg(title, series):
    t_max = max(t for s in series.values() for t, _ in s) or 1.0
    z_min = min(z for s in series.values() for _, z in s)
    z_max = max(z for s in series.values() for _, z in s)
    if z_max == z_min:
        z_max = z_min + 1.0
    x = lambda t: LEFT + WIDTH * t / t_max
    y = lambda z: TOP + HEIGHT * (z_max - z) / (z_max - z_min)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="640" height="420" '
        f'font-family="sans-serif" font-size="12">',
        '<rect width="640" height="420" fill="white"/>',
        f'<text x="320.0" y="24" text-anchor="middle" font-size="15">{title}</text>',
        f'<rect x="{LEFT}" y="{TOP}" width="{WIDTH}" height="{HEIGHT}" fill="none" '
        f'stroke="black"/>',
    ]
    for k in range(6):
        out.append(f'<text x="{LEFT + WIDTH * k / 5:.1f}" y="376" text-anchor="middle">'
                   f'{t_max * k / 5:.4g}</text>')
        out.append(f'<text x="64" y="{TOP + HEIGHT - HEIGHT * k / 5:.1f}" text-anchor="end">'
                   f'{z_min + (z_max - z_min) * k / 5:.4g}</text>')
    out.append('<text x="320.0" y="394" text-anchor="middle">time [s]</text>')
    out.append('<text x="16" y="200.0" text-anchor="middle" transform="rotate(-90 16 200.0)">'
               'centre-of-mass height z [m]</text>')
    for i, (body, s) in enumerate(series.items()):
        colour = COLOURS[i % len(COLOURS)]
        out.append(f'<text x="616" y="{56 + 14 * i}" text-anchor="end" fill="{colour}">'
                   f'{body}</text>')
        points = " ".join(f"{x(t):.1f},{y(z):.1f}" for t, z in s)
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="1.5" '
                   f'points="{points}"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: draw_heights.py <path to the contactsim CLI>")
    cli = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        for scene, title in HEIGHTS.items():
            out = Path(tmp) / scene
            run(cli, scene, out)
            (HERE / f"{scene}_height.svg").write_text(svg(title, heights(out / "trajectory.csv")))
        for scene, plot in OWN_PLOTS.items():
            out = Path(tmp) / scene
            run(cli, scene, out)
            shutil.copyfile(out / plot, HERE / f"{scene}_{plot}")


if __name__ == "__main__":
    main()
