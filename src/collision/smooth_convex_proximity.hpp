// Exact closest points between a smooth surface and a convex polyhedron or a half-space (issue 22,
// mixed islands: "for every pair that involves a smooth surface a point contact at the exact
// closest points — Newton on the smooth surface against the other's surface or feature; the
// normal from the smooth surface"). The convex side is written as its signed distance φ(x),
// exact inside and outside (the nearest face, edge or vertex), with its gradient and Hessian; the
// smooth side minimises φ(c(s, t)) by Newton over its parameters, crossing patch edges as
// refineClosestPoints does. At the minimum ∇φ is normal to the smooth surface, so the contact
// normal −n_smooth equals ∇φ there. Internal to collision.
#pragma once

#include <limits>
#include <optional>

#include "collision/surface_proximity.hpp"
#include "contactsim/collision/convex_polyhedron.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim {

/// A convex obstacle in its body coordinates: the polyhedron, or (when null) the half-space
/// {x : normal·x ≤ offset}.
struct ConvexObstacle {
  const ConvexPolyhedron* polyhedron = nullptr;
  Vec3 normal = Vec3::UnitZ();
  double offset = 0.0;
};

/// φ(x), the signed distance of x to the obstacle (negative inside: minus the depth below the
/// nearest face), its gradient (unit) and Hessian, and the nearest point of the obstacle's
/// boundary. Inside, and outside nearest a face, φ is affine (Hessian 0); nearest an edge it is
/// the distance to the edge's line, nearest a vertex the distance to the vertex.
struct ObstacleDistance {
  double value = 0.0;
  Vec3 gradient = Vec3::UnitZ();
  Mat3 hessian = Mat3::Zero();
  Vec3 nearest = Vec3::Zero();
};
[[nodiscard]] ObstacleDistance signedDistance(const ConvexObstacle& obstacle, const Vec3& x);

/// The closest points of a smooth body and a convex obstacle, in world coordinates.
struct SmoothConvexPoints {
  int patch = 0;
  Vec2 st = Vec2::Zero();  ///< on the smooth surface
  Vec3 smooth_point = Vec3::Zero();
  Vec3 obstacle_point = Vec3::Zero();
  /// Unit, out of the obstacle towards the smooth body: −(the smooth surface's outward normal).
  Vec3 normal = Vec3::UnitZ();
  double distance = 0.0;  ///< signed: positive apart, negative overlapping [m]
  /// ‖∇_(s,t) φ(c)‖ / ‖(c_s, c_t)‖, dimensionless; below 1e-12 when converged.
  double residual = 0.0;
  bool converged = false;
  int iterations = 0;
  /// Answered in closed form: the surface is an exact sphere (ChartSurface::sphereForm), whose
  /// closest points to a convex obstacle are its centre's nearest obstacle point, moved out by
  /// the radius — the only contact of the pair.
  bool sphere = false;
};

/// Newton from `warm` (last step's point) or else from the tessellation vertex deepest in the
/// obstacle's face planes; an exact sphere in closed form. `E_w_s` and `E_w_o` pose the smooth body
/// and the obstacle. Never throws for valid shapes and finite poses; check `converged`.
[[nodiscard]] SmoothConvexPoints closestToObstacle(const ProximityShape& smooth, const Frame& E_w_s,
                                                   const ConvexObstacle& obstacle,
                                                   const Frame& E_w_o,
                                                   const std::optional<SurfacePoint>& warm);

/// The general path of closestToObstacle, for any surface (Newton on φ(c(s, t))).
[[nodiscard]] SmoothConvexPoints newtonToObstacle(const ProximityShape& smooth, const Frame& E_w_s,
                                                  const ConvexObstacle& obstacle,
                                                  const Frame& E_w_o,
                                                  const std::optional<SurfacePoint>& warm);

/// The closed form of closestToObstacle for an exact sphere (in its body coordinates).
[[nodiscard]] SmoothConvexPoints sphereToObstacle(const SphereForm& sphere, const Frame& E_w_s,
                                                  const ConvexObstacle& obstacle,
                                                  const Frame& E_w_o);

/// The point of the segment [a, b] (world) deepest in the smooth body — the minimum over α of
/// the signed distance σ(a + α (b − a)) = (x − c(x))·n(c(x)), c(x) the projection onto the
/// surface (Newton, warm started from `at`, which is updated) — an end where σ rises from it, else
/// a root of σ'(α) = (b − a)·n by regula falsi in the bracket of its sign change (a local
/// minimum; σ is convex along a line for a convex body). Used for a polyhedron's edges against a
/// smooth surface, where the obstacle's signed distance has a ridge (two faces' planes tie) that
/// Newton on φ(c(s, t)) cannot converge on. `obstacle_point` is the segment's point, `smooth_point`
/// its projection, `normal` −n (out of the segment's body towards the smooth one).
struct SegmentDepth {
  double alpha = 0.0;
  SmoothConvexPoints points;
};
/// A segment whose distance provably exceeds `reach` (σ is 1-Lipschitz: three samples bound its
/// minimum) is not searched: its nearest sample is returned, `points` holding only the distance.
[[nodiscard]] SegmentDepth deepestOnSegment(const ProximityShape& smooth, const Frame& E_w_s,
                                            const Vec3& a, const Vec3& b, SurfacePoint& at,
                                            double reach = std::numeric_limits<double>::infinity());

/// The signed distance of x (the smooth body's coordinates) to the smooth surface along its
/// outward normal at the projection of x (Newton from `at`, updated), with that projection.
struct SurfaceDistance {
  double value = 0.0;
  Vec3 on_surface = Vec3::Zero();
  Vec3 outward = Vec3::UnitZ();
};
[[nodiscard]] SurfaceDistance surfaceDistance(const Surface& surface, const Vec3& x,
                                              SurfacePoint& at);

}  // namespace contactsim
