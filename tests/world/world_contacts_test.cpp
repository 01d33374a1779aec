// World::contacts: each model's contacts, checked against answers from outside the models —
// Newton's second law with the analytic motion (a sphere rolling down an incline), and statics
// (bodies at rest carry their weight).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "contact_forces.hpp"
#include "contactsim/scene/scene.hpp"

namespace contactsim {
namespace {

constexpr double kG = 9.81;

using test::forceOn;

// A solid sphere (I = 2/5 m R²) rolling without slipping down a plane tilted by θ about y: its
// centre accelerates at 5/7 g sin θ down the slope, so the contact force is m a − m g: the normal
// force m g cos θ and a friction force 2/7 m g sin θ up the slope.
TEST(WorldContactsTest, SmoothRollingSphereFeelsNewtonsForce) {
  const double theta = 0.3, m = 2.0, R = 0.1;
  const std::string text = R"({"format": "contactsim-scene", "version": 2, "name": "roll",
    "duration": 1, "integrator": {"method": "adaptive-rk4", "min_step": 1e-4, "max_step": 0.01},
    "bodies": [{"name": "ball", "mass": 2.0, "inertia": [0.008, 0.008, 0.008],
                "shape": {"type": "sphere", "radius": 0.1}},
               {"name": "incline", "fixed": true,
                "orientation": [)" +
                           std::to_string(std::cos(theta / 2)) + ", 0, " +
                           std::to_string(std::sin(theta / 2)) + R"(, 0],
                "shape": {"type": "plane", "half_extent": 100.0}}],
    "contacts": [{"type": "smooth", "bodies": ["ball", "incline"], "patches": [5, 0],
                  "q": [0.5, 0.5, 0.5, 0.5, 0.0], "mode": "rolling", "friction": {"mu": 1.0}}]})";
  World world(parseScene(text, "roll").world);
  world.advanceTo(0.5);
  const std::vector<ContactInfo> contacts = world.contacts();
  ASSERT_EQ(contacts.size(), 1u);
  const ContactInfo& c = contacts[0];
  EXPECT_EQ(c.body_a, 0u);
  EXPECT_EQ(c.body_b, 1u);
  EXPECT_EQ(c.model, ContactModel::kSmooth);
  ASSERT_TRUE(c.smooth.has_value());
  EXPECT_EQ(c.smooth->mode, FrictionMode::kRolling);

  // The plane's normal (the orientation as the scene file rounds it) and the downhill direction.
  const Quat tilt(std::stod(std::to_string(std::cos(theta / 2))), 0.0,
                  std::stod(std::to_string(std::sin(theta / 2))), 0.0);
  const Vec3 n = tilt.normalized() * Vec3::UnitZ();
  const Vec3 down = (-Vec3::UnitZ() + n.z() * n).normalized();
  const double sin_theta = -down.z();
  EXPECT_NEAR((c.normal - n).norm(), 0.0, 1e-12);
  EXPECT_NEAR((c.point - (world.state(0).position - R * n)).norm(), 0.0, 1e-12);

  const Vec3 expected = m * (5.0 / 7.0) * kG * sin_theta * down + m * kG * Vec3::UnitZ();
  EXPECT_NEAR((c.force - expected).norm(), 0.0, 1e-9 * m * kG);
  EXPECT_NEAR(c.normal_force, m * kG * n.z(), 1e-9 * m * kG);
  EXPECT_NEAR(c.force.dot(down), -(2.0 / 7.0) * m * kG * sin_theta, 1e-9 * m * kG);
  // Rolling holds the contact point still: no torque about it in this mode.
  EXPECT_NEAR(c.torque.norm(), 0.0, 1e-9);
}

// A box resting on a half-space: the point contacts' mean forces over the step carry its weight,
// and each pushes along the floor's normal from the floor into the box.
TEST(WorldContactsTest, PointContactsOfARestingBoxCarryItsWeight) {
  const double m = 3.0;
  World world(parseScene(R"({"format": "contactsim-scene", "version": 2, "name": "rest",
    "duration": 1, "integrator": {"method": "semi-implicit-euler", "step": 0.004},
    "models": {"point": {"tolerance": 1e-12, "max_iterations": 5000}},
    "bodies": [{"name": "floor", "fixed": true, "shape": {"type": "half-space"}},
               {"name": "box", "mass": 3.0, "shape": {"type": "box",
                "half_extents": [0.2, 0.15, 0.1]}, "position": [0, 0, 0.1]}]})",
                         "rest")
                  .world);
  world.advanceTo(1.0);
  const std::vector<ContactInfo> contacts = world.contacts();
  ASSERT_EQ(contacts.size(), 4u);
  for (const ContactInfo& c : contacts) {
    EXPECT_EQ(c.model, ContactModel::kPoint);
    EXPECT_EQ(c.body_a, 1u);
    EXPECT_EQ(c.body_b, 0u);
    EXPECT_NEAR((c.normal - Vec3::UnitZ()).norm(), 0.0, 1e-12);
    EXPECT_NEAR(c.point.z(), 0.0, 1e-6);
    EXPECT_GT(c.normal_force, 0.0);
  }
  EXPECT_NEAR((forceOn(contacts, 1) - m * kG * Vec3::UnitZ()).norm(), 0.0, 1e-8 * m * kG);
}

// A mesh cube resting on a mesh slab with one 6D patch contact (bouchard-2015): the patch's
// force carries the weight, and its torque about the patch centre balances the weight's moment
// about that point (the cube's centre stands above the patch centre).
TEST(WorldContactsTest, SixDPatchOfARestingCubeCarriesItsWeight) {
  const double m = 1.0;
  World world(parseScene(R"({"format": "contactsim-scene", "version": 2, "name": "rest6d",
    "duration": 1, "integrator": {"method": "semi-implicit-euler", "step": 0.001},
    "models": {"6d": {"resolution": 0.004, "target_volume": 1e-7, "compliance": 1e-6}},
    "bodies": [{"name": "floor", "fixed": true, "shape": {"type": "box",
                "half_extents": [0.5, 0.5, 0.1], "representation": "mesh"},
                "position": [0, 0, -0.1]},
               {"name": "cube", "mass": 1.0, "shape": {"type": "box",
                "half_extents": [0.05, 0.05, 0.05], "representation": "mesh"},
                "position": [0, 0, 0.05]}]})",
                         "rest6d")
                  .world);
  world.advanceTo(0.6);
  const std::vector<ContactInfo> contacts = world.contacts();
  ASSERT_EQ(contacts.size(), 1u);
  const ContactInfo& c = contacts[0];
  EXPECT_EQ(c.model, ContactModel::k6D);
  // Into the cube: +z when the cube is body_a, −z when the floor is.
  const double sign = c.body_a == 1 ? 1.0 : -1.0;
  EXPECT_NEAR(sign * c.normal.z(), 1.0, 1e-9);
  const Vec3 f = sign * c.force;
  EXPECT_NEAR((f - m * kG * Vec3::UnitZ()).norm(), 0.0, 1e-4 * m * kG);
  // Moment balance about the patch centre: torque + (centre − point) × (−m g ẑ) = 0 for the cube.
  const Vec3 tau = sign * c.torque;
  const Vec3 arm = world.state(1).position - c.point;
  EXPECT_NEAR((tau + arm.cross(-m * kG * Vec3::UnitZ())).norm(), 0.0, 1e-4 * m * kG * 0.05);
}

}  // namespace
}  // namespace contactsim
