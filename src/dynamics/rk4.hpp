// Classical fourth-order Runge–Kutta, the integrator of kry-pai-2002 §3.7 and §4.2.
#pragma once

#include "dynamics/ode.hpp"

namespace contactsim {

/// One classical RK4 step of size h from (t, x); the result is projected onto the state manifold.
template <OdeSystem S>
typename S::State rk4Step(const S& system, double t, const typename S::State& x, double h) {
  using State = typename S::State;
  const State k1 = system.derivative(t, x);
  const State k2 = system.derivative(t + 0.5 * h, x + (0.5 * h) * k1);
  const State k3 = system.derivative(t + 0.5 * h, x + (0.5 * h) * k2);
  const State k4 = system.derivative(t + h, x + h * k3);
  State y = x + (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
  system.project(y);
  return y;
}

}  // namespace contactsim
