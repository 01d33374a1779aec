// Every body of a world as triangles in its body coordinates, for the replay report and the glTF
// export: smooth surfaces tessellated, convex polyhedra and closed meshes as they are, half-spaces
// and half-planes as large finite plates, planar response-map bodies as their outline extruded,
// free bodies without a shape as the box of their inertia.
#pragma once

#include <array>
#include <vector>

#include "contactsim/world/world_description.hpp"

namespace contactsim::report {

struct BodyMesh {
  std::vector<Vec3> positions;                ///< body coordinates [m]
  std::vector<Vec3> normals;                  ///< unit, per position; empty: flat faces
  std::vector<std::array<int, 3>> triangles;  ///< counter-clockwise seen from outside
  bool plate = false;                         ///< a finite stand-in for an unbounded body
};

/// Where to look: the centre of the bounds of the free bodies' meshes (plates excepted; all
/// meshes' when none is free, the bodies' positions when there are no meshes) and a radius [m]
/// that takes in those bounds and half of all meshes' bounds, but no more than twice theirs
/// (a ball in a bowl shows the bowl, balls on a large table not the whole table).
struct ViewBounds {
  Vec3 centre = Vec3::Zero();
  double radius = 1.0;
};

/// One mesh per body, in scene order (a free body without a shape: the box of its mass and inertia;
/// a fixed one: none),
/// the bodies standing at `poses` (their first sample; a smooth contact's body is not at its
/// description's initial state). Smooth surfaces get about `triangles_per_surface` triangles.
/// Plates are square (half-planes: slabs), centred where the plane is nearest to the centre of
/// the other bodies' bounds, 4 radii across.
[[nodiscard]] std::vector<BodyMesh> bodyMeshes(const WorldDescription& world,
                                               const std::vector<RigidBodyState>& poses,
                                               int triangles_per_surface = 8000);

/// The bounds of the meshes at `poses`.
[[nodiscard]] ViewBounds viewBounds(const WorldDescription& world,
                                    const std::vector<BodyMesh>& meshes,
                                    const std::vector<RigidBodyState>& poses);

/// Triangles of a simple polygon, counter-clockwise (ear clipping), as indices into `polygon`.
/// Throws InvalidInputError when the polygon has fewer than 3 points or no ear (self-crossing).
[[nodiscard]] std::vector<std::array<int, 3>> triangulatePolygon(const std::vector<Vec2>& polygon);

}  // namespace contactsim::report
