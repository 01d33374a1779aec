"""Surfaces from Python: jets against analytic values and finite differences; meshes; response
maps from the boundary elements against the body's symmetry."""

import math

import numpy as np
import pytest

import contactsim

ORDER = ["c", "c_s", "c_t", "c_ss", "c_st", "c_tt", "c_sss", "c_sst", "c_stt", "c_ttt"]


def central(surface, patch, s, t, key, direction, h=1e-5):
    """Central difference of jet[key] along s (direction 0) or t (direction 1)."""
    ds, dt = (h, 0.0) if direction == 0 else (0.0, h)
    plus = surface.jet(s + ds, t + dt, patch)[key]
    minus = surface.jet(s - ds, t - dt, patch)[key]
    return (plus - minus) / (2 * h)


@pytest.mark.parametrize("shape", [
    contactsim.shapes.sphere(0.1),
    contactsim.shapes.ellipsoid([0.2, 0.1, 0.05]),
    contactsim.shapes.torus(0.3, 0.1),
    contactsim.shapes.thesis_rattleback(),
], ids=["sphere", "ellipsoid", "torus", "rattleback"])
def test_jet_derivatives_match_finite_differences(shape):
    surface = shape.surface
    s, t, patch = 0.37, 0.61, 0
    jet = surface.jet(s, t, patch)
    assert set(jet) == set(ORDER)
    pairs = [("c", 0, "c_s"), ("c", 1, "c_t"), ("c_s", 0, "c_ss"), ("c_s", 1, "c_st"),
             ("c_t", 1, "c_tt"), ("c_ss", 0, "c_sss"), ("c_ss", 1, "c_sst"),
             ("c_tt", 0, "c_stt"), ("c_tt", 1, "c_ttt")]
    for key, direction, derivative in pairs:
        fd = central(surface, patch, s, t, key, direction)
        scale = max(1.0, np.linalg.norm(jet[derivative]))
        assert np.allclose(fd, jet[derivative], atol=1e-6 * scale), derivative


def test_the_sphere_jet_lies_on_the_sphere():
    surface = contactsim.shapes.sphere(0.25, center=[1.0, 2.0, 3.0]).surface
    for patch in range(surface.patch_count):
        for s, t in [(0.1, 0.2), (0.5, 0.5), (0.9, 0.3)]:
            jet = surface.jet(s, t, patch)
            r = jet["c"] - np.array([1.0, 2.0, 3.0])
            assert np.linalg.norm(r) == pytest.approx(0.25, rel=1e-14)
            assert abs(r @ jet["c_s"]) < 1e-14 and abs(r @ jet["c_t"]) < 1e-14


def test_jet_rejects_a_bad_patch():
    with pytest.raises(contactsim.InvalidInputError, match="patch"):
        contactsim.shapes.sphere(0.1).surface.jet(0.5, 0.5, 17)


def test_tessellation_vertices_lie_on_the_surface():
    vertices, triangles = contactsim.shapes.sphere(0.5).surface.tessellate(4)
    assert vertices.shape[1] == 3 and triangles.shape[1] == 3
    assert np.allclose(np.linalg.norm(vertices, axis=1), 0.5, rtol=1e-14)
    assert triangles.max() < len(vertices) and triangles.min() >= 0


def test_triangle_meshes_validate_and_know_their_volume():
    mesh = contactsim.shapes.box_mesh([0.5, 1.0, 1.5]).mesh
    assert mesh.volume == pytest.approx(1.0 * 2.0 * 3.0, rel=1e-14)
    copy = contactsim.TriangleMesh(mesh.vertices, mesh.triangles)
    assert copy.volume == pytest.approx(mesh.volume, rel=1e-15)
    with pytest.raises(contactsim.InvalidInputError, match="open|edge"):
        contactsim.TriangleMesh(mesh.vertices, mesh.triangles[:-1])


def test_a_loop_surface_of_an_octahedron_is_symmetric():
    v = np.array([[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]], float)
    f = np.array([[0, 2, 4], [2, 1, 4], [1, 3, 4], [3, 0, 4],
                  [2, 0, 5], [1, 2, 5], [3, 1, 5], [0, 3, 5]])
    surface = contactsim.shapes.loop(v, f).surface
    assert surface.patch_count == 8
    # The limit surface at the patches' centroids: one distance from the centre, by symmetry.
    radii = [np.linalg.norm(surface.jet(1 / 3, 1 / 3, p)["c"]) for p in range(8)]
    assert np.allclose(radii, radii[0], rtol=1e-12)


def test_a_response_map_of_a_square_has_the_squares_symmetry(tmp_path):
    side = 0.02
    square = np.array([[0, 0], [side, 0], [side, side], [0, side]], float) - side / 2
    m = contactsim.compute_response_map(square, elements_per_side=2, samples=12,
                                        time_step=2e-6, name="square")
    n = len(m.stiffness)
    assert m.forces.shape == (n, 12) and m.positions.shape == (n, 2)
    assert np.all(m.stiffness > 0)
    # Rotating the square by 90° maps it onto itself: a node and its rotated image respond alike.
    rotate = np.array([[0.0, -1.0], [1.0, 0.0]])
    for j in range(n):
        image = rotate @ m.positions[j]
        k = int(np.argmin(np.linalg.norm(m.positions - image, axis=1)))
        assert np.linalg.norm(m.positions[k] - image) < 1e-12
        assert m.stiffness[k] == pytest.approx(m.stiffness[j], rel=1e-8)
        assert np.allclose(m.forces[k], m.forces[j], rtol=1e-7, atol=1e-9 * abs(m.stiffness[j]))
    path = tmp_path / "square.json"
    m.save(str(path))
    back = contactsim.load_response_map(str(path))
    assert np.array_equal(back.forces, m.forces) and back.name == "square"


def test_a_bdf1_map_is_the_backward_euler_quadrature_of_the_same_body():
    # The same square by both quadratures: the same steady state (from real frequencies, not the
    # quadrature), a different first sample — the instantaneous stiffness is the compliance at
    # s = δ(0)/Δt: 1/Δt for BDF1, 1.5/Δt for BDF2, a stiffer start for BDF2 (F grows with s).
    side = 0.02
    square = np.array([[0, 0], [side, 0], [side, side], [0, side]], float) - side / 2
    maps = {q: contactsim.compute_response_map(square, elements_per_side=2, samples=12,
                                               time_step=2e-6, quadrature=q)
            for q in ("bdf2", "bdf1")}
    assert np.allclose(maps["bdf1"].stiffness, maps["bdf2"].stiffness, rtol=1e-12)
    assert np.all(maps["bdf1"].forces[:, 0] < maps["bdf2"].forces[:, 0])
    with pytest.raises(contactsim.InvalidInputError, match="quadrature must be 'bdf2' or 'bdf1', got 'bdf3'"):
        contactsim.compute_response_map(square, quadrature="bdf3")


def test_help_describes_the_module():
    doc = contactsim.__doc__
    assert "World.from_file" in doc and "run_scene" in doc
    assert "jet" in contactsim.Surface.jet.__doc__ or "derivatives" in contactsim.Surface.jet.__doc__
    assert contactsim.World.advance.__doc__.strip()
    assert contactsim.__version__.count(".") == 2
