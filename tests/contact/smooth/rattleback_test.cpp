// The thesis rattleback (kry-2000 Appendix B, ../shared/papers/NOTES.md) and small rocking of an
// ellipsoid against its closed-form frequency ω² = m g (ρ − h) / (I + m h²).
#include <gtest/gtest.h>

#include <cmath>

#include "contact/smooth/smooth_contact.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim/geometry/bezier_surface.hpp"

namespace contactsim {
namespace {

SmoothContactSetup rattleback(double max_step) {
  SmoothContactSetup setup;
  setup.surface1 = std::make_shared<BezierSurface>(thesisRattlebackSurface());
  setup.mass1 = MassProperties::principal(5.0, Vec3(1, 10, 10));
  setup.surface2 = std::make_shared<BezierSurface>(thesisFloorSurface());
  setup.friction.mu = 0.3;  // kry-2000 Figs. 6.6–6.7: μ = 0.3, μ_r = μ_s = 0
  setup.integrator.min_step = 1e-3;
  setup.integrator.max_step = max_step;
  return setup;
}

double spinRate(const SmoothContact& c) {  // world ω_z, positive counter-clockwise from above
  return (c.worldPose().linear() * c.bodyTwist().head<3>()).z();
}

// First time ω_z changes sign, or −1.
double reversalTime(SmoothContact& c, double until) {
  const double start = spinRate(c);
  for (int k = 1; c.time() < until; ++k) {
    c.advanceTo(0.05 * k);
    if (spinRate(c) * start < 0.0)
      return c.time();
  }
  return -1.0;
}

TEST(RattlebackTest, CounterClockwiseSpinReversesClockwiseDoesNot) {
  for (const double max_step : {0.001, 0.01}) {
    // Spin start of kry-2000 App. B: ψ̇ = −1 is counter-clockwise seen from above, slightly off
    // the top at (0.45, 0.45) on the rattleback (docs/figures/rattleback-study/README.md).
    SmoothContactState s;
    s.q << 0.45, 0.45, 0.5, 0.5, 0.0;
    s.qdot << 0, 0, 0, 0, -1.0;
    SmoothContact ccw(rattleback(max_step), s);
    EXPECT_GT(spinRate(ccw), 0.0);
    const double t_reverse = reversalTime(ccw, 40.0);
    EXPECT_GT(t_reverse, 0.0) << max_step;
    RecordProperty("reversal_time_s_at_" + std::to_string(max_step),
                   ::testing::PrintToString(t_reverse));
    // The preferred direction (clockwise) keeps spinning that way.
    s.qdot << 0, 0, 0, 0, 1.0;
    SmoothContact cw(rattleback(max_step), s);
    EXPECT_LT(spinRate(cw), 0.0);
    EXPECT_LT(reversalTime(cw, 30.0), 0.0) << max_step;
  }
}

TEST(RattlebackTest, TappedItSpinsClockwise) {
  // Tap start (NOTES.md): at rest on its top, then a downward impulse at one end of the long axis.
  SmoothContactState s;
  s.q << 0.5, 0.5, 0.15, 0.5, 0.0;
  SmoothContact c(rattleback(0.01), s);
  const Frame E = c.worldPose();
  const Vec3 end_body(0.9 * std::cos(-0.174), 0.9 * std::sin(-0.174), 0.0);  // tip of the long axis
  const Vec3 impulse_world(0.0, 0.0, -2.0);
  const Vec3 impulse_body = E.linear().transpose() * impulse_world;
  c.applyImpulse(spatial(end_body.cross(impulse_body), impulse_body));
  EXPECT_GT(c.bodyTwist().head<3>().norm(), 0.1);
  double min_spin = 0.0;
  for (int k = 1; k <= 200; ++k) {
    c.advanceTo(0.1 * k);
    ASSERT_FALSE(c.separated());
    min_spin = std::min(min_spin, spinRate(c));
  }
  EXPECT_LT(min_spin, -0.05);  // it picked up clockwise spin
  EXPECT_LT(spinRate(c), 0.0);
}

TEST(RockingTest, SmallRockingFrequencyMatchesTheClosedForm) {
  // Ellipsoid (a, b, c) on a plane, rolling without slip about the y axis from its bottom point:
  // ρ = a²/c, h = c, I = I_yy: ω² = m g (ρ − h) / (I + m h²).
  const double a = 0.3, b = 0.2, c = 0.1, m = 1.0, Iyy = 0.02, g = 9.81;
  SmoothContactSetup setup;
  setup.surface1 = std::make_shared<ChartSurface>(makeEllipsoid(Vec3(a, b, c)));
  setup.mass1 = MassProperties::principal(m, Vec3(0.01, Iyy, 0.026));
  setup.surface2 = std::make_shared<ChartSurface>(makePlane(10.0));
  setup.friction.mu = 1.0;
  setup.integrator.min_step = 1e-4;
  setup.integrator.max_step = 1e-3;
  SmoothContactState s;
  s.patch1 = 5;
  s.q << 0.5, 0.5, 0.5, 0.5, 0.0;
  s.mode = FrictionMode::kRolling;
  SmoothContact rest(setup, s);
  s.qdot = rest.coordinateVelocity(
      spatial(rest.worldPose().linear().transpose() * Vec3(0.0, 0.01, 0.0), Vec3::Zero()));
  SmoothContact rocking(setup, s);
  auto tilt = [&] { return (rocking.worldPose().linear() * Vec3::UnitZ()).x(); };
  std::vector<double> upward;  // times the tilt crosses zero upwards
  double previous = tilt(), t_previous = 0.0;
  while (rocking.time() < 4.0) {
    rocking.advanceTo(rocking.time() + 1e-3);
    const double now = tilt();
    if (previous < 0.0 && now >= 0.0) {
      upward.push_back(t_previous + (rocking.time() - t_previous) * previous / (previous - now));
    }
    previous = now;
    t_previous = rocking.time();
  }
  ASSERT_GE(upward.size(), 5u);
  const double period = (upward.back() - upward.front()) / static_cast<double>(upward.size() - 1);
  const double omega_exact = std::sqrt(m * g * (a * a / c - c) / (Iyy + m * c * c));
  EXPECT_NEAR(2.0 * std::acos(-1.0) / period / omega_exact, 1.0, 1e-4);
  RecordProperty(
      "rocking_relative_error",
      ::testing::PrintToString(std::abs(2.0 * std::acos(-1.0) / period / omega_exact - 1.0)));
}

}  // namespace
}  // namespace contactsim
