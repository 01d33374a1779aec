// State of a free rigid body: pose of the body frame (at the centre of mass) in the world, and
// its twist in body coordinates, as kry-pai-2002 §3.3 writes the Newton–Euler equations.
#pragma once

#include <string>

#include "contactsim/math/types.hpp"

namespace contactsim {

struct RigidBodyState {
  /// Position of the centre of mass in world coordinates [m].
  Vec3 position = Vec3::Zero();
  /// Unit quaternion rotating body coordinates into world coordinates.
  Quat orientation = Quat::Identity();
  /// ^bφ(w,b) = (ω, v) in body coordinates: angular velocity [rad/s] and velocity of the centre of
  /// mass [m/s], both expressed in the body frame.
  Twist twist = Twist::Zero();

  /// ^w_b E: the body frame in world coordinates.
  [[nodiscard]] Frame pose() const { return makeFrame(orientation, position); }
  /// Angular velocity in world coordinates.
  [[nodiscard]] Vec3 worldAngularVelocity() const { return orientation * angular(twist); }
  /// Velocity of the centre of mass in world coordinates.
  [[nodiscard]] Vec3 worldLinearVelocity() const { return orientation * linear(twist); }

  /// Builds a state from world-frame velocities (the form scene files use).
  static RigidBodyState fromWorldVelocities(const Vec3& position, const Quat& orientation,
                                            const Vec3& omega_world, const Vec3& v_world);
};

/// Throws InvalidInputError when a coefficient is NaN/Inf or the quaternion is not unit to within
/// `quaternion_tolerance`; `what` names the body in the message.
void validateState(const RigidBodyState& state, const std::string& what,
                   double quaternion_tolerance = 1e-6);

}  // namespace contactsim
