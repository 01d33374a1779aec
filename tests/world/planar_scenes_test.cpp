// The shipped planar scenes through the scene path (load scene → the subsystem World builds →
// run): scenes/planar-stack.json rests with action = reaction at every contact (ullrich-pai
// §5.1 eqs. 7–8, §5.2), and scenes/steel-bar-drop.json gives the restitution study's coefficient
// of restitution (measureImpactRestitution, ResponseWorld driven by hand) on the same map.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <numbers>

#include "contactsim/scene/scene.hpp"
#include "support/long_test.hpp"
#include "world/impact_restitution.hpp"
#include "world/response_subsystem.hpp"

namespace contactsim {
namespace {

constexpr double kDegree = std::numbers::pi / 180.0;

Scene shippedScene(const std::string& name) {
  // Maps computed from outlines are cached outside the user's cache.
  const auto cache = std::filesystem::temp_directory_path() / "contactsim-test-response-maps";
  ::setenv("CONTACTSIM_CACHE_DIR", cache.c_str(), 1);
  return loadSceneFile(std::filesystem::path(CONTACTSIM_SOURCE_DIR) / "scenes" / name);
}

std::unique_ptr<world_detail::ResponseSubsystem> planarSubsystem(const WorldDescription& d) {
  auto subsystem = world_detail::makeSubsystem(d);
  auto* planar = dynamic_cast<world_detail::ResponseSubsystem*>(subsystem.get());
  EXPECT_NE(planar, nullptr) << "the factory did not pick the response subsystem";
  subsystem.release();
  return std::unique_ptr<world_detail::ResponseSubsystem>(planar);
}

TEST(PlanarScenesTest, PlanarStackRestsWithActionEqualToReaction) {
  CONTACTSIM_SKIP_LONG_TEST_UNDER_SANITIZERS();
  const Scene scene = shippedScene("planar-stack.json");
  const auto world = planarSubsystem(scene.world);
  const double h = scene.world.integrator.step;
  const std::size_t n = scene.world.bodies.size();
  double peak = 0.0;
  std::size_t most = 0;
  auto stepAndCheck = [&](long steps) {
    for (long k = 0; k < steps; ++k) {
      world->advanceTo(world->time() + h);
      const auto records = world->responseWorld().lastStep();
      most = std::max(most, records.size());
      for (const ContactRecord& r : records) {
        peak = std::max(peak, r.normal_force);
        // Eq. 8: f^A = −f^B — each side's law gives the solved force; eq. 7 in contact.
        const double scale = std::abs(r.normal_force) + 1e-9 * peak;
        ASSERT_NEAR(r.force_a, r.normal_force, 1e-9 * scale) << "t = " << r.time;
        ASSERT_NEAR(r.force_b, r.normal_force, 1e-9 * scale) << "t = " << r.time;
        if (r.in_contact) {
          ASSERT_NEAR(r.deformation_a + r.deformation_b, r.penetration,
                      1e-9 * std::abs(r.penetration) + 1e-18);
        }
      }
    }
  };
  // Settling (half a second), then 2 s at rest.
  stepAndCheck(std::lround(0.5 / h));
  std::vector<Vec3> settled;
  for (std::size_t i = 0; i < n; ++i)
    settled.push_back(world->state(i).position);
  stepAndCheck(std::lround(2.0 / h));
  double drift = 0.0;
  for (std::size_t i = 0; i < n; ++i)
    drift = std::max(drift, (world->state(i).position - settled[i]).norm());
  // Superposed contacts: the slab on its lower vertices and under a disc, a disc on a disc.
  EXPECT_GE(most, 7u);
  // The settled stack carries its weight: the top disc sank by its three contacts in series,
  // m_top g (1/k + 1/k) + (m_top + m_disc) g (1/k + 1/k) + (all) g / (5 k) (5 slab vertices on
  // the ground, k = 1e9 N/m per m per node; scenes/maps/make_maps.py).
  const double k = 1e9, g = 9.81;
  const double m_disc = world->responseWorld().massProperties(0).mass;
  const double m_slab = world->responseWorld().massProperties(2).mass;
  const double sink =
      m_disc * g * 2.0 / k + 2.0 * m_disc * g * 2.0 / k + (2.0 * m_disc + m_slab) * g / (5.0 * k);
  const double y0 = scene.world.bodies[0].initial_state.position.y();
  std::cout << "planar-stack: drift over 2 s at rest " << drift << " m; top disc sank "
            << y0 - world->state(0).position.y() << " m (springs in series: " << sink
            << " m); up to " << most << " contacts per step\n";
  EXPECT_LT(drift, 1e-9);
  EXPECT_NEAR((y0 - world->state(0).position.y()) / sink, 1.0, 1e-3);
}

// e of the bar turned to `angle` from the scene: the scene's own start at 30°, otherwise the
// scene's body placed as the study places it (lowest vertex on the block, centroid at −1 m/s).
double sceneRestitution(const Scene& scene, double angle) {
  WorldDescription d = scene.world;
  const ResponseMap& map = *d.bodies[0].response_map;
  const double theta = (-90.0 - angle) * kDegree;
  double lowest = std::numeric_limits<double>::infinity();
  std::size_t vertex = 0;
  for (std::size_t i = 0; i < map.outline.size(); ++i) {
    const double y = (rotation2(theta) * map.outline[i]).y();
    if (y < lowest) {
      lowest = y;
      vertex = i;
    }
  }
  if (angle != 30.0) {
    PlanarBodyState s;
    s.position = Vec2(0.0, -lowest);
    s.angle = theta;
    s.velocity = Vec2(0.0, -1.0);
    d.bodies[0].initial_state = embedPlanarState(s);
  }
  const auto world = planarSubsystem(d);
  const ResponseWorld& run = world->responseWorld();
  const auto normalVelocity = [&](const PlanarBodyState& s) {
    return pointVelocity(s, worldPoint(s, map.outline[vertex])).y();
  };
  const double before = normalVelocity(run.state(0));
  PlanarBodyState after = run.state(0);
  bool touched = false;
  while (world->time() < scene.duration - 0.5 * d.integrator.step) {
    world->advanceTo(world->time() + d.integrator.step);
    if (run.lastStepPushed()) {  // trapezoidal: also the step a contact lets go
      touched = true;
      after = run.state(0);
    }
    if (touched && run.liveContacts() == 0)
      break;
  }
  EXPECT_TRUE(touched && run.liveContacts() == 0) << "the bar did not separate at " << angle;
  return -normalVelocity(after) / before;
}

TEST(PlanarScenesTest, SteelBarDropGivesTheStudysRestitution) {
  const Scene scene = shippedScene("steel-bar-drop.json");
  const auto map = scene.world.bodies[0].response_map;
  ASSERT_TRUE(map);
  for (const double angle : {0.0, 30.0}) {
    ImpactSetup setup;
    setup.angle = (-90.0 - angle) * kDegree;
    setup.scheme = ResponseScheme::kTrapezoidal;  // the scene's models.response.scheme
    const double study = measureImpactRestitution(map, setup).restitution;
    const double path = sceneRestitution(scene, angle);
    std::cout.precision(17);
    std::cout << "steel bar at " << angle << " degrees: e = " << study << " (study), " << path
              << " (scene), difference " << path - study << "\n";
    EXPECT_NEAR(path, study, 1e-12);
  }
}

}  // namespace
}  // namespace contactsim
