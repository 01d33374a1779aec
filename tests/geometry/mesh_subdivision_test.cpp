// One Loop step of a whole control mesh leaves the limit surface where it was (Loop 1987; Stam's
// evaluation of both meshes is the oracle): the middle quarter of every face, evaluated on the
// subdivided mesh, is the same surface as on the original, to rounding.
#include "geometry/loop/mesh_subdivision.hpp"

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>

#include "contactsim/geometry/loop_surface.hpp"

namespace contactsim {
namespace {

std::string meshPath(const std::string& name) {
  return std::string(CONTACTSIM_TEST_DATA_DIR) + "/meshes/" + name + ".obj";
}

// The (s, t) of patch f at barycentric weights w on the face's vertices (a, b, c) = face(f): the
// weight of corner k is that of the vertex the patch put there (a lone extraordinary vertex is
// rotated to corner 0).
Vec2 patchPoint(const LoopSurface& surface, int f, const Vec3& w) {
  const ControlMesh::Face& face = surface.controlMesh().face(f);
  std::array<double, 3> corner{};
  for (int k = 0; k < 3; ++k) {
    for (int m = 0; m < 3; ++m) {
      if (surface.corner(f, k) == face[static_cast<std::size_t>(m)])
        corner[static_cast<std::size_t>(k)] = w[m];
    }
  }
  return Vec2(corner[1], corner[2]);
}

TEST(MeshSubdivision, KeepsTheLimitSurface) {
  for (const std::string name : {"ev3", "ev5", "icosahedron", "torus_regular"}) {
    const LoopSurface original = LoopSurface::loadObj(meshPath(name));
    const LoopSurface refined(loop::subdividedOnce(original.controlMesh(), name));
    ASSERT_EQ(refined.patchCount(), 4 * original.patchCount());
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> u(0.02, 1.0);
    double position = 0.0, normal = 0.0;
    for (int f = 0; f < original.patchCount(); ++f) {
      Vec3 w(u(rng), u(rng), u(rng));
      w /= w.sum();  // weights on the middle child's corners (bc, ca, ab)
      // The same point on the original face: bc = (0, ½, ½), ca = (½, 0, ½), ab = (½, ½, 0).
      const Vec3 on_face =
          w.x() * Vec3(0.0, 0.5, 0.5) + w.y() * Vec3(0.5, 0.0, 0.5) + w.z() * Vec3(0.5, 0.5, 0.0);
      const Vec2 st = patchPoint(original, f, on_face);
      const Vec2 child = patchPoint(refined, 4 * f + 3, w);
      const SurfaceJet a = original.evaluate(f, st.x(), st.y(), JetOrder::kFirst);
      const SurfaceJet b = refined.evaluate(4 * f + 3, child.x(), child.y(), JetOrder::kFirst);
      position = std::max(position, (a.c - b.c).norm());
      normal = std::max(normal,
                        (a.c_s.cross(a.c_t).normalized() - b.c_s.cross(b.c_t).normalized()).norm());
    }
    EXPECT_LT(position, 1e-12) << name;
    EXPECT_LT(normal, 1e-10) << name;
  }
}

TEST(MeshSubdivision, SeparatesNeighbouringExtraordinaryVertices) {
  // Every vertex of the icosahedron has valence 5; after one step they are two edges apart.
  const ControlMesh refined =
      loop::subdividedOnce(LoopSurface::loadObj(meshPath("icosahedron")).controlMesh());
  EXPECT_EQ(refined.vertexCount(), 12 + 30);
  for (int f = 0; f < refined.faceCount(); ++f) {
    int extraordinary = 0;
    for (const int v : refined.face(f))
      extraordinary += refined.isRegular(v) ? 0 : 1;
    EXPECT_LE(extraordinary, 1);
  }
}

}  // namespace
}  // namespace contactsim
