// Planar map bodies behind the World façade (world/response_subsystem.hpp): the same run as
// ResponseWorld driven by hand, the planar embedding, and the input errors of planar worlds.
#include "world/response_subsystem.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/world/world.hpp"
#include "synthetic_maps.hpp"

namespace contactsim {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kRadius = 0.05;
constexpr double kStep = 4e-7;

// A damped disc (Kelvin–Voigt kernel, synthetic_maps.hpp) and a world dropping it on y ≤ 0.
std::shared_ptr<const ResponseMap> dampedDisc() {
  const double k = 1e9;
  const double m = planarMassProperties(test::regularPolygon(32, kRadius), 7850.0).mass;
  return std::make_shared<const ResponseMap>(
      test::mapOnOutline("disc", test::regularPolygon(32, kRadius, -0.5 * kPi),
                         test::kelvinVoigtKernel(k, std::sqrt(k * m), kStep), kStep));
}

PlanarBodyState discStart() {
  PlanarBodyState s;
  s.position = Vec2(0.01, kRadius + 1e-6);
  s.angle = 0.3;
  s.velocity = Vec2(0.2, -0.5);
  s.angular_velocity = 1.5;
  return s;
}

WorldDescription discOnGround(double step = kStep) {
  WorldDescription d;
  d.gravity = Vec3(0.0, -9.81, 0.0);
  d.integrator.method = IntegratorMethod::kSemiImplicitEuler;
  d.integrator.step = step;
  BodyDescription disc;
  disc.name = "disc";
  disc.response_map = dampedDisc();
  disc.initial_state = embedPlanarState(discStart());
  disc.planar_state = discStart();  // exact, as the restitution study gives it
  BodyDescription ground;
  ground.name = "ground";
  ground.fixed = true;
  ground.half_plane = BodyDescription::HalfPlane{Vec2::UnitY(), 0.0};
  d.bodies = {disc, ground};
  return d;
}

std::string errorOf(const WorldDescription& d) {
  try {
    World world(d);
  } catch (const InvalidInputError& e) {
    return e.what();
  }
  return "";
}

TEST(ResponseSubsystemTest, PlanarStateSurvivesTheEmbedding) {
  const PlanarBodyState s = discStart();
  const RigidBodyState e = embedPlanarState(s);
  EXPECT_DOUBLE_EQ(e.position.z(), 0.0);
  EXPECT_NEAR(e.worldAngularVelocity().z(), 1.5, 1e-15);
  const PlanarBodyState back = world_detail::planarState(e, "disc");
  EXPECT_NEAR((back.position - s.position).norm(), 0.0, 1e-16);
  EXPECT_NEAR(back.angle, s.angle, 1e-15);
  EXPECT_NEAR((back.velocity - s.velocity).norm(), 0.0, 1e-15);
  EXPECT_NEAR(back.angular_velocity, s.angular_velocity, 1e-15);
  RigidBodyState tilted = e;
  tilted.orientation = Quat(Eigen::AngleAxisd(0.1, Vec3::UnitX()));
  EXPECT_THROW((void)world_detail::planarState(tilted, "disc"), InvalidInputError);
}

TEST(ResponseSubsystemTest, WorldRunsAsResponseWorldByHand) {
  // The disc lands, bounces and rolls off; the World's states are ResponseWorld's.
  World world(discOnGround());
  ResponseWorldOptions options;
  options.gravity = Vec2(0.0, -9.81);
  options.record = false;
  ResponseWorld hand(options);
  hand.addBody(dampedDisc(), discStart());
  hand.addHalfPlane({Vec2::Zero(), Vec2::UnitY()});
  const int steps = 2000;
  for (int i = 0; i < steps; ++i)
    hand.step();
  world.advanceTo(steps * kStep);
  EXPECT_EQ(world.stats().steps, steps);
  EXPECT_GT(world.stats().most_contacts, 0u);
  const PlanarBodyState expected = hand.state(0);
  const RigidBodyState got = world.state(0);
  EXPECT_NEAR((got.position.head<2>() - expected.position).norm(), 0.0, 1e-15);
  EXPECT_NEAR((got.worldLinearVelocity().head<2>() - expected.velocity).norm(), 0.0, 1e-14);
  EXPECT_NEAR(got.worldAngularVelocity().z(), expected.angular_velocity, 1e-13);
  // Energy per unit thickness: ½ m v_c² + ½ I ω² − m g·x_c.
  const PlanarMassProperties& m = hand.massProperties(0);
  const double energy = 0.5 * m.mass * centroidVelocity(expected, m).squaredNorm() +
                        0.5 * m.inertia * expected.angular_velocity * expected.angular_velocity +
                        m.mass * 9.81 * centroidPosition(expected, m).y();
  EXPECT_NEAR(world.energy(0), energy, 1e-12 * std::abs(energy));
  EXPECT_NEAR(world.angularMomentum(0).z(), m.inertia * expected.angular_velocity, 1e-15);
  // The planar state exactly as the run time holds it, and the last step's contacts.
  const PlanarBodyState exact = world.planarState(0);
  EXPECT_EQ(exact.position, expected.position);
  EXPECT_EQ(exact.angle, expected.angle);
  EXPECT_EQ(exact.velocity, expected.velocity);
  EXPECT_EQ(world.planarState(1).position, Vec2::Zero());
  const PlanarStep step = world.planarStep();
  ASSERT_EQ(step.contacts.size(), hand.lastStep().size());
  EXPECT_EQ(step.live_contacts, hand.liveContacts());
  for (std::size_t c = 0; c < step.contacts.size(); ++c) {
    EXPECT_EQ(step.contacts[c].body, 0u);
    EXPECT_EQ(step.contacts[c].other, 1u);  // the ground's index in the description
    EXPECT_EQ(step.contacts[c].normal_force, hand.lastStep()[c].normal_force);
  }
  EXPECT_EQ(world.energy(1), 0.0);
  EXPECT_EQ(world.state(1).position, Vec3::Zero());
}

TEST(ResponseSubsystemTest, InputErrorsAreNamed) {
  WorldDescription smooth;
  smooth.bodies.push_back(BodyDescription{});
  smooth.bodies[0].name = "free";
  const World flying(smooth);
  EXPECT_THROW((void)flying.planarState(0), InvalidInputError);
  EXPECT_THROW((void)flying.planarStep(), InvalidInputError);
  EXPECT_NE(errorOf(discOnGround(5e-7))
                .find("integrator: step 5e-07 s differs from the time step 4e-07 s"),
            std::string::npos)
      << errorOf(discOnGround(5e-7));
  WorldDescription up = discOnGround();
  up.gravity = Vec3(0.0, 0.0, -9.81);
  EXPECT_NE(errorOf(up).find("gravity: a planar world's gravity lies in the plane"),
            std::string::npos);
  WorldDescription mixed = discOnGround();
  mixed.bodies[1].half_plane.reset();
  mixed.bodies[1].polyhedron =
      std::make_shared<ConvexPolyhedron>(ConvexPolyhedron::box(Vec3::Ones()));
  EXPECT_NE(errorOf(mixed).find("body 1 ('ground'): has a convex polyhedron or half-space but "
                                "body 0 ('disc') has a planar response-map body or half-plane"),
            std::string::npos)
      << errorOf(mixed);
  WorldDescription fixed_disc = discOnGround();
  fixed_disc.bodies[0].fixed = true;
  fixed_disc.bodies[0].initial_state.twist.setZero();
  EXPECT_NE(errorOf(fixed_disc).find("body 0 ('disc'): a response-map body is free"),
            std::string::npos);
  WorldDescription rk4 = discOnGround();
  rk4.integrator.method = IntegratorMethod::kRk4;
  EXPECT_NE(errorOf(rk4).find("use semi-implicit-euler"), std::string::npos);
  WorldDescription bouncy = discOnGround();
  bouncy.bodies[0].restitution = 0.5;
  EXPECT_NE(errorOf(bouncy).find("the response model takes no restitution"), std::string::npos);
}

}  // namespace
}  // namespace contactsim
