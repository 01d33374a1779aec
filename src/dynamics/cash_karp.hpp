// Embedded Runge–Kutta 4(5) pair of Cash & Karp (ACM TOMS 16(3), 1990, Table 1): a fifth-order
// solution with the difference to the embedded fourth-order one as local error estimate.
#pragma once

#include "dynamics/ode.hpp"

namespace contactsim {

template <class State>
struct EmbeddedStep {
  State x;      ///< fifth-order solution (local extrapolation), projected
  State error;  ///< fifth-order minus fourth-order solution: estimate of the local error
};

/// One Cash–Karp step of size h from (t, x).
template <OdeSystem S>
EmbeddedStep<typename S::State> cashKarpStep(const S& system, double t, const typename S::State& x,
                                             double h) {
  using State = typename S::State;
  // Cash & Karp 1990, Table 1: nodes c, stage weights a, fifth-order weights b, fourth-order b*.
  const State k1 = system.derivative(t, x);
  const State k2 = system.derivative(t + h / 5.0, x + h * (1.0 / 5.0) * k1);
  const State k3 =
      system.derivative(t + 3.0 * h / 10.0, x + h * ((3.0 / 40.0) * k1 + (9.0 / 40.0) * k2));
  const State k4 = system.derivative(
      t + 3.0 * h / 5.0, x + h * ((3.0 / 10.0) * k1 - (9.0 / 10.0) * k2 + (6.0 / 5.0) * k3));
  const State k5 = system.derivative(t + h, x + h * (-(11.0 / 54.0) * k1 + (5.0 / 2.0) * k2 -
                                                     (70.0 / 27.0) * k3 + (35.0 / 27.0) * k4));
  const State k6 = system.derivative(
      t + 7.0 * h / 8.0,
      x + h * ((1631.0 / 55296.0) * k1 + (175.0 / 512.0) * k2 + (575.0 / 13824.0) * k3 +
               (44275.0 / 110592.0) * k4 + (253.0 / 4096.0) * k5));
  const State fifth = x + h * ((37.0 / 378.0) * k1 + (250.0 / 621.0) * k3 + (125.0 / 594.0) * k4 +
                               (512.0 / 1771.0) * k6);
  const State fourth =
      x + h * ((2825.0 / 27648.0) * k1 + (18575.0 / 48384.0) * k3 + (13525.0 / 55296.0) * k4 +
               (277.0 / 14336.0) * k5 + (1.0 / 4.0) * k6);
  EmbeddedStep<State> result{fifth, fifth - fourth};
  system.project(result.x);
  return result;
}

}  // namespace contactsim
