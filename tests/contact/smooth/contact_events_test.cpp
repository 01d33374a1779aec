// Events located inside the step (src/contact/smooth/contact_events.cpp) against closed forms, at
// fixed RK4 steps and without AdaptiveStepParameters::locate_events:
// - separation: a ball leaving the top of a fixed sphere, sliding without friction or rolling
//   without slip, at the time of reference/leaving_the_top.hpp (derived there: energy and the
//   normal equation of the centre's circle give cos θ* and t* = (2/a) F(θ*/2 | −2b/a²));
// - the slip's stop: a ball launched sliding on a level plane at v₀ without spin. Friction μ m g
//   decelerates the centre, v = v₀ − μ g t, and spins the ball up, I ω̇ = μ m g R, so with
//   I = 2/5 m R² the slip v − R ω = v₀ − (7/2) μ g t vanishes at t* = 2 v₀ / (7 μ g); it rolls on
//   at v₀ − μ g t* = 5/7 v₀ (no rolling resistance on a level plane: for ever).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "contact/smooth/smooth_contact.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim_reference/leaving_the_top.hpp"

namespace contactsim {
namespace {

constexpr double kG = 9.81;

// The fixed-step RK4 of a world with "rk4" steps of h: min = max = h, events not located by the
// step driver.
AdaptiveStepParameters fixedSteps(double h) {
  AdaptiveStepParameters p;
  p.min_step = p.max_step = h;
  return p;
}

double firstEventTime(const SmoothContact& c, SmoothContactEventType type) {
  for (const SmoothContactEvent& e : c.events()) {
    if (e.type == type)
      return e.time;
  }
  return -1.0;
}

// A ball of radius r = 1 m on the top of a fixed sphere of radius R = 1 m (L = 2 m), given the
// speed v₀ = 3 m/s along world x at the top: sliding without friction (no spin), or rolling (spin
// v₀ / r about y) with static friction large enough for no-slip to hold until the normal force
// vanishes (rolling off a curved body needs |f_t| / f_n → ∞ there: with μ = 1e12 eq. 35 fails
// only within about 1e-13 s of the separation). Both contact points stay inside their cube-face
// charts (θ* < 45°).
struct TopRun {
  double located = -1.0, exact = 0.0, angle_error = 0.0;
};
TopRun leaveTheTop(bool rolling, double h) {
  const double r = 1.0, R = 1.0, m = 1.0, v0 = 3.0;
  SmoothContactSetup setup;
  setup.surface1 = std::make_shared<ChartSurface>(makeSphere(r));
  setup.mass1 = MassProperties::principal(m, Vec3::Constant(0.4 * m * r * r));
  setup.surface2 = std::make_shared<ChartSurface>(makeSphere(R));
  setup.friction.mu = rolling ? 1e12 : 0.0;
  setup.integrator = fixedSteps(h);
  SmoothContactState s;
  s.patch1 = 5;  // the ball's bottom (−z face)
  s.patch2 = 4;  // the sphere's top (+z face)
  s.q << 0.5, 0.5, 0.5, 0.5, 0.0;
  s.mode = rolling ? FrictionMode::kRolling : FrictionMode::kSliding;
  const SmoothContact at_rest(setup, s);
  const Mat3 Rt = at_rest.worldPose().linear().transpose();
  s.qdot = at_rest.coordinateVelocity(
      spatial(Rt * Vec3(0.0, rolling ? v0 / r : 0.0, 0.0), Rt * Vec3(v0, 0.0, 0.0)));
  SmoothContact c(setup, s);
  c.advanceTo(2.0);
  TopRun run;
  run.located = firstEventTime(c, SmoothContactEventType::kSeparation);
  EXPECT_TRUE(c.separated());
  EXPECT_EQ(c.time(), run.located);
  EXPECT_EQ(c.state().mode, s.mode);
  const reference::LeavingTheTop top{kG, R + r, v0, rolling ? 0.4 : 0.0};
  run.exact = top.separationTime();
  const Vec3 centre = c.worldPose().translation();
  run.angle_error = std::abs(std::atan2(centre.x(), centre.z()) - top.separationAngle());
  return run;
}

// Measured: 2.3e-13 s (sliding) and 1.6e-13 s (rolling) from t* at 1 ms steps, 2.1e-9 s and
// 1.5e-9 s at 10 ms (RK4's error, ∝ h⁴; the root itself is located to 1e-13 s; 5.9e-13, 5.6e-13,
// 4.6e-9 and 4.5e-9 s while the ODE integrated q̇ rather than the relative twist).
TEST(ContactEventsTest, SeparationFromTheTopOfASphereAtTheExactTime) {
  for (const bool rolling : {false, true}) {
    for (const double h : {1e-3, 1e-2}) {
      const TopRun run = leaveTheTop(rolling, h);
      EXPECT_NEAR(run.located, run.exact, 1e-8) << (rolling ? "rolling" : "sliding") << " h " << h;
      EXPECT_LT(run.angle_error, 1e-7) << (rolling ? "rolling" : "sliding") << " h " << h;
      RecordProperty(std::string(rolling ? "rolling" : "sliding") + "_h" +
                         std::to_string(static_cast<int>(h * 1e3)) + "ms_time_error_s",
                     ::testing::PrintToString(run.located - run.exact));
    }
  }
}

// The ball (R = 0.1 m, 2 kg) on a level plane launched at v₀ = 2 m/s along x without spin, μ = 0.3.
struct SlipRun {
  double t_switch = -1.0, v_final = 0.0;
  FrictionMode mode = FrictionMode::kSliding;
  long steps = 0;
};
SlipRun launch(const AdaptiveStepParameters& steps, double slip_threshold) {
  const double R = 0.1, m = 2.0, v0 = 2.0;
  SmoothContactSetup setup;
  setup.surface1 = std::make_shared<ChartSurface>(makeSphere(R));
  setup.mass1 = MassProperties::principal(m, Vec3::Constant(0.4 * m * R * R));
  setup.surface2 = std::make_shared<ChartSurface>(makePlane(100.0));
  setup.friction.mu = 0.3;
  setup.friction.slip_threshold = slip_threshold;
  setup.integrator = steps;
  SmoothContactState s;
  s.patch1 = 5;
  s.q << 0.5, 0.5, 0.5, 0.5, 0.0;
  const SmoothContact at_rest(setup, s);
  s.qdot = at_rest.coordinateVelocity(
      spatial(Vec3::Zero(), at_rest.worldPose().linear().transpose() * Vec3(v0, 0.0, 0.0)));
  SmoothContact c(setup, s);
  c.advanceTo(0.5);
  SlipRun run;
  run.t_switch = firstEventTime(c, SmoothContactEventType::kModeSwitch);
  run.v_final = (c.worldPose().linear() * c.bodyTwist().tail<3>()).x();
  run.mode = c.state().mode;
  run.steps = c.stats().accepted_steps;
  return run;
}

// The stop is located to 1e-13 s whatever the step and the threshold (1e-5 m/s at 0.1 ms: the slip
// falls by 1e-3 m/s a step, so no step end lands below that threshold; 0.1 m/s: the slip passes
// below it long before it stops, and a falling slip is followed to its stop). The contact ODE
// integrates the relative twist in the contact frame (contact_ode.hpp), whose rate is constant
// for this motion, so RK4 integrates the slip exactly at any step and the stop comes at t* to
// rounding: measured 9.2e-14 s and 2.3e-13 m/s at worst over 0.1–10 ms, fixed or error-controlled
// steps. (With q̇ integrated instead, as until issue 25's last part, the ball's spin lived in its
// cube-face chart's rates d/dt tan θ(t), and fixed steps put the stop 6.2e-8 s off t* at 3.7 ms
// and 1.8e-6 s at 10 ms, RK4's error on that chart.)
TEST(ContactEventsTest, SlipStopsAtTheExactTimeWhateverTheStepAndThreshold) {
  const double v0 = 2.0, mu = 0.3;
  const double t_star = 2.0 * v0 / (7.0 * mu * kG), v_rolling = 5.0 / 7.0 * v0;
  double worst_time = 0.0, worst_velocity = 0.0;
  for (const double h : {1e-4, 3e-4, 1e-3, 3.7e-3, 1e-2}) {
    for (const double threshold : {0.0, 1e-5, 1e-3, 5e-3, 0.1}) {
      const std::string what = "h " + std::to_string(h) + " threshold " + std::to_string(threshold);
      AdaptiveStepParameters controlled = fixedSteps(h);
      controlled.min_step = 1e-6;
      controlled.step_doubling = true;
      controlled.absolute_tolerance = controlled.relative_tolerance = 1e-10;
      for (const AdaptiveStepParameters& steps : {fixedSteps(h), controlled}) {
        const SlipRun run = launch(steps, threshold);
        const std::string how = what + (steps.step_doubling ? " controlled" : " fixed");
        EXPECT_EQ(run.mode, FrictionMode::kRolling) << how;
        EXPECT_NEAR(run.t_switch, t_star, 1e-8) << how;
        EXPECT_NEAR(run.v_final, v_rolling, 1e-10) << how;
        worst_time = std::max(worst_time, std::abs(run.t_switch - t_star));
        worst_velocity = std::max(worst_velocity, std::abs(run.v_final - v_rolling));
      }
    }
  }
  RecordProperty("worst_switch_time_error_s", ::testing::PrintToString(worst_time));
  RecordProperty("worst_final_velocity_error_m_per_s", ::testing::PrintToString(worst_velocity));
}

}  // namespace
}  // namespace contactsim
