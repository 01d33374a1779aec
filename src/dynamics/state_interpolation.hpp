// Dense output of a free flight between two integrator states (kry-pai-2002 §3.7: output at a
// fixed rate while the integrator takes its own steps): cubic Hermite interpolation of the
// position and of the orientation quaternion from their values and derivatives at both ends.
#pragma once

#include "contactsim/dynamics/rigid_body_state.hpp"

namespace contactsim {

/// The cubic Hermite basis at s ∈ [0, 1]: weights of the end values (h00, h01) and of the end
/// derivatives scaled by the interval (h10, h11), and the derivatives of those four by s.
struct HermiteBasis {
  double h00, h10, h01, h11;
  double d00, d10, d01, d11;
};

[[nodiscard]] inline HermiteBasis hermiteBasis(double s) {
  const double s2 = s * s, s3 = s2 * s;
  return {2 * s3 - 3 * s2 + 1, s3 - 2 * s2 + s,    -2 * s3 + 3 * s2, s3 - s2,
          6 * s2 - 6 * s,      3 * s2 - 4 * s + 1, -6 * s2 + 6 * s,  3 * s2 - 2 * s};
}

/// The cubic Hermite interpolant at the fraction s ∈ [0, 1] of an interval of length h, from the
/// values y0, y1 and the time derivatives dy0, dy1 at its ends.
template <class V>
[[nodiscard]] V hermite(const V& y0, const V& dy0, const V& y1, const V& dy1, double h, double s) {
  const HermiteBasis b = hermiteBasis(s);
  return b.h00 * y0 + b.h10 * h * dy0 + b.h01 * y1 + b.h11 * h * dy1;
}

/// The state at t ∈ [t0, t1] between `a` (at t0) and `b` (at t1) of one body in flight, t0 < t1.
/// Position: the cubic Hermite interpolant of the end positions and world velocities — exact for
/// a body under constant gravity, whose path is a parabola. Orientation: the cubic Hermite
/// interpolant of the quaternions (b's sign matched to a's) with q̇ = ½ (0, ω_world) q,
/// normalised: error O(|ω| (t1 − t0))⁴. Velocities: the derivative of the position interpolant
/// (exact under gravity) and the world angular velocity linear in t. Throws InvalidInputError
/// unless t0 < t1 and t lies in [t0, t1].
[[nodiscard]] RigidBodyState interpolateFlight(const RigidBodyState& a, double t0,
                                               const RigidBodyState& b, double t1, double t);

}  // namespace contactsim
