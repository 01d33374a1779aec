// Two free smooth bodies colliding in the world (issue 5, deliverable 5): the first touch found on
// their relative motion at the analytic time, impacts by the Chatterjee–Ruina law with both
// inertias checked against the one-dimensional restitution law and the conservation of linear and
// angular momentum, and a ball at rest in contact with a table set moving by another.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "contactsim/error.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim/world/world.hpp"
#include "world_events.hpp"

namespace contactsim {
namespace {

constexpr double kRadius = 0.1;

BodyDescription ball(const std::string& name, double mass, const Vec3& position,
                     const Vec3& velocity, const Vec3& omega = Vec3::Zero()) {
  BodyDescription b;
  b.name = name;
  b.mass_properties =
      MassProperties::principal(mass, Vec3::Constant(0.4 * mass * kRadius * kRadius));
  b.initial_state =
      RigidBodyState::fromWorldVelocities(position, Quat::Identity(), omega, velocity);
  b.surface = std::make_shared<ChartSurface>(makeSphere(kRadius));
  return b;
}

// A fixed plane, the table top at z = 0.
BodyDescription table() {
  BodyDescription b;
  b.name = "table";
  b.fixed = true;
  b.surface = std::make_shared<ChartSurface>(makePlane(5.0));
  return b;
}

WorldDescription twoBalls(const BodyDescription& a, const BodyDescription& b) {
  WorldDescription d;
  d.gravity = Vec3::Zero();
  d.integrator.method = IntegratorMethod::kRk4;
  d.integrator.step = 1e-3;
  d.bodies = {a, b};
  d.collisions.enabled = true;
  d.collisions.impact.restitution = 0.5;
  d.collisions.impact.friction = 0.0;
  d.collisions.impact.tangential_restitution = -1.0;
  return d;
}

using testing_support::eventsOfType;

Vec3 momentum(const World& world, const std::vector<double>& masses) {
  Vec3 p = Vec3::Zero();
  for (std::size_t i = 0; i < masses.size(); ++i) {
    p += masses[i] * world.state(i).worldLinearVelocity();
  }
  return p;
}

// Head-on, masses 1 and 3 kg at +1 and −1 m/s, centres 0.5 m apart: the gap of 0.3 m closes at
// 2 m/s, so they touch at 0.15 s; with e = 1/2 they leave at v₁' = (m₁v₁ + m₂v₂ + m₂e(v₂ − v₁)) /
// (m₁ + m₂) = −1.25 m/s and v₂' = −0.25 m/s, and fly on at those speeds.
TEST(FreeBodiesCollide, HeadOnByTheRestitutionLawAtTheAnalyticTime) {
  World world(twoBalls(ball("light", 1.0, Vec3(-0.25, 0, 1), Vec3(1, 0, 0)),
                       ball("heavy", 3.0, Vec3(0.25, 0, 1), Vec3(-1, 0, 0))));
  const Vec3 p0 = momentum(world, {1.0, 3.0});
  for (double t = 0.005; t <= 0.5 + 1e-12; t += 0.005) {
    world.advanceTo(t);
    // Never inside each other at the output times.
    EXPECT_GE((world.state(1).position - world.state(0).position).norm(), 2 * kRadius - 1e-9) << t;
    EXPECT_LT((momentum(world, {1.0, 3.0}) - p0).norm(), 1e-12) << t;
  }
  const auto collisions = eventsOfType(world, "collision");
  ASSERT_EQ(collisions.size(), 1u);
  EXPECT_NEAR(collisions[0].time, 0.15, 1e-9);
  EXPECT_NEAR(world.state(0).worldLinearVelocity().x(), -1.25, 1e-9);
  EXPECT_NEAR(world.state(1).worldLinearVelocity().x(), -0.25, 1e-9);
  EXPECT_NEAR(world.state(0).position.x(), -0.25 + 0.15 - 1.25 * 0.35, 1e-9);
  EXPECT_NEAR(world.state(1).position.x(), 0.25 - 0.15 - 0.25 * 0.35, 1e-9);
}

struct Oblique {
  World world;
  double touch;  // analytic time of the touch
};

// Spinning balls (1 and 2 kg) meeting off-centre, no gravity: |Δx + Δv t| = 2R at the touch.
Oblique obliqueImpact(double mu, double e_t) {
  const Vec3 xa(0, 0, 0), xb(0.4, 0.06, 0.03), va(2, 0, 0), vb(-1, 0.2, 0);
  WorldDescription d =
      twoBalls(ball("a", 1.0, xa, va, Vec3(0, 0, 30)), ball("b", 2.0, xb, vb, Vec3(10, -20, 5)));
  d.collisions.impact.friction = mu;
  d.collisions.impact.tangential_restitution = e_t;
  const Vec3 dx = xb - xa, dv = vb - va;
  const double qa = dv.squaredNorm(), qb = 2 * dx.dot(dv),
               qc = dx.squaredNorm() - 4 * kRadius * kRadius;
  return {World(d), (-qb - std::sqrt(qb * qb - 4 * qa * qc)) / (2 * qa)};
}

// Total angular momentum about the origin: Σ (x × m v + I ω).
Vec3 angularMomentum(const World& world, const std::vector<double>& masses) {
  Vec3 L = Vec3::Zero();
  for (std::size_t i = 0; i < masses.size(); ++i) {
    const RigidBodyState s = world.state(i);
    L += s.position.cross(masses[i] * s.worldLinearVelocity()) + world.angularMomentum(i);
  }
  return L;
}

// The relative velocity of the touching points and the normal from b to a, at the touch.
std::pair<Vec3, Vec3> contactVelocity(const World& world) {
  const RigidBodyState a = world.state(0), b = world.state(1);
  const Vec3 n = (a.position - b.position).normalized();
  const Vec3 c = b.position + kRadius * n;
  const auto at = [&](const RigidBodyState& s) {
    return Vec3(s.worldLinearVelocity() + s.worldAngularVelocity().cross(c - s.position));
  };
  return {at(a) - at(b), n};
}

// Sticking (large μ, e_t = 0): afterwards the touching points move apart along the normal at e
// times the approach and not at all tangentially; momenta are conserved and energy lost.
TEST(FreeBodiesCollide, ObliqueSpinningImpactSticksAndConservesMomenta) {
  Oblique o = obliqueImpact(5.0, 0.0);
  // Just before the touch (RK4 flight of a spinning body keeps its momenta only to its error).
  o.world.advanceTo(o.touch - 1e-9);
  const Vec3 p0 = momentum(o.world, {1.0, 2.0});
  const Vec3 L0 = angularMomentum(o.world, {1.0, 2.0});
  const double e0 = o.world.energy(0) + o.world.energy(1);
  const auto [u_before, n] = contactVelocity(o.world);
  o.world.advanceTo(o.touch + 1e-9);
  const auto collisions = eventsOfType(o.world, "collision");
  ASSERT_EQ(collisions.size(), 1u);
  EXPECT_NEAR(collisions[0].time, o.touch, 1e-9);
  EXPECT_NE(collisions[0].detail.find("sticking"), std::string::npos) << collisions[0].detail;
  const auto [u_after, n_after] = contactVelocity(o.world);
  EXPECT_NEAR(n_after.dot(u_after), -0.5 * n.dot(u_before), 1e-7);
  EXPECT_LT((u_after - n_after * n_after.dot(u_after)).norm(), 1e-7);
  EXPECT_LT((momentum(o.world, {1.0, 2.0}) - p0).norm(), 1e-12);
  EXPECT_LT((angularMomentum(o.world, {1.0, 2.0}) - L0).norm(), 1e-10);
  EXPECT_LT(o.world.energy(0) + o.world.energy(1), e0);
}

// Sliding (small μ): the tangential impulse is μ times the normal one, and opposes the slip.
TEST(FreeBodiesCollide, ObliqueSpinningImpactSlidesOnTheFrictionCone) {
  Oblique o = obliqueImpact(0.1, 0.0);
  o.world.advanceTo(o.touch - 1e-9);
  const Vec3 v_before = o.world.state(0).worldLinearVelocity();
  const auto [u_before, n] = contactVelocity(o.world);
  o.world.advanceTo(o.touch + 1e-9);
  const auto collisions = eventsOfType(o.world, "collision");
  ASSERT_EQ(collisions.size(), 1u);
  EXPECT_NE(collisions[0].detail.find("sliding"), std::string::npos) << collisions[0].detail;
  const Vec3 P = 1.0 * (o.world.state(0).worldLinearVelocity() - v_before);  // on a
  const double normal = P.dot(n);
  const Vec3 tangential = P - n * normal;
  EXPECT_GT(normal, 0.0);
  EXPECT_NEAR(tangential.norm(), 0.1 * normal, 1e-6 * normal);
  const Vec3 slip = u_before - n * n.dot(u_before);
  EXPECT_LT(tangential.dot(slip), 0.0);
}

// A ball rolling at 1 m/s on a table strikes an equal ball resting there (frictionless between
// the balls, e = 0.9): the resting ball leaves its contact with the table at (1 + e)/2 m/s, the
// striker keeps (1 − e)/2 of its speed and its spin; both come back to contact with the table,
// never pass into each other, and the energy never grows.
TEST(FreeBodiesCollide, ARollingBallSetsARestingOneMoving) {
  WorldDescription d =
      twoBalls(ball("striker", 1.0, Vec3(0, 0, kRadius), Vec3(1, 0, 0), Vec3(0, 1.0 / kRadius, 0)),
               ball("target", 1.0, Vec3(0.5, 0, kRadius), Vec3::Zero()));
  d.gravity = Vec3(0, 0, -9.81);
  d.collisions.impact.restitution = 0.9;
  d.collisions.friction.mu = 0.3;
  d.bodies.push_back(table());
  World world(d);
  const double e0 = world.energy(0) + world.energy(1);
  // The striker rolls without slipping, so its gap of 0.3 m closes at 1 m/s.
  world.advanceTo(0.29);
  EXPECT_GE(eventsOfType(world, "contact-on").size(), 2u);
  world.advanceTo(0.3 + 1e-6);
  const auto collisions = eventsOfType(world, "collision");
  ASSERT_FALSE(collisions.empty());
  const auto hit = std::find_if(collisions.begin(), collisions.end(), [](const WorldEvent& e) {
    return e.detail.rfind("with striker", 0) == 0;
  });
  ASSERT_NE(hit, collisions.end());
  EXPECT_NEAR(hit->time, 0.3, 1e-6);
  // 1 µs of table friction changes the speeds by at most μ g 1e-6.
  EXPECT_NEAR(world.state(1).worldLinearVelocity().x(), 0.95, 1e-4);
  EXPECT_NEAR(world.state(0).worldLinearVelocity().x(), 0.05, 1e-4);
  double energy = world.energy(0) + world.energy(1);
  EXPECT_LT(energy, e0);
  for (double t = 0.31; t <= 1.5 + 1e-12; t += 0.01) {
    world.advanceTo(t);
    const double now = world.energy(0) + world.energy(1);
    EXPECT_LE(now, energy * (1 + 1e-9) + 1e-12) << t;
    energy = now;
    EXPECT_GE((world.state(1).position - world.state(0).position).norm(), 2 * kRadius - 1e-9) << t;
  }
  EXPECT_NEAR(world.state(0).position.z(), kRadius, 1e-6);
  EXPECT_NEAR(world.state(1).position.z(), kRadius, 1e-6);
  EXPECT_GT(world.state(1).position.x(), world.state(0).position.x() + 0.5);
}

// A ball dropped from h = 0.2 m onto an equal ball resting on a table meets it when it has fallen
// h and the 2 mm offset's sag 2R − √(4R² − δ²); the impacts that follow (ball on ball, ball on
// table) never raise the energy (but by the small bounces) or let the balls into each other or the
// table.
TEST(FreeBodiesCollide, ABallDroppedOnARestingBall) {
  const double h = 0.2, g = 9.81;
  WorldDescription d = twoBalls(ball("bottom", 1.0, Vec3(0, 0, kRadius), Vec3::Zero()),
                                ball("top", 1.0, Vec3(0.002, 0, 3 * kRadius + h), Vec3::Zero()));
  d.gravity = Vec3(0, 0, -g);
  d.bodies.push_back(table());
  World world(d);
  double energy = world.energy(0) + world.energy(1);
  std::size_t seen = 0;
  for (double t = 0.005; t <= 1.0 + 1e-12; t += 0.005) {
    world.advanceTo(t);
    const double now = world.energy(0) + world.energy(1);
    // A body holds one contact at a time: a slow impact on the ball resting on the table (or of a
    // ball with the table near where a contact could not hold) leaves at the bounce speed, which
    // adds at most ½ m v_b² with m ≤ 1 kg, the mass of one ball.
    int bounces = 0;
    for (; seen < world.events().size(); ++seen) {
      bounces += world.events()[seen].type == "small-bounce";
    }
    const double v_b = d.collisions.bounce_speed;
    ASSERT_LE(now, energy * (1 + 1e-9) + bounces * 0.5 * 1.0 * v_b * v_b) << t;
    energy = now;
    EXPECT_GE((world.state(1).position - world.state(0).position).norm(), 2 * kRadius - 1e-9) << t;
    EXPECT_GE(world.state(0).position.z(), kRadius - 1e-9) << t;
    EXPECT_GE(world.state(1).position.z(), kRadius - 1e-9) << t;
  }
  std::vector<WorldEvent> between;
  for (const auto& e : eventsOfType(world, "collision")) {
    if (e.body == "top" || e.detail.rfind("with top", 0) == 0) {
      between.push_back(e);
    }
  }
  ASSERT_FALSE(between.empty());
  // The drop of the top ball's lowest point onto the bottom ball's top, 2 mm off-centre.
  const double drop = h + (2 * kRadius - std::sqrt(4 * kRadius * kRadius - 0.002 * 0.002));
  EXPECT_NEAR(between[0].time, std::sqrt(2 * drop / g), 1e-8);
}

TEST(FreeBodiesCollide, BodiesThatStartInsideEachOtherAreAnError) {
  WorldDescription d = twoBalls(ball("a", 1.0, Vec3(0, 0, 0), Vec3::Zero()),
                                ball("b", 1.0, Vec3(0.15, 0, 0), Vec3::Zero()));
  testing_support::expectInvalidWorld(d, "'a' and 'b' start inside each other");
}

}  // namespace
}  // namespace contactsim
