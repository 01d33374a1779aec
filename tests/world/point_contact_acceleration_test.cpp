// The acceleration formulation of point contact (preda-florian-2005 in time): each step's LCP
// exact (the LCP conditions, statics) and against Lemke, the ten-box stack standing, frictionless
// sliding at g sin θ, resting forces equal to the weight, and impacts by the Chatterjee–Ruina law.
#include <gtest/gtest.h>

#include <cmath>

#include "contactsim/solvers/lcp_solver.hpp"
#include "solvers/lemke.hpp"
#include "world/point_contact_world.hpp"

namespace contactsim {
namespace {

constexpr double kG = 9.81;

PolyhedronBodyDescription box(const std::string& name, const Vec3& half, const Vec3& position,
                              const Quat& orientation = Quat::Identity()) {
  PolyhedronBodyDescription b;
  b.name = name;
  b.shape = std::make_shared<ConvexPolyhedron>(ConvexPolyhedron::box(half));
  // 1 kg at uniform density.
  b.mass_properties = MassProperties(1.0, b.shape->unitDensityInertia() / b.shape->volume());
  b.initial_state.position = position;
  b.initial_state.orientation = orientation;
  return b;
}

PointContactWorldDescription acceleration(double step, LcpStrategy strategy) {
  PointContactWorldDescription d;
  d.settings.step = step;
  d.settings.formulation = PointContactSettings::Formulation::kAcceleration;
  d.settings.lcp.strategy = strategy;
  d.settings.lcp.pgs.max_iterations = 100000;
  d.settings.lcp.pgs.change_tolerance = 1e-14;
  return d;
}

// The stack of scenes/box-stack-10-acceleration.json. Redundant contacts (four per face) make A
// singular, so f is not unique; a = A f + b is (the LCP is the optimality condition of a convex
// quadratic program in f, whose gradient A f + b is the same at every minimiser): each step's
// PGS answer must give Lemke's a.
TEST(PointContactAcceleration, EveryStepsPgsSolutionIsExactAndAgreesWithLemkeAndTheStackStands) {
  PointContactWorldDescription d = acceleration(1.0 / 240.0, LcpStrategy::kPgs);
  const Vec3 half(0.1, 0.1, 0.1);
  for (int k = 0; k < 10; ++k)
    d.bodies.push_back(box("box" + std::to_string(k), half, Vec3(0, 0, (2 * k + 1) * 0.1)));
  d.half_spaces.push_back({"floor", Vec3::UnitZ(), 0.0, 0.5});
  PointContactWorld world(d);
  long sweeps = 0;
  int lemke_exact = 0;
  double worst_lemke = 0.0, worst_residual = 0.0, worst_balance = 0.0;
  for (int step = 0; step < 2400; ++step) {
    const PointContactStepStats& s = world.step();
    const PointContactWorld::Lcp& lcp = world.lastLcp();
    ASSERT_EQ(s.contacts, 40u);
    EXPECT_EQ(s.lcp.termination, LcpTermination::kConverged) << "step " << step;
    sweeps += s.lcp.iterations;
    const double scale = std::max(1.0, lcp.b.lpNorm<Eigen::Infinity>());
    // The LCP conditions themselves: f ≥ 0, a ≥ 0, f·a = 0.
    worst_residual = std::max(worst_residual, measureLcp(lcp.A, lcp.b, lcp.f).residual / scale);
    // Statics: every box's contact forces balance its weight (the stack is at rest).
    std::vector<double> up(10, 0.0);
    for (const PointContactRecord& c : world.contacts()) {
      up[c.body_a] += c.impulse.z() / d.settings.step;
      if (c.body_b < 10)
        up[c.body_b] -= c.impulse.z() / d.settings.step;
    }
    for (const double f : up)
      worst_balance = std::max(worst_balance, std::abs(f - kG));
    // Lemke: the same a = A f + b. On this singular A (ten redundant contacts) the
    // product-form updates of Lemke's basis inverse drift once the stack is no longer exactly
    // symmetric (its answers had residuals up to 3e-2 from step 48 on); solveLcpLemke then
    // reruns with the basis refactored, and must be exact on every step.
    VecX f_lemke = VecX::Zero(lcp.f.size());
    const LcpStats lemke = solveLcpLemke(MatX(lcp.A), lcp.b, f_lemke);
    ASSERT_EQ(lemke.termination, LcpTermination::kSolved) << "step " << step;
    if (lemke.measures.residual <= 1e-9 * scale)
      ++lemke_exact;
    const VecX a_pgs = lcp.A * lcp.f + lcp.b, a_lemke = lcp.A * f_lemke + lcp.b;
    worst_lemke = std::max(worst_lemke, (a_pgs - a_lemke).lpNorm<Eigen::Infinity>() / scale);
  }
  std::printf(
      "PGS: %.1f sweeps per step, residual <= %.2e, balance <= %.2e N; Lemke exact on %d "
      "of 2400 steps, |a_pgs - a_lemke| <= %.2e\n",
      static_cast<double>(sweeps) / 2400.0, worst_residual, worst_balance, lemke_exact,
      worst_lemke);
  EXPECT_LT(worst_residual, 1e-9);
  EXPECT_LT(worst_balance, 1e-8 * kG);
  EXPECT_LT(worst_lemke, 1e-9);
  EXPECT_EQ(lemke_exact, 2400);
  for (int k = 0; k < 10; ++k) {
    EXPECT_LT((world.state(k).position - Vec3(0, 0, (2 * k + 1) * 0.1)).norm(), 1e-6) << k;
  }
}

TEST(PointContactAcceleration, RestingForcesCarryTheWeightAndFrictionlessSlidingIsExact) {
  // A box on the floor: its four contact forces sum to m g.
  PointContactWorldDescription rest = acceleration(1e-3, LcpStrategy::kPivotingThenPgs);
  rest.bodies.push_back(box("box", Vec3(0.2, 0.1, 0.05), Vec3(0, 0, 0.05)));
  rest.half_spaces.push_back({"floor", Vec3::UnitZ(), 0.0, 0.5});
  PointContactWorld resting(rest);
  resting.advanceTo(0.5);
  EXPECT_NEAR(resting.lastLcp().f.sum(), kG, 1e-9);
  EXPECT_LT((resting.state(0).position - Vec3(0, 0, 0.05)).norm(), 1e-12);
  // On a 0.4 rad incline, frictionless (the formulation's contacts): a = g sin θ, with RK4 and
  // with semi-implicit Euler (both exact for a constant acceleration in the velocity).
  const double theta = 0.4;
  const Vec3 n(-std::sin(theta), 0.0, std::cos(theta));
  const Quat tilt(Eigen::AngleAxisd(-theta, Vec3::UnitY()));
  for (const bool rk4 : {false, true}) {
    PointContactWorldDescription d = acceleration(1e-3, LcpStrategy::kPivotingThenPgs);
    d.settings.rk4 = rk4;
    d.bodies.push_back(box("box", Vec3(0.2, 0.1, 0.05), 0.05 * n, tilt));
    d.half_spaces.push_back({"incline", n, 0.0, 0.5});
    PointContactWorld world(d);
    world.advanceTo(0.5);
    const Vec3 downhill(-std::cos(theta), 0.0, -std::sin(theta));
    EXPECT_NEAR(world.state(0).worldLinearVelocity().dot(downhill),
                kG * std::sin(theta) * world.time(), 1e-9)
        << (rk4 ? "rk4" : "euler");
    EXPECT_NEAR(world.state(0).worldLinearVelocity().dot(n), 0.0, 1e-9);
    EXPECT_LT(world.state(0).worldAngularVelocity().norm(), 1e-9);
  }
}

TEST(PointContactAcceleration, ACornerImpactLeavesAtMinusETimesTheApproachSpeed) {
  // A box tilted about x and y falls onto its lowest corner: one contact, the Chatterjee–Ruina
  // law (frictionless) sends the corner back at −e times its normal approach speed.
  const double e = 0.6;
  PointContactWorldDescription d = acceleration(1e-3, LcpStrategy::kPivotingThenPgs);
  d.settings.impact.restitution = e;
  const Quat tilt =
      Quat(Eigen::AngleAxisd(0.3, Vec3::UnitX())) * Quat(Eigen::AngleAxisd(0.2, Vec3::UnitY()));
  PolyhedronBodyDescription b = box("box", Vec3(0.1, 0.1, 0.1), Vec3::Zero(), tilt);
  // Lowest corner 5 µm above the floor, approaching at 1 m/s.
  double lowest = 0.0;
  for (const Vec3& v : b.shape->vertices())
    lowest = std::min(lowest, (tilt * v).z());
  b.initial_state.position = Vec3(0, 0, -lowest + 1e-7);
  b.initial_state.twist = spatial(Vec3::Zero(), tilt.conjugate() * Vec3(0, 0, -1.0));
  d.bodies.push_back(b);
  d.half_spaces.push_back({"floor", Vec3::UnitZ(), 0.0, 0.5});
  PointContactWorld world(d);
  const PointContactStepStats& s = world.step();
  ASSERT_EQ(s.impacts, 1);
  // The corner's normal velocity right after the impulse, from the step's end: the cube's
  // inertia is isotropic (no gyroscopic torque) and the separating corner carries no force, so
  // only gravity changed the velocities since, by −g h.
  Vec3 corner = Vec3::Zero();
  for (const Vec3& v : b.shape->vertices()) {
    if ((tilt * v).z() <= lowest + 1e-12)
      corner = tilt * v;
  }
  const RigidBodyState after = world.state(0);
  const Vec3 v = after.worldLinearVelocity() + Vec3(0, 0, kG * 1e-3);
  const double u_n = (v + after.worldAngularVelocity().cross(corner)).z();
  EXPECT_NEAR(u_n, e * 1.0, 1e-9);
}

}  // namespace
}  // namespace contactsim
