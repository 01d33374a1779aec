#include "contactsim/math/quaternion.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace contactsim {
namespace {

TEST(QuaternionTest, ExpIsTheAxisAngleRotation) {
  const Vec3 r = Vec3(0.2, -0.4, 0.9) * 1.3;
  const Quat expected(Eigen::AngleAxisd(r.norm(), r.normalized()));
  EXPECT_LT((quaternionExp(r).coeffs() - expected.coeffs()).norm(), 1e-15);
  // The small-angle series joins the closed form smoothly.
  for (const double theta : {1e-8, 9.9e-5, 1.01e-4}) {
    const Vec3 s = Vec3(1.0, 2.0, -2.0) / 3.0 * theta;
    const Quat closed(Eigen::AngleAxisd(theta, s.normalized()));
    EXPECT_LT((quaternionExp(s).coeffs() - closed.coeffs()).norm(), 1e-16);
  }
}

TEST(QuaternionTest, ConstantBodyRateIntegrationIsExact) {
  // Many small steps of a constant body rate equal the closed-form rotation by ω t about ω.
  const Quat q0(Eigen::AngleAxisd(0.7, Vec3(1.0, 1.0, 0.0).normalized()));
  const Vec3 omega(0.3, -2.1, 1.4);
  Quat q = q0;
  const int n = 10000;
  const double h = 1e-3;
  for (int k = 0; k < n; ++k)
    q = integrateBodyRate(q, omega, h);
  const Quat expected = q0 * Quat(Eigen::AngleAxisd(omega.norm() * n * h, omega.normalized()));
  EXPECT_LT(
      std::min((q.coeffs() - expected.coeffs()).norm(), (q.coeffs() + expected.coeffs()).norm()),
      1e-12);
}

TEST(QuaternionTest, RateMatchesFiniteDifference) {
  const Quat q(Eigen::AngleAxisd(1.1, Vec3(0.0, 0.6, 0.8)));
  const Vec3 omega(0.5, 1.5, -0.5);
  const double h = 1e-6;
  const Vec4 fd =
      (integrateBodyRate(q, omega, h).coeffs() - integrateBodyRate(q, omega, -h).coeffs()) /
      (2.0 * h);
  EXPECT_LT((fd - quaternionRate(q, omega)).norm(), 1e-9);
}

TEST(QuaternionTest, UnitCheck) {
  EXPECT_TRUE(isUnit(Quat::Identity(), 1e-12));
  EXPECT_FALSE(isUnit(Quat(1.0, 0.1, 0.0, 0.0), 1e-6));
}

}  // namespace
}  // namespace contactsim
