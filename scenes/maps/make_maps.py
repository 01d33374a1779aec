#!/usr/bin/env python3
"""Response maps with a Kelvin-Voigt kernel for scenes/planar-stack.json (docs/response-map-format.md).

Every node (one per outline vertex, normal: the bisector of the adjacent edges' normals) has the
step response of a spring k with a dashpot c by a backward difference: F_0 = k + c/dt, F_m = k for
m >= 1 (tests/contact/response/synthetic_maps.hpp builds the same maps). The boundary-element maps
of coarse meshes do not let bodies rest (they rock on a half-plane); these damped maps do, and
their static deflection m g / k is known exactly. Run from this directory: python3 make_maps.py
"""
import json
import math

DT = 1e-5          # [s]
K = 1e9            # [N/m per m]
DENSITY = 7850.0   # steel [kg/m^3]
SAMPLES = 8


def outline_nodes(outline):
    nodes = []
    n = len(outline)
    for i in range(n):
        (px, py), (x, y), (nx_, ny_) = outline[i - 1], outline[i], outline[(i + 1) % n]
        a = (y - py, -(x - px))
        b = (ny_ - y, -(nx_ - x))
        la, lb = math.hypot(*a), math.hypot(*b)
        m = (a[0] / la + b[0] / lb, a[1] / la + b[1] / lb)
        lm = math.hypot(*m)
        nodes.append(((x, y), (m[0] / lm, m[1] / lm)))
    return nodes


def area(outline):
    return 0.5 * sum(outline[i - 1][0] * outline[i][1] - outline[i][0] * outline[i - 1][1]
                     for i in range(len(outline)))


def write(path, name, outline, damping_ratio):
    mass = DENSITY * area(outline)
    c = 2.0 * damping_ratio * math.sqrt(K * mass)
    force = [K + c / DT] + [K] * (SAMPLES - 1)
    lines = ['{', '  "format": "contactsim-response-map",', '  "version": 1,',
             '  "name": ' + json.dumps(name) + ',',
             '  "material": {"youngs_modulus": 210000000000.0, "poisson_ratio": 0.3, '
             '"density": 7850.0},',
             '  "time_step": ' + repr(DT) + ',',
             '  "outline": ' + json.dumps([[x, y] for x, y in outline]) + ',', '  "nodes": [']
    nodes = outline_nodes(outline)
    for j, ((x, y), (nx_, ny_)) in enumerate(nodes):
        lines.append('    {"position": [%r, %r], "normal": [%r, %r], "stiffness": %r,' %
                     (x, y, nx_, ny_, K))
        lines.append('     "force": ' + json.dumps(force) + '}' + (',' if j + 1 < len(nodes) else ''))
    lines += ['  ]', '}']
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')


# A disc of radius 5 mm as an 18-gon with flat top and bottom edges (vertices every 20 degrees
# from -100), and a slab 40 x 10 mm with vertices every 10 mm along its long sides.
R = 0.005
disc = [(R * math.cos(math.radians(-100 + 20 * i)), R * math.sin(math.radians(-100 + 20 * i)))
        for i in range(18)]
slab = ([(-0.02 + 0.01 * i, 0.0) for i in range(5)] + [(0.02, 0.01)] +
        [(0.02 - 0.01 * i, 0.01) for i in range(1, 5)] + [(-0.02, 0.0)])[:-1]
write('disc-damped.json', 'steel disc r = 5 mm, Kelvin-Voigt k = 1e9, zeta = 0.5', disc, 0.5)
write('slab-damped.json', 'steel slab 40 x 10 mm, Kelvin-Voigt k = 1e9, zeta = 0.5', slab, 0.5)
