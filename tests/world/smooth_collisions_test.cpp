// Collisions of smooth bodies in the world (issue 5): flight to the first touch, Chatterjee–Ruina
// impacts, and continuous contact once the bounces die down. A sphere dropped on a plane must
// rebound to e² of its drop height (exact ballistics), then settle and rest on the plane.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim/world/world.hpp"
#include "world_events.hpp"

namespace contactsim {
namespace {

constexpr double kRadius = 0.1;
constexpr double kG = 9.81;

WorldDescription sphereOverPlane(double height, const Vec3& velocity, double restitution) {
  WorldDescription d;
  d.gravity = Vec3(0, 0, -kG);
  d.integrator.method = IntegratorMethod::kRk4;
  d.integrator.step = 1e-3;
  BodyDescription floor;
  floor.name = "floor";
  floor.fixed = true;
  floor.surface = std::make_shared<ChartSurface>(makePlane(5.0));
  BodyDescription ball;
  ball.name = "ball";
  ball.mass_properties = MassProperties::principal(1.0, Vec3::Constant(0.4 * kRadius * kRadius));
  ball.initial_state.position = Vec3(0, 0, kRadius + height);
  ball.initial_state.twist << Vec3::Zero(), velocity;
  ball.surface = std::make_shared<ChartSurface>(makeSphere(kRadius));
  d.bodies = {floor, ball};
  d.collisions.enabled = true;
  d.collisions.impact.restitution = restitution;
  d.collisions.impact.friction = 0.0;
  d.collisions.impact.tangential_restitution = -1.0;
  return d;
}

using testing_support::eventsOfType;

TEST(SmoothCollisions, SphereReboundsToESquaredOfItsDropHeightThenRests) {
  const double h = 1.0;
  const double e = 0.5;
  World world(sphereOverPlane(h, Vec3::Zero(), e));
  const double t_impact = std::sqrt(2.0 * h / kG);
  world.advanceTo(t_impact + 1e-3);
  const auto collisions = eventsOfType(world, "collision");
  ASSERT_EQ(collisions.size(), 1u);
  EXPECT_NEAR(collisions[0].time, t_impact, 1e-9);
  // Apex of the first rebound: v⁺ = e √(2gh) upward, reached v⁺/g after the impact.
  const double apex_time = collisions[0].time + e * std::sqrt(2.0 * kG * h) / kG;
  world.advanceTo(apex_time);
  const double apex = world.state(1).position.z() - kRadius;
  EXPECT_NEAR(apex / (e * e * h), 1.0, 1e-6);
  // The bounces shorten geometrically; below contact_speed the ball rests on the plane.
  world.advanceTo(3.0);
  ASSERT_EQ(eventsOfType(world, "contact-on").size(), 1u);
  EXPECT_GT(eventsOfType(world, "collision").size(), 8u);
  EXPECT_NEAR(world.state(1).position.z(), kRadius, 1e-9);
  EXPECT_LT(world.state(1).worldLinearVelocity().norm(), 1e-3);
}

// Flight runs ahead of the output times and the world interpolates (Hermite): between impacts the
// output follows the exact ballistic path (to rounding without spin, where RK4 integrates the
// flight exactly; spinning, to the integrator's error in the body-frame velocity) and, for the
// isotropic ball, the steady spin.
TEST(SmoothCollisions, OutputBetweenFlightStepsFollowsTheBallisticPath) {
  const Vec3 v0(1.0, 0.5, 2.0);
  for (const Vec3& omega : {Vec3::Zero().eval(), Vec3(0.0, 1.0, 2.0)}) {
    WorldDescription d = sphereOverPlane(1.0, Vec3::Zero(), 0.5);
    d.integrator.method = IntegratorMethod::kAdaptiveRk4;
    d.integrator.adaptive.min_step = 1e-3;
    d.integrator.adaptive.max_step = 0.064;
    const Vec3 p0 = d.bodies[1].initial_state.position;
    d.bodies[1].initial_state =
        RigidBodyState::fromWorldVelocities(p0, Quat::Identity(), omega, v0);
    World world(std::move(d));
    const double tolerance = omega.isZero() ? 1e-9 : 1e-4;
    // Lands when p0.z + v0.z t − ½ g t² = R.
    const double landing = (v0.z() + std::sqrt(v0.z() * v0.z() + 2.0 * kG * 1.0)) / kG;
    for (double t = 0.0037; t < landing; t += 0.0037) {
      world.advanceTo(t);
      const RigidBodyState x = world.state(1);
      const Vec3 exact = p0 + v0 * t + 0.5 * Vec3(0, 0, -kG) * t * t;
      ASSERT_NEAR((x.position - exact).norm(), 0.0, tolerance) << "t = " << t;
      ASSERT_NEAR((x.worldLinearVelocity() - (v0 + Vec3(0, 0, -kG) * t)).norm(), 0.0,
                  10 * tolerance);
      const Quat spun = omega.isZero()
                            ? Quat::Identity()
                            : Quat(Eigen::AngleAxisd(omega.norm() * t, omega.normalized()));
      ASSERT_LT(x.orientation.angularDistance(spun), 1e-5) << "t = " << t;
    }
    EXPECT_TRUE(eventsOfType(world, "collision").empty());
  }
}

TEST(SmoothCollisions, NoTunnellingAtTenMetresPerSecond) {
  // Thrown at 10 m/s, nearly grazing: it must hit, not pass through, and bounce back up.
  World world(sphereOverPlane(0.5, Vec3(3.0, 0.0, -9.5), 0.8));
  double lowest = 1e9;
  for (int k = 1; k <= 200; ++k) {
    world.advanceTo(k * 1e-3);
    lowest = std::min(lowest, world.state(1).position.z());
  }
  EXPECT_EQ(eventsOfType(world, "collision").size(), 1u);
  EXPECT_GT(lowest, kRadius - 1e-9);
  EXPECT_GT(world.state(1).worldLinearVelocity().z(), 0.0);
}

TEST(SmoothCollisions, ABodyStartingAtRestOnThePlaneSettlesIntoContact) {
  // Touching and not approaching: conservative advancement alone would crawl (the gap opens
  // only quadratically); the grazing step gets it to the touch, and the slow impact to contact.
  World world(sphereOverPlane(0.0, Vec3::Zero(), 0.5));
  world.advanceTo(0.1);
  const auto on = eventsOfType(world, "contact-on");
  ASSERT_EQ(on.size(), 1u);
  EXPECT_LT(on[0].time, 1e-3);
  EXPECT_NEAR(world.state(1).position.z(), kRadius, 1e-9);
}

TEST(SmoothCollisions, StartingInsideIsAnError) {
  try {
    World world(sphereOverPlane(-0.05, Vec3::Zero(), 0.5));
    FAIL() << "no error";
  } catch (const InvalidInputError& error) {
    EXPECT_NE(std::string(error.what()).find("body 1 ('ball') starts inside body 'floor'"),
              std::string::npos)
        << error.what();
  }
}

// The broad phase (bounding spheres, nearest first) must not lose the obstacle that is hit: a
// ball dropped into a field of 64 fixed balls (8 × 8, 0.3 m apart, the floor far below) lands
// on the one under it, head-on, after falling its gap h in √(2h/g), and rebounds to e² h.
TEST(SmoothCollisions, AmongManyObstaclesTheBallHitsTheOneBelowIt) {
  const double h = 0.4, e = 0.5;
  WorldDescription d = sphereOverPlane(2.0, Vec3::Zero(), e);
  d.bodies[0].initial_state.position.z() = -3.0;  // the floor, out of the way
  const auto sphere = std::make_shared<ChartSurface>(makeSphere(kRadius));
  for (int i = 0; i < 8; ++i) {
    for (int j = 0; j < 8; ++j) {
      BodyDescription b;
      b.name = "obstacle-" + std::to_string(i) + "-" + std::to_string(j);
      b.fixed = true;
      b.surface = sphere;
      b.initial_state.position = Vec3(0.3 * (i - 3), 0.3 * (j - 4), 0.0);
      d.bodies.push_back(b);
    }
  }
  d.bodies[1].initial_state.position = Vec3(0.0, 0.0, 2.0 * kRadius + h);  // over obstacle-3-4
  World world(d);
  const double t_impact = std::sqrt(2.0 * h / kG);
  world.advanceTo(t_impact + 1e-3);
  const auto collisions = eventsOfType(world, "collision");
  ASSERT_EQ(collisions.size(), 1u);
  EXPECT_NEAR(collisions[0].time, t_impact, 1e-9);
  EXPECT_EQ(collisions[0].detail.rfind("with obstacle-3-4:", 0), 0u) << collisions[0].detail;
  const double apex_time = collisions[0].time + e * std::sqrt(2.0 * kG * h) / kG;
  world.advanceTo(apex_time);
  EXPECT_NEAR((world.state(1).position.z() - 2.0 * kRadius) / (e * e * h), 1.0, 1e-6);
  EXPECT_NEAR(world.state(1).position.head<2>().norm(), 0.0, 1e-12);
}

}  // namespace
}  // namespace contactsim
