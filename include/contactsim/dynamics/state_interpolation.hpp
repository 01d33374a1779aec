// Dense output of a free flight between two integrator states (kry-pai-2002 §3.7: output at a
// fixed rate while the integrator takes its own steps): cubic Hermite interpolation of the
// position and of the orientation quaternion from their values and derivatives at both ends.
#pragma once

#include "contactsim/dynamics/rigid_body_state.hpp"

namespace contactsim {

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
