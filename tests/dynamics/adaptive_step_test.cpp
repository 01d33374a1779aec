// The adaptive driver of kry-pai-2002 §3.7: halving on veto down to the minimum step, reporting a
// persistent veto there, doubling after success up to the maximum; embedded error control.
#include "dynamics/adaptive_stepper.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <utility>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

// x' = v, v' = −x: exact solution cos t, −sin t.
struct Oscillator {
  using State = Eigen::Vector2d;
  State derivative(double, const State& x) const { return State(x(1), -x(0)); }
  void project(State&) const {}
};

AdaptiveStepParameters rk4Parameters(double min_step, double max_step) {
  AdaptiveStepParameters p;
  p.min_step = min_step;
  p.max_step = max_step;
  return p;
}

TEST(AdaptiveStepTest, DoublesUpToMaximumAfterSuccess) {
  AdaptiveStepParameters p = rk4Parameters(1.0 / 1024, 1.0 / 16);
  p.initial_step = 1.0 / 1024;
  AdaptiveDriver<Oscillator> driver(p);
  Oscillator system;
  Oscillator::State x(1.0, 0.0);
  double t = 0.0;
  std::vector<double> steps;
  while (t < 1.0 - 1e-12) {
    const auto r = driver.step(system, t, x, 1.0);
    ASSERT_EQ(r.status, StepStatus::kAccepted);
    steps.push_back(r.h);
    t += r.h;
    x = r.x;
  }
  // 1/1024, 1/512, ..., 1/16, then 1/16 until the end.
  EXPECT_DOUBLE_EQ(steps[0], 1.0 / 1024);
  EXPECT_DOUBLE_EQ(steps[1], 1.0 / 512);
  EXPECT_DOUBLE_EQ(steps[6], 1.0 / 16);
  EXPECT_DOUBLE_EQ(driver.currentStep(), 1.0 / 16);
  EXPECT_NEAR(x(0), std::cos(1.0), 1e-6);  // RK4 with h ≤ 1/16: ≈ 1e-7
}

TEST(AdaptiveStepTest, ReportsAnEventWithTheTrialStepAndKeepsTheStepSize) {
  // The same boundary as an event: the driver hands over the first trial step that crosses it,
  // at full size, and the next call tries that size again.
  AdaptiveDriver<Oscillator> driver(rk4Parameters(1.0 / 256, 0.25));
  Oscillator system;
  Oscillator::State x(1.0, 0.0);
  double t = 0.0;
  auto inside = [](double, const Oscillator::State& y) {
    return y(0) >= 0.5 ? StepVerdict::kAccept : StepVerdict::kEvent;
  };
  for (;;) {
    const auto r = driver.step(system, t, x, 10.0, inside);
    if (r.status == StepStatus::kEvent) {
      EXPECT_DOUBLE_EQ(r.h, 0.25);
      EXPECT_LT(r.x(0), 0.5);
      EXPECT_NEAR(r.x(0), std::cos(t + 0.25), 1e-4);  // the trial step (RK4 error ≈ 4e-5)
      break;
    }
    ASSERT_EQ(r.status, StepStatus::kAccepted);
    t += r.h;
    x = r.x;
  }
  // cos t = 0.5 at t = π/3 ≈ 1.047: four steps of 0.25 stay above it, the fifth crosses.
  EXPECT_DOUBLE_EQ(t, 1.0);
  EXPECT_DOUBLE_EQ(driver.currentStep(), 0.25);
  EXPECT_EQ(driver.stats().rejected, 0);
}

TEST(AdaptiveStepTest, HalvesOnVetoAndReportsPersistentVetoAtMinimum) {
  // Veto any step that would carry x below 0.5 (as a contact leaving its patch domain would):
  // the driver halves down to min_step and then hands the event to the caller.
  const double min_step = 1.0 / 256;
  AdaptiveDriver<Oscillator> driver(rk4Parameters(min_step, 0.25));
  Oscillator system;
  Oscillator::State x(1.0, 0.0);
  double t = 0.0;
  auto inside = [](double, const Oscillator::State& y) { return y(0) >= 0.5; };
  for (;;) {
    const auto r = driver.step(system, t, x, 10.0, inside);
    if (r.status == StepStatus::kVetoedAtMinimumStep) {
      EXPECT_DOUBLE_EQ(r.h, min_step);
      break;
    }
    t += r.h;
    x = r.x;
  }
  // cos t = 0.5 at t = π/3: the last accepted state is within one minimum step of it.
  EXPECT_LE(t, M_PI / 3.0);
  EXPECT_GT(t + min_step, M_PI / 3.0);
  EXPECT_GT(driver.stats().rejected, 0);
}

TEST(AdaptiveStepTest, EmbeddedErrorControlMeetsTolerance) {
  for (const double tol : {1e-6, 1e-9}) {
    AdaptiveStepParameters p;
    p.method = AdaptiveMethod::kCashKarp45;
    p.min_step = 1e-6;
    p.max_step = 1.0;
    p.absolute_tolerance = tol;
    p.relative_tolerance = tol;
    AdaptiveDriver<Oscillator> driver(p);
    Oscillator system;
    Oscillator::State x(1.0, 0.0);
    double t = 0.0;
    while (t < 10.0 - 1e-12) {
      const auto r = driver.step(system, t, x, 10.0);
      t += r.h;
      x = r.x;
    }
    // Global error stays within a modest multiple of the tolerance per unit time.
    EXPECT_LT(std::abs(x(0) - std::cos(10.0)), 10.0 * tol);
    EXPECT_EQ(driver.stats().accepted_over_tolerance, 0);
  }
}

// x' = −k x: exact solution e^{−k t}. RK4 is stable only for h k < 2.785.
struct Decay {
  using State = Eigen::Matrix<double, 1, 1>;
  double k = 50.0;
  State derivative(double, const State& x) const { return -k * x; }
  void project(State&) const {}
};

// Step doubling (Numerical Recipes §16.2) on plain RK4: at a largest step of 0.2 s (h k = 10)
// plain RK4 blows up on the decay, while the step-doubled driver shrinks its steps to the
// tolerance and follows e^{−k t}, and on the oscillator meets its tolerance as the embedded pair.
TEST(AdaptiveStepTest, StepDoublingControlsTheErrorOfPlainRk4) {
  AdaptiveStepParameters p = rk4Parameters(1e-6, 0.2);
  const auto run = [](AdaptiveStepParameters q, auto system, auto x, double t_end) {
    AdaptiveDriver<decltype(system)> driver(q);
    double t = 0.0;
    while (t < t_end - 1e-12) {
      const auto r = driver.step(system, t, x, t_end);
      t += r.h;
      x = r.x;
    }
    return std::make_pair(x, driver.stats());
  };
  const Decay decay;
  const Decay::State one = Decay::State::Constant(1.0);
  EXPECT_GT(std::abs(run(p, decay, one, 2.0).first(0)), 1.0);  // plain RK4: unstable
  p.step_doubling = true;
  for (const double tol : {1e-6, 1e-9}) {
    p.absolute_tolerance = p.relative_tolerance = tol;
    const auto [x, stats] = run(p, decay, one, 0.1);
    EXPECT_NEAR(x(0), std::exp(-5.0), 10.0 * tol);
    EXPECT_GT(stats.rejected, 0);
    EXPECT_EQ(stats.accepted_over_tolerance, 0);
    const auto [y, oscillator_stats] = run(p, Oscillator{}, Oscillator::State(1.0, 0.0), 10.0);
    EXPECT_LT(std::abs(y(0) - std::cos(10.0)), 10.0 * tol);
    EXPECT_EQ(oscillator_stats.accepted_over_tolerance, 0);
  }
}

TEST(AdaptiveStepTest, RejectsInvalidParameters) {
  EXPECT_THROW(AdaptiveDriver<Oscillator>(rk4Parameters(0.0, 1.0)), InvalidInputError);
  EXPECT_THROW(AdaptiveDriver<Oscillator>(rk4Parameters(0.1, 0.01)), InvalidInputError);
  EXPECT_THROW(AdaptiveDriver<Oscillator>(rk4Parameters(std::nan(""), 1.0)), InvalidInputError);
  AdaptiveStepParameters p = rk4Parameters(0.01, 0.1);
  p.initial_step = 0.5;
  EXPECT_THROW(AdaptiveDriver<Oscillator>{p}, InvalidInputError);
  p.initial_step = 0.0;
  p.method = AdaptiveMethod::kCashKarp45;
  p.absolute_tolerance = -1.0;
  EXPECT_THROW(AdaptiveDriver<Oscillator>{p}, InvalidInputError);
  AdaptiveDriver<Oscillator> driver(rk4Parameters(0.01, 0.1));
  EXPECT_THROW((void)driver.step(Oscillator{}, 1.0, Oscillator::State(1.0, 0.0), 1.0),
               InvalidInputError);
  EXPECT_THROW((void)driver.step(Oscillator{}, 1.0, Oscillator::State(1.0, 0.0), std::nan("")),
               InvalidInputError);
}

}  // namespace
}  // namespace contactsim
