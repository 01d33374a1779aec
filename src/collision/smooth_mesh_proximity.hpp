// Contacts of a smooth surface and a closed triangle mesh at their exact closest features (issue
// 22, mixed islands: "for every pair that involves a smooth surface a point contact at the exact
// closest points — Newton on the smooth surface against the other's surface, mesh or polyhedron;
// normal from the smooth surface"). A mesh is not convex, so the pair may touch at several
// places; each is a local minimum of the distance, found at one feature of the mesh:
//  - a face: Newton on the smooth surface against the triangle's plane (closestToObstacle with
//    the plane as a half-space), kept where the smooth surface's closest point projects into
//    the triangle — there the surface's normal is the face's, and the distance the plane's;
//  - a convex edge: the edge's point deepest in the smooth body (deepestOnSegment: golden
//    section over the projections onto the surface), kept strictly inside the edge;
//  - a vertex: its projection onto the smooth surface (surfaceDistance);
// an edge or vertex only where the mesh lies locally on the far side of the smooth surface's
// tangent plane at that point (the two triangles' opposite vertices, the vertex's neighbours):
// only then is the distance locally smallest there, not on a neighbouring face. Normals are
// −(the smooth surface's outward normal) at its closest point. Internal to collision.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "collision/convex_contact.hpp"
#include "collision/surface_proximity.hpp"
#include "contactsim/geometry/triangle_mesh.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim {

/// What the closest-feature search needs of a closed mesh, built once per mesh object.
struct MeshFeatures {
  explicit MeshFeatures(std::shared_ptr<const TriangleMesh> mesh);

  /// An edge whose two triangles meet convexly (each one's opposite vertex strictly below the
  /// other's plane): only those can hold the closest point of a smooth body strictly inside.
  struct Edge {
    int v0 = 0, v1 = 0;
    int across0 = 0, across1 = 0;  ///< the opposite vertices of its two triangles
  };
  std::shared_ptr<const TriangleMesh> mesh;
  std::vector<std::vector<int>> neighbours;  ///< per vertex, the vertices sharing an edge with it
  std::vector<Edge> convex_edges;
  std::vector<Vec3> unit_normals;  ///< per triangle, outward
  Vec3 centre = Vec3::Zero();      ///< of the vertices' bounding sphere, body coordinates
  double radius = 0.0;
  double longest_edge = 0.0;
};

/// Newton's last points per feature, for warm starts (sized by smoothMeshContacts), and each
/// vertex's last exact distance with where it was then (the smooth body's coordinates): while that
/// distance less the distance moved since stays beyond reach, Newton is not run again.
struct SmoothMeshMemory {
  std::vector<std::optional<SurfacePoint>> vertices;
  std::vector<std::optional<std::pair<Vec3, double>>> vertex_distances;
  std::vector<std::optional<SurfacePoint>> edges;
  std::map<int, SurfacePoint> faces;
};

/// The contact points of a smooth body (pose E_w_s) and a mesh (E_w_m) closer than `margin` and
/// not deeper than `max_depth` (deeper ones lie behind an open or concave part of the surface,
/// not in contact with it), world coordinates, normal from the mesh towards the smooth body.
/// Feature ids: vertex k → k + 1, convex edge k → V + 1 + k, triangle f → V + E + 1 + f.
[[nodiscard]] std::vector<ContactPoint> smoothMeshContacts(
    const ProximityShape& smooth, const Frame& E_w_s, const MeshFeatures& mesh, const Frame& E_w_m,
    double margin, double max_depth, SmoothMeshMemory& memory);

/// The parameter point of the tessellation vertex nearest to x (body coordinates): the start of
/// Newton without a warm start.
[[nodiscard]] SurfacePoint nearestVertexOrigin(const TessellatedSurface& mesh, const Vec3& x);

}  // namespace contactsim
