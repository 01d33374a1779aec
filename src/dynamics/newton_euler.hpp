// Newton–Euler equations of a free rigid body in body coordinates (kry-pai-2002 eq. 15).
#pragma once

#include "contactsim/dynamics/mass_properties.hpp"
#include "contactsim/math/spatial.hpp"

namespace contactsim {

/// φ̇ from f = M φ̇ − [φ]ᵀ M φ (kry-pai-2002 eq. 15), with f the total wrench on the body about its
/// centre of mass in body coordinates and φ̇ the time derivative of the body-frame twist.
inline Twist newtonEulerAcceleration(const MassProperties& body, const Twist& phi,
                                     const Wrench& f) {
  return body.solve(f + spatialCrossTransposeTimes(phi, body.momentum(phi)));
}

/// The wrench of uniform gravity g (world coordinates) on a body of the given mass, about its
/// centre of mass in body coordinates: zero torque, force Θᵀ m g.
inline Wrench gravityWrench(double mass, const Quat& orientation, const Vec3& gravity_world) {
  return spatial(Vec3::Zero(), orientation.conjugate() * (mass * gravity_world));
}

/// The same with the body's orientation as a rotation matrix (body to world).
inline Wrench gravityWrench(double mass, const Mat3& rotation, const Vec3& gravity_world) {
  return spatial(Vec3::Zero(), rotation.transpose() * (mass * gravity_world));
}

}  // namespace contactsim
