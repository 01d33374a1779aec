// Spin about the intermediate axis flips with the period of the exact solution, 4 K(m) / λ
// (Landau & Lifshitz §37); acceptance tolerance 1e-6 relative.
#include <gtest/gtest.h>

#include "contactsim_reference/torque_free_body.hpp"
#include "dynamics/free_body.hpp"
#include "dynamics/rk4.hpp"

namespace contactsim {
namespace {

TEST(IntermediateAxisTest, FlipPeriodMatchesEllipticIntegral) {
  const Vec3 moments(1.0, 2.0, 3.0);
  const Vec3 omega0(0.02, 2.0, 0.02);  // mostly about the intermediate axis
  const reference::TorqueFreeBody exact(moments, omega0);
  const FreeBodySystem system(MassProperties::principal(1.0, moments), Vec3::Zero());
  RigidBodyState s;
  s.twist = spatial(omega0, Vec3::Zero());
  FreeBodySystem::State x = FreeBodySystem::pack(s);
  const double h = 1e-3;
  // Times at which ω₂ crosses zero from above (a flip from +y to −y), refined within the step by
  // bisection on a single RK4 step of reduced size.
  std::vector<double> downward;
  double t = 0.0;
  while (downward.size() < 3 && t < 60.0) {
    const FreeBodySystem::State next = rk4Step(system, t, x, h);
    if (x(8) > 0.0 && next(8) <= 0.0) {
      double lo = 0.0, hi = h;
      for (int i = 0; i < 60; ++i) {
        const double mid = 0.5 * (lo + hi);
        (rk4Step(system, t, x, mid)(8) > 0.0 ? lo : hi) = mid;
      }
      downward.push_back(t + 0.5 * (lo + hi));
    }
    x = next;
    t += h;
  }
  ASSERT_EQ(downward.size(), 3u);
  const double measured = 0.5 * (downward[2] - downward[0]);  // mean of two periods
  EXPECT_LT(std::abs(measured - exact.period()) / exact.period(), 1e-6)
      << "measured " << measured << " exact " << exact.period();
  EXPECT_LT(std::abs((downward[1] - downward[0]) - exact.period()) / exact.period(), 1e-6);
  RecordProperty("flip_period_exact_s", ::testing::PrintToString(exact.period()));
  RecordProperty("flip_period_measured_s", ::testing::PrintToString(measured));
  RecordProperty("flip_period_relative_error",
                 ::testing::PrintToString(std::abs(measured - exact.period()) / exact.period()));
}

}  // namespace
}  // namespace contactsim
