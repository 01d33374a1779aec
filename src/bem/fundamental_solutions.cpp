#include "bem/fundamental_solutions.hpp"

#include <cmath>
#include <numbers>

#include "bem/complex_bessel.hpp"

namespace contactsim {

RadialKernel<double> kelvinRadial(double r, const ElasticMaterial& material) {
  const double nu = material.poisson_ratio;
  const double scale = 1.0 / (8.0 * std::numbers::pi * material.shearModulus() * (1.0 - nu));
  return {-(3.0 - 4.0 * nu) * std::log(r) * scale, -(3.0 - 4.0 * nu) / r * scale, scale, 0.0};
}

using Complex = std::complex<double>;

RadialKernel<std::complex<double>> laplaceRadial(double r, std::complex<double> s,
                                                 const ElasticMaterial& material) {
  const double cs = material.shearWaveSpeed();
  const double cp = material.pressureWaveSpeed();
  const double ratio = cs / cp;
  const double ratio2 = ratio * ratio;
  const Complex zs = s * r / cs;
  const Complex zp = s * r / cp;
  const auto ks = besselK0AndRegularK1(zs);
  const auto kp = besselK0AndRegularK1(zp);
  // With K1 = 1/z + f and K2 = K0 + 2K1/z, the 1/z² terms of ψ, χ and their derivatives cancel
  // exactly (c_s/c_p · 1/(z_p z_s) = 1/z_s²), so they are left out: what remains is finite
  // apart from the logarithms, and accurate for any r > 0.
  const Complex psi = ks.k0 + (ks.f - ratio * kp.f) / zs;
  const Complex chi = ks.k0 + 2.0 * ks.f / zs - ratio2 * (kp.k0 + 2.0 * kp.f / zp);
  const Complex dpsi =
      (-1.0 - zs * ks.f - ks.k0 + ratio2 * kp.k0 - 2.0 * (ks.f - ratio * kp.f) / zs) / r;
  const Complex dchi = (-(1.0 + zs * ks.f) + ratio2 * (1.0 + zp * kp.f) - 2.0 * ks.k0 +
                        2.0 * ratio2 * kp.k0 - 4.0 * ks.f / zs + 4.0 * ratio2 * kp.f / zp) /
                       r;
  const double scale = 1.0 / (2.0 * std::numbers::pi * material.shearModulus());
  return {psi * scale, dpsi * scale, -chi * scale, -dchi * scale};
}

}  // namespace contactsim
