#include "dynamics/free_body.hpp"

#include <utility>

#include "contactsim/math/checks.hpp"
#include "contactsim/math/quaternion.hpp"
#include "dynamics/newton_euler.hpp"

namespace contactsim {

WrenchField constantWorldWrench(const Vec3& torque_world, const Vec3& force_world) {
  requireFinite(torque_world, "user torque");
  requireFinite(force_world, "user force");
  return [torque_world, force_world](double, const RigidBodyState& s) {
    const Quat to_body = s.orientation.conjugate();
    return spatial(to_body * torque_world, to_body * force_world);
  };
}

FreeBodySystem::FreeBodySystem(MassProperties body, const Vec3& gravity, WrenchField user_wrench)
    : body_(std::move(body)), gravity_(gravity), user_wrench_(std::move(user_wrench)) {
  requireFinite(gravity, "gravity");
}

Wrench FreeBodySystem::appliedWrench(double t, const RigidBodyState& state) const {
  Wrench f = gravityWrench(body_.mass(), state.orientation, gravity_);
  if (user_wrench_) {
    f += user_wrench_(t, state);
  }
  return f;
}

double FreeBodySystem::energy(const RigidBodyState& state) const {
  return body_.kineticEnergy(state.twist) - body_.mass() * gravity_.dot(state.position);
}

FreeBodySystem::State FreeBodySystem::derivative(double t, const State& x) const {
  // Intermediate RK stages carry unnormalised quaternions; use the unit one for the rotation.
  RigidBodyState s = unpack(x);
  const Quat q_raw(x(6), x(3), x(4), x(5));
  s.orientation = q_raw.normalized();
  State dx;
  dx.segment<3>(0) = s.orientation * linear(s.twist);
  dx.segment<4>(3) = quaternionRate(q_raw, angular(s.twist));
  dx.segment<6>(7) = newtonEulerAcceleration(body_, s.twist, appliedWrench(t, s));
  return dx;
}

void FreeBodySystem::project(State& x) const {
  x.segment<4>(3).normalize();
}

FreeBodySystem::State FreeBodySystem::pack(const RigidBodyState& state) {
  State x;
  x << state.position, state.orientation.coeffs(), state.twist;
  return x;
}

RigidBodyState FreeBodySystem::unpack(const State& x) {
  RigidBodyState s;
  s.position = x.segment<3>(0);
  s.orientation = Quat(x(6), x(3), x(4), x(5));
  s.twist = x.segment<6>(7);
  return s;
}

RigidBodyState semiImplicitEulerStep(const FreeBodySystem& system, double t,
                                     const RigidBodyState& state, double h) {
  RigidBodyState next = state;
  next.twist +=
      h * newtonEulerAcceleration(system.body(), state.twist, system.appliedWrench(t, state));
  next.position += h * (state.orientation * linear(next.twist));
  next.orientation = integrateBodyRate(state.orientation, angular(next.twist), h);
  return next;
}

}  // namespace contactsim
