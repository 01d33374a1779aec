// Validation and adjacency of Loop control meshes. The one-ring order is the one Stam 1998 and
// kry-2000 ch. 5 index the control points of a patch by: neighbours counter-clockwise around the
// vertex seen from outside, so that (v, r_i, r_{i+1}) is a face in its stored orientation.
#include "contactsim/geometry/control_mesh.hpp"

#include <tiny_obj_loader.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim {
namespace {

using Face = ControlMesh::Face;

struct DirectedEdge {
  int from;
  int to;
  int face;
  friend bool operator<(const DirectedEdge& x, const DirectedEdge& y) {
    return std::tie(x.from, x.to, x.face) < std::tie(y.from, y.to, y.face);
  }
};

std::string prefixOf(const std::string& origin) {
  return origin.empty() ? "" : origin + ": ";
}

std::string str(int i) {
  return std::to_string(i);
}

std::string faceText(int f, const Face& face) {
  return "face " + str(f) + " (" + str(face[0]) + ", " + str(face[1]) + ", " + str(face[2]) + ")";
}

// The directed edges sorted by (from, to, face), and the range of those equal to a → b.
std::pair<std::vector<DirectedEdge>::const_iterator, std::vector<DirectedEdge>::const_iterator>
findEdge(const std::vector<DirectedEdge>& edges, int a, int b) {
  const auto lo = std::lower_bound(edges.begin(), edges.end(), DirectedEdge{a, b, -1});
  auto hi = lo;
  while (hi != edges.end() && hi->from == a && hi->to == b) {
    ++hi;
  }
  return {lo, hi};
}

// Counts, index range and repeated indices.
void checkFaceIndices(int n, const std::vector<Face>& faces, const std::string& p) {
  const int m = static_cast<int>(faces.size());
  if (n < 4 || m < 4) {
    throw InvalidInputError(p +
                            "a closed control mesh needs at least 4 vertices and 4 faces, got " +
                            str(n) + " vertices and " + str(m) + " faces");
  }
  for (int f = 0; f < m; ++f) {
    const Face& face = faces[static_cast<std::size_t>(f)];
    for (int k = 0; k < 3; ++k) {
      if (face[k] < 0 || face[k] >= n) {
        throw InvalidInputError(p + faceText(f, face) + ": vertex index " + str(face[k]) +
                                " is out of range 0.." + str(n - 1));
      }
    }
    for (int k = 0; k < 3; ++k) {
      if (face[k] == face[(k + 1) % 3]) {
        throw InvalidInputError(p + faceText(f, face) + " repeats vertex " + str(face[k]));
      }
    }
  }
}

// Non-finite coordinates, then positions equal within 1e-12 of the bounding-box diagonal.
void checkPositions(const std::vector<Vec3>& vertices, const std::string& p) {
  const int n = static_cast<int>(vertices.size());
  for (int v = 0; v < n; ++v) {
    requireFinite(vertices[static_cast<std::size_t>(v)], p + "vertex " + str(v));
  }
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

// Every directed edge once (consistent orientation, at most two faces per edge), then every edge
// with its reverse (closed mesh).
void checkEdges(const std::vector<DirectedEdge>& edges, const std::string& p) {
  for (std::size_t i = 0; i + 1 < edges.size(); ++i) {
    const DirectedEdge& e = edges[i];
    if (e.from != edges[i + 1].from || e.to != edges[i + 1].to) {
      continue;
    }
    const auto [lo, hi] = findEdge(edges, e.from, e.to);
    const auto [rlo, rhi] = findEdge(edges, e.to, e.from);
    std::vector<int> faces;
    for (auto it = lo; it != hi; ++it) {
      faces.push_back(it->face);
    }
    for (auto it = rlo; it != rhi; ++it) {
      faces.push_back(it->face);
    }
    std::sort(faces.begin(), faces.end());
    std::ostringstream message;
    message << p;
    if (faces.size() > 2) {
      message << "edge (" << std::min(e.from, e.to) << ", " << std::max(e.from, e.to)
              << ") is shared by " << faces.size() << " faces (faces ";
      for (std::size_t k = 0; k < faces.size(); ++k) {
        message << (k > 0 ? ", " : "") << faces[k];
      }
      message << "): the control mesh must be manifold";
    } else {
      message << "faces " << faces[0] << " and " << faces[1]
              << " are inconsistently oriented: both contain the directed edge " << e.from << " -> "
              << e.to << " (one of them is flipped)";
    }
    throw InvalidInputError(message.str());
  }
  for (const DirectedEdge& e : edges) {
    const auto [rlo, rhi] = findEdge(edges, e.to, e.from);
    if (rlo == rhi) {
      throw InvalidInputError(p + "edge (" + str(e.from) + ", " + str(e.to) +
                              ") has only one face (face " + str(e.face) +
                              "): the control mesh must be closed");
    }
  }
}

}  // namespace

ControlMesh::ControlMesh(std::vector<Vec3> vertices, std::vector<Face> faces,
                         const std::string& origin)
    : vertices_(std::move(vertices)), faces_(std::move(faces)) {
  const std::string p = prefixOf(origin);
  const int n = vertexCount();
  const int m = faceCount();
  checkFaceIndices(n, faces_, p);
  checkPositions(vertices_, p);

  std::vector<DirectedEdge> edges;
  edges.reserve(3 * faces_.size());
  std::vector<int> incident(static_cast<std::size_t>(n), 0);  // faces around each vertex
  std::vector<int> some_face(static_cast<std::size_t>(n), -1);
  for (int f = 0; f < m; ++f) {
    const Face& face = faces_[static_cast<std::size_t>(f)];
    for (int k = 0; k < 3; ++k) {
      edges.push_back({face[k], face[(k + 1) % 3], f});
      const auto v = static_cast<std::size_t>(face[k]);
      ++incident[v];
      if (some_face[v] < 0) {
        some_face[v] = f;
      }
    }
  }
  std::sort(edges.begin(), edges.end());
  checkEdges(edges, p);
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

  for (int f = 0; f < m; ++f) {
    const Face& face = faces_[static_cast<std::size_t>(f)];
    const Vec3& a = vertex(face[0]);
    const Vec3& b = vertex(face[1]);
    const Vec3& c = vertex(face[2]);
    const double longest =
        std::max({(b - a).squaredNorm(), (c - b).squaredNorm(), (a - c).squaredNorm()});
    if ((b - a).cross(c - a).norm() <= 1e-14 * longest) {
      throw InvalidInputError(p + faceText(f, face) + " has zero area: its vertices are collinear");
    }
  }
}

ControlMesh ControlMesh::loadObj(const std::filesystem::path& file) {
  const std::string name = file.string();
  tinyobj::ObjReaderConfig config;
  config.triangulate = false;  // quads and polygons must be reported, not split
  config.vertex_color = false;
  tinyobj::ObjReader reader;
  if (!reader.ParseFromFile(name, config)) {
    std::string why = reader.Error();
    while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) {
      why.pop_back();
    }
    throw InvalidInputError(
        name + ": cannot read the OBJ file: " + (why.empty() ? std::string("unknown error") : why));
  }
  const tinyobj::attrib_t& attrib = reader.GetAttrib();
  std::vector<Vec3> vertices;
  vertices.reserve(attrib.vertices.size() / 3);
  for (std::size_t i = 0; i + 2 < attrib.vertices.size(); i += 3) {
    vertices.emplace_back(static_cast<double>(attrib.vertices[i]),
                          static_cast<double>(attrib.vertices[i + 1]),
                          static_cast<double>(attrib.vertices[i + 2]));
  }
  // Every shape indexes the same vertex list; their faces are merged in file order.
  std::vector<Face> faces;
  for (const tinyobj::shape_t& shape : reader.GetShapes()) {
    std::size_t offset = 0;
    for (const auto count : shape.mesh.num_face_vertices) {
      const int f = static_cast<int>(faces.size());
      if (count != 3) {
        throw InvalidInputError(name + ": face " + str(f) + " has " + str(static_cast<int>(count)) +
                                " vertices: Loop control meshes must be triangles");
      }
      faces.push_back({shape.mesh.indices[offset].vertex_index,
                       shape.mesh.indices[offset + 1].vertex_index,
                       shape.mesh.indices[offset + 2].vertex_index});
      offset += count;
    }
  }
  return ControlMesh(std::move(vertices), std::move(faces), name);
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
