// Triangle meshes of patch complexes whose vertices remember where they came from, for rendering,
// collision detection and Newton initial guesses.
#pragma once

#include <vector>

#include "contactsim/geometry/surface.hpp"

namespace contactsim {

struct TessellatedSurface {
  std::vector<Vec3> positions;             ///< body coordinates
  std::vector<Vec3> normals;               ///< unit normals of the smooth surface
  std::vector<SurfacePoint> origins;       ///< (patch, s, t) of each vertex
  std::vector<Eigen::Vector3i> triangles;  ///< counter-clockwise seen from outside
};

/// Tessellates each patch: square domains as an n × n grid of quads split in two, triangular
/// domains as n² triangles, other convex polygons as a fan of n-subdivided triangles from the
/// centroid. Vertices on shared edges are repeated per patch (not welded). n ≥ 1.
TessellatedSurface tessellate(const Surface& surface, int resolution);

}  // namespace contactsim
