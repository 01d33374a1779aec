// Continuous contact between two free bodies in the world (issue 5, deliverable 5): a ball that
// meets the inside of a free hollow ball slowly stays in contact with it, and the pair moves as
// the two-body problem says (the centres a constant distance apart, momentum kept, energy kept
// after the plastic touch); under gravity the pair falls onto a table, where the hollow ball's
// impact ends the pair's contact and nothing passes through the table or the shell.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <utility>

#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim/world/world.hpp"
#include "world_events.hpp"

namespace contactsim {
namespace {

constexpr double kBallRadius = 0.1, kInner = 0.3, kOuter = 0.32;
constexpr double kRho = kInner - kBallRadius;  // centre distance while the ball touches the inside
constexpr double kBallMass = 2.0, kShellMass = 3.0;

using testing_support::eventsOfType;

BodyDescription ball(const Vec3& position, const Vec3& velocity) {
  BodyDescription b;
  b.name = "ball";
  b.mass_properties = MassProperties::principal(
      kBallMass, Vec3::Constant(0.4 * kBallMass * kBallRadius * kBallRadius));
  b.initial_state =
      RigidBodyState::fromWorldVelocities(position, Quat::Identity(), Vec3::Zero(), velocity);
  b.surface = std::make_shared<ChartSurface>(makeSphere(kBallRadius));
  return b;
}

BodyDescription shell(const Vec3& position) {
  BodyDescription b;
  b.name = "shell";
  // A thin spherical shell's moment of inertia, near enough for a thick one: any will do.
  b.mass_properties = MassProperties::principal(
      kShellMass, Vec3::Constant(2.0 / 3.0 * kShellMass * kOuter * kOuter));
  b.initial_state.position = position;
  b.surface = std::make_shared<ChartSurface>(makeSphericalShell(kInner, kOuter));
  return b;
}

WorldDescription ballInShell(const Vec3& gravity, double height) {
  WorldDescription d;
  d.gravity = gravity;
  d.integrator.method = IntegratorMethod::kRk4;
  d.integrator.step = 1e-3;
  // The ball 0.1 mm from the shell's lowest inner point, sliding along x at 0.5 m/s and closing
  // at 0.5 mm/s: slower than contact_speed, so the touch starts a contact.
  d.bodies = {ball(Vec3(0, 0, height - kRho + 1e-4), Vec3(0.5, 0, -5e-4)),
              shell(Vec3(0, 0, height))};
  d.collisions.enabled = true;
  d.collisions.impact.restitution = 0.5;
  d.collisions.impact.friction = 0.0;
  d.collisions.impact.tangential_restitution = -1.0;
  d.collisions.contact_speed = 1e-3;
  return d;
}

// A contact-on event between the ball and the shell, as two free bodies (either may hold it).
bool betweenBallAndShell(const WorldEvent& e) {
  return (e.body == "ball" && e.detail.find("with shell (free)") != std::string::npos) ||
         (e.body == "shell" && e.detail.find("with ball (free)") != std::string::npos);
}

struct Pair {
  Vec3 momentum, centre_of_mass;
  double distance;  // between the centres
  double energy;
};

Pair pairOf(const World& world) {
  const RigidBodyState a = world.state(0), b = world.state(1);
  return {kBallMass * a.worldLinearVelocity() + kShellMass * b.worldLinearVelocity(),
          (kBallMass * a.position + kShellMass * b.position) / (kBallMass + kShellMass),
          (a.position - b.position).norm(), world.energy(0) + world.energy(1)};
}

// From t0 to t1 the ball stays in contact with the inside of the shell (centres ρ apart), and
// the pair keeps the momentum and energy of `kept`.
void expectContactKeeps(World& world, const Pair& kept, double t0, double t1, double dt,
                        double tolerance) {
  for (double t = t0; t <= t1 + 1e-12; t += dt) {
    world.advanceTo(t);
    const Pair p = pairOf(world);
    EXPECT_NEAR(p.distance, kRho, 1e-9) << t;
    EXPECT_NEAR((p.momentum - kept.momentum).norm(), 0.0, tolerance) << t;
    EXPECT_NEAR(p.energy, kept.energy, tolerance) << t;
  }
}

TEST(FreePairContact, ABallSlidingInsideAFreeShellStaysInContactAsTheTwoBodyProblem) {
  World world(ballInShell(Vec3::Zero(), 0.0));
  const Pair start = pairOf(world);
  world.advanceTo(0.5);
  const auto on = eventsOfType(world, "contact-on");
  ASSERT_EQ(on.size(), 1u);
  EXPECT_TRUE(betweenBallAndShell(on[0])) << on[0].body << ": " << on[0].detail;
  EXPECT_TRUE(eventsOfType(world, "small-bounce").empty());
  const double t_on = on[0].time;
  const Pair after_touch = pairOf(world);
  // The impact keeps the pair's momentum exactly, the contact to its RK4 error; frictionless, the
  // energy after the plastic touch stays.
  EXPECT_NEAR((after_touch.momentum - start.momentum).norm(), 0.0, 1e-9);
  expectContactKeeps(world, after_touch, 0.5, 3.0, 0.05, 1e-9);
  // Its centre of mass drifts uniformly.
  const Vec3 drift = start.momentum / (kBallMass + kShellMass) * 3.0;
  EXPECT_NEAR((pairOf(world).centre_of_mass - start.centre_of_mass - drift).norm(), 0.0, 1e-9);
  EXPECT_LE(after_touch.energy, start.energy);
  EXPECT_GT(t_on, 0.0);
  EXPECT_TRUE(eventsOfType(world, "free-flight").empty());  // the contact held throughout
}

// The ball touches the inside of the shell already rolling on it (its lowest point at rest,
// ω = v / R): the contact starts in no-slip friction, and rolling wastes no energy.
TEST(FreePairContact, ARollingTouchStartsRollingAndKeepsEnergyAndMomentum) {
  WorldDescription d = ballInShell(Vec3::Zero(), 0.0);
  d.bodies[0].initial_state.twist.head<3>() = Vec3(0, 0.5 / kBallRadius, 0);  // body frame = world
  d.collisions.friction.mu = 1.0;
  World world(std::move(d));
  world.advanceTo(0.5);
  const auto on = eventsOfType(world, "contact-on");
  ASSERT_EQ(on.size(), 1u);
  EXPECT_NE(on[0].detail.find("(free), rolling"), std::string::npos) << on[0].detail;
  expectContactKeeps(world, pairOf(world), 0.6, 2.0, 0.1, 1e-8);
  EXPECT_TRUE(eventsOfType(world, "mode-switch").empty());  // it rolls throughout
}

// A third ball strikes the shell from outside while the ball inside circles in contact with it.
// Listed shell first, the ball holds the contact and the shell is carried by it: the strike on
// the carried body must end the holder's contact. Momentum of all three is kept throughout.
TEST(FreePairContact, AStrikeOnTheCarriedShellEndsThePairsContact) {
  WorldDescription d = ballInShell(Vec3::Zero(), 0.0);
  std::swap(d.bodies[0], d.bodies[1]);  // shell 0, ball 1
  BodyDescription striker = ball(Vec3(1.5, 0, 0), Vec3(-2.0, 0, 0));
  striker.name = "striker";
  d.bodies.push_back(striker);
  World world(std::move(d));
  const auto momentum = [&]() -> Vec3 {
    return kShellMass * world.state(0).worldLinearVelocity() +
           kBallMass * world.state(1).worldLinearVelocity() +
           kBallMass * world.state(2).worldLinearVelocity();
  };
  const Vec3 p0 = momentum();
  for (double t = 0.01; t <= 1.5 + 1e-12; t += 0.01) {
    world.advanceTo(t);
    // Momenta are kept by the impacts exactly and by the contact to its RK4 error.
    EXPECT_NEAR((momentum() - p0).norm(), 0.0, 1e-8) << t;
    const Vec3 shell = world.state(0).position;
    EXPECT_LE((world.state(1).position - shell).norm(), kRho + 1e-6) << t;  // inside the shell
    EXPECT_GE((world.state(2).position - shell).norm(), kOuter + kBallRadius - 1e-6) << t;
  }
  const auto on = eventsOfType(world, "contact-on");
  ASSERT_FALSE(on.empty());
  EXPECT_EQ(on[0].body, "ball");  // the holder
  EXPECT_TRUE(betweenBallAndShell(on[0])) << on[0].detail;
  double struck = -1.0;
  for (const WorldEvent& e : eventsOfType(world, "collision")) {
    if (struck < 0.0 && (e.body == "striker" || e.detail.find("striker") != std::string::npos)) {
      struck = e.time;
    }
  }
  // The striker meets the shell (1.5 − 0.42 m at 2 m/s plus the shell's sway): both bodies of the
  // pair leave their contact at that instant.
  ASSERT_GT(struck, 0.4);
  int freed = 0;
  for (const WorldEvent& e : eventsOfType(world, "free-flight")) {
    freed += e.time == struck && (e.body == "ball" || e.body == "shell");
  }
  EXPECT_EQ(freed, 2);
}

TEST(FreePairContact, APairFallingOnATableBreaksUpThereWithoutPassingThroughAnything) {
  WorldDescription d = ballInShell(Vec3(0, 0, -9.81), 1.0);
  BodyDescription table;
  table.name = "table";
  table.fixed = true;
  table.surface = std::make_shared<ChartSurface>(makePlane(5.0));
  d.bodies.push_back(table);
  World world(std::move(d));
  const Pair start = pairOf(world);
  double broke_up = -1.0;
  for (double t = 0.01; t <= 1.0 + 1e-12; t += 0.01) {
    world.advanceTo(t);
    const RigidBodyState b = world.state(0), s = world.state(1);
    EXPECT_GE(s.position.z(), kOuter - 1e-6) << t;  // the shell never enters the table
    EXPECT_GE(b.position.z(), kBallRadius - 1e-6) << t;
    EXPECT_LE((b.position - s.position).norm(), kRho + 1e-6) << t;  // the ball stays inside
    const auto flights = eventsOfType(world, "free-flight");
    if (broke_up < 0.0 && !flights.empty()) {
      broke_up = flights.front().time;
    }
    if (broke_up < 0.0) {  // together, the pair falls as one body: momentum m g t
      const Pair p = pairOf(world);
      EXPECT_NEAR(
          (p.momentum - start.momentum - (kBallMass + kShellMass) * Vec3(0, 0, -9.81) * t).norm(),
          0.0, 1e-8)
          << t;
    }
  }
  const auto on = eventsOfType(world, "contact-on");
  ASSERT_FALSE(on.empty());
  EXPECT_TRUE(betweenBallAndShell(on[0])) << on[0].body << ": " << on[0].detail;
  // The shell's bottom, 0.68 m up, meets the table after about √(2 · 0.68 / g) = 0.37 s (the
  // ball's push moves it a little): the table's impact ends the pair's contact then.
  ASSERT_GT(broke_up, 0.3);
  EXPECT_LT(broke_up, 0.45);
  bool shell_hit_table = false;
  for (const auto& e : eventsOfType(world, "collision")) {
    shell_hit_table = shell_hit_table || (e.body == "shell" && e.time == broke_up &&
                                          e.detail.find("with table") != std::string::npos);
  }
  EXPECT_TRUE(shell_hit_table);
}

}  // namespace
}  // namespace contactsim
