// Checks shared by the closed triangle meshes of geometry/ (Loop control meshes, triangle meshes
// for ray casting): index ranges, closed and consistently oriented edges, zero-area triangles, and
// reading triangles from OBJ files. Messages name the offending element and the mesh.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "contactsim/math/types.hpp"

namespace contactsim::mesh_checks {

using Triangle = std::array<int, 3>;

/// How messages name the mesh and its elements, e.g. {"face", "control mesh"} or
/// {"triangle", "triangle mesh"}.
struct Names {
  std::string element;
  std::string mesh;
};

/// "origin: " or "" for an empty origin.
std::string prefixOf(const std::string& origin);

/// "face 3 (0, 1, 2)" with the element name of `names`.
std::string elementText(const Names& names, int f, const Triangle& t);

/// At least 4 vertices and 4 triangles, indices in range, no index repeated within a triangle.
void checkIndices(int vertex_count, const std::vector<Triangle>& triangles, const std::string& p,
                  const Names& names);

struct DirectedEdge {
  int from;
  int to;
  int face;
  friend bool operator<(const DirectedEdge& x, const DirectedEdge& y) {
    return std::array<int, 3>{x.from, x.to, x.face} < std::array<int, 3>{y.from, y.to, y.face};
  }
};

/// The 3 m directed edges of the triangles, sorted by (from, to, face).
std::vector<DirectedEdge> sortedDirectedEdges(const std::vector<Triangle>& triangles);

/// The range of the sorted edges equal to a → b.
std::pair<std::vector<DirectedEdge>::const_iterator, std::vector<DirectedEdge>::const_iterator>
findEdge(const std::vector<DirectedEdge>& edges, int a, int b);

/// Every directed edge once (consistent orientation; at most two triangles per edge: manifold),
/// then every edge with its reverse (closed).
void checkEdges(const std::vector<DirectedEdge>& edges, const std::string& p, const Names& names);

/// Throws for a triangle whose vertices are collinear (area ≤ 1e-14 × longest edge²).
/// Coordinates at most this large in magnitude [m]: beyond, squared lengths and cross products of
/// the checks below overflow (1e200 read as "collinear").
inline constexpr double kMaxCoordinate = 1e100;

/// Throws InvalidInputError naming the first vertex that is not finite or lies beyond
/// kMaxCoordinate.
void checkCoordinates(const std::vector<Vec3>& vertices, const std::string& p);

void checkAreas(const std::vector<Vec3>& vertices, const std::vector<Triangle>& triangles,
                const std::string& p, const Names& names);

/// Vertices and triangles of a Wavefront OBJ file (all shapes merged, in file order). Throws
/// InvalidInputError naming the file for a file that is not regular (a FIFO, a device) or is
/// larger than `max_bytes` (refused before anything is allocated), an unreadable file, a vertex
/// coordinate that is not a finite number, a face index beyond int (line numbers named), or a face
/// that is not a triangle
/// ("... vertices: <mesh>es must be triangles").
std::pair<std::vector<Vec3>, std::vector<Triangle>> readObjTriangles(
    const std::filesystem::path& file, const Names& names, double max_bytes);

}  // namespace contactsim::mesh_checks
