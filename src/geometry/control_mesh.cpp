// Validation and adjacency of Loop control meshes. The one-ring order is the one Stam 1998 and
// kry-2000 ch. 5 index the control points of a patch by: neighbours counter-clockwise around the
// vertex seen from outside, so that (v, r_i, r_{i+1}) is a face in its stored orientation.
#include "contactsim/geometry/control_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>
#include <string>
#include <utility>

#include "contactsim/error.hpp"
#include "contactsim/geometry/triangle_mesh.hpp"
#include "contactsim/math/checks.hpp"
#include "io/input_file.hpp"
#include "mesh_checks.hpp"
#include "obj_files.hpp"

namespace contactsim {
namespace {

using Face = ControlMesh::Face;
using mesh_checks::DirectedEdge;
using mesh_checks::findEdge;

const mesh_checks::Names kNames{"face", "control mesh"};

std::string str(int i) {
  return toText(i);
}

// Non-finite coordinates, then positions equal within 1e-12 of the bounding-box diagonal.
void checkPositions(const std::vector<Vec3>& vertices, const std::string& p) {
  const int n = static_cast<int>(vertices.size());
  mesh_checks::checkCoordinates(vertices, p);
  Vec3 lo = vertices.front();
  Vec3 hi = lo;
  for (const Vec3& x : vertices) {
    lo = lo.cwiseMin(x);
    hi = hi.cwiseMax(x);
  }
  const double tolerance = 1e-12 * (hi - lo).norm();
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  const auto at = [&](int v) -> const Vec3& { return vertices[static_cast<std::size_t>(v)]; };
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return std::make_pair(at(a).x(), a) < std::make_pair(at(b).x(), b);
  });
  // Sweep in x: only vertices within `tolerance` in x can coincide.
  for (std::size_t i = 0; i < order.size(); ++i) {
    for (std::size_t j = i + 1; j < order.size(); ++j) {
      const Vec3& a = at(order[i]);
      const Vec3& b = at(order[j]);
      if (b.x() - a.x() > tolerance) {
        break;
      }
      if ((b - a).norm() <= tolerance) {
        const auto [u, w] = std::minmax(order[i], order[j]);
        std::ostringstream message;
        message << p << "vertices " << u << " and " << w << " have the same position (" << at(u).x()
                << ", " << at(u).y() << ", " << at(u).z() << ")";
        throw InvalidInputError(message.str());
      }
    }
  }
}

}  // namespace

ControlMesh::ControlMesh(std::vector<Vec3> vertices, std::vector<Face> faces,
                         const std::string& origin)
    : vertices_(std::move(vertices)), faces_(std::move(faces)) {
  const std::string p = mesh_checks::prefixOf(origin);
  const int n = vertexCount();
  const int m = faceCount();
  mesh_checks::checkIndices(n, faces_, p, kNames);
  checkPositions(vertices_, p);

  const std::vector<DirectedEdge> edges = mesh_checks::sortedDirectedEdges(faces_);
  std::vector<int> incident(static_cast<std::size_t>(n), 0);  // faces around each vertex
  std::vector<int> some_face(static_cast<std::size_t>(n), -1);
  for (int f = 0; f < m; ++f) {
    const Face& face = faces_[static_cast<std::size_t>(f)];
    for (int k = 0; k < 3; ++k) {
      const auto v = static_cast<std::size_t>(face[k]);
      ++incident[v];
      if (some_face[v] < 0) {
        some_face[v] = f;
      }
    }
  }
  mesh_checks::checkEdges(edges, p, kNames);
  for (int v = 0; v < n; ++v) {
    if (incident[static_cast<std::size_t>(v)] == 0) {
      throw InvalidInputError(p + "vertex " + str(v) + " is isolated: it belongs to no face");
    }
  }

  // Walk the fan around v: the face (v, r_i, r_{i+1}) is followed by the face across the edge
  // v → r_{i+1}, which is (v, r_{i+1}, r_{i+2}) since the mesh is closed and oriented.
  ring_start_.assign(1, 0);
  for (int v = 0; v < n; ++v) {
    int f = some_face[static_cast<std::size_t>(v)];
    const Face& face0 = faces_[static_cast<std::size_t>(f)];
    const int k0 = face0[0] == v ? 0 : (face0[1] == v ? 1 : 2);
    const int first = face0[(k0 + 1) % 3];
    int next = face0[(k0 + 2) % 3];
    const int start = ring_start_.back();
    ring_.push_back(first);
    ring_face_.push_back(f);
    const int expected = incident[static_cast<std::size_t>(v)];
    // Each step takes a new directed edge v → r; there are `expected` of them.
    while (next != first && static_cast<int>(ring_.size()) - start < expected) {
      f = findEdge(edges, v, next).first->face;
      ring_.push_back(next);
      ring_face_.push_back(f);
      const Face& face = faces_[static_cast<std::size_t>(f)];
      for (const int w : face) {
        if (w != v && w != next) {
          next = w;
          break;
        }
      }
    }
    const int found = static_cast<int>(ring_.size()) - start;
    if (next != first || found != expected) {
      throw InvalidInputError(p + "vertex " + str(v) +
                              " is non-manifold: its faces form more than one fan (" + str(found) +
                              " of its " + str(expected) + " faces are connected to face " +
                              str(some_face[static_cast<std::size_t>(v)]) + ")");
    }
    ring_start_.push_back(static_cast<int>(ring_.size()));
  }

  for (int v = 0; v < n; ++v) {
    const int k = valence(v);
    if (k < 3 || k > kMaxLoopValence) {
      throw InvalidInputError(p + "vertex " + str(v) + " has valence " + str(k) + ", outside 3.." +
                              str(kMaxLoopValence) + " allowed for Loop meshes");
    }
  }

  mesh_checks::checkAreas(vertices_, faces_, p, kNames);
  checkEnclosesVolume(p);
}

// Issue 27, defect 6: an inside-out or self-intersecting control mesh was accepted, and its
// surface then met other bodies from the wrong side. The triangle mesh's checks (positive
// volume, no two faces crossing) apply to the control mesh alike.
void ControlMesh::checkEnclosesVolume(const std::string& p) const {
  std::vector<TriangleMesh::Triangle> triangles;
  for (const Face& f : faces_)
    triangles.emplace_back(f[0], f[1], f[2]);
  try {
    (void)TriangleMesh(vertices_, std::move(triangles), "", MeshValidation::kFull);
  } catch (const InvalidInputError& e) {
    // In the control mesh's words: its triangles are its faces.
    std::string message = e.what();
    for (const auto& [from, to] :
         {std::pair<std::string, std::string>{"triangle mesh", "control mesh"},
          {"triangles", "faces"}}) {
      for (std::size_t at = message.find(from); at != std::string::npos;
           at = message.find(from, at + to.size())) {
        message.replace(at, from.size(), to);
      }
    }
    throw InvalidInputError(p + message);
  }
}

ControlMesh ControlMesh::loadObj(const std::filesystem::path& file) {
  return loadObjControlMesh(file, kDefaultMaxFileBytes);
}

ControlMesh loadObjControlMesh(const std::filesystem::path& file, double max_bytes) {
  auto [vertices, faces] = mesh_checks::readObjTriangles(file, kNames, max_bytes);
  return ControlMesh(std::move(vertices), std::move(faces), file.string());
}

int ControlMesh::valence(int v) const {
  if (v < 0 || v >= vertexCount()) {
    throw InvalidInputError("vertex " + str(v) + " is out of range 0.." + str(vertexCount() - 1));
  }
  const auto i = static_cast<std::size_t>(v);
  return ring_start_[i + 1] - ring_start_[i];
}

int ControlMesh::faceWithEdge(int a, int b) const {
  if (a < 0 || a >= vertexCount()) {
    return -1;
  }
  const auto begin = static_cast<std::size_t>(ring_start_[static_cast<std::size_t>(a)]);
  const auto end = static_cast<std::size_t>(ring_start_[static_cast<std::size_t>(a) + 1]);
  for (std::size_t i = begin; i < end; ++i) {
    if (ring_[i] == b) {
      return ring_face_[i];
    }
  }
  return -1;
}

int ControlMesh::thirdVertex(int a, int b) const {
  const int f = faceWithEdge(a, b);
  if (f < 0) {
    throw InvalidInputError("no face contains the directed edge " + str(a) + " -> " + str(b));
  }
  const Face& face = faces_[static_cast<std::size_t>(f)];
  return face[0] + face[1] + face[2] - a - b;
}

std::vector<int> ControlMesh::oneRing(int v, int first) const {
  const int k = valence(v);
  const auto begin = ring_.begin() + ring_start_[static_cast<std::size_t>(v)];
  const auto at = std::find(begin, begin + k, first);
  if (at == begin + k) {
    throw InvalidInputError("oneRing: vertex " + str(first) + " is not a neighbour of vertex " +
                            str(v));
  }
  std::vector<int> ring(begin, begin + k);
  std::rotate(ring.begin(), ring.begin() + (at - begin), ring.end());
  return ring;
}

std::vector<int> ControlMesh::oneRing(int v) const {
  const int k = valence(v);
  const auto begin = ring_.begin() + ring_start_[static_cast<std::size_t>(v)];
  return {begin, begin + k};
}

}  // namespace contactsim
