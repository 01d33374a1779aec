// Smooth contact evolution against exact answers: the constraint holds at every step whatever the
// step size; a frictionless body's centre of mass moves only vertically; a parametric sphere rolls
// down an incline at 5/7 g sin θ, slides at g (sin θ − μ cos θ), and a sliding launched ball starts
// rolling at t* = 2 (v₀ − R ω₀) / (7 μ g) with v = (5 v₀ + 2 R ω₀) / 7.
#include "contact/smooth/smooth_contact.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "contactsim/error.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim/geometry/bezier_surface.hpp"

namespace contactsim {
namespace {

constexpr double kG = 9.81;

struct Ball {
  double R = 0.1, m = 2.0;
  MassProperties mass() const {
    return MassProperties::principal(m, Vec3::Constant(0.4 * m * R * R));
  }
};

// A parametric sphere (six charts) on a plane tilted by θ about the world y axis.
SmoothContact ballOnIncline(double theta, FrictionParameters friction, FrictionMode mode,
                            double max_step, const Ball& ball = {}) {
  SmoothContactSetup setup;
  setup.surface1 = std::make_shared<ChartSurface>(makeSphere(ball.R));
  setup.mass1 = ball.mass();
  setup.surface2 = std::make_shared<ChartSurface>(makePlane(100.0));
  setup.E_w_2 = makeFrame(Quat(Eigen::AngleAxisd(theta, Vec3::UnitY())), Vec3::Zero());
  setup.friction = friction;
  setup.integrator.min_step = 1e-4;
  setup.integrator.max_step = max_step;
  SmoothContactState s;
  s.patch1 = 5;  // the −z cube face: its centre is the sphere's bottom
  s.q << 0.5, 0.5, 0.5, 0.5, 0.0;
  s.mode = mode;
  return SmoothContact(setup, s);
}

TEST(SmoothContactTest, NoSlipRollingDownAnInclineAtFiveSevenths) {
  const double theta = 0.3;
  FrictionParameters f;
  f.mu = 1.0;
  SmoothContact c = ballOnIncline(theta, f, FrictionMode::kRolling, 0.01);
  const Vec3 p0 = c.worldPose().translation();
  const double T = 2.0;
  c.advanceTo(T);
  EXPECT_FALSE(c.separated());
  EXPECT_EQ(c.state().mode, FrictionMode::kRolling);
  const double distance = (c.worldPose().translation() - p0).norm();
  const double exact = 0.5 * (5.0 / 7.0) * kG * std::sin(theta) * T * T;
  EXPECT_NEAR(distance / exact, 1.0, 1e-8);
  // The normal force balances gravity's normal component.
  EXPECT_NEAR(c.acceleration().normal_force, 2.0 * kG * std::cos(theta), 1e-8);
  RecordProperty("rolling_relative_error",
                 ::testing::PrintToString(std::abs(distance / exact - 1.0)));
}

TEST(SmoothContactTest, SlidesDownASteepInclineAtCoulombAcceleration) {
  const double theta = 0.6, mu = 0.1;  // tan θ = 0.68 > 7μ/2 = 0.35
  FrictionParameters f;
  f.mu = mu;
  SmoothContact c = ballOnIncline(theta, f, FrictionMode::kRolling, 0.01);
  const Vec3 p0 = c.worldPose().translation();
  c.advanceTo(1.0);
  ASSERT_FALSE(c.events().empty());
  EXPECT_EQ(c.state().mode, FrictionMode::kSliding);
  const double t_switch = c.events().front().time;  // rolling → sliding on the first step
  EXPECT_LT(t_switch, 0.011);
  const double distance = (c.worldPose().translation() - p0).norm();
  const double a = kG * (std::sin(theta) - mu * std::cos(theta));
  // The first step rolled (a = 5/7 g sin θ) before eq. 35 switched the contact to sliding.
  const double a_roll = 5.0 / 7.0 * kG * std::sin(theta);
  const double v1 = a_roll * t_switch, d1 = 0.5 * a_roll * t_switch * t_switch;
  const double rest = 1.0 - t_switch;
  EXPECT_NEAR(distance / (d1 + v1 * rest + 0.5 * a * rest * rest), 1.0, 1e-7);
}

// A ball sliding down a steep incline (tan θ > 7μ/2, so rolling would need more friction than
// μ f_n gives) slower than the no-slip threshold keeps sliding at g (sin θ − μ cos θ): entering
// no-slip friction there would violate eq. 35 at once, and the contact would chatter between
// the modes every step.
TEST(SmoothContactTest, ASlowBallThatCannotRollKeepsSlidingWithoutChatter) {
  const double theta = 0.6, mu = 0.1, v0 = 1e-3, T = 0.5;
  FrictionParameters f;
  f.mu = mu;
  f.slip_threshold = 0.1;  // slip grows at g (sin θ − 7μ/2 cos θ): below it for 36 ms
  const Ball ball;
  SmoothContact c = ballOnIncline(theta, f, FrictionMode::kSliding, 0.01);
  const Vec3 downhill(std::cos(theta), 0.0, -std::sin(theta));
  const Mat3 R = c.worldPose().linear();
  c.applyImpulse(spatial(Vec3::Zero(), R.transpose() * (ball.m * v0 * downhill)));
  const Vec3 p0 = c.worldPose().translation();
  c.advanceTo(T);
  EXPECT_FALSE(c.separated());
  for (const SmoothContactEvent& e : c.events()) {  // friction spins the ball across charts
    EXPECT_NE(e.type, SmoothContactEventType::kModeSwitch) << e.time << ": " << e.detail;
  }
  EXPECT_EQ(c.state().mode, FrictionMode::kSliding);
  const double a = kG * (std::sin(theta) - mu * std::cos(theta));
  const Vec3 moved = c.worldPose().translation() - p0;
  EXPECT_NEAR(moved.dot(downhill) / (v0 * T + 0.5 * a * T * T), 1.0, 1e-9);
  EXPECT_NEAR((moved - moved.dot(downhill) * downhill).norm(), 0.0, 1e-12);
}

// The ball on a level plane launched sliding at v₀ along world x with spin ω₀ about world y
// (rolling along +x has ω_y = v/R), run for 1 s; the time of its first friction-mode switch.
struct Launch {
  static constexpr double mu = 0.3, v0 = 2.0, w0 = -5.0;  // backspin
  Ball ball;
  double t_star = 2.0 * (v0 - ball.R * w0) / (7.0 * mu * kG);
  double v_rolling = (5 * v0 + 2 * ball.R * w0) / 7.0;
};
struct LaunchRun {
  SmoothContact contact;
  double t_switch = -1.0;
  double launch_twist_error = 0.0;
};
LaunchRun launchBall(double slip_threshold, double max_step, bool locate_events) {
  const Launch l;
  FrictionParameters f;
  f.mu = Launch::mu;
  f.slip_threshold = slip_threshold;
  SmoothContact c = ballOnIncline(0.0, f, FrictionMode::kSliding, max_step, l.ball);
  const Frame E = c.worldPose();
  const Twist phi = spatial(E.linear().transpose() * Vec3(0, Launch::w0, 0),
                            E.linear().transpose() * Vec3(Launch::v0, 0, 0));
  SmoothContactState s = c.state();
  s.qdot = c.coordinateVelocity(phi);
  SmoothContactSetup setup = c.setup();
  setup.integrator.locate_events = locate_events;
  LaunchRun run{SmoothContact(setup, s)};
  run.launch_twist_error = (run.contact.bodyTwist() - phi).norm();
  run.contact.advanceTo(1.0);
  for (const SmoothContactEvent& e : run.contact.events()) {
    if (e.type == SmoothContactEventType::kModeSwitch && run.t_switch < 0.0)
      run.t_switch = e.time;
  }
  return run;
}

double worldVelocityX(const SmoothContact& c) {
  return (c.worldPose().linear() * c.bodyTwist().tail<3>()).x();
}

TEST(SmoothContactTest, LaunchedSlidingBallStartsRollingAtTheRightTime) {
  // With backspin: the slip's stop is located within the step (contact_events.cpp), so the switch
  // comes at t* whatever the threshold, to RK4's error at 0.1 ms steps.
  const Launch l;
  const LaunchRun run = launchBall(5e-4, 1e-4, false);
  EXPECT_LT(run.launch_twist_error, 1e-12);
  EXPECT_NEAR(run.t_switch, l.t_star, 1e-10);
  EXPECT_NEAR(worldVelocityX(run.contact) / l.v_rolling, 1.0, 1e-10);
}

TEST(SmoothContactTest, LocatedSlipStopStartsRollingOnTimeAtLargeSteps) {
  // The same launch at 50 ms steps with the paper's 5 mm/s threshold: the slip falls by
  // (7/2) μ g ≈ 0.5 m/s per step, so a step end almost never lands below the threshold. The step
  // that reaches the stop ends there, and the ball rolls from there on at (5 v₀ + 2 R ω₀) / 7, to
  // RK4's error at 50 ms steps (the spin lives in the ball's chart coordinates).
  const Launch l;
  const LaunchRun run = launchBall(5e-3, 0.05, true);
  std::printf("dt %.3e dv %.3e steps %ld\n", run.t_switch - l.t_star,
              worldVelocityX(run.contact) / l.v_rolling - 1.0, run.contact.stats().accepted_steps);
  EXPECT_NEAR(run.t_switch, l.t_star, 1e-3);
  EXPECT_EQ(run.contact.state().mode, FrictionMode::kRolling);
  EXPECT_NEAR(worldVelocityX(run.contact) / l.v_rolling, 1.0, 5e-3);
  // Large steps all along: 20 steps of 50 ms in 1 s, plus the few that locate the stop.
  EXPECT_LT(run.contact.stats().accepted_steps, 30);
}

struct RunSummary {
  double worst_gap = 0.0, worst_angle = 0.0, worst_energy = 0.0, worst_drift = 0.0;
  long crossings = 0;
};

// An ellipsoid on a frictionless plane from contact point q on its bottom chart, with an initial
// angular velocity (world) about its centre of mass, for 10 s sampled every 0.1 s. No horizontal
// force acts, so the centre of mass moves horizontally with its initial velocity, exactly.
RunSummary frictionlessEllipsoid(double s0, const Vec3& omega_world, double max_step) {
  SmoothContactSetup setup;
  setup.surface1 = std::make_shared<ChartSurface>(makeEllipsoid(Vec3(0.3, 0.2, 0.1)));
  setup.mass1 = MassProperties::principal(1.0, Vec3(0.01, 0.02, 0.026));
  setup.surface2 = std::make_shared<ChartSurface>(makePlane(100.0));
  setup.integrator.min_step = 1e-4;
  setup.integrator.max_step = max_step;
  SmoothContactState s;
  s.patch1 = 5;
  s.q << s0, 0.45, 0.5, 0.5, 0.3;
  const SmoothContact at_rest(setup, s);
  s.qdot = at_rest.coordinateVelocity(
      spatial(at_rest.worldPose().linear().transpose() * omega_world, Vec3::Zero()));
  SmoothContact c(setup, s);
  const Vec3 p0 = c.worldPose().translation();
  const Vec3 v0 = c.worldPose().linear() * c.bodyTwist().tail<3>();
  const double e0 = c.energy();
  RunSummary r;
  for (int k = 1; k <= 100; ++k) {
    c.advanceTo(0.1 * k);
    EXPECT_FALSE(c.separated());
    const auto [gap, angle] = c.constraintResidual();
    r.worst_gap = std::max(r.worst_gap, gap);
    r.worst_angle = std::max(r.worst_angle, angle);
    r.worst_energy = std::max(r.worst_energy, std::abs(c.energy() - e0) / e0);
    r.worst_drift = std::max(r.worst_drift,
                             (c.worldPose().translation() - p0 - v0 * c.time()).head<2>().norm());
  }
  r.crossings = c.stats().patch_crossings;
  return r;
}

TEST(SmoothContactTest, FrictionlessRockingKeepsItsCentreOfMassOnAVerticalLine) {
  // Released tilted, at rest: it rocks; the centre of mass moves only vertically.
  const RunSummary fine = frictionlessEllipsoid(0.7, Vec3::Zero(), 1e-3);
  EXPECT_LT(fine.worst_drift, 1e-9);
  EXPECT_LT(fine.worst_energy, 1e-8);
  RecordProperty("rocking_drift_m", ::testing::PrintToString(fine.worst_drift));
  RecordProperty("rocking_energy_drift", ::testing::PrintToString(fine.worst_energy));
  // The constraint holds to rounding at any step size (kry-pai-2002 §3.3).
  for (const double max_step : {1e-3, 0.064}) {
    const RunSummary r = frictionlessEllipsoid(0.7, Vec3::Zero(), max_step);
    EXPECT_LT(r.worst_gap, 1e-12) << max_step;
    EXPECT_LT(r.worst_angle, 1e-12) << max_step;
  }
}

TEST(SmoothContactTest, SpinningRockingCrossesChartsConservingEnergy) {
  // Rocking and spinning across the edges of the cube charts (patch traversal, eqs. 41–43).
  const RunSummary r = frictionlessEllipsoid(0.97, Vec3(2.0, 1.0, 3.0), 1e-3);
  EXPECT_GT(r.crossings, 10);
  EXPECT_LT(r.worst_energy, 2e-8);
  EXPECT_LT(r.worst_gap, 1e-12);
  const RunSummary coarse = frictionlessEllipsoid(0.97, Vec3(2.0, 1.0, 3.0), 0.064);
  EXPECT_LT(coarse.worst_gap, 1e-12);
  EXPECT_LT(coarse.worst_angle, 1e-12);
  RecordProperty("spinning_crossings", ::testing::PrintToString(r.crossings));
  RecordProperty("spinning_energy_drift", ::testing::PrintToString(r.worst_energy));
}

TEST(SmoothContactTest, BadStatesAreRejected) {
  FrictionParameters f;
  SmoothContact c = ballOnIncline(0.0, f, FrictionMode::kSliding, 0.01);
  SmoothContactSetup setup = c.setup();
  SmoothContactState s = c.state();
  s.q(0) = 1.5;  // outside the chart's square
  EXPECT_THROW(SmoothContact(setup, s), InvalidInputError);
  s = c.state();
  s.qdot(2) = std::nan("");
  EXPECT_THROW(SmoothContact(setup, s), InvalidInputError);
  s = c.state();
  s.patch1 = 6;
  EXPECT_THROW(SmoothContact(setup, s), InvalidInputError);
  setup.friction.mu = -1.0;
  EXPECT_THROW(SmoothContact(setup, c.state()), InvalidInputError);
}

}  // namespace
}  // namespace contactsim

namespace contactsim {
namespace {

// A flat square of side 4 m as one bilinear patch, or as a 4 × 4 grid of bilinear patches joined
// edge to edge (edges 0 t=0, 1 s=1, 2 t=1, 3 s=0, counter-clockwise; neighbours run them reversed).
std::shared_ptr<BezierSurface> flatFloor(int n) {
  const double size = 4.0 / n;
  std::vector<BezierPatch> patches;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      const double x = -2.0 + i * size, y = -2.0 + j * size;
      patches.emplace_back(1, 1,
                           std::vector<Vec3>{Vec3(x, y, 0), Vec3(x, y + size, 0),
                                             Vec3(x + size, y, 0), Vec3(x + size, y + size, 0)});
    }
  }
  auto floor = std::make_shared<BezierSurface>(std::move(patches));
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (i + 1 < n)
        floor->connect(i * n + j, 1, (i + 1) * n + j, 3);
      if (j + 1 < n)
        floor->connect(i * n + j, 2, i * n + j + 1, 0);
    }
  }
  return floor;
}

TEST(SmoothContactTest, RollingAcrossPatchesThroughACornerMatchesOnePatch) {
  // A ball rolls without slipping along the diagonal through the interior corner (0, 0) where
  // four patches meet (kry-pai-2002 Fig. 5); on the 4 × 4 floor it crosses patches, on the single
  // patch it does not; the centres of mass must agree.
  auto run = [](int n) {
    SmoothContactSetup setup;
    setup.surface1 = std::make_shared<ChartSurface>(makeSphere(0.1));
    setup.mass1 = MassProperties::principal(2.0, Vec3::Constant(0.008));
    setup.surface2 = flatFloor(n);
    setup.friction.mu = 1.0;
    setup.integrator.min_step = 1e-5;
    setup.integrator.max_step = 1e-3;
    SmoothContactState s;
    s.patch1 = 5;
    // Start at (−0.5, −0.5) on the floor.
    const double size = 4.0 / n;
    const int i = static_cast<int>(std::floor(1.5 / size)), j = i;
    s.patch2 = i * n + j;
    s.q << 0.5, 0.5, (1.5 - i * size) / size, (1.5 - j * size) / size, 0.0;
    s.mode = FrictionMode::kRolling;
    const SmoothContact at_rest(setup, s);
    const Frame E = at_rest.worldPose();
    // Rolling along (1, 1)/√2 at 1 m/s: ω = n × v / R with n = +z.
    const Vec3 v = Vec3(1, 1, 0).normalized();
    const Vec3 w = Vec3::UnitZ().cross(v) / 0.1;
    s.qdot =
        at_rest.coordinateVelocity(spatial(E.linear().transpose() * w, E.linear().transpose() * v));
    SmoothContact c(setup, s);
    c.advanceTo(1.0);
    long floor_crossings = 0;  // the ball's own charts are crossed too: count the floor's
    for (const SmoothContactEvent& e : c.events()) {
      floor_crossings += e.detail.rfind("body 2", 0) == 0 ? 1 : 0;
    }
    return std::make_pair(c.worldPose().translation(), floor_crossings);
  };
  const auto [one, crossings_one] = run(1);
  const auto [many, crossings_many] = run(4);
  EXPECT_EQ(crossings_one, 0);
  EXPECT_GE(crossings_many, 2);
  EXPECT_LT((one - many).norm(), 1e-9) << one.transpose() << " vs " << many.transpose();
  RecordProperty("corner_traversal_difference_m", ::testing::PrintToString((one - many).norm()));
}

}  // namespace
}  // namespace contactsim

#include "contact/smooth/contact_from_pose.hpp"

namespace contactsim {
namespace {

TEST(ContactFromPoseTest, FindsTheContactOfATouchingPoseAndRejectsAGap) {
  SmoothContactSetup setup;
  setup.surface1 = std::make_shared<ChartSurface>(makeEllipsoid(Vec3(0.3, 0.2, 0.1)));
  setup.mass1 = MassProperties::principal(1.0, Vec3(0.01, 0.02, 0.026));
  setup.surface2 = std::make_shared<ChartSurface>(makePlane(10.0));
  setup.E_w_2 = makeFrame(Quat(Eigen::AngleAxisd(0.2, Vec3::UnitX())), Vec3(0, 0, -1));
  // A tilted ellipsoid resting on the tilted plane: place its lowest point on the plane.
  const Quat q = Quat(Eigen::AngleAxisd(0.7, Vec3(0.3, 1.0, 0.2).normalized()));
  const Vec3 n = setup.E_w_2.linear().col(2);  // plane normal (world)
  const Vec3 m = q.conjugate() * (-n);         // direction to the lowest point, body frame
  const Vec3 a2(0.09, 0.04, 0.01);
  const Vec3 r = a2.cwiseProduct(m) / std::sqrt(m.dot(a2.cwiseProduct(m)));  // support point
  const Vec3 on_plane = setup.E_w_2 * Vec3(0.4, -0.3, 0.0);
  const Frame E_w_1 = makeFrame(q, on_plane - q * r);
  const Twist phi = spatial(Vec3(0.1, 0.2, 0.3), Vec3(0.0, 0.0, 0.0));
  const SmoothContactState s = contactStateFromPose(setup, E_w_1, phi, FrictionMode::kSliding);
  const SmoothContact c(setup, s);
  EXPECT_LT((c.worldPose().matrix() - E_w_1.matrix()).norm(), 1e-9);
  // The twist projected onto the constraint keeps its angular part and no normal contact velocity.
  EXPECT_LT((c.bodyTwist().head<3>() - phi.head<3>()).norm(), 1e-9);
  EXPECT_LT(std::abs(c.acceleration().slip_velocity.z()), 1e-12);
  // Lifted by 1 cm: no contact.
  const Frame lifted = makeFrame(q, on_plane - q * r + 0.01 * n);
  try {
    (void)contactStateFromPose(setup, lifted, phi, FrictionMode::kSliding);
    ADD_FAILURE() << "a 1 cm gap was accepted";
  } catch (const InvalidInputError& e) {
    EXPECT_NE(std::string(e.what()).find("do not touch"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace contactsim

#include "contactsim/geometry/loop_surface.hpp"

namespace contactsim {
namespace {

TEST(SmoothContactTest, BallSlidingInALoopBowlCrossesPatchesConservingEnergy) {
  // A frictionless 1 cm ball inside the Loop bowl of scenes/meshes/bowl.obj (kry-2000 §6.3),
  // placed by its pose on the inner surface and sent sideways: it slides back and forth across
  // the bottom, crossing bowl patches; energy drifts only at the integrator's level.
  SmoothContactSetup setup;
  const double R = 0.01;
  setup.surface1 = std::make_shared<ChartSurface>(makeSphere(R));
  setup.mass1 = MassProperties::principal(0.01, Vec3::Constant(0.4 * 0.01 * R * R));
  const auto bowl = std::make_shared<LoopSurface>(
      LoopSurface::loadObj(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/meshes/bowl.obj"));
  setup.surface2 = bowl;
  setup.integrator.min_step = 1e-6;
  setup.integrator.max_step = 1e-3;
  // A point of the inner surface near the bottom: a face of the last fan (around the inner pole).
  const int patch = bowl->patchCount() - 2;
  const SurfaceJet inner = bowl->evaluate(patch, 0.4, 0.3);
  const Vec3 n = inner.c_s.cross(inner.c_t).normalized();
  ASSERT_GT(n.z(), 0.5);  // the shell's outward normal on the inner surface points up
  const Frame pose = makeFrame(Mat3::Identity(), inner.c + R * n);
  const Vec3 v(0.12, 0.05, 0.0);
  const SmoothContactState s = contactStateFromPose(
      setup, pose, spatial(Vec3::Zero(), v - n * n.dot(v)), FrictionMode::kSliding);
  SmoothContact ball(setup, s);
  const double e0 = ball.energy();
  double worst_energy = 0.0, worst_gap = 0.0;
  for (int k = 1; k <= 300; ++k) {
    ball.advanceTo(0.01 * k);
    ASSERT_FALSE(ball.separated()) << "t = " << ball.time();
    worst_energy = std::max(worst_energy, std::abs(ball.energy() - e0) / e0);
    worst_gap = std::max(worst_gap, ball.constraintResidual().first);
  }
  long bowl_crossings = 0;
  for (const SmoothContactEvent& e : ball.events()) {
    bowl_crossings += e.detail.rfind("body 2", 0) == 0 ? 1 : 0;
  }
  EXPECT_GE(bowl_crossings, 20);
  // The Loop surface is C² and its third derivatives jump across the seams of Stam's pieces near
  // extraordinary vertices, so q̈ (through Ḣ) jumps there: steps stop at seams (as at patch
  // edges) to keep RK4's order. Without that the drift was 9.6e-5 at 1 ms; with it 3e-7.
  EXPECT_LT(worst_energy, 1e-6);
  EXPECT_GT(ball.stats().seam_steps, 0);
  EXPECT_LT(worst_gap, 1e-12);
  RecordProperty("bowl_crossings", ::testing::PrintToString(bowl_crossings));
  RecordProperty("bowl_energy_drift", ::testing::PrintToString(worst_energy));
}

}  // namespace
}  // namespace contactsim

namespace contactsim {
namespace {

TEST(SmoothContactTest, ConformingAndNonRegularContactsAreReported) {
  // Flat on flat conforms everywhere: the contact kinematics lose rank (kry-pai-2002 §3.2).
  SmoothContactSetup setup;
  setup.surface1 = std::make_shared<ChartSurface>(makePlane(0.2));
  setup.mass1 = MassProperties::principal(1.0, Vec3(0.01, 0.01, 0.02));
  setup.surface2 = std::make_shared<ChartSurface>(makePlane(10.0));
  SmoothContactState s;
  s.q << 0.5, 0.5, 0.5, 0.5, 0.0;
  try {
    SmoothContact c(setup, s);
    ADD_FAILURE() << "a conforming contact was accepted";
  } catch (const InvalidInputError& e) {
    EXPECT_NE(std::string(e.what()).find("conforming"), std::string::npos) << e.what();
  }
  // A contact point where the surface is not regular (c_t = 0 along a collapsed edge).
  std::vector<Vec3> points;
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j)
      points.emplace_back(i == 0 ? Vec3::Zero() : Vec3(i - 1.5, j - 1.5, -0.3 * i));
  }
  setup.surface1 =
      std::make_shared<BezierSurface>(std::vector<BezierPatch>{BezierPatch(3, 3, points)});
  s.q << 0.0, 0.5, 0.5, 0.5, 0.0;
  try {
    SmoothContact c(setup, s);
    ADD_FAILURE() << "a non-regular contact point was accepted";
  } catch (const InvalidInputError& e) {
    EXPECT_NE(std::string(e.what()).find("not regular"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace contactsim

namespace contactsim {
namespace {

TEST(SmoothContactTest, DenseOutputBetweenStepsIsExactForUniformAcceleration) {
  // Rolling down an incline the plane coordinates (u, v) are quadratic in time, so the cubic
  // Hermite dense output (kry-pai-2002 Fig. 9) reproduces the exact centre of mass between steps
  // of 16 ms, sampled at 100 Hz, while the steps themselves are never shortened to the samples.
  const double theta = 0.3;
  FrictionParameters f;
  f.mu = 1.0;
  SmoothContact c = ballOnIncline(theta, f, FrictionMode::kRolling, 0.016);
  const Vec3 p0 = c.worldPose().translation();
  const double a = 5.0 / 7.0 * kG * std::sin(theta);
  double worst = 0.0;
  for (int k = 1; k <= 100; ++k) {
    const double t = 0.01 * k;
    c.advancePast(t);
    ASSERT_GE(c.time(), t);
    const double distance = (c.worldPoseAt(t).translation() - p0).norm();
    worst = std::max(worst, std::abs(distance - 0.5 * a * t * t));
  }
  EXPECT_LT(worst, 1e-10);
  // The steps do not depend on the sampling: the same run sampled at 7 Hz takes the same steps.
  SmoothContact coarse = ballOnIncline(theta, f, FrictionMode::kRolling, 0.016);
  for (int k = 1; k <= 7; ++k)
    coarse.advancePast(k / 7.0);
  const std::vector<double>& fine_steps = c.stats().step_sizes;
  const std::vector<double>& coarse_steps = coarse.stats().step_sizes;
  ASSERT_LE(fine_steps.size(), coarse_steps.size());
  for (std::size_t i = 0; i < fine_steps.size(); ++i)
    EXPECT_EQ(fine_steps[i], coarse_steps[i]) << i;
  EXPECT_THROW((void)c.stateAt(-1.0), InvalidInputError);
}

}  // namespace
}  // namespace contactsim

namespace contactsim {
namespace {

// Entering no-slip friction is a plastic tangential impulse at the contact (stickingVelocity):
// angular momentum about the contact point is kept, so a ball sliding at v₀ with spin ω₀ leaves
// rolling at (5 v₀ + 2 R ω₀) / 7, losing energy; eq. 30 alone (the dependent coordinates
// recomputed from the others) does not give that velocity.
TEST(SmoothContactTest, SwitchingToRollingIsAPlasticImpulseAtTheContact) {
  const Ball ball;
  const double v0 = 1.0, w0 = 3.0;
  SmoothContact c = ballOnIncline(0.0, FrictionParameters{}, FrictionMode::kSliding, 1e-3, ball);
  const Frame E = c.worldPose();
  const Twist phi =
      spatial(E.linear().transpose() * Vec3(0, w0, 0), E.linear().transpose() * Vec3(v0, 0, 0));
  const SmoothContactState& s = c.state();
  const Vec5 qdot = c.coordinateVelocity(phi);
  const ContactKinematics k = contactKinematics(c.geometry(s.patch1, s.patch2, s.q), qdot);
  const auto worldVelocity = [&](const Vec5& qd) {
    const Twist after = k.H_1 * qd;
    return std::pair<Vec3, Vec3>(E.linear() * after.tail<3>(), E.linear() * after.head<3>());
  };
  const Vec5 stuck = stickingVelocity(k, ball.mass(), qdot, FrictionMode::kRolling);
  const auto [v, w] = worldVelocity(stuck);
  const double v_rolling = (5 * v0 + 2 * ball.R * w0) / 7;
  EXPECT_NEAR(v.x(), v_rolling, 1e-12);
  EXPECT_NEAR(w.y(), v_rolling / ball.R, 1e-10);
  EXPECT_LT(v.tail<2>().norm() + w.x() * w.x() + w.z() * w.z(), 1e-12);
  const auto kinetic = [&](const Vec5& qd) {
    const Twist t = k.H_1 * qd;
    return 0.5 * t.dot(ball.mass().spatialInertia() * t);
  };
  EXPECT_LT(kinetic(stuck), kinetic(qdot));
  const auto [v30, w30] = worldVelocity(constrainedVelocity(k, qdot, FrictionMode::kRolling));
  EXPECT_GT(std::abs(v30.x() - v_rolling), 1e-3);
}

}  // namespace
}  // namespace contactsim
