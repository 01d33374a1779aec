// Checks shared by the mixed-world tests, run once with polyhedra (mixed_world_test.cpp) and once
// with the same shapes as closed triangle meshes (mixed_mesh_test.cpp): the answers come from
// outside the code — rigid-body rolling without slip (5/7 g sin θ) and static equilibrium (each
// contact carries the weight above it).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "contact_forces.hpp"
#include "contactsim/scene/scene.hpp"

namespace contactsim::test {

inline constexpr double kMixedG = 9.81;

/// A version-2 scene of `settings` (JSON members) and `bodies` (JSON objects).
inline Scene mixedScene(const std::string& settings, const std::string& bodies) {
  return parseScene(R"({"format": "contactsim-scene", "version": 2, "name": "mixed",
    "duration": 1, )" + settings +
                        R"(, "bodies": [)" + bodies + "]}",
                    "mixed");
}

/// A solid sphere (I = 2/5 m R²) on the top face of a fixed box tilted by θ about y, μ = 1,
/// `lateral` metres off the box's middle line: it rolls without slipping, its centre
/// accelerating at 5/7 g sin θ down the slope; one contact, below the centre, with the face's
/// normal and the force m g cos θ. `representation` is added to the box's shape.
inline void expectRollingAtFiveSevenths(const std::string& representation, double lateral) {
  const double theta = 0.3, R = 0.1, m = 2.0, g = kMixedG;
  const Quat tilt(Eigen::AngleAxisd(theta, Vec3::UnitY()));
  const Vec3 n = tilt * Vec3::UnitZ();
  const Vec3 centre = n * (0.1 + R) + Vec3(0.0, lateral, 0.0);
  World world(mixedScene(R"("integrator": {"method": "semi-implicit-euler", "step": 0.001},
      "models": {"point": {"tolerance": 1e-13, "max_iterations": 200}})",
                         R"({"name": "ramp", "fixed": true, "orientation": [)" + toText(tilt.w()) +
                             ", 0, " + toText(tilt.y()) + R"(, 0],
          "material": {"friction": 1.0},
          "shape": {"type": "box", "half_extents": [3, 1, 0.1])" +
                             representation + R"(}},
         {"name": "ball", "mass": 2.0, "inertia": [0.008, 0.008, 0.008],
          "material": {"friction": 1.0}, "position": [)" +
                             toText(centre.x()) + ", " + toText(centre.y()) + ", " +
                             toText(centre.z()) + R"(],
          "shape": {"type": "sphere", "radius": 0.1}})")
                  .world);
  world.advanceTo(0.2);
  const Vec3 v1 = world.state(1).worldLinearVelocity();
  const double t1 = world.time();
  world.advanceTo(0.6);
  const Vec3 v2 = world.state(1).worldLinearVelocity();
  const Vec3 down = (-Vec3::UnitZ() + n.z() * n).normalized();
  const double a = (v2 - v1).dot(down) / (world.time() - t1);
  EXPECT_NEAR(a, 5.0 / 7.0 * g * std::sin(theta), 1e-4 * g);
  EXPECT_NEAR((v2 - v1).dot(n), 0.0, 1e-9);  // no hop
  const std::vector<ContactInfo> contacts = world.contacts();
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_EQ(contacts[0].body_a, 1u);  // the smooth body first
  EXPECT_NEAR((contacts[0].normal - n).norm(), 0.0, 1e-12);
  // The contact acted at the step's start, before the centre moved by h v.
  const Vec3 start = world.state(1).position - 0.001 * v2;
  EXPECT_NEAR((contacts[0].point - (start - R * n)).norm(), 0.0, 1e-9);
  EXPECT_NEAR(contacts[0].normal_force, m * g * std::cos(theta), 1e-6 * m * g);
}

/// A smooth sphere at rest on a free box at rest on a half-space: each contact carries the
/// weight above it, m_ball g between ball and box and (m_ball + m_box) g under the box (four
/// contacts, the box's bottom corners). `representation` is added to the box's shape.
inline void expectSphereOnBoxOnFloorCarriesTheWeights(const std::string& representation) {
  const double m_ball = 1.0, m_box = 3.0, g = kMixedG;
  World world(mixedScene(R"("integrator": {"method": "semi-implicit-euler", "step": 0.002},
      "models": {"point": {"tolerance": 1e-14, "max_iterations": 20000}})",
                         R"({"name": "floor", "fixed": true, "shape": {"type": "half-space"}},
         {"name": "box", "mass": 3.0, "position": [0, 0, 0.1],
          "shape": {"type": "box", "half_extents": [0.2, 0.15, 0.1])" +
                             representation + R"(}},
         {"name": "ball", "mass": 1.0, "inertia": [0.004, 0.004, 0.004],
          "position": [0.03, -0.02, 0.3], "shape": {"type": "sphere", "radius": 0.1}})")
                  .world);
  world.advanceTo(1.0);
  const std::vector<ContactInfo> contacts = world.contacts();
  ASSERT_EQ(contacts.size(), 5u);  // four box corners on the floor, one ball–box point
  const Vec3 on_ball = forceOn(contacts, 2);
  EXPECT_NEAR((on_ball - m_ball * g * Vec3::UnitZ()).norm(), 0.0, 1e-9 * m_ball * g);
  Vec3 from_floor = Vec3::Zero();
  for (const ContactInfo& c : contacts) {
    if (c.body_b == 0)
      from_floor += c.force;
  }
  EXPECT_NEAR((from_floor - (m_ball + m_box) * g * Vec3::UnitZ()).norm(), 0.0,
              1e-9 * (m_ball + m_box) * g);
  // At rest on the box, not in it.
  EXPECT_NEAR(world.state(2).position.z(), 0.3, 1e-6);
  EXPECT_LT(world.state(2).worldLinearVelocity().norm(), 1e-9);
}

/// The total linear momentum and angular momentum about the origin of body 0 (2 kg, a cube) and
/// body 1 (0.5 kg, a ball): the zero-gravity strikes of both tests.
inline std::pair<Vec3, Vec3> cubeAndBallMomenta(const World& world) {
  Vec3 p = Vec3::Zero(), L = Vec3::Zero();
  for (std::size_t i = 0; i < 2; ++i) {
    const RigidBodyState s = world.state(i);
    const double m = i == 0 ? 2.0 : 0.5;
    p += m * s.worldLinearVelocity();
    L += s.position.cross(m * s.worldLinearVelocity()) + world.angularMomentum(i);
  }
  return {p, L};
}

}  // namespace contactsim::test
