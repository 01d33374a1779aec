#include "contactsim_reference/jacobi_elliptic.hpp"

#include <cmath>
#include <numbers>

namespace contactsim::reference {

JacobiElliptic jacobiElliptic(double u, double m) {
  // A&S 16.4: a₀ = 1, b₀ = √(1−m), c₀ = √m; AGM until c_N ≈ 0; φ_N = 2ᴺ a_N u;
  // φ_{n−1} = ½(φ_n + asin(c_n/a_n sin φ_n)); sn = sin φ₀, cn = cos φ₀.
  constexpr int kMax = 16;
  double a[kMax + 1];
  double c[kMax + 1];
  a[0] = 1.0;
  double b = std::sqrt(1.0 - m);
  c[0] = std::sqrt(m);
  int n = 0;
  while (n < kMax && std::abs(c[n]) > 1e-16) {
    a[n + 1] = 0.5 * (a[n] + b);
    c[n + 1] = 0.5 * (a[n] - b);
    b = std::sqrt(a[n] * b);
    ++n;
  }
  double phi = std::ldexp(a[n] * u, n);
  for (int i = n; i > 0; --i) {
    phi = 0.5 * (phi + std::asin(c[i] / a[i] * std::sin(phi)));
  }
  const double sn = std::sin(phi);
  // dn = √(1 − m sn²) ≥ √(1 − m) > 0: better conditioned than A&S's cn / cos(φ₁ − φ₀) near cn = 0.
  return {sn, std::cos(phi), std::sqrt(1.0 - m * sn * sn)};
}

double completeEllipticK(double m) {
  double a = 1.0;
  double b = std::sqrt(1.0 - m);
  // The AGM converges quadratically; the rounding floor is reached within a few iterations, so
  // stop on a relative 4 ulp difference or after 40 iterations (m → 1 included).
  for (int i = 0; i < 40 && std::abs(a - b) > 1e-15 * a; ++i) {
    const double next = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = next;
  }
  return std::numbers::pi / (2.0 * a);
}

}  // namespace contactsim::reference
