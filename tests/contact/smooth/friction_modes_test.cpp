// The friction modes of a smooth contact against answers derived here, for a uniform ball
// (R = 0.1 m, m = 2 kg, I = 2/5 m R² = 0.008 kg m²) on a plane:
// - spinning resistance (kry-2000 eq. 4.29): the torque μ_s f_n about the normal opposes the spin,
//   so a ball spinning in place on a level plane slows at ω̇ = −μ_s m g / I, linearly;
// - rolling resistance (kry-2000 eqs. 4.27–4.28): the torque μ_r f_n about the rolling axis; about
//   the contact point (which moves parallel to the centre) d/dt((I + m R²) ω) = −μ_r m g, so a ball
//   rolling on a level plane slows at v̇ = R ω̇ = −5 μ_r g / (7 R);
// - no slip and no spin (kry-pai-2002 eqs. 36–39): a uniform ball rolls down an incline at
//   5/7 g sin θ whatever its spin about the normal, which rolling keeps (the classical result for a
//   ball on a plane) and no-spin holds at zero; eq. 40 and the spin threshold switch a ball whose
//   spin resistance brings it below the threshold into no-spin, where it stays at rest;
// - ε-extended boundaries (kry-2000 §4.5.5): a chart of the ball is left once its parameter
//   passes 1 + ε. On a cube-face chart of the sphere u = 2 s − 1 = tan α (α the angle from the
//   face's centre), so a ball rolling at v from the centre of its bottom face reaches it at
//   t = R atan(1 + 2 ε) / v (the edge itself, ε = 0, at π R / (4 v)); the motion, position and
//   orientation, is the same for any ε.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "contact/smooth/smooth_contact.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"

namespace contactsim {
namespace {

constexpr double kG = 9.81, kR = 0.1, kM = 2.0, kI = 0.4 * kM * kR * kR;

// The ball on a plane tilted by θ about world y, at fixed RK4 steps of h, with the world twist
// (ω, v) of the ball given at the start.
SmoothContact ball(double theta, const FrictionParameters& friction, FrictionMode mode,
                   const Vec3& omega, const Vec3& v, double h = 1e-3,
                   double boundary_epsilon = 0.0) {
  SmoothContactSetup setup;
  setup.surface1 = std::make_shared<ChartSurface>(makeSphere(kR));
  setup.mass1 = MassProperties::principal(kM, Vec3::Constant(kI));
  setup.surface2 = std::make_shared<ChartSurface>(makePlane(100.0));
  setup.E_w_2 = makeFrame(Quat(Eigen::AngleAxisd(theta, Vec3::UnitY())), Vec3::Zero());
  setup.friction = friction;
  setup.integrator.min_step = setup.integrator.max_step = h;
  setup.boundary_epsilon = boundary_epsilon;
  SmoothContactState s;
  s.patch1 = 5;  // the −z cube face: its centre is the ball's bottom
  s.q << 0.5, 0.5, 0.5, 0.5, 0.0;
  s.mode = mode;
  const SmoothContact at_rest(setup, s);
  const Mat3 Rt = at_rest.worldPose().linear().transpose();
  s.qdot = at_rest.coordinateVelocity(spatial(Rt * omega, Rt * v));
  return SmoothContact(setup, s);
}

Vec3 worldOmega(const SmoothContact& c) {
  return c.worldPose().linear() * c.bodyTwist().head<3>();
}
Vec3 worldVelocity(const SmoothContact& c) {
  return c.worldPose().linear() * c.bodyTwist().tail<3>();
}

TEST(FrictionModesTest, SpinningResistanceSlowsASpinAtMuSMgOverI) {
  FrictionParameters f;
  f.mu = 0.5;
  f.mu_spinning = 0.002;                                        // [m]
  const double w0 = 10.0, rate = f.mu_spinning * kM * kG / kI;  // 4.905 rad/s², stops at 2.04 s
  SmoothContact c = ball(0.0, f, FrictionMode::kRolling, Vec3(0, 0, w0), Vec3::Zero());
  for (const double t : {0.5, 1.0, 1.5}) {
    c.advanceTo(t);
    EXPECT_NEAR(worldOmega(c).z(), w0 - rate * t, 1e-10) << t;
    EXPECT_LT(worldVelocity(c).norm(), 1e-12) << t;
    // The spinning torque about the normal is μ_s f_n, f_n = m g.
    EXPECT_NEAR(std::abs(c.acceleration().wrench_1c(2)), f.mu_spinning * kM * kG, 1e-10);
  }
  EXPECT_EQ(c.state().mode, FrictionMode::kRolling);
}

TEST(FrictionModesTest, RollingResistanceSlowsARollAtFiveSeventhsMuRGOverR) {
  FrictionParameters f;
  f.mu = 0.5;
  f.mu_rolling = 0.002;                                                // [m]
  const double v0 = 1.0, rate = 5.0 * f.mu_rolling * kG / (7.0 * kR);  // 0.14 m/s², stops at 7 s
  SmoothContact c = ball(0.0, f, FrictionMode::kRolling, Vec3(0, v0 / kR, 0), Vec3(v0, 0, 0));
  const Vec3 p0 = c.worldPose().translation();
  for (const double t : {0.5, 1.0, 2.0}) {
    c.advanceTo(t);
    EXPECT_NEAR(worldVelocity(c).x(), v0 - rate * t, 1e-8) << t;
    EXPECT_NEAR(c.worldPose().translation().x() - p0.x(), v0 * t - 0.5 * rate * t * t, 1e-8) << t;
    EXPECT_NEAR(worldOmega(c).y() * kR, worldVelocity(c).x(), 1e-10) << t;  // still rolling
  }
  EXPECT_GT(c.stats().patch_crossings, 0);  // it rolled across the ball's charts
  EXPECT_EQ(c.state().mode, FrictionMode::kRolling);
}

TEST(FrictionModesTest, NoSpinHoldsTheSpinAtZeroWhereRollingKeepsIt) {
  const double theta = 0.3, T = 1.0, w_n = 5.0;
  FrictionParameters f;
  f.mu = 1.0;
  f.mu_spin_static = 0.01;  // [m]: eq. 40 allows a spin torque of 0.01 f_n
  const Vec3 n(std::sin(theta), 0.0, std::cos(theta));  // the incline's normal
  const double exact = 0.5 * (5.0 / 7.0) * kG * std::sin(theta) * T * T;
  for (const FrictionMode mode : {FrictionMode::kRolling, FrictionMode::kRollingNoSpin}) {
    SmoothContact c = ball(theta, f, mode, w_n * n, Vec3::Zero());
    const Vec3 p0 = c.worldPose().translation();
    const double spin0 = worldOmega(c).dot(n);
    c.advanceTo(T);
    EXPECT_EQ(c.state().mode, mode);
    const double spin = worldOmega(c).dot(n);
    if (mode == FrictionMode::kRolling) {
      EXPECT_NEAR(spin0, w_n, 1e-12);
      EXPECT_NEAR(spin, w_n, 1e-6);  // measured 2.6e-7: RK4's error in the chart coordinates
    } else {  // the no-spin constraint removed the spin at the start and keeps it at zero
      EXPECT_LT(std::abs(spin0), 1e-12);
      EXPECT_LT(std::abs(spin), 1e-12);
      EXPECT_LT(std::abs(c.acceleration().wrench_1c(2)), 1e-10);  // a ball needs no spin torque
    }
    const Vec3 moved = c.worldPose().translation() - p0;
    EXPECT_NEAR(moved.norm() / exact, 1.0, 1e-9) << toString(mode);
    EXPECT_LT(std::abs(moved.dot(n)), 1e-12);
  }
}

TEST(FrictionModesTest, SpinResistanceBringsTheSpinBelowTheThresholdIntoNoSpin) {
  FrictionParameters f;
  f.mu = 0.5;
  f.mu_spinning = 0.002;
  f.mu_spin_static = 0.01;
  f.spin_threshold = 0.5;
  const double w0 = 3.0, rate = f.mu_spinning * kM * kG / kI, h = 1e-3;
  const double t_below = (w0 - f.spin_threshold) / rate;  // 0.5097 s
  SmoothContact c = ball(0.0, f, FrictionMode::kRolling, Vec3(0, 0, w0), Vec3::Zero(), h);
  c.advanceTo(1.0);
  ASSERT_EQ(c.events().size(), 1u);
  EXPECT_EQ(c.events()[0].detail, "rolling -> rolling-no-spin");
  // Switched at the end of the step in which the spin fell below the threshold.
  EXPECT_GE(c.events()[0].time, t_below);
  EXPECT_LE(c.events()[0].time, t_below + h * (1.0 + 1e-9));
  EXPECT_EQ(c.state().mode, FrictionMode::kRollingNoSpin);
  EXPECT_LT(std::abs(worldOmega(c).z()), 1e-12);  // the switch stopped the spin (a plastic impulse)
  EXPECT_LT(worldVelocity(c).norm(), 1e-12);
}

TEST(FrictionModesTest, EpsilonExtendedBoundariesCrossAtOnePlusTwoEpsilon) {
  const double v = 1.0;
  FrictionParameters f;
  f.mu = 0.5;
  Vec3 end_at_zero = Vec3::Zero();
  Quat q_at_zero = Quat::Identity();
  for (const double eps : {0.0, 0.05, 0.2}) {
    SmoothContact c =
        ball(0.0, f, FrictionMode::kRolling, Vec3(0, v / kR, 0), Vec3(v, 0, 0), 1e-3, eps);
    const Vec3 p0 = c.worldPose().translation();
    c.advanceTo(0.5);
    ASSERT_FALSE(c.events().empty());
    const SmoothContactEvent& first = c.events().front();
    EXPECT_EQ(first.type, SmoothContactEventType::kPatchCrossing);
    // Fixed steps of h: the contact changes charts at the end of the last step that stays
    // within the extended chart (at the exact edge when ε = 0, located within the step).
    const double t_eps = kR * std::atan(1.0 + 2.0 * eps) / v, h = 1e-3;
    if (eps == 0.0) {
      EXPECT_NEAR(first.time, t_eps, 1e-9);
    } else {
      EXPECT_GT(first.time, t_eps - h);
      EXPECT_LE(first.time, t_eps);
    }
    const Vec3 moved = c.worldPose().translation() - p0;
    if (eps == 0.0)
      q_at_zero = Quat(c.worldPose().linear());
    // The chart changes, the body does not: before issue 25 the contact was snapped onto the edge,
    // turning the ball by the excess (0.12 rad by 0.5 s at ε = 0.05, 0.48 rad at ε = 0.2).
    EXPECT_LT(Quat(c.worldPose().linear()).angularDistance(q_at_zero), 1e-9) << eps;
    EXPECT_NEAR(moved.x(), v * 0.5, 1e-9) << eps;
    if (eps == 0.0)
      end_at_zero = moved;
    EXPECT_LT((moved - end_at_zero).norm(), 1e-9) << eps;
  }
}

}  // namespace
}  // namespace contactsim
