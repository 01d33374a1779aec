// The exact moments of the intersection volume of two convex closed triangle meshes (the
// quantities of bouchard-2015 §4.1 and App. A, without rays): the boundary of A ∩ B is A's surface
// clipped to B plus B's surface clipped to A, and the divergence theorem integrates V, ∫x and
// ∫xxᵀ over it. Continuous in the poses, thin overlaps at edges and corners included, and 0 at
// touching.
#pragma once

#include <optional>
#include <vector>

#include "collision/contact_patch.hpp"
#include "contactsim/geometry/triangle_mesh.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim {

/// The planes of a convex closed mesh, one per triangle (body coordinates): the solid is
/// {x : normals[i]·x ≤ offsets[i] for all i}.
struct ConvexMeshPlanes {
  std::vector<Vec3> normals;  ///< unit, outward
  std::vector<double> offsets;
};

/// The mesh's triangle planes when the surface is convex at every edge (the far vertex of each
/// neighbouring triangle inside the plane, within 1e-9 of the bounding-box diagonal; for a closed
/// surface without self-intersections that makes it convex), else nullopt: not convex, or a
/// degenerate triangle. Linear in the triangles (a map of edges), not triangles × vertices.
[[nodiscard]] std::optional<ConvexMeshPlanes> convexMeshPlanes(const TriangleMesh& mesh);

/// The moments of A ∩ B for convex meshes A and B at poses X_WA and X_WB (body → world), world
/// frame, with `outline` set to the vertices of the clipped polygons (the corners of A ∩ B).
/// Each triangle of A is clipped (Sutherland–Hodgman) by the overlap of the world bounds and by
/// the planes of B that cut that overlap, and the other way round; each polygon, fanned into
/// triangles, closes a tetrahedron with the overlap's centre: V, ∫x, ∫xxᵀ as for a polyhedron.
/// A face of B lying in a plane of A with the same outward normal is A's (it is not counted
/// twice). The gradient ∂V/∂x_A = ∫_{∂A∩B} n_A dA is the vector area of A's clipped polygons
/// (averaged with −that of B's, equal for a closed surface). Volumes below 1e-14 of the overlap
/// bounds' cube (touching, roundoff) are returned as no intersection (all zero).
[[nodiscard]] VolumeMoments convexIntersection(const TriangleMesh& a,
                                               const ConvexMeshPlanes& planes_a, const Frame& X_WA,
                                               const TriangleMesh& b,
                                               const ConvexMeshPlanes& planes_b, const Frame& X_WB);

}  // namespace contactsim
