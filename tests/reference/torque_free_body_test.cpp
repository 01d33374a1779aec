// The reference solutions themselves, checked against facts outside them: Euler's equations by
// finite differences, known values of the elliptic functions, and std::comp_ellint_1.
#include "contactsim_reference/torque_free_body.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "contactsim_reference/jacobi_elliptic.hpp"

namespace contactsim::reference {
namespace {

TEST(JacobiEllipticTest, LimitsAndKnownValues) {
  // m = 0: circular functions.
  const JacobiElliptic j0 = jacobiElliptic(0.7, 0.0);
  EXPECT_NEAR(j0.sn, std::sin(0.7), 1e-15);
  EXPECT_NEAR(j0.cn, std::cos(0.7), 1e-15);
  EXPECT_NEAR(j0.dn, 1.0, 1e-15);
  // m → 1: hyperbolic limit sn = tanh, cn = dn = sech.
  const JacobiElliptic j1 = jacobiElliptic(0.8, 1.0 - 1e-15);
  EXPECT_NEAR(j1.sn, std::tanh(0.8), 1e-7);
  EXPECT_NEAR(j1.cn, 1.0 / std::cosh(0.8), 1e-7);
  // sn(K) = 1, cn(K) = 0, dn(K) = √(1 − m); identities sn² + cn² = 1, dn² + m sn² = 1.
  for (const double m : {0.1, 0.5, 0.9, 0.999}) {
    const double K = completeEllipticK(m);
    EXPECT_NEAR(K, std::comp_ellint_1(std::sqrt(m)), 1e-13 * K);
    const JacobiElliptic jk = jacobiElliptic(K, m);
    EXPECT_NEAR(jk.sn, 1.0, 1e-13);
    EXPECT_NEAR(jk.dn, std::sqrt(1.0 - m), 1e-12);
    for (const double u : {-2.3, 0.1, 1.7, 5.0}) {
      const JacobiElliptic j = jacobiElliptic(u, m);
      EXPECT_NEAR(j.sn * j.sn + j.cn * j.cn, 1.0, 1e-14);
      EXPECT_NEAR(j.dn * j.dn + m * j.sn * j.sn, 1.0, 1e-14);
      // d sn/du = cn dn by central differences.
      const double h = 1e-5;
      const double dsn = (jacobiElliptic(u + h, m).sn - jacobiElliptic(u - h, m).sn) / (2 * h);
      EXPECT_NEAR(dsn, j.cn * j.dn, 1e-8);
    }
  }
}

void expectSolvesEuler(const Vec3& I, const Vec3& omega0) {
  const TorqueFreeBody body(I, omega0);
  EXPECT_LT((body.omega(0.0) - omega0).norm(), 1e-12) << omega0.transpose();
  const double h = 1e-5;
  for (const double t : {0.3, 1.1, 4.0, 9.5}) {
    const Vec3 w = body.omega(t);
    const Vec3 wdot = (body.omega(t + h) - body.omega(t - h)) / (2 * h);
    // Euler: I ω̇ = (I ω) × ω.
    EXPECT_LT((I.cwiseProduct(wdot) - I.cwiseProduct(w).cross(w)).norm(), 1e-8)
        << "t = " << t << " omega0 = " << omega0.transpose();
    EXPECT_NEAR(0.5 * w.dot(I.cwiseProduct(w)), body.energy(), 1e-12);
  }
  // Periodic with the stated period.
  EXPECT_LT((body.omega(0.4 + body.period()) - body.omega(0.4)).norm(), 1e-10);
}

TEST(TorqueFreeBodyTest, SolvesEulersEquationsInBothRegimes) {
  const Vec3 I(0.2, 0.5, 0.6);
  expectSolvesEuler(I, Vec3(0.6, 2.5, -1.0));    // circulates about the minor axis
  expectSolvesEuler(I, Vec3(0.1, 0.3, 2.0));     // circulates about the major axis
  expectSolvesEuler(I, Vec3(-0.1, -0.3, -2.0));  // negative major component
  expectSolvesEuler(I, Vec3(-1.5, 0.4, 0.2));
  expectSolvesEuler(Vec3(1, 2, 3), Vec3(0.02, 2.0, 0.02));
  expectSolvesEuler(Vec3(1, 2, 3), Vec3(0.02, -2.0, -0.02));
}

}  // namespace
}  // namespace contactsim::reference
