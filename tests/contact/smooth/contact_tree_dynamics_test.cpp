// Contact trees (issue 23): the articulated-body recursion over smooth contacts against one-contact
// dynamics (eq. 28, and the pair system of two free bodies), statics, the ball rolling off a
// fixed ball (θ̈ = 5/7 g sin θ / (R₁ + R₂)), and conservation laws of frictionless and rolling
// chains (momentum where no external horizontal force acts; no power from workless contacts).
#include <gtest/gtest.h>

#include <cmath>

#include "contact/smooth/contact_from_pose.hpp"
#include "contact/smooth/contact_tree_dynamics.hpp"
#include "contactsim/error.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"
#include "dynamics/newton_euler.hpp"

namespace contactsim {
namespace {

constexpr double kG = 9.81;
const Vec3 kGravity(0.0, 0.0, -kG);

MassProperties ball(double mass, double radius) {
  return MassProperties::principal(mass, Vec3::Constant(0.4 * mass * radius * radius));
}

ContactKinematics kinematicsOf(const SmoothContactSetup& setup, const SmoothContactState& s) {
  const SurfaceJet j1 = setup.surface1->evaluate(s.patch1, s.q(0), s.q(1), JetOrder::kThird);
  const SurfaceJet j2 = setup.surface2->evaluate(s.patch2, s.q(2), s.q(3), JetOrder::kThird);
  return contactKinematics(j1, j2, s.q(4), s.qdot);
}

// A contact's state, with q̇ on its mode's constraints, and its kinematics.
struct Edge {
  SmoothContactSetup setup;
  SmoothContactState state;
  ContactKinematics k;
};

Edge edgeOf(SmoothContactSetup setup, SmoothContactState s) {
  s.qdot = constrainedVelocity(kinematicsOf(setup, s), s.qdot, s.mode);
  return {setup, s, kinematicsOf(setup, s)};
}

// The ball-on-ball chain: a lower ball (radius R1) on a fixed plane, an upper ball (R2) on it at
// angle theta from the top, both at rest unless given twists (world frame, identity orientation).
struct BallOnBall {
  static constexpr double R1 = 0.1, R2 = 0.05, m1 = 2.0, m2 = 0.5;
  MassProperties mass1 = ball(m1, R1), mass2 = ball(m2, R2);
  FrictionParameters friction;
  Edge lower, upper;
  RigidBodyState s1, s2;

  BallOnBall(double theta, FrictionMode mode, double lower_mass = m1, const Vec3& v1 = Vec3::Zero(),
             const Vec3& w1 = Vec3::Zero(), const Vec3& v2 = Vec3::Zero(),
             const Vec3& w2 = Vec3::Zero()) {
    mass1 = ball(lower_mass, R1);
    friction.mu = 0.5;
    friction.mu_static = 1e9;
    const Vec3 up(std::sin(theta), 0.0, std::cos(theta));
    s1 = RigidBodyState::fromWorldVelocities(Vec3(0, 0, R1), Quat::Identity(), w1, v1);
    s2 =
        RigidBodyState::fromWorldVelocities(s1.position + (R1 + R2) * up, Quat::Identity(), w2, v2);
    SmoothContactSetup a;
    a.surface1 = std::make_shared<ChartSurface>(makeSphere(R1));
    a.mass1 = mass1;
    a.surface2 = std::make_shared<ChartSurface>(makePlane(100.0));
    a.friction = friction;
    const SurfacePoint bottom = sphereChartPoint(-Vec3::UnitZ());
    lower = edgeOf(a, contactStateFromPose(a, s1.pose(), s1.twist, mode, 1e-9, bottom.patch,
                                           bottom.st, 0, Vec2(0.5, 0.5)));
    SmoothContactSetup b;
    b.surface1 = std::make_shared<ChartSurface>(makeSphere(R2));
    b.mass1 = mass2;
    b.surface2 = a.surface1;
    b.mass2 = mass1;
    b.friction = friction;
    const SurfacePoint p2 = sphereChartPoint(-up), p1 = sphereChartPoint(up);
    upper =
        edgeOf(b, contactStateFromStates(b, s2, s1, mode, 1e-9, p2.patch, p2.st, p1.patch, p1.st));
  }

  // The tree: body 0 the lower ball (on the fixed plane), body 1 the upper ball.
  [[nodiscard]] ContactTreeAcceleration solve() const {
    const Mat3 R1w = lower.k.E_2_1.linear();
    const Mat3 R2w = R1w * upper.k.E_2_1.linear();
    std::vector<ContactTreeBody> bodies{{&mass1, gravityWrench(mass1.mass(), R1w, kGravity)},
                                        {&mass2, gravityWrench(m2, R2w, kGravity)}};
    std::vector<ContactTreeEdge> edges(2);
    edges[0] = {0,        ContactTreeEdge::kFixed, &lower.k, lower.state.qdot, lower.state.mode,
                &friction};
    edges[1] = {1, 0, &upper.k, upper.state.qdot, upper.state.mode, &friction};
    return contactTreeAcceleration(bodies, edges);
  }
};

// World-frame acceleration of a body's centre: R (v̇ + ω × v) from its body-frame twist and φ̇.
Vec3 centreAcceleration(const Mat3& R, const Twist& phi, const Twist& phidot) {
  return R * (linear(phidot) + angular(phi).cross(linear(phi)));
}

// The contacts' power: the kinetic energy's rate Σ φᵀ M φ̇ less gravity's power Σ f_gᵀ φ, and the
// size of the terms.
std::pair<double, double> contactPower(const BallOnBall& chain, const ContactTreeAcceleration& a) {
  const Mat3 R1w = chain.lower.k.E_2_1.linear();
  const Mat3 Rs[2] = {R1w, R1w * chain.upper.k.E_2_1.linear()};
  const MassProperties* masses[2] = {&chain.mass1, &chain.mass2};
  double power = 0.0, scale = 0.0;
  for (std::size_t b = 0; b < 2; ++b) {
    const Wrench g = gravityWrench(masses[b]->mass(), Rs[b], kGravity);
    const double kinetic = a.twists[b].dot(masses[b]->momentum(a.accelerations[b]));
    power += kinetic - g.dot(a.twists[b]);
    scale += std::abs(kinetic) + std::abs(g.dot(a.twists[b]));
  }
  return {power, scale};
}

TEST(ContactTreeDynamicsTest, OneEdgeToAFixedBodyIsTheOneContactSystem) {
  // An ellipsoid with misaligned inertia on a plane, moving, in each mode, with rolling and
  // spinning friction: the recursion reduces to eq. 28.
  SmoothContactSetup setup;
  setup.surface1 = std::make_shared<ChartSurface>(makeEllipsoid(Vec3(0.3, 0.2, 0.1)));
  const Mat3 axes =
      Quat(Eigen::AngleAxisd(0.3, Vec3(0.2, 0.1, 1.0).normalized())).toRotationMatrix();
  setup.mass1 = MassProperties(1.3, axes * Vec3(0.01, 0.02, 0.026).asDiagonal() * axes.transpose());
  setup.surface2 = std::make_shared<ChartSurface>(makePlane(100.0));
  FrictionParameters friction;
  friction.mu = 0.4;
  friction.mu_rolling = 0.003;
  friction.mu_spinning = 0.001;
  for (const FrictionMode mode :
       {FrictionMode::kSliding, FrictionMode::kRolling, FrictionMode::kRollingNoSpin}) {
    SmoothContactState s;
    s.patch1 = 5;
    s.q << 0.6, 0.45, 0.5, 0.5, 0.2;
    s.qdot << 0.3, -0.2, 0.1, 0.4, 1.5;
    s.mode = mode;
    const Edge e = edgeOf(setup, s);
    const Wrench g = gravityWrench(1.3, e.k.E_2_1.linear(), kGravity);
    const Eigen::Vector2d hint(0.6, 0.8);
    const ContactAcceleration one =
        contactAcceleration(e.k, e.state.qdot, setup.mass1, g, mode, friction, hint);
    const std::vector<ContactTreeBody> bodies{{&setup.mass1, g}};
    ContactTreeEdge edge{0, ContactTreeEdge::kFixed, &e.k, e.state.qdot, mode, &friction, hint};
    const ContactTreeAcceleration tree = contactTreeAcceleration(bodies, {edge});
    EXPECT_LT((tree.edges[0].qddot - one.qddot).norm(), 1e-10 * (1.0 + one.qddot.norm()))
        << toString(mode);
    EXPECT_NEAR(tree.edges[0].normal_force, one.normal_force, 1e-10 * one.normal_force);
    EXPECT_LT((tree.edges[0].wrench_1c - one.wrench_1c).norm(), 1e-10 * one.wrench_1c.norm());
  }
}

TEST(ContactTreeDynamicsTest, AFloatingRootWithOneEdgeIsThePairSystem) {
  // A ball inside a free spherical shell (kry-pai-2002 eq. 28 with the pair's effective inertia),
  // with gravity and friction: the shell is the tree's floating root.
  SmoothContactSetup setup;
  setup.surface1 = std::make_shared<ChartSurface>(makeSphere(0.05));
  setup.mass1 = ball(0.4, 0.05);
  setup.surface2 = std::make_shared<ChartSurface>(makeSphereInterior(0.2));
  setup.mass2 = MassProperties::principal(3.0, Vec3::Constant(2.0 / 3.0 * 3.0 * 0.04));
  FrictionParameters friction;
  friction.mu = 0.3;
  const RigidBodyState shell = RigidBodyState::fromWorldVelocities(
      Vec3::Zero(), Quat::Identity(), Vec3(0.1, 0.2, 0.3), Vec3(-0.05, 0.02, 0.0));
  const Vec3 d = Vec3(0.2, 0.1, -1.0).normalized();
  const SurfacePoint p1 = sphereChartPoint(d), p2 = sphereChartPoint(d);
  for (const FrictionMode mode : {FrictionMode::kSliding, FrictionMode::kRolling}) {
    const RigidBodyState ball_state = RigidBodyState::fromWorldVelocities(
        shell.position + 0.15 * d, Quat::Identity(), Vec3(0.5, 1.0, -2.0), Vec3(0.2, -0.1, 0.05));
    const Edge e = edgeOf(setup, contactStateFromStates(setup, ball_state, shell, mode, 1e-9,
                                                        p1.patch, p1.st, p2.patch, p2.st));
    const Eigen::Vector2d hint(1.0, 0.0);
    const Mat3 R2 = shell.orientation.toRotationMatrix();
    const Wrench g1 = gravityWrench(0.4, Mat3(R2 * e.k.E_2_1.linear()), kGravity);
    const FreeBody2 free2{&*setup.mass2, shell.twist, gravityWrench(3.0, R2, kGravity)};
    const ContactAcceleration pair =
        contactAcceleration(e.k, e.state.qdot, setup.mass1, g1, free2, mode, friction, hint);
    const std::vector<ContactTreeBody> bodies{{&*setup.mass2, free2.f_ext, shell.twist},
                                              {&setup.mass1, g1}};
    const ContactTreeEdge edge{1, 0, &e.k, e.state.qdot, mode, &friction, hint};
    const ContactTreeAcceleration tree = contactTreeAcceleration(bodies, {edge});
    EXPECT_LT((tree.edges[0].qddot - pair.qddot).norm(), 1e-9 * (1.0 + pair.qddot.norm()))
        << toString(mode);
    EXPECT_LT((tree.accelerations[0] - pair.body2_acceleration).norm(),
              1e-9 * (1.0 + pair.body2_acceleration.norm()));
    EXPECT_NEAR(tree.edges[0].normal_force, pair.normal_force, 1e-9 * std::abs(pair.normal_force));
  }
}

TEST(ContactTreeDynamicsTest, BallOnBallAtTheTopCarriesTheWeightAbove) {
  // Statics: the upper ball exactly on top, at rest, in every mode: nothing moves, the upper
  // contact carries m₂ g and the table (m₁ + m₂) g.
  for (const FrictionMode mode :
       {FrictionMode::kSliding, FrictionMode::kRolling, FrictionMode::kRollingNoSpin}) {
    BallOnBall chain(0.0, mode);
    // (Sliding friction at zero slip acts along its hint direction, kry-2000 §4.4.4: frictionless
    // for the sliding mode's statics.)
    chain.friction.mu = mode == FrictionMode::kSliding ? 0.0 : chain.friction.mu;
    const ContactTreeAcceleration a = chain.solve();
    EXPECT_NEAR(a.edges[1].normal_force, BallOnBall::m2 * kG, 1e-9) << toString(mode);
    EXPECT_NEAR(a.edges[0].normal_force, (BallOnBall::m1 + BallOnBall::m2) * kG, 1e-9);
    EXPECT_LT(a.edges[0].qddot.norm() + a.edges[1].qddot.norm(), 1e-12);
  }
}

TEST(ContactTreeDynamicsTest, BallRollingOffAVeryHeavyBallFollowsTheFixedSphereLaw) {
  // On a fixed sphere, a ball rolling without slipping at angle θ from the top has
  // θ̈ = g sin θ / ((R₁ + R₂)(1 + I/(m R₂²))) = 5/7 g sin θ / (R₁ + R₂). The lower ball here
  // weighs 1e9 times more and rolls on the table: the chain's answer tends to that law.
  const double theta = 0.3;
  const BallOnBall chain(theta, FrictionMode::kRolling, 2e9);
  const ContactTreeAcceleration a = chain.solve();
  const Mat3 R2w = chain.lower.k.E_2_1.linear() * chain.upper.k.E_2_1.linear();
  const Vec3 acc = centreAcceleration(R2w, a.twists[1], a.accelerations[1]);
  // At rest the centre accelerates along the tangent of its circle: (R₁ + R₂) θ̈ (cos θ, 0, −sin θ).
  const double rate = 5.0 / 7.0 * kG * std::sin(theta) / (BallOnBall::R1 + BallOnBall::R2);
  const Vec3 expected =
      (BallOnBall::R1 + BallOnBall::R2) * rate * Vec3(std::cos(theta), 0.0, -std::sin(theta));
  EXPECT_LT((acc - expected).norm(), 1e-7 * expected.norm());
  // The normal force of the upper contact: m g cos θ at rest.
  EXPECT_NEAR(a.edges[1].normal_force, BallOnBall::m2 * kG * std::cos(theta), 1e-7);
}

TEST(ContactTreeDynamicsTest, FrictionlessChainKeepsHorizontalMomentumAndDoesNoWork) {
  // Frictionless everywhere (a frictionless table pushes only vertically), moving: the horizontal
  // momentum's rate Σ m a_xy is zero, and the contacts do no work: the kinetic energy changes as
  // gravity's power, Σ φᵀ M φ̇ = Σ f_gᵀ φ.
  BallOnBall chain(0.4, FrictionMode::kSliding, BallOnBall::m1, Vec3(0.3, -0.2, 0.0),
                   Vec3(1.0, 2.0, -0.5), Vec3(-0.1, 0.4, 0.0), Vec3(3.0, -1.0, 2.0));
  chain.friction.mu = 0.0;
  const ContactTreeAcceleration a = chain.solve();
  const Mat3 R1w = chain.lower.k.E_2_1.linear();
  const Mat3 R2w = R1w * chain.upper.k.E_2_1.linear();
  const Vec3 p_rate = BallOnBall::m1 * centreAcceleration(R1w, a.twists[0], a.accelerations[0]) +
                      BallOnBall::m2 * centreAcceleration(R2w, a.twists[1], a.accelerations[1]);
  EXPECT_LT(p_rate.head<2>().norm(), 1e-12 * (BallOnBall::m1 + BallOnBall::m2) * kG);
  EXPECT_GT(std::abs(p_rate.z()), 1e-3);  // the table's force does change the vertical momentum
  const auto [power, scale] = contactPower(chain, a);
  EXPECT_LT(std::abs(power), 1e-12 * scale);
  EXPECT_GT(scale, 1.0);
}

TEST(ContactTreeDynamicsTest, RollingChainDoesNoWork) {
  // Rolling without slipping at both contacts, no rolling or spinning friction: the contact
  // forces act at points that do not slip and do no work.
  const BallOnBall chain(0.25, FrictionMode::kRolling, BallOnBall::m1, Vec3(0.2, 0.1, 0.0),
                         Vec3(-1.0, 2.0, 0.7), Vec3(0.0, -0.3, 0.1), Vec3(1.0, 0.5, -2.0));
  const ContactTreeAcceleration a = chain.solve();
  const auto [power, scale] = contactPower(chain, a);
  EXPECT_LT(std::abs(power), 1e-11 * scale);
  // And neither contact slips: the tree's relative twists have no tangential slip.
  EXPECT_LT(a.edges[0].slip_velocity.norm() + a.edges[1].slip_velocity.norm(), 1e-12);
}

TEST(ContactTreeDynamicsTest, EdgesThatAreNoTreeAreAnError) {
  const BallOnBall chain(0.0, FrictionMode::kSliding);
  const MassProperties m = ball(1.0, 0.1);
  const std::vector<ContactTreeBody> bodies{{&m}, {&m}};
  // The upper ball's contact listed before its parent's.
  std::vector<ContactTreeEdge> edges(2);
  edges[0] = {1, 0, &chain.upper.k, Vec5::Zero(), FrictionMode::kSliding, &chain.friction};
  edges[1] = {0,
              ContactTreeEdge::kFixed,
              &chain.lower.k,
              Vec5::Zero(),
              FrictionMode::kSliding,
              &chain.friction};
  EXPECT_THROW((void)contactTreeAcceleration(bodies, edges), InvalidInputError);
  // A body that is the child of two contacts is a loop.
  edges[0] = edges[1];
  EXPECT_THROW((void)contactTreeAcceleration(bodies, edges), InvalidInputError);
}

}  // namespace
}  // namespace contactsim
