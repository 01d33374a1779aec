// Closed triangle meshes: validation messages, generators, exact mass properties, OBJ files and
// welded tessellations.
#include "contactsim/geometry/triangle_mesh.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "contactsim/error.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim/geometry/mesh_generators.hpp"
#include "support/error_text.hpp"

namespace contactsim {
namespace {

using Triangle = TriangleMesh::Triangle;
constexpr double kPi = std::numbers::pi;

using contactsim::test_support::contains;
using contactsim::test_support::errorOf;

std::string constructionError(std::vector<Vec3> vertices, std::vector<Triangle> triangles) {
  return errorOf([&] { TriangleMesh(std::move(vertices), std::move(triangles), "test mesh"); });
}

// The tetrahedron (0, e_x, e_y, e_z), outward.
std::vector<Vec3> tetrahedronVertices() {
  return {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)};
}
std::vector<Triangle> tetrahedronTriangles() {
  return {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
}

TEST(TriangleMeshTest, TetrahedronMassPropertiesAreExact) {
  // Shifted far from the origin: the reference point keeps the sums accurate.
  const Vec3 shift(100, -50, 30);
  std::vector<Vec3> vertices = tetrahedronVertices();
  for (Vec3& x : vertices) {
    x += shift;
  }
  const TriangleMesh mesh(vertices, tetrahedronTriangles());
  const MeshMassProperties p = meshMassProperties(mesh, 3.0);
  EXPECT_NEAR(p.volume, 1.0 / 6.0, 1e-12);
  EXPECT_NEAR(p.mass, 0.5, 1e-12);
  EXPECT_LT((p.centroid - (shift + Vec3::Constant(0.25))).norm(), 1e-12);
  // Unit tetrahedron, about its centroid: ∫ x_i x_j dV = (1 + δ_ij)/120 − V/16.
  Mat3 expected = (Mat3::Identity() + Mat3::Ones()) / 120.0 - Mat3::Ones() / 96.0;
  EXPECT_LT((p.second_moment - expected).norm(), 1e-12);
  const Mat3 inertia = 3.0 * (expected.trace() * Mat3::Identity() - expected);
  EXPECT_LT((p.inertia - inertia).norm(), 1e-12);
  EXPECT_NEAR(mesh.volume(), 1.0 / 6.0, 1e-12);
}

TEST(TriangleMeshTest, BoxMassPropertiesAreExact) {
  const Vec3 h(0.5, 1.0, 1.5);
  for (const int n : {1, 3}) {
    const TriangleMesh mesh = boxMesh(h, n);
    EXPECT_EQ(mesh.triangleCount(), 12 * n * n);
    const MeshMassProperties p = meshMassProperties(mesh, 2.0);
    const double V = 8 * h.prod();
    EXPECT_NEAR(p.volume, V, 1e-12);
    EXPECT_LT(p.centroid.norm(), 1e-13);
    const double m = 2.0 * V;
    const Vec3 I = m / 3.0 *
                   Vec3(h.y() * h.y() + h.z() * h.z(), h.x() * h.x() + h.z() * h.z(),
                        h.x() * h.x() + h.y() * h.y());
    EXPECT_LT((p.inertia - Mat3(I.asDiagonal())).norm(), 1e-12);
  }
}

TEST(TriangleMeshTest, GeneratorsHaveTheirCountsAndVolumes) {
  const TriangleMesh uv = uvSphereMesh(1.0, 24, 12);
  EXPECT_EQ(uv.triangleCount(), 528);  // ≈ bouchard-2015 Table 1's 524
  EXPECT_NEAR(uv.volume(), 4.0 / 3.0 * kPi, 0.05 * 4.0 / 3.0 * kPi);
  const TriangleMesh ico = icosphereMesh(2.0, 3);
  EXPECT_EQ(ico.triangleCount(), 20 * 64);
  EXPECT_NEAR(ico.volume(), 32.0 / 3.0 * kPi, 0.01 * 32.0 / 3.0 * kPi);
  const TriangleMesh prism = prismMesh(8, 1.0, 0.25);
  EXPECT_EQ(prism.triangleCount(), 32);
  // Regular octagon of circumradius 1: area 2√2.
  EXPECT_NEAR(prism.volume(), 2 * std::sqrt(2.0) * 0.5, 1e-12);
  const TriangleMesh tapered = taperedBoxMesh({1.0, 0.5}, {0.5, 0.25}, 1.0);
  // Prismatoid: V = H/6 (A_bottom + 4 A_mid + A_top) = 2/6 (2 + 4·1.125 + 0.5).
  EXPECT_NEAR(tapered.volume(), 2.0 / 6.0 * (2.0 + 4.0 * 1.125 + 0.5), 1e-12);
  // Every generated mesh passes the full validation, self-intersection included.
  for (const TriangleMesh* mesh : {&uv, &ico, &prism, &tapered}) {
    EXPECT_NO_THROW(TriangleMesh(mesh->vertices(), mesh->triangles()));
  }
}

// Refined caps (PrismCaps::kRefined): the same octagonal solid with 21 vertices on each cap, the
// 21 contact points of bouchard-2015 §6.1.8's point-based octagon (8 corners, 8 edge midpoints,
// 5 inside).
TEST(TriangleMeshTest, RefinedPrismCapsCarryTwentyOneVerticesOfTheSameSolid) {
  const TriangleMesh fan = prismMesh(8, 1.0, 0.25);
  const TriangleMesh refined = prismMesh(8, 1.0, 0.25, PrismCaps::kRefined);
  int bottom = 0;
  for (const Vec3& v : refined.vertices())
    bottom += v.z() == -0.25 ? 1 : 0;
  EXPECT_EQ(bottom, 21);
  EXPECT_EQ(refined.vertexCount(), 42);
  EXPECT_EQ(refined.triangleCount(), 80);
  EXPECT_NEAR(refined.volume(), 2 * std::sqrt(2.0) * 0.5, 1e-12);
  const MeshMassProperties a = meshMassProperties(fan, 1.0), b = meshMassProperties(refined, 1.0);
  EXPECT_LT((a.inertia - b.inertia).norm(), 1e-12);
  EXPECT_LT(b.centroid.norm(), 1e-13);
  EXPECT_NO_THROW(TriangleMesh(refined.vertices(), refined.triangles()));
  EXPECT_NO_THROW(prismMesh(6, 1.0, 0.25, PrismCaps::kRefined));
  EXPECT_THROW(prismMesh(7, 1.0, 0.25, PrismCaps::kRefined), InvalidInputError);
}

TEST(TriangleMeshTest, BumpyCubeIsClosedAndFreeOfSelfIntersection) {
  const TriangleMesh bumpy = bumpyCubeMesh(0.5, 128, 0.02, 8);
  EXPECT_EQ(bumpy.triangleCount(), 196608);
  // The bumps are odd about the middle of each face: the volume stays the cube's (to rounding).
  EXPECT_NEAR(bumpy.volume(), 1.0, 1e-3);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_NO_THROW(TriangleMesh(bumpy.vertices(), bumpy.triangles()));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "full validation of " << bumpy.triangleCount() << " triangles: " << seconds
            << " s\n";
}

TEST(TriangleMeshTest, RejectsBadMeshesWithClearMessages) {
  // Open: triangle (1, 2, 3) replaced by (1, 2, 4), leaving the edges at 3 and 4 one-sided.
  std::vector<Vec3> five = tetrahedronVertices();
  five.emplace_back(1, 1, 1);
  std::vector<Triangle> holed = tetrahedronTriangles();
  holed.back() = {1, 2, 4};  // (1,2,3) replaced: edges (2,3), (3,1) lose a side
  const std::string open_message = constructionError(five, holed);
  EXPECT_TRUE(contains(open_message, "test mesh: edge ("));
  EXPECT_TRUE(contains(open_message, "has only one triangle (triangle "));
  EXPECT_TRUE(contains(open_message, "must be closed"));

  // Non-manifold: a second tetrahedron on the edge (0, 1) of the first.
  std::vector<Vec3> fin = tetrahedronVertices();
  fin.emplace_back(0.5, -1, -1);
  fin.emplace_back(0.5, -1, 1);
  std::vector<Triangle> fins = tetrahedronTriangles();
  for (const Triangle& t : std::vector<Triangle>{{0, 4, 1}, {0, 1, 5}, {0, 5, 4}, {1, 4, 5}}) {
    fins.push_back(t);
  }
  const std::string manifold = constructionError(fin, fins);
  EXPECT_TRUE(contains(manifold, "edge (0, 1) is shared by 4 triangles"));
  EXPECT_TRUE(contains(manifold, "must be manifold"));

  // Inconsistent orientation: one triangle flipped.
  std::vector<Triangle> flipped = tetrahedronTriangles();
  flipped[3] = {1, 3, 2};
  EXPECT_TRUE(contains(constructionError(tetrahedronVertices(), flipped),
                       "are inconsistently oriented: both contain the directed edge"));

  // Inside-out: every triangle flipped.
  std::vector<Triangle> inverted = tetrahedronTriangles();
  for (Triangle& t : inverted) {
    std::swap(t[1], t[2]);
  }
  EXPECT_TRUE(contains(constructionError(tetrahedronVertices(), inverted), "inside-out"));

  // Non-finite vertex, repeated index, index out of range, zero area.
  std::vector<Vec3> nan = tetrahedronVertices();
  nan[2].y() = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(contains(constructionError(nan, tetrahedronTriangles()),
                       "test mesh: vertex 2 must be finite"));
  std::vector<Triangle> repeated = tetrahedronTriangles();
  repeated[1] = {0, 1, 1};
  EXPECT_TRUE(contains(constructionError(tetrahedronVertices(), repeated),
                       "triangle 1 (0, 1, 1) repeats vertex 1"));
  std::vector<Triangle> range = tetrahedronTriangles();
  range[2] = {0, 3, 7};
  EXPECT_TRUE(contains(constructionError(tetrahedronVertices(), range),
                       "vertex index 7 is out of range 0..3"));
  std::vector<Vec3> flat = tetrahedronVertices();
  flat[3] = Vec3(0.5, 0.5, 0);  // on the hypotenuse of the base
  EXPECT_TRUE(contains(constructionError(flat, tetrahedronTriangles()), "has zero area"));
  EXPECT_TRUE(contains(constructionError({Vec3::Zero()}, {}), "at least 4 vertices"));
}

TEST(TriangleMeshTest, RejectsSelfIntersection) {
  // Two boxes merged into one mesh, overlapping: closed, manifold, oriented, but intersecting.
  const TriangleMesh a = boxMesh(Vec3::Constant(1.0));
  std::vector<Vec3> vertices = a.vertices();
  std::vector<Triangle> triangles = a.triangles();
  const int offset = a.vertexCount();
  for (const Vec3& x : a.vertices()) {
    vertices.push_back(x + Vec3(1.2, 0.3, 0.1));
  }
  for (const Triangle& t : a.triangles()) {
    triangles.push_back(t + Triangle::Constant(offset));
  }
  const std::string message = constructionError(vertices, triangles);
  EXPECT_TRUE(contains(message, "test mesh: triangles "));
  EXPECT_TRUE(contains(message, " intersect ("));
  // Apart, the two boxes are a valid (two-component) mesh; the check can also be skipped.
  std::vector<Vec3> apart = a.vertices();
  for (const Vec3& x : a.vertices()) {
    apart.push_back(x + Vec3(2.5, 0, 0));
  }
  EXPECT_NO_THROW(TriangleMesh(apart, triangles));
  EXPECT_NO_THROW(TriangleMesh(vertices, triangles, "", MeshValidation::kSkipSelfIntersection));

  // Touching counts: a box resting exactly on another (faces in contact).
  std::vector<Vec3> touching = a.vertices();
  for (const Vec3& x : a.vertices()) {
    touching.push_back(x + Vec3(0.5, 0.5, 2.0));
  }
  EXPECT_TRUE(contains(constructionError(touching, triangles), " intersect ("));

  // A fold: a vertex pushed through the opposite face of a subdivided box.
  TriangleMesh fine = boxMesh(Vec3::Constant(1.0), 4);
  std::vector<Vec3> poked = fine.vertices();
  int top = -1;
  for (int v = 0; v < fine.vertexCount(); ++v) {
    if ((poked[static_cast<std::size_t>(v)] - Vec3(0, 0, 1)).norm() < 1e-12) {
      top = v;
    }
  }
  ASSERT_GE(top, 0);
  poked[static_cast<std::size_t>(top)].z() = -1.5;
  EXPECT_TRUE(contains(constructionError(poked, fine.triangles()), " intersect ("));
}

TEST(TriangleMeshTest, LoadsObjFiles) {
  const auto dir = std::filesystem::temp_directory_path() / "contactsim_triangle_mesh_test";
  std::filesystem::create_directories(dir);
  const auto file = dir / "tetra.obj";
  {
    std::ofstream out(file);
    out << "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n";
  }
  const TriangleMesh mesh = loadObjTriangleMesh(file);
  EXPECT_EQ(mesh.triangleCount(), 4);
  EXPECT_NEAR(mesh.volume(), 1.0 / 6.0, 1e-12);
  const std::filesystem::path data(CONTACTSIM_TEST_DATA_DIR);
  const std::string open =
      errorOf([&] { (void)loadObjTriangleMesh(data / "meshes" / "open.obj"); });
  EXPECT_TRUE(contains(open, "open.obj: edge ("));
  EXPECT_TRUE(contains(open, "has only one triangle"));
  EXPECT_TRUE(contains(errorOf([&] { (void)loadObjTriangleMesh(data / "meshes" / "quad.obj"); }),
                       "must be triangles"));
  EXPECT_TRUE(
      contains(errorOf([&] { (void)loadObjTriangleMesh(dir / "missing.obj"); }), "cannot read"));
  std::filesystem::remove_all(dir);
}

TEST(TriangleMeshTest, WeldsTessellatedSurfaces) {
  const Vec3 radii(1.0, 0.7, 0.5);
  const TessellatedSurface surface = tessellate(makeEllipsoid(radii), 16);
  const TriangleMesh mesh = weldTessellation(surface);
  EXPECT_LT(mesh.vertexCount(), static_cast<int>(surface.positions.size()));
  const MeshMassProperties p = meshMassProperties(mesh, 1.0);
  const double exact = 4.0 / 3.0 * kPi * radii.prod();
  EXPECT_NEAR(p.volume, exact, 0.01 * exact);
  EXPECT_LT(p.centroid.norm(), 1e-3);
  // Unwelded, the tessellation is open along the patch seams.
  EXPECT_TRUE(contains(errorOf([&] { TriangleMesh(surface.positions, surface.triangles); }),
                       "has only one triangle"));
  EXPECT_THROW(weldTessellation(surface, 1e-300), InvalidInputError);
}

}  // namespace
}  // namespace contactsim
