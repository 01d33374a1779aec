// The closed form of a ball leaving the top of a sphere (reference/leaving_the_top.hpp) against
// what it rests on: F(φ | m) at its known values, and t* against a direct quadrature of dθ / θ̇.
#include "contactsim_reference/leaving_the_top.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "contactsim_reference/jacobi_elliptic.hpp"

namespace contactsim::reference {
namespace {

TEST(LeavingTheTopTest, EllipticFAtItsKnownValues) {
  for (const double phi : {0.1, 0.7, 1.3}) {
    EXPECT_NEAR(ellipticF(phi, 0.0), phi, 1e-15);                                // m = 0
    EXPECT_NEAR(ellipticF(phi, 1.0), std::atanh(std::sin(phi)), 1e-14);          // m = 1
    EXPECT_NEAR(ellipticF(phi, -1.0) / ellipticF(phi, -1.0 + 1e-9), 1.0, 1e-8);  // continuous
  }
  for (const double m : {-3.0, -0.5, 0.3, 0.9}) {
    EXPECT_NEAR(ellipticF(0.5 * std::numbers::pi, m), completeEllipticK(m), 1e-14) << m;
  }
}

TEST(LeavingTheTopTest, SeparationTimeIsTheIntegralOfTheInverseAngularSpeed) {
  for (const double k : {0.0, 0.4}) {
    const LeavingTheTop top{9.81, 2.0, 3.0, k};
    // The particle from rest leaves at cos θ = 2/3, the rolling ball at 10/17.
    EXPECT_NEAR(std::cos(LeavingTheTop{9.81, 1.0, 1e-9, 0.0}.separationAngle()), 2.0 / 3.0, 1e-15);
    EXPECT_NEAR(std::cos(LeavingTheTop{9.81, 1.0, 1e-9, 0.4}.separationAngle()), 10.0 / 17.0,
                1e-15);
    // Composite Simpson on [0, θ*] of 1 / θ̇(θ), θ̇² = v₀²/L² + 2 g (1 − cos θ) / ((1 + k) L).
    const double theta = top.separationAngle();
    auto inverse_rate = [&](double x) {
      return 1.0 / std::sqrt(top.v0 * top.v0 / (top.L * top.L) +
                             2.0 * top.g * (1.0 - std::cos(x)) / ((1.0 + k) * top.L));
    };
    const int n = 20000;
    const double h = theta / n;
    double sum = inverse_rate(0.0) + inverse_rate(theta);
    for (int i = 1; i < n; ++i)
      sum += (i % 2 == 1 ? 4.0 : 2.0) * inverse_rate(i * h);
    EXPECT_NEAR(top.separationTime(), sum * h / 3.0, 1e-13) << k;
  }
}

}  // namespace
}  // namespace contactsim::reference
