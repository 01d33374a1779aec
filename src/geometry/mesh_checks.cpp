#include "mesh_checks.hpp"

#include <tiny_obj_loader.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"
#include "io/input_file.hpp"

namespace contactsim::mesh_checks {
namespace {

std::string str(int i) {
  return toText(i);
}

}  // namespace

std::string prefixOf(const std::string& origin) {
  return origin.empty() ? "" : origin + ": ";
}

std::string elementText(const Names& names, int f, const Triangle& t) {
  return names.element + " " + str(f) + " (" + str(t[0]) + ", " + str(t[1]) + ", " + str(t[2]) +
         ")";
}

void checkIndices(int vertex_count, const std::vector<Triangle>& triangles, const std::string& p,
                  const Names& names) {
  const int n = vertex_count;
  const int m = static_cast<int>(triangles.size());
  if (n < 4 || m < 4) {
    throw InvalidInputError(p + "a closed " + names.mesh + " needs at least 4 vertices and 4 " +
                            names.element + "s, got " + str(n) + " vertices and " + str(m) + " " +
                            names.element + "s");
  }
  for (int f = 0; f < m; ++f) {
    const Triangle& t = triangles[static_cast<std::size_t>(f)];
    for (int k = 0; k < 3; ++k) {
      if (t[k] < 0 || t[k] >= n) {
        throw InvalidInputError(p + elementText(names, f, t) + ": vertex index " + str(t[k]) +
                                " is out of range 0.." + str(n - 1));
      }
    }
    for (int k = 0; k < 3; ++k) {
      if (t[k] == t[(k + 1) % 3]) {
        throw InvalidInputError(p + elementText(names, f, t) + " repeats vertex " + str(t[k]));
      }
    }
  }
}

std::vector<DirectedEdge> sortedDirectedEdges(const std::vector<Triangle>& triangles) {
  std::vector<DirectedEdge> edges;
  edges.reserve(3 * triangles.size());
  for (std::size_t f = 0; f < triangles.size(); ++f) {
    const Triangle& t = triangles[f];
    for (int k = 0; k < 3; ++k) {
      edges.push_back({t[k], t[(k + 1) % 3], static_cast<int>(f)});
    }
  }
  std::sort(edges.begin(), edges.end());
  return edges;
}

std::pair<std::vector<DirectedEdge>::const_iterator, std::vector<DirectedEdge>::const_iterator>
findEdge(const std::vector<DirectedEdge>& edges, int a, int b) {
  const auto lo = std::lower_bound(edges.begin(), edges.end(), DirectedEdge{a, b, -1});
  auto hi = lo;
  while (hi != edges.end() && hi->from == a && hi->to == b) {
    ++hi;
  }
  return {lo, hi};
}

void checkEdges(const std::vector<DirectedEdge>& edges, const std::string& p, const Names& names) {
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
              << ") is shared by " << faces.size() << " " << names.element << "s (" << names.element
              << "s ";
      for (std::size_t k = 0; k < faces.size(); ++k) {
        message << (k > 0 ? ", " : "") << faces[k];
      }
      message << "): the " << names.mesh << " must be manifold";
    } else {
      message << names.element << "s " << faces[0] << " and " << faces[1]
              << " are inconsistently oriented: both contain the directed edge " << e.from << " -> "
              << e.to << " (one of them is flipped)";
    }
    throw InvalidInputError(message.str());
  }
  for (const DirectedEdge& e : edges) {
    const auto [rlo, rhi] = findEdge(edges, e.to, e.from);
    if (rlo == rhi) {
      throw InvalidInputError(p + "edge (" + str(e.from) + ", " + str(e.to) + ") has only one " +
                              names.element + " (" + names.element + " " + str(e.face) + "): the " +
                              names.mesh + " must be closed");
    }
  }
}

void checkCoordinates(const std::vector<Vec3>& vertices, const std::string& p) {
  for (std::size_t v = 0; v < vertices.size(); ++v) {
    const std::string what = p + "vertex " + toText(v);
    requireFinite(vertices[v], what);
    if (vertices[v].cwiseAbs().maxCoeff() > kMaxCoordinate) {
      throw InvalidInputError(what + " has a coordinate of magnitude " +
                              toText(vertices[v].cwiseAbs().maxCoeff()) + ": coordinates must " +
                              "stay within " + toText(kMaxCoordinate) +
                              " (their squares overflow)");
    }
  }
}

void checkAreas(const std::vector<Vec3>& vertices, const std::vector<Triangle>& triangles,
                const std::string& p, const Names& names) {
  for (std::size_t f = 0; f < triangles.size(); ++f) {
    const Triangle& t = triangles[f];
    const Vec3& a = vertices[static_cast<std::size_t>(t[0])];
    const Vec3& b = vertices[static_cast<std::size_t>(t[1])];
    const Vec3& c = vertices[static_cast<std::size_t>(t[2])];
    const double longest =
        std::max({(b - a).squaredNorm(), (c - b).squaredNorm(), (a - c).squaredNorm()});
    if ((b - a).cross(c - a).norm() <= 1e-14 * longest) {
      throw InvalidInputError(p + elementText(names, static_cast<int>(f), t) +
                              " has zero area: its vertices are collinear");
    }
  }
}

namespace {

// The whole file, refused unless it is a regular file (not a FIFO that would block, nor a device
// like /dev/zero) of at most max_bytes.
std::string readObjText(const std::filesystem::path& file, double max_bytes) {
  try {
    return readInputFile(file, max_bytes);
  } catch (const InputFileError& e) {
    const std::string reason = e.what();
    throw InvalidInputError(file.string() + ": cannot read the OBJ file" +
                            (reason.empty() ? reason : ": " + reason));
  }
}

// tinyobjloader reads a coordinate it cannot parse ("abc", "nan") as 0 and wraps a face index
// beyond int: vertex coordinates must be finite numbers and face indices fit an int.
void checkObjNumbers(const std::string& text, const std::string& name) {
  std::istringstream lines(text);
  std::string line;
  for (long number = 1; std::getline(lines, line); ++number) {
    std::istringstream tokens(line);
    std::string kind;
    tokens >> kind;
    const std::string where = name + ": line " + toText(number) + ": ";
    if (kind == "v") {
      for (int i = 0; i < 3; ++i) {
        std::string token;
        tokens >> token;
        char* end = nullptr;
        const double x = std::strtod(token.c_str(), &end);
        if (token.empty() || *end != '\0' || !std::isfinite(x)) {
          throw InvalidInputError(where + "vertex coordinate '" + token +
                                  "' is not a finite number");
        }
      }
    } else if (kind == "f") {
      for (std::string token; tokens >> token;) {
        const std::string index = token.substr(0, token.find('/'));
        char* end = nullptr;
        errno = 0;
        const long long i = std::strtoll(index.c_str(), &end, 10);
        if (index.empty() || *end != '\0' || errno == ERANGE ||
            i > std::numeric_limits<int>::max() || i < -std::numeric_limits<int>::max()) {
          throw InvalidInputError(where + "face index '" + index + "' is not an integer in range");
        }
      }
    }
  }
}

}  // namespace

std::pair<std::vector<Vec3>, std::vector<Triangle>> readObjTriangles(
    const std::filesystem::path& file, const Names& names, double max_bytes) {
  const std::string name = file.string();
  const std::string text = readObjText(file, max_bytes);
  checkObjNumbers(text, name);
  tinyobj::ObjReaderConfig config;
  config.triangulate = false;  // quads and polygons must be reported, not split
  config.vertex_color = false;
  tinyobj::ObjReader reader;
  if (!reader.ParseFromString(text, "", config)) {
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
  std::vector<Triangle> triangles;
  for (const tinyobj::shape_t& shape : reader.GetShapes()) {
    std::size_t offset = 0;
    for (const auto count : shape.mesh.num_face_vertices) {
      const int f = static_cast<int>(triangles.size());
      if (count != 3) {
        throw InvalidInputError(name + ": " + names.element + " " + str(f) + " has " +
                                str(static_cast<int>(count)) + " vertices: " + names.mesh + " " +
                                names.element + "s must be triangles");
      }
      triangles.push_back({shape.mesh.indices[offset].vertex_index,
                           shape.mesh.indices[offset + 1].vertex_index,
                           shape.mesh.indices[offset + 2].vertex_index});
      offset += count;
    }
  }
  return {std::move(vertices), std::move(triangles)};
}

}  // namespace contactsim::mesh_checks
