// Narrow-phase contact manifolds between convex polyhedra, and between a convex polyhedron and a
// fixed half-space, for velocity-level point-contact solvers.
#pragma once

#include <cstdint>
#include <vector>

#include "contactsim/collision/convex_polyhedron.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim {

/// One point of a contact manifold between body A and body B.
struct ContactPoint {
  /// World coordinates, midway between the two surfaces: point + ½ separation normal lies on A,
  /// point − ½ separation normal on B.
  Vec3 point;
  /// World unit normal pointing from body B towards body A (the force on A is +f normal).
  Vec3 normal;
  /// Signed distance between the surfaces along normal, negative when penetrating [m].
  double separation;
  /// Stable id of the feature pair that produced the point, equal in consecutive steps while the
  /// same features touch (for warm starting). Unique within one manifold.
  std::uint64_t feature = 0;
};

/// Contact manifold of A against B, each posed by its body → world frame (E_w_a, E_w_b): all
/// points with separation < margin, empty when the bodies are farther apart than margin.
/// Face contact (the usual resting case) gives the incident face clipped to the reference face,
/// one point per vertex of the clipped polygon (4 for a box resting on a larger box); crossing
/// edges give one point. Throws InvalidInputError for a negative or non-finite margin [m].
[[nodiscard]] std::vector<ContactPoint> collide(const ConvexPolyhedron& a, const Frame& pose_a,
                                                const ConvexPolyhedron& b, const Frame& pose_b,
                                                double margin);

/// Contact manifold of A against the fixed half-space {x : plane_normal·x ≤ plane_offset} (world
/// coordinates): one point per vertex of A with separation < margin, normal = plane_normal.
/// Throws InvalidInputError for a non-unit (tolerance 1e-9) or non-finite plane_normal, a
/// non-finite plane_offset, or a negative or non-finite margin.
[[nodiscard]] std::vector<ContactPoint> collideHalfSpace(const ConvexPolyhedron& a,
                                                         const Frame& pose_a,
                                                         const Vec3& plane_normal,
                                                         double plane_offset, double margin);

}  // namespace contactsim
