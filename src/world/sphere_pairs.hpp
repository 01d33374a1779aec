// Closed forms for pairs of exact spheres (issue 30): their closest points, and the first touch of
// two spheres whose centres move at a constant relative velocity (two flying free bodies under
// the same gravity, spheres centred at their centres of mass). They replace the tessellations'
// distances and the Newton iterations of collision/surface_proximity.hpp, and the conservative
// advancement of world/time_of_impact.hpp, where both surfaces are spheres
// (ChartSurface::sphereForm). Internal to world.
#pragma once

#include <optional>

#include "collision/surface_proximity.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"

namespace contactsim::world_detail {

/// The sphere a body's surface is exactly, if it is one.
[[nodiscard]] const std::optional<SphereForm>& sphereOf(const ProximityShape& shape);

/// The closest points of two spheres posed by E_w_1 and E_w_2, as closestPoints reports them: the
/// centres c₁, c₂ apart by L, n = (c₁ − c₂)/L (surface 2's outward normal at its point), points
/// c₁ − r₁ n and c₂ + r₂ n, signed distance L − r₁ − r₂, the parameter points by
/// sphereChartPoint, converged (exact); mesh_distance is max(0, distance), a lower bound as
/// closestPoints' is. Coincident centres take n = e_z.
[[nodiscard]] ClosestPoints sphereClosestPoints(const SphereForm& s1, const Frame& E_w_1,
                                                const SphereForm& s2, const Frame& E_w_2);

/// The first τ ∈ [0, span] at which centres apart by p (the second's less the first's) and
/// closing at the constant relative velocity v come within `reach` (the sum of the radii): the
/// smaller root of |p + v τ|² = reach², taken in the form c / (−b + √D) that loses no digits.
/// Touching or overlapping already (|p| ≤ reach + tolerance) and approaching (p·v < 0): 0. None
/// when the centres separate, pass wide, or meet after `span`.
[[nodiscard]] std::optional<double> sphereTouchTime(const Vec3& p, const Vec3& v, double reach,
                                                    double tolerance, double span);

}  // namespace contactsim::world_detail
