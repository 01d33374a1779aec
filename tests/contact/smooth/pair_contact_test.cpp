// A smooth contact between two free bodies against exact answers: a ball sliding round inside a
// free spherical shell in zero gravity is the two-body problem on a circle (relative motion at
// constant speed u on radius ρ, normal force μ u²/ρ with the reduced mass μ, centre of mass at
// rest); under gravity and friction the pair's linear momentum grows as M g t, its angular
// momentum about the common centre of mass stays, and friction only takes energy; a very heavy
// shell moves the ball as a fixed one does; an impulse on the ball changes the pair's momenta by
// exactly the impulse and its moment.
#include <gtest/gtest.h>

#include <cmath>

#include "contact/smooth/contact_from_pose.hpp"
#include "contact/smooth/smooth_contact.hpp"
#include "contactsim/error.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"

namespace contactsim {
namespace {

constexpr double kBallRadius = 0.1, kShellRadius = 0.3;
constexpr double kRho = kShellRadius - kBallRadius;  // radius of the centres' relative circle
constexpr double kBallMass = 2.0, kShellMass = 3.0;

MassProperties ballMass() {
  return MassProperties::principal(kBallMass,
                                   Vec3::Constant(0.4 * kBallMass * kBallRadius * kBallRadius));
}
MassProperties shellMass(double mass = kShellMass) {
  return MassProperties::principal(mass,
                                   Vec3::Constant(2.0 / 3.0 * mass * kShellRadius * kShellRadius));
}

// The ball resting at the bottom of the shell (both at the origin's orientation), moving with
// the given world velocities.
SmoothContact ballInShell(const Vec3& gravity, FrictionParameters friction, FrictionMode mode,
                          const RigidBodyState& ball, const RigidBodyState& shell,
                          double shell_mass = kShellMass) {
  SmoothContactSetup setup;
  setup.surface1 = std::make_shared<ChartSurface>(makeSphere(kBallRadius));
  setup.mass1 = ballMass();
  setup.surface2 = std::make_shared<ChartSurface>(makeSphereInterior(kShellRadius));
  setup.mass2 = shellMass(shell_mass);
  setup.gravity = gravity;
  setup.friction = friction;
  setup.integrator.min_step = 1e-4;
  setup.integrator.max_step = 1e-3;
  // Chart 5 of each sphere is its −z cube face, centred on its lowest point.
  const SmoothContactState s =
      contactStateFromStates(setup, ball, shell, mode, 1e-9, 5, Vec2(0.5, 0.5), 5, Vec2(0.5, 0.5));
  return SmoothContact(setup, s);
}

RigidBodyState bodyAt(const Vec3& position, const Vec3& velocity,
                      const Vec3& omega = Vec3::Zero()) {
  return RigidBodyState::fromWorldVelocities(position, Quat::Identity(), omega, velocity);
}

struct Momenta {
  Vec3 linear, angular;  // angular about the world origin
};

Momenta momenta(const SmoothContact& c, double t) {
  const Frame E1 = c.worldPoseAt(t);
  const Twist phi1 = c.bodyTwistAt(t);
  const RigidBodyState b2 = c.body2StateAt(t);
  const auto of = [](const MassProperties& m, const Frame& E, const Twist& phi) {
    const Vec3 v = E.linear() * linear(phi);
    const Vec3 L = E.linear() * (m.inertia() * angular(phi));
    return Momenta{m.mass() * v, L + E.translation().cross(m.mass() * v)};
  };
  const Momenta a = of(c.setup().mass1, E1, phi1);
  const Momenta b = of(*c.setup().mass2, b2.pose(), b2.twist);
  return {a.linear + b.linear, a.angular + b.angular};
}

TEST(PairContactTest, BallSlidesRoundInsideAFreeShellAsTheTwoBodyProblem) {
  const double u = 0.5, M = kBallMass + kShellMass, mu = kBallMass * kShellMass / M;
  // Centre of mass at the origin, at rest: the ball at −ρ m₂/M, the shell at +ρ m₁/M.
  const RigidBodyState ball =
      bodyAt(Vec3(0, 0, -kRho * kShellMass / M), Vec3(u * kShellMass / M, 0, 0));
  const RigidBodyState shell =
      bodyAt(Vec3(0, 0, kRho * kBallMass / M), Vec3(-u * kBallMass / M, 0, 0));
  SmoothContact c = ballInShell(Vec3::Zero(), {}, FrictionMode::kSliding, ball, shell);
  const double e0 = c.energy();
  const double omega = u / kRho;
  for (const double T : {0.25, 0.5, 1.0, 2.0}) {
    c.advanceTo(T);
    ASSERT_FALSE(c.separated()) << T;
    const Vec3 p1 = c.worldPose().translation(), p2 = c.body2Pose().translation();
    const Vec3 d = p1 - p2;
    EXPECT_NEAR((d - kRho * Vec3(std::sin(omega * T), 0, -std::cos(omega * T))).norm(), 0.0, 1e-9)
        << T;
    // Momenta are not linear in the reduced state: RK4 keeps them to its truncation error.
    EXPECT_NEAR(((kBallMass * p1 + kShellMass * p2) / M).norm(), 0.0, 1e-10) << T;
    EXPECT_NEAR(c.acceleration().normal_force, mu * u * u / kRho, 1e-8) << T;
    EXPECT_NEAR(c.energy(), e0, 1e-10) << T;
    const Momenta m = momenta(c, T);
    EXPECT_NEAR(m.linear.norm(), 0.0, 1e-9 * mu * u) << T;
  }
  EXPECT_GT(c.stats().patch_crossings, 0);  // across the charts of both spheres
}

TEST(PairContactTest, AVeryHeavyShellMovesTheBallAsAFixedOne) {
  FrictionParameters f;
  f.mu = 0.3;
  const RigidBodyState ball = bodyAt(Vec3(0, 0, -kRho), Vec3(0.4, 0.1, 0), Vec3(0.0, 3.0, 1.0));
  const RigidBodyState shell = bodyAt(Vec3::Zero(), Vec3::Zero());
  // Without gravity: a free shell under gravity falls, a fixed one does not.
  SmoothContact heavy = ballInShell(Vec3::Zero(), f, FrictionMode::kSliding, ball, shell, 1e12);
  SmoothContactSetup fixed_setup = heavy.setup();
  fixed_setup.mass2.reset();
  fixed_setup.E_w_2 = shell.pose();
  SmoothContact fixed(fixed_setup, heavy.state());
  heavy.advanceTo(0.5);
  fixed.advanceTo(0.5);
  EXPECT_NEAR((heavy.worldPose().translation() - fixed.worldPose().translation()).norm(), 0.0,
              1e-9);
  EXPECT_NEAR((heavy.bodyTwist() - fixed.bodyTwist()).norm(), 0.0, 1e-8);
  EXPECT_EQ(heavy.state().mode, fixed.state().mode);
}

TEST(PairContactTest, UnderGravityAndFrictionMomentaFollowGravityAndEnergyOnlyFalls) {
  FrictionParameters f;
  f.mu = 0.5;
  f.slip_threshold = 5e-3;
  const Vec3 g(0, 0, -9.81);
  const RigidBodyState ball = bodyAt(Vec3(0, 0, -kRho), Vec3(0.6, 0.2, 0.0), Vec3(4.0, -2.0, 7.0));
  const RigidBodyState shell = bodyAt(Vec3::Zero(), Vec3(-0.1, 0.0, 0.3), Vec3(0.0, 0.0, 1.0));
  SmoothContact c = ballInShell(g, f, FrictionMode::kSliding, ball, shell);
  const double M = kBallMass + kShellMass;
  const Momenta m0 = momenta(c, 0.0);
  const Vec3 com0 =
      (kBallMass * c.worldPose().translation() + kShellMass * c.body2Pose().translation()) / M;
  double e_last = c.energy();
  bool rolled = false;
  for (int i = 1; i <= 40 && !c.separated(); ++i) {
    const double T = 0.025 * i;
    c.advanceTo(T);
    const Momenta m = momenta(c, T);
    EXPECT_NEAR((m.linear - (m0.linear + M * g * T)).norm(), 0.0, 1e-9) << T;
    // About the moving centre of mass, gravity exerts no moment: L_com is constant, up to RK4's
    // truncation error (∝ h⁴; measured at most 1.1e-9 at these 1 ms steps, 8.2e-11 at 0.5 ms;
    // 4.3e-10 at 1 ms while the ODE integrated q̇ rather than the relative twist).
    const Vec3 com = com0 + m0.linear / M * T + 0.5 * g * T * T;
    const Vec3 com_now =
        (kBallMass * c.worldPose().translation() + kShellMass * c.body2Pose().translation()) / M;
    EXPECT_NEAR((com_now - com).norm(), 0.0, 1e-9) << T;
    const Vec3 L_com = m.angular - com.cross(m.linear);
    const Vec3 L_com0 = m0.angular - com0.cross(m0.linear);
    EXPECT_NEAR((L_com - L_com0).norm(), 0.0, 2e-9) << T;
    // Energy in the falling frame (gravity does the same work on the pair's centre of mass).
    const double e = c.energy();
    EXPECT_LE(e, e_last + 1e-9) << T;
    e_last = e;
    rolled = rolled || c.state().mode == FrictionMode::kRolling;
  }
  EXPECT_FALSE(c.separated());
  EXPECT_TRUE(rolled);  // friction stops the slip: the ball rolls round the shell
}

TEST(PairContactTest, AnImpulseOnTheBallChangesThePairsMomentaByItAndItsMoment) {
  const RigidBodyState ball = bodyAt(Vec3(0, 0, -kRho), Vec3(0.3, 0.0, 0.0));
  const RigidBodyState shell = bodyAt(Vec3::Zero(), Vec3::Zero());
  FrictionParameters f;
  f.mu = 0.5;
  // Sliding: the frictionless jump; rolling: then the plastic no-slip projection, internal to the
  // pair, which must not change its momenta either.
  for (const FrictionMode mode : {FrictionMode::kSliding, FrictionMode::kRolling}) {
    SmoothContact c = ballInShell(Vec3::Zero(), f, mode, ball, shell);
    c.advanceTo(0.1);
    const Momenta before = momenta(c, c.time());
    // 0.2 N s along +y at the ball's top, in world coordinates.
    const Frame E = c.worldPose();
    const Vec3 point_body(0, 0, kBallRadius), J_world(0.0, 0.2, 0.0);
    const Vec3 J = E.linear().transpose() * J_world;
    c.applyImpulse(spatial(point_body.cross(J), J));
    const Momenta after = momenta(c, c.time());
    EXPECT_NEAR((after.linear - before.linear - J_world).norm(), 0.0, 1e-12) << toString(mode);
    EXPECT_NEAR((after.angular - before.angular - (E * point_body).cross(J_world)).norm(), 0.0,
                1e-12)
        << toString(mode);
    EXPECT_EQ(c.state().mode, mode);
  }
}

TEST(PairContactTest, BodiesThatDoNotTouchAreAnError) {
  const RigidBodyState ball = bodyAt(Vec3(0, 0, -kRho + 0.01), Vec3::Zero());
  const RigidBodyState shell = bodyAt(Vec3::Zero(), Vec3::Zero());
  EXPECT_THROW(ballInShell(Vec3::Zero(), {}, FrictionMode::kSliding, ball, shell),
               InvalidInputError);
}

}  // namespace
}  // namespace contactsim
