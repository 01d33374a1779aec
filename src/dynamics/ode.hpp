// The ordinary differential equation interface shared by every integrator: rigid bodies in free
// flight today, contact coordinates (q, q̇) of kry-pai-2002 eq. 20 later.
#pragma once

#include <concepts>

#include <Eigen/Core>

namespace contactsim {

/// A system x' = f(t, x) whose state is a fixed-size Eigen vector, with a projection back onto
/// its manifold applied after each completed step (unit quaternions; identity for flat states).
template <class S>
concept OdeSystem = requires(const S& system, double t, const typename S::State& x,
                             typename S::State& y) {
  { system.derivative(t, x) } -> std::convertible_to<typename S::State>;
  {system.project(y)};
};

}  // namespace contactsim
