#include "contactsim/bem/fundamental_solutions.hpp"

#include <cmath>
#include <numbers>

#include "contactsim/bem/complex_bessel.hpp"

namespace contactsim {

RadialKernel<double> kelvinRadial(double r, const ElasticMaterial& material) {
  const double nu = material.poisson_ratio;
  const double scale = 1.0 / (8.0 * std::numbers::pi * material.shearModulus() * (1.0 - nu));
  return {-(3.0 - 4.0 * nu) * std::log(r) * scale, -(3.0 - 4.0 * nu) / r * scale, scale, 0.0};
}

namespace {

using Complex = std::complex<double>;

struct K0AndRegularK1 {
  Complex k0;
  Complex f;  ///< K1(z) − 1/z, computed without cancellation
};

// DLMF 10.31.1 for n = 0, 1 with ψ(k + 1) = −γ + H_k: for |z| < 1/2 the series give K0 and the
// regular part of K1 directly (K1 − 1/z would cancel catastrophically there); otherwise
// besselK012.
K0AndRegularK1 k0AndRegularK1(Complex z) {
  if (std::abs(z) >= 0.5) {
    const auto k = besselK012(z);
    return {k.k0, k.k1 - 1.0 / z};
  }
  const Complex q = 0.25 * z * z;
  const Complex log_half = std::log(0.5 * z);
  Complex term{1.0, 0.0};                // (z²/4)^k / (k!)²
  double psi_k = -std::numbers::egamma;  // ψ(k + 1)
  Complex i0 = 0.0;
  Complex sum0 = 0.0;
  Complex i1_over_half_z = 0.0;  // I1(z) / (z/2) = Σ (z²/4)^k / (k!(k+1)!)
  Complex sum1 = 0.0;            // Σ (ψ(k+1) + ψ(k+2)) (z²/4)^k / (k!(k+1)!)
  for (int k = 0; k < 30; ++k) {
    const double kp1 = k + 1.0;
    const Complex term1 = term / kp1;
    const double psi_k1 = psi_k + 1.0 / kp1;
    i0 += term;
    sum0 += psi_k * term;
    i1_over_half_z += term1;
    sum1 += (psi_k + psi_k1) * term1;
    if (std::abs(term) < 1e-17 * std::abs(i0)) {
      break;
    }
    term *= q / (kp1 * kp1);
    psi_k = psi_k1;
  }
  const Complex k0 = -log_half * i0 + sum0;
  const Complex f = log_half * (0.5 * z) * i1_over_half_z - 0.25 * z * sum1;
  return {k0, f};
}

}  // namespace

RadialKernel<std::complex<double>> laplaceRadial(double r, std::complex<double> s,
                                                 const ElasticMaterial& material) {
  const double cs = material.shearWaveSpeed();
  const double cp = material.pressureWaveSpeed();
  const double ratio = cs / cp;
  const double ratio2 = ratio * ratio;
  const Complex zs = s * r / cs;
  const Complex zp = s * r / cp;
  const auto ks = k0AndRegularK1(zs);
  const auto kp = k0AndRegularK1(zp);
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
