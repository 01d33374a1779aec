// The patch ellipse of bouchard-2015 in its own 2D coordinates (u, w) about the patch centre:
// the projection of the centre of pressure onto it (§5.4) and the four-corner bound on the spinning
// torque (§5.6, eqs. 11–13).
#pragma once

#include <Eigen/Core>

namespace contactsim {

using Vec2 = Eigen::Vector2d;

/// True when (d_u/a)² + (d_w/b)² ≤ 1; a zero radius makes the ellipse a segment (or a point).
[[nodiscard]] bool insideEllipse(const Vec2& d, double radius_u, double radius_w);

struct EllipseProjection {
  Vec2 point = Vec2::Zero();  ///< p: d itself when inside, else the closest boundary point
  bool projected = false;     ///< d was outside
  int iterations = 0;         ///< Newton steps of the root finding
};

/// bouchard-2015 §5.4: the Euclidean closest point of the ellipse (d_u/a)² + (d_w/b)² ≤ 1 to d.
/// Outside, p_i = a_i² d_i / (a_i² + t) with the Lagrange multiplier t > 0 the root of
/// F(t) = Σ (a_i d_i / (a_i² + t))² − 1, which is convex and decreasing: Newton from the lower
/// bound max_i(a_i |d_i| − a_i²) increases monotonically to it. Radii ≥ 0 (zero: a segment or a
/// point); throws InvalidInputError for negative or non-finite input.
[[nodiscard]] EllipseProjection projectOntoEllipse(const Vec2& d, double radius_u, double radius_w);

/// bouchard-2015 eqs. 11–13: the normal force f_n distributed on the corners c_i = (±a, ±b) of the
/// rectangle enclosing the ellipse by the bilinear coordinates w_i of the centre of pressure p
/// (eq. 11: p = Σ w_i c_i; eq. 12: f_i = w_i f), and the spinning torque about p bounded by
/// μ Σ_i w_i f_n ‖c_i − p‖ (eq. 13). p must lie in the rectangle; a zero radius collapses two
/// corner pairs (their weights are split evenly).
[[nodiscard]] double spinTorqueLimit(const Vec2& p, double radius_u, double radius_w,
                                     double normal_force, double friction);

}  // namespace contactsim
