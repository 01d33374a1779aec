#include "geometry/loop/mesh_subdivision.hpp"

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "geometry/loop/local_mesh.hpp"

namespace contactsim::loop {

ControlMesh subdividedOnce(const ControlMesh& mesh, const std::string& origin) {
  // Vertex points (Loop 1987): (1 − Nβ) v + β Σ ring.
  std::vector<Vec3> vertices;
  for (int v = 0; v < mesh.vertexCount(); ++v) {
    const std::vector<int> ring = mesh.oneRing(v);
    const int n = static_cast<int>(ring.size());
    const double beta = loopBeta(n);
    Vec3 point = (1.0 - n * beta) * mesh.vertex(v);
    for (const int u : ring)
      point += beta * mesh.vertex(u);
    vertices.push_back(point);
  }
  // Edge points: 3/8 (a + b) + 1/8 (c + d), c and d opposite the edge (the mesh is closed).
  std::map<std::pair<int, int>, int> edge_point;
  const auto edge = [&](int a, int b) {
    const std::pair<int, int> key{std::min(a, b), std::max(a, b)};
    const auto [it, added] = edge_point.try_emplace(key, static_cast<int>(vertices.size()));
    if (added) {
      vertices.push_back(
          0.375 * (mesh.vertex(a) + mesh.vertex(b)) +
          0.125 * (mesh.vertex(mesh.thirdVertex(a, b)) + mesh.vertex(mesh.thirdVertex(b, a))));
    }
    return it->second;
  };
  // Four faces per face: three corners and the middle, all counter-clockwise.
  std::vector<ControlMesh::Face> faces;
  for (int f = 0; f < mesh.faceCount(); ++f) {
    const auto [a, b, c] = mesh.face(f);
    const int ab = edge(a, b), bc = edge(b, c), ca = edge(c, a);
    faces.push_back({a, ab, ca});
    faces.push_back({ab, b, bc});
    faces.push_back({ca, bc, c});
    faces.push_back({bc, ca, ab});
  }
  return ControlMesh(std::move(vertices), std::move(faces), origin);
}

}  // namespace contactsim::loop
