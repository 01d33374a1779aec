// Modified Bessel functions of the second kind K_0, K_1, K_2 of complex argument (principal
// branch, Re z ≥ 0).
//
// Used by the boundary element method behind the contact response maps (ullrich-pai): the
// Laplace-domain fundamental solution of 2D elastodynamics is built from K_0, K_1, K_2 at
// z = s r / c (s a Laplace variable of convolution quadrature, Re s > 0; r a distance; c a wave
// speed), so one matrix assembly calls besselK012 about 10^7 times.
#pragma once

#include <complex>

namespace contactsim {

/// K_0(z), K_1(z), K_2(z) at one argument.
struct BesselK012 {
  std::complex<double> k0, k1, k2;
};

/// K_0, K_1, K_2 of the principal branch for Re z ≥ 0 (Re z = 0 included), z ≠ 0. Accurate to a
/// few units of 1e-15 relative for 1e-10 ≤ |z| ≤ 1e4 and every arg z in [−π/2, π/2], including
/// Re z ≪ |Im z| (tests allow 1e-12). Results that underflow (Re z beyond ~700) come back as 0
/// or subnormal. Thread-safe; 40–130 ns a call; the first call with 2 ≲ |z| < 25 builds a table
/// of 2500 values (~1 ms). Throws InvalidInputError naming z when z is not finite, Re z < 0, or
/// |z| < 1e-150 (z = 0 included; below that K_2 ≈ 2/z² overflows).
[[nodiscard]] BesselK012 besselK012(std::complex<double> z);

/// K_ν(z) by the trapezoidal rule on K_ν(z) = ½∫ e^{−z cosh t + νt} dt (DLMF 10.32.9) along a
/// contour close to the steepest-descent path, to ~1e-14 relative. Slow (microseconds to a
/// millisecond) and independent of besselK012: it exists so that tests have a second method.
/// Valid for Re z ≥ 0, z ≠ 0, including Re z = 0 (the contour keeps both tails decaying there).
/// Throws InvalidInputError naming the argument when ν or z is not finite, z = 0 or Re z < 0.
[[nodiscard]] std::complex<double> besselKIntegral(double nu, std::complex<double> z);

/// K_0(z) and the regular part K_1(z) − 1/z, computed without the cancellation that subtracting
/// 1/z from K_1 suffers for small |z| (the series for |z| < 1/2, besselK012 beyond). The 2D
/// elastodynamic kernels need it: their 1/z² terms cancel exactly in closed form. Same input
/// checks as besselK012.
struct K0AndRegularK1 {
  std::complex<double> k0;
  std::complex<double> f;  ///< K_1(z) − 1/z
};
[[nodiscard]] K0AndRegularK1 besselK0AndRegularK1(std::complex<double> z);

}  // namespace contactsim
