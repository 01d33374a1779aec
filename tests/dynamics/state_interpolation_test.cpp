// Flight interpolation (dynamics/state_interpolation.hpp) against closed forms: a projectile's
// parabola is reproduced exactly, a steady spin about a fixed axis to O((ω Δt)⁴), the ends exactly.
#include "dynamics/state_interpolation.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

const Vec3 kGravity(0.0, 0.0, -9.81);

RigidBodyState projectile(double t, const Vec3& p0, const Vec3& v0) {
  return RigidBodyState::fromWorldVelocities(p0 + v0 * t + 0.5 * kGravity * t * t, Quat::Identity(),
                                             Vec3::Zero(), v0 + kGravity * t);
}

// A steady spin ω about the fixed world axis n (a torque-free body spinning about a principal
// axis), starting at orientation q0.
RigidBodyState spin(double t, const Vec3& n, double omega, const Quat& q0) {
  const Quat q = Quat(Eigen::AngleAxisd(omega * t, n)) * q0;
  return RigidBodyState::fromWorldVelocities(Vec3::Zero(), q, omega * n, Vec3::Zero());
}

TEST(StateInterpolation, ReproducesAProjectileExactly) {
  const Vec3 p0(0.1, -0.2, 1.0), v0(2.0, 0.5, 3.0);
  const double t0 = 0.0, t1 = 0.35;
  const RigidBodyState a = projectile(t0, p0, v0), b = projectile(t1, p0, v0);
  for (const double t : {0.0, 0.05, 0.17, 0.3, 0.35}) {
    const RigidBodyState x = interpolateFlight(a, t0, b, t1, t);
    const RigidBodyState exact = projectile(t, p0, v0);
    EXPECT_NEAR((x.position - exact.position).norm(), 0.0, 1e-14) << "t = " << t;
    EXPECT_NEAR((x.worldLinearVelocity() - exact.worldLinearVelocity()).norm(), 0.0, 1e-13)
        << "t = " << t;
  }
}

TEST(StateInterpolation, SteadySpinConvergesAtFourthOrder) {
  const Vec3 n = Vec3(1.0, 2.0, 2.0).normalized();
  const double omega = 4.0;
  const Quat q0(Eigen::AngleAxisd(0.4, Vec3(0.0, 1.0, 0.0)));
  double previous = 0.0;
  for (const double dt : {0.1, 0.05, 0.025}) {
    double worst = 0.0;
    const RigidBodyState a = spin(0.0, n, omega, q0), b = spin(dt, n, omega, q0);
    for (int k = 0; k <= 8; ++k) {
      const double t = dt * k / 8.0;
      const RigidBodyState x = interpolateFlight(a, 0.0, b, dt, t);
      const double angle = x.orientation.angularDistance(spin(t, n, omega, q0).orientation);
      worst = std::max(worst, angle);
      EXPECT_NEAR((x.worldAngularVelocity() - omega * n).norm(), 0.0, 1e-12);
    }
    std::printf("ω Δt = %.2f: largest orientation error %.3g rad\n", omega * dt, worst);
    EXPECT_LT(worst, std::pow(omega * dt, 4));
    if (previous > 0.0) {
      EXPECT_GT(previous / worst, 12.0);  // 2⁴ = 16 for fourth order
    }
    previous = worst;
  }
}

TEST(StateInterpolation, EndsAreTheGivenStates) {
  const RigidBodyState a = spin(0.0, Vec3::UnitZ(), 3.0, Quat::Identity());
  const RigidBodyState b = spin(0.2, Vec3::UnitZ(), 3.0, Quat::Identity());
  EXPECT_LT(interpolateFlight(a, 1.0, b, 1.2, 1.0).orientation.angularDistance(a.orientation),
            1e-15);
  EXPECT_LT(interpolateFlight(a, 1.0, b, 1.2, 1.2).orientation.angularDistance(b.orientation),
            1e-15);
}

TEST(StateInterpolation, RejectsTimesOutsideTheInterval) {
  const RigidBodyState a;
  EXPECT_THROW((void)interpolateFlight(a, 1.0, a, 1.0, 1.0), InvalidInputError);
  EXPECT_THROW((void)interpolateFlight(a, 0.0, a, 1.0, 1.5), InvalidInputError);
  EXPECT_THROW((void)interpolateFlight(a, 0.0, a, 1.0, std::nan("")), InvalidInputError);
}

}  // namespace
}  // namespace contactsim
