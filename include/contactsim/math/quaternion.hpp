// Unit quaternions for body orientation: exponential map and exact integration of a constant
// body-frame angular velocity. Eigen's Quaterniond stores (x, y, z, w); docs and files use w first.
#pragma once

#include <cmath>

#include "contactsim/math/types.hpp"

namespace contactsim {

/// exp(r/2): the unit quaternion of the rotation by angle ‖r‖ about r/‖r‖. Uses the Taylor
/// series of sin(θ/2)/θ for small angles so that it stays exact to rounding near zero.
inline Quat quaternionExp(const Vec3& r) {
  const double theta = r.norm();
  const double half = 0.5 * theta;
  double sinc_half;  // sin(θ/2)/θ
  if (theta < 1e-4) {
    const double t2 = theta * theta;
    sinc_half = 0.5 - t2 / 48.0 + t2 * t2 / 3840.0;
  } else {
    sinc_half = std::sin(half) / theta;
  }
  return Quat(std::cos(half), sinc_half * r.x(), sinc_half * r.y(), sinc_half * r.z());
}

/// Orientation after time h of a body turning at constant body-frame angular velocity ω:
/// q(t + h) = q(t) ⊗ exp(ω h / 2). Exact for constant ω; renormalised against rounding drift.
inline Quat integrateBodyRate(const Quat& q, const Vec3& omega_body, double h) {
  return (q * quaternionExp(omega_body * h)).normalized();
}

/// q̇ = ½ q ⊗ (0, ω) for body-frame ω, in Eigen's coefficient order (x, y, z, w).
inline Vec4 quaternionRate(const Quat& q, const Vec3& omega_body) {
  return 0.5 * (q * Quat(0.0, omega_body.x(), omega_body.y(), omega_body.z())).coeffs();
}

/// True when |‖q‖ − 1| ≤ tolerance.
inline bool isUnit(const Quat& q, double tolerance) {
  return std::abs(q.norm() - 1.0) <= tolerance;
}

}  // namespace contactsim
