// Loop control meshes: the OBJ files of tests/data/meshes load with the expected valences,
// one-rings run counter-clockwise seen from outside, and every kind of bad input is rejected with a
// message naming the offending vertex, face or edge.
#include "contactsim/geometry/control_mesh.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <numbers>
#include <string>
#include <vector>

#include "contactsim/error.hpp"
#include "support/error_text.hpp"

namespace contactsim {
namespace {

using Face = ControlMesh::Face;

std::filesystem::path meshFile(const std::string& name) {
  return std::filesystem::path(CONTACTSIM_TEST_DATA_DIR) / "meshes" / name;
}

using contactsim::test_support::contains;
using contactsim::test_support::errorOf;

std::string constructionError(std::vector<Vec3> vertices, std::vector<Face> faces) {
  return errorOf([&] { ControlMesh(std::move(vertices), std::move(faces), "test mesh"); });
}

std::string loadError(const std::string& name) {
  return errorOf([&] { (void)ControlMesh::loadObj(meshFile(name)); });
}

std::vector<Vec3> tetrahedronVertices() {
  return {Vec3(1, 1, 1), Vec3(1, -1, -1), Vec3(-1, 1, -1), Vec3(-1, -1, 1)};
}
std::vector<Face> tetrahedronFaces() {
  return {{0, 1, 2}, {0, 2, 3}, {0, 3, 1}, {1, 3, 2}};
}

// A bipyramid with n equator vertices 0..n-1 and apexes n (top) and n + 1 (bottom).
ControlMesh bipyramid(int n) {
  std::vector<Vec3> vertices;
  for (int k = 0; k < n; ++k) {
    const double t = 2.0 * std::numbers::pi * k / n;
    vertices.emplace_back(std::cos(t), std::sin(t), 0.0);
  }
  vertices.emplace_back(0, 0, 1);
  vertices.emplace_back(0, 0, -1);
  std::vector<Face> faces;
  for (int k = 0; k < n; ++k) {
    faces.push_back({n, k, (k + 1) % n});
  }
  for (int k = 0; k < n; ++k) {
    faces.push_back({n + 1, (k + 1) % n, k});
  }
  return ControlMesh(std::move(vertices), std::move(faces));
}

// Histogram valence → number of vertices.
std::map<int, int> valences(const ControlMesh& mesh) {
  std::map<int, int> count;
  for (int v = 0; v < mesh.vertexCount(); ++v) {
    ++count[mesh.valence(v)];
  }
  return count;
}

Vec3 faceNormal(const ControlMesh& mesh, const Face& f) {
  return (mesh.vertex(f[1]) - mesh.vertex(f[0])).cross(mesh.vertex(f[2]) - mesh.vertex(f[0]));
}

// Divergence theorem: positive for a closed mesh oriented outward.
double signedVolume(const ControlMesh& mesh) {
  double volume = 0.0;
  for (int f = 0; f < mesh.faceCount(); ++f) {
    const Face& face = mesh.face(f);
    volume += mesh.vertex(face[0]).dot(mesh.vertex(face[1]).cross(mesh.vertex(face[2]))) / 6.0;
  }
  return volume;
}

bool hasFace(const ControlMesh& mesh, int a, int b, int c) {
  const int f = mesh.faceWithEdge(a, b);
  return f >= 0 && mesh.thirdVertex(a, b) == c;
}

TEST(ControlMeshTest, LoadsMeshesWithExpectedValences) {
  const std::map<std::string, std::map<int, int>> expected = {
      {"tetrahedron.obj", {{3, 4}}},          {"octahedron.obj", {{4, 6}}},
      {"icosahedron.obj", {{5, 12}}},         {"ev7.obj", {{4, 7}, {6, 21}, {7, 2}}},
      {"ev8.obj", {{4, 8}, {6, 24}, {8, 2}}}, {"ev10.obj", {{4, 10}, {6, 30}, {10, 2}}},
      {"torus_regular.obj", {{6, 48}}}};
  for (const auto& [name, histogram] : expected) {
    SCOPED_TRACE(name);
    const ControlMesh mesh = ControlMesh::loadObj(meshFile(name));
    EXPECT_EQ(valences(mesh), histogram);
    // Euler: V - E + F = 2 for spheres, 0 for the torus; every edge has two faces.
    const int euler = mesh.vertexCount() - 3 * mesh.faceCount() / 2 + mesh.faceCount();
    EXPECT_EQ(euler, name == "torus_regular.obj" ? 0 : 2);
    EXPECT_GT(signedVolume(mesh), 0.0);
  }
  const ControlMesh ev7 = ControlMesh::loadObj(meshFile("ev7.obj"));
  EXPECT_EQ(ev7.valence(7), 7);  // the apexes, as the file's comment says
  EXPECT_EQ(ev7.valence(8), 7);
  EXPECT_FALSE(ev7.isRegular(7));
  const ControlMesh torus = ControlMesh::loadObj(meshFile("torus_regular.obj"));
  for (int v = 0; v < torus.vertexCount(); ++v) {
    EXPECT_TRUE(torus.isRegular(v));
  }
}

TEST(ControlMeshTest, OneRingIsCounterClockwiseSeenFromOutside) {
  for (const char* name : {"tetrahedron.obj", "octahedron.obj", "icosahedron.obj", "ev7.obj",
                           "ev8.obj", "ev10.obj", "torus_regular.obj"}) {
    SCOPED_TRACE(name);
    const ControlMesh mesh = ControlMesh::loadObj(meshFile(name));
    const bool convex = std::string(name) != "torus_regular.obj";
    for (int v = 0; v < mesh.vertexCount(); ++v) {
      const std::vector<int> ring = mesh.oneRing(v);
      ASSERT_EQ(static_cast<int>(ring.size()), mesh.valence(v));
      Vec3 ring_normal = Vec3::Zero();  // area vector of the ring polygon
      for (std::size_t i = 0; i < ring.size(); ++i) {
        const int r = ring[i];
        const int next = ring[(i + 1) % ring.size()];
        EXPECT_TRUE(hasFace(mesh, v, r, next)) << "v " << v << " ring " << r << ", " << next;
        EXPECT_EQ(mesh.thirdVertex(v, r), next);
        ring_normal += (mesh.vertex(r) - mesh.vertex(v)).cross(mesh.vertex(next) - mesh.vertex(v));
      }
      // Outward for a convex mesh centred at the origin: away from the centre.
      if (convex) {
        EXPECT_GT(ring_normal.dot(mesh.vertex(v)), 0.0) << "vertex " << v;
      }
      // Starting at any neighbour gives the same cyclic order.
      for (std::size_t s = 0; s < ring.size(); ++s) {
        const std::vector<int> rotated = mesh.oneRing(v, ring[s]);
        ASSERT_EQ(rotated.size(), ring.size());
        for (std::size_t i = 0; i < ring.size(); ++i) {
          EXPECT_EQ(rotated[i], ring[(s + i) % ring.size()]);
        }
      }
    }
  }
}

TEST(ControlMeshTest, OctahedronRingByHand) {
  // Top apex 4 = (0, 0, 1) sees +x (0), +y (2), -x (1), -y (3) counter-clockwise from above.
  const ControlMesh mesh = ControlMesh::loadObj(meshFile("octahedron.obj"));
  EXPECT_EQ(mesh.oneRing(4, 0), (std::vector<int>{0, 2, 1, 3}));
  EXPECT_EQ(mesh.oneRing(4, 1), (std::vector<int>{1, 3, 0, 2}));
  // Bottom apex 5 = (0, 0, -1), seen from below: +x, -y, -x, +y.
  EXPECT_EQ(mesh.oneRing(5, 0), (std::vector<int>{0, 3, 1, 2}));
  EXPECT_THROW((void)mesh.oneRing(4, 5), InvalidInputError);  // 5 is not a neighbour of 4
  EXPECT_THROW((void)mesh.oneRing(6, 0), InvalidInputError);
  EXPECT_THROW((void)mesh.valence(-1), InvalidInputError);
}

TEST(ControlMeshTest, FaceWithEdgeAndThirdVertexAgree) {
  const ControlMesh mesh = ControlMesh::loadObj(meshFile("ev8.obj"));
  for (int f = 0; f < mesh.faceCount(); ++f) {
    const Face& face = mesh.face(f);
    for (int k = 0; k < 3; ++k) {
      const int a = face[k];
      const int b = face[(k + 1) % 3];
      EXPECT_EQ(mesh.faceWithEdge(a, b), f);
      EXPECT_EQ(mesh.thirdVertex(a, b), face[(k + 2) % 3]);
      // The reverse edge lies in the neighbouring face, on the other side of the edge.
      const int g = mesh.faceWithEdge(b, a);
      ASSERT_GE(g, 0);
      EXPECT_NE(g, f);
      EXPECT_NE(mesh.thirdVertex(b, a), face[(k + 2) % 3]);
      EXPECT_GT(faceNormal(mesh, face).dot(faceNormal(mesh, mesh.face(g))), 0.0);
    }
  }
  // Vertices 0 and 1 are equator vertices of the original bipyramid: no longer adjacent.
  EXPECT_EQ(mesh.faceWithEdge(0, 1), -1);
  EXPECT_EQ(mesh.faceWithEdge(-3, 1), -1);
  EXPECT_EQ(mesh.faceWithEdge(0, 0), -1);
  EXPECT_THROW((void)mesh.thirdVertex(0, 1), InvalidInputError);
}

TEST(ControlMeshTest, ValenceLimitIsInclusive) {
  const ControlMesh mesh = bipyramid(kMaxLoopValence);
  EXPECT_EQ(mesh.valence(kMaxLoopValence), kMaxLoopValence);
  EXPECT_EQ(mesh.valence(0), 4);
  EXPECT_EQ(mesh.oneRing(kMaxLoopValence, 0)[1], 1);  // counter-clockwise about +z
}

TEST(ControlMeshTest, RejectsBadObjFiles) {
  EXPECT_TRUE(contains(loadError("quad.obj"), "quad.obj: face 4 has 4 vertices"));
  EXPECT_TRUE(contains(loadError("quad.obj"), "must be triangles"));
  EXPECT_TRUE(contains(loadError("open.obj"), "open.obj: edge ("));
  EXPECT_TRUE(contains(loadError("open.obj"), "has only one face (face "));
  EXPECT_TRUE(contains(loadError("open.obj"), "must be closed"));
  EXPECT_TRUE(contains(loadError("nonmanifold.obj"),
                       "nonmanifold.obj: edge (0, 1) is shared by 3 faces (faces 0, 2, 4)"));
  EXPECT_TRUE(contains(loadError("duplicate.obj"),
                       "duplicate.obj: vertices 2 and 6 have the same position"));
  // Face 5 is flipped, so it shares a directed edge with one of its neighbours.
  const std::string flipped = loadError("flipped.obj");
  EXPECT_TRUE(contains(flipped, "flipped.obj: faces "));
  EXPECT_TRUE(contains(flipped, "inconsistently oriented"));
  EXPECT_TRUE(contains(flipped, " 5 "));
  EXPECT_TRUE(contains(loadError("no_such_mesh.obj"), "no_such_mesh.obj: cannot read"));
}

TEST(ControlMeshTest, RejectsMalformedObjText) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "contactsim_control_mesh_test";
  std::filesystem::create_directories(dir);
  const auto write = [&](const std::string& name, const std::string& text) {
    const std::filesystem::path file = dir / name;
    std::FILE* out = std::fopen(file.string().c_str(), "w");
    EXPECT_NE(out, nullptr);
    std::fputs(text.c_str(), out);
    std::fclose(out);
    return file;
  };
  const std::string tet = "v 1 1 1\nv 1 -1 -1\nv -1 1 -1\nv -1 -1 1\n";
  const auto out_of_range = write("range.obj", tet + "f 1 2 3\nf 1 3 4\nf 1 4 2\nf 2 4 9\n");
  // tinyobjloader only warns; the mesh check names the face with 0-based indices.
  EXPECT_TRUE(contains(errorOf([&] { (void)ControlMesh::loadObj(out_of_range); }),
                       "range.obj: face 3 (1, 3, 8): vertex index 8 is out of range 0..3"));
  const auto zero = write("zero.obj", tet + "f 0 1 2\nf 1 3 4\nf 1 4 2\nf 2 4 3\n");
  EXPECT_TRUE(contains(errorOf([&] { (void)ControlMesh::loadObj(zero); }),
                       "zero.obj: cannot read the OBJ file: "));
  // Issue 27, defects 4 and 5: coordinates tinyobjloader would read as 0, an index that would
  // wrap to 2, a device that never ends, a FIFO that would block.
  const auto letters = write("letters.obj", "v 1 1 1\nv abc 0 0\n" + tet);
  EXPECT_TRUE(contains(errorOf([&] { (void)ControlMesh::loadObj(letters); }),
                       "letters.obj: line 2: vertex coordinate 'abc' is not a finite number"));
  const auto not_a_number = write("nan.obj", tet + "v 0 nan 0\n");
  EXPECT_TRUE(contains(errorOf([&] { (void)ControlMesh::loadObj(not_a_number); }),
                       "nan.obj: line 5: vertex coordinate 'nan' is not a finite number"));
  const auto wraps = write("wrap.obj", tet + "f 1 2 4294967299\nf 1 3 4\nf 1 4 2\nf 2 4 3\n");
  EXPECT_TRUE(contains(errorOf([&] { (void)ControlMesh::loadObj(wraps); }),
                       "wrap.obj: line 5: face index '4294967299' is not an integer in range"));
  EXPECT_TRUE(contains(errorOf([&] { (void)ControlMesh::loadObj("/dev/zero"); }),
                       "/dev/zero: cannot read the OBJ file: no such file (or not a regular"));
  const std::filesystem::path fifo = dir / "fifo.obj";
  std::filesystem::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_TRUE(contains(errorOf([&] { (void)ControlMesh::loadObj(fifo); }),
                       "fifo.obj: cannot read the OBJ file: no such file (or not a regular"));
  std::filesystem::remove(fifo);
  // Two objects (shapes) in one file are merged into one mesh.
  const auto two = write("two.obj", tet + "o a\nf 1 2 3\nf 1 3 4\no b\nf 1 4 2\nf 2 4 3\n");
  EXPECT_EQ(ControlMesh::loadObj(two).faceCount(), 4);
  const auto isolated =
      write("isolated.obj", tet + "v 5 5 5\nf 1 2 3\nf 1 3 4\nf 1 4 2\nf 2 4 3\n");
  EXPECT_TRUE(contains(errorOf([&] { (void)ControlMesh::loadObj(isolated); }),
                       "isolated.obj: vertex 4 is isolated"));
  std::filesystem::remove_all(dir);
}

TEST(ControlMeshTest, RejectsTooFewVerticesOrFaces) {
  EXPECT_TRUE(
      contains(constructionError({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)}, {{0, 1, 2}}),
               "test mesh: a closed control mesh needs at least 4 vertices and 4 faces, "
               "got 3 vertices and 1 faces"));
  EXPECT_TRUE(contains(constructionError(tetrahedronVertices(), {{0, 1, 2}, {0, 2, 3}, {0, 3, 1}}),
                       "got 4 vertices and 3 faces"));
}

TEST(ControlMeshTest, RejectsBadIndices) {
  std::vector<Face> faces = tetrahedronFaces();
  faces[2] = {0, 3, 4};
  EXPECT_TRUE(contains(constructionError(tetrahedronVertices(), faces),
                       "test mesh: face 2 (0, 3, 4): vertex index 4 is out of range 0..3"));
  faces[2] = {0, -1, 1};
  EXPECT_TRUE(contains(constructionError(tetrahedronVertices(), faces), "face 2 (0, -1, 1)"));
  faces[2] = {0, 3, 3};
  EXPECT_TRUE(contains(constructionError(tetrahedronVertices(), faces),
                       "test mesh: face 2 (0, 3, 3) repeats vertex 3"));
}

TEST(ControlMeshTest, RejectsBadPositions) {
  std::vector<Vec3> vertices = tetrahedronVertices();
  vertices[2].y() = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(contains(constructionError(vertices, tetrahedronFaces()),
                       "test mesh: vertex 2 must be finite"));
  vertices[2].y() = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(contains(constructionError(vertices, tetrahedronFaces()), "vertex 2 must be finite"));
  vertices = tetrahedronVertices();
  vertices[3] = vertices[1];
  EXPECT_TRUE(contains(constructionError(vertices, tetrahedronFaces()),
                       "test mesh: vertices 1 and 3 have the same position (1, -1, -1)"));
  vertices[3] = vertices[1] + Vec3(1e-14, 0, -1e-14);  // within 1e-12 of the mesh size
  EXPECT_TRUE(contains(constructionError(vertices, tetrahedronFaces()), "vertices 1 and 3"));
}

TEST(ControlMeshTest, RejectsFlippedFaceAndOpenMesh) {
  std::vector<Face> faces = tetrahedronFaces();
  faces[3] = {1, 2, 3};  // flipped
  const std::string flipped = constructionError(tetrahedronVertices(), faces);
  EXPECT_TRUE(contains(flipped, "inconsistently oriented"));
  EXPECT_TRUE(contains(flipped, " and 3 are"));
  // A tetrahedron with an extra vertex and a face (0, 1, 4) hanging off it: non-manifold edge.
  std::vector<Vec3> vertices = tetrahedronVertices();
  vertices.emplace_back(2, 0, 0);
  faces = tetrahedronFaces();
  faces.push_back({1, 0, 4});
  EXPECT_TRUE(contains(constructionError(vertices, faces),
                       "edge (0, 1) is shared by 3 faces (faces 0, 2, 4)"));
  // An open box: the octahedron without face 0 (0, 2, 4).
  const ControlMesh octahedron = ControlMesh::loadObj(meshFile("octahedron.obj"));
  faces.clear();
  for (int f = 1; f < octahedron.faceCount(); ++f) {
    faces.push_back(octahedron.face(f));
  }
  const std::string open = constructionError(octahedron.vertices(), faces);
  EXPECT_TRUE(contains(open, "has only one face (face "));
  EXPECT_TRUE(contains(open, "the control mesh must be closed"));
}

// Issue 27, defect 6: every face of the octahedron flipped is consistently oriented, closed and
// manifold, but inside-out; an icosahedron vertex pushed through the body and out beyond the
// opposite side makes faces cross. Both were accepted before (and a ball 5 m away then "started
// inside" the surface).
TEST(ControlMeshTest, RejectsInsideOutAndSelfIntersectingMeshes) {
  const ControlMesh octahedron = ControlMesh::loadObj(meshFile("octahedron.obj"));
  std::vector<Face> flipped;
  for (int f = 0; f < octahedron.faceCount(); ++f) {
    const Face& face = octahedron.face(f);
    flipped.push_back({face[0], face[2], face[1]});
  }
  const std::string inside_out = constructionError(octahedron.vertices(), flipped);
  EXPECT_TRUE(contains(inside_out, "the control mesh is inside-out")) << inside_out;
  EXPECT_TRUE(contains(inside_out, "faces must be counter-clockwise")) << inside_out;

  const ControlMesh icosahedron = ControlMesh::loadObj(meshFile("icosahedron.obj"));
  std::vector<Vec3> vertices = icosahedron.vertices();
  vertices[0] *= -1.3;  // through the centre and out beyond the opposite faces
  std::vector<Face> faces;
  for (int f = 0; f < icosahedron.faceCount(); ++f)
    faces.push_back(icosahedron.face(f));
  const std::string crossing = constructionError(vertices, faces);
  EXPECT_TRUE(contains(crossing, "intersect")) << crossing;
  EXPECT_TRUE(contains(crossing, "the control mesh must not intersect itself")) << crossing;
}

// Issue 27, defect 6: coordinates of 1e200 overflowed the area check and read as "collinear".
TEST(ControlMeshTest, RejectsCoordinatesWhoseSquaresOverflow) {
  std::vector<Vec3> vertices = tetrahedronVertices();
  for (Vec3& v : vertices)
    v *= 1e200;
  const std::string huge = constructionError(vertices, tetrahedronFaces());
  EXPECT_TRUE(contains(huge, "vertex 0 has a coordinate of magnitude 1e+200")) << huge;
  EXPECT_TRUE(contains(huge, "stay within 1e+100")) << huge;
  for (Vec3& v : vertices)
    v *= 1e-110;  // 1e90: large, but every check still computes
  EXPECT_NO_THROW(ControlMesh(vertices, tetrahedronFaces()));
}

TEST(ControlMeshTest, RejectsIsolatedAndNonManifoldVertices) {
  std::vector<Vec3> vertices = tetrahedronVertices();
  vertices.emplace_back(3, 3, 3);
  EXPECT_TRUE(
      contains(constructionError(vertices, tetrahedronFaces()), "test mesh: vertex 4 is isolated"));
  // Two tetrahedra touching at vertex 0: two fans of 3 faces around it.
  vertices = tetrahedronVertices();
  for (int k = 1; k < 4; ++k) {
    vertices.push_back(2.0 * vertices[0] - vertices[static_cast<std::size_t>(k)]);
  }
  std::vector<Face> faces = tetrahedronFaces();
  for (const Face& f : tetrahedronFaces()) {
    Face g = f;
    for (int& i : g) {
      i = i == 0 ? 0 : i + 3;
    }
    faces.push_back({g[0], g[2], g[1]});  // a point reflection reverses orientation
  }
  EXPECT_TRUE(contains(constructionError(vertices, faces),
                       "test mesh: vertex 0 is non-manifold: its faces form more than one fan "
                       "(3 of its 6 faces"));
}

TEST(ControlMeshTest, RejectsValenceOutsideLoopRange) {
  const int n = kMaxLoopValence + 1;
  const std::string message = errorOf([&] { (void)bipyramid(n); });
  EXPECT_TRUE(contains(message, "vertex " + std::to_string(n) + " has valence 33, outside 3..32"));
  // A tetrahedron plus a two-sided triangle (a "pillow"): its vertices have valence 2.
  std::vector<Vec3> vertices = tetrahedronVertices();
  vertices.emplace_back(3, 0, 0);
  vertices.emplace_back(4, 0, 0);
  vertices.emplace_back(3, 1, 0);
  std::vector<Face> faces = tetrahedronFaces();
  faces.push_back({4, 5, 6});
  faces.push_back({4, 6, 5});
  EXPECT_TRUE(contains(constructionError(vertices, faces), "vertex 4 has valence 2"));
}

TEST(ControlMeshTest, RejectsZeroAreaFace) {
  // The octahedron with vertex 4 moved onto the segment 0–2: face 0 (0, 2, 4) degenerates.
  const ControlMesh octahedron = ControlMesh::loadObj(meshFile("octahedron.obj"));
  std::vector<Vec3> vertices = octahedron.vertices();
  vertices[4] = 0.5 * (vertices[0] + vertices[2]);
  std::vector<Face> faces;
  for (int f = 0; f < octahedron.faceCount(); ++f) {
    faces.push_back(octahedron.face(f));
  }
  EXPECT_TRUE(
      contains(constructionError(vertices, faces), "test mesh: face 0 (0, 2, 4) has zero area"));
}

}  // namespace
}  // namespace contactsim
