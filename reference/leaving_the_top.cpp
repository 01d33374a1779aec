#include "contactsim_reference/leaving_the_top.hpp"

#include <algorithm>
#include <cmath>

namespace contactsim::reference {

double carlsonRF(double x, double y, double z) {
  // Duplication x ← (x + λ)/4 (λ = √x√y + √y√z + √z√x) until the three agree to 1e-3, then the
  // series 1 − E₂/10 + E₃/14 + E₂²/24 − 3E₂E₃/44 in the scaled differences: error below 1e-18.
  for (;;) {
    const double mean = (x + y + z) / 3.0;
    const double dx = 1.0 - x / mean, dy = 1.0 - y / mean, dz = 1.0 - z / mean;
    if (std::max({std::abs(dx), std::abs(dy), std::abs(dz)}) < 1e-3) {
      const double e2 = dx * dy - dz * dz, e3 = dx * dy * dz;
      return (1.0 - e2 / 10.0 + e3 / 14.0 + e2 * e2 / 24.0 - 3.0 * e2 * e3 / 44.0) /
             std::sqrt(mean);
    }
    const double sx = std::sqrt(x), sy = std::sqrt(y), sz = std::sqrt(z);
    const double lambda = sx * (sy + sz) + sy * sz;
    x = 0.25 * (x + lambda);
    y = 0.25 * (y + lambda);
    z = 0.25 * (z + lambda);
  }
}

double ellipticF(double phi, double m) {
  const double s = std::sin(phi), c = std::cos(phi);
  return s * carlsonRF(c * c, 1.0 - m * s * s, 1.0);
}

double LeavingTheTop::separationAngle() const {
  return std::acos(((1.0 + k) * v0 * v0 / (g * L) + 2.0) / (3.0 + k));
}

double LeavingTheTop::separationTime() const {
  const double a = v0 / L, b = 2.0 * g / ((1.0 + k) * L);
  return 2.0 / a * ellipticF(0.5 * separationAngle(), -2.0 * b / (a * a));
}

}  // namespace contactsim::reference
