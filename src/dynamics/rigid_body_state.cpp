#include "contactsim/dynamics/rigid_body_state.hpp"

#include "contactsim/math/checks.hpp"
#include "contactsim/math/quaternion.hpp"

namespace contactsim {

RigidBodyState RigidBodyState::fromWorldVelocities(const Vec3& position, const Quat& orientation,
                                                   const Vec3& omega_world, const Vec3& v_world) {
  RigidBodyState s;
  s.position = position;
  s.orientation = orientation;
  s.twist = spatial(orientation.conjugate() * omega_world, orientation.conjugate() * v_world);
  return s;
}

void validateState(const RigidBodyState& state, const std::string& what,
                   double quaternion_tolerance) {
  requireFinite(state.position, what + " position");
  requireFinite(state.orientation.coeffs(), what + " orientation quaternion");
  requireFinite(state.twist, what + " twist");
  if (!isUnit(state.orientation, quaternion_tolerance)) {
    throw InvalidInputError(what + " orientation quaternion must have unit norm (tolerance " +
                            toText(quaternion_tolerance) + "), got norm " +
                            toText(state.orientation.norm()));
  }
}

}  // namespace contactsim
