// Exact-predicate-style intersection tests between the triangles of one mesh (Möller 1997), with
// pairs that share a vertex or an edge judged by what they share: such pairs always meet there, so
// only contact beyond the shared part counts.
#pragma once

#include <array>

#include "contactsim/math/types.hpp"

namespace contactsim::triangle_intersection {

using Points = std::array<Vec3, 3>;

/// Whether two triangles with no common vertex share a point (closed sets: touching counts).
/// Möller, "A fast triangle-triangle intersection test", J. Graphics Tools 2(2), 1997: plane
/// rejection, then the overlap of the two intervals on the line where the planes meet; the
/// coplanar case by edge crossings and containment in the plane. `tolerance` is a length below
/// which distances count as zero.
bool trianglesIntersect(const Points& p, const Points& q, double tolerance);

/// Whether the closed segment a–b meets the closed triangle t.
bool segmentIntersectsTriangle(const Vec3& a, const Vec3& b, const Points& t, double tolerance);

/// Whether triangles (v, a, b) and (v, c, d), which share only the vertex v, meet anywhere but at
/// v: their intersection is convex and contains v, so it reaches beyond v exactly when the edge
/// a–b meets the second triangle or c–d meets the first.
bool sharedVertexTrianglesOverlap(const Vec3& v, const Vec3& a, const Vec3& b, const Vec3& c,
                                  const Vec3& d, double tolerance);

/// Whether triangles that share the edge v–w, with third vertices a and b, overlap beyond it:
/// only when they are coplanar and fold onto each other (a and b on the same side of v–w).
bool sharedEdgeTrianglesOverlap(const Vec3& v, const Vec3& w, const Vec3& a, const Vec3& b,
                                double tolerance);

}  // namespace contactsim::triangle_intersection
