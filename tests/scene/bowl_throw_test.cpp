// The bowl thrown on the table (scenes/bowl-throw.json, kry-pai-2002 §4.2): impacts, contact,
// rolling over the extraordinary vertices of the bowl's foot by separating and bouncing (§3.6).
// Checked against facts outside the simulator: the bowl's lowest surface point, sampled on the
// smooth surface, never goes below the flat table top (no tunnelling); energy never exceeds its
// start plus what the small bounces may add, ½ m v_b² each (impacts only dissipate); and the bowl
// stays on the table.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "contactsim/scene/run.hpp"
#include "contactsim/scene/scene.hpp"

namespace contactsim {
namespace {

double lowestPoint(const Surface& surface, const Frame& E, int samples) {
  double lowest = std::numeric_limits<double>::infinity();
  for (int p = 0; p < surface.patchCount(); ++p) {
    for (int i = 0; i <= samples; ++i) {
      for (int j = 0; i + j <= samples; ++j) {
        const Vec2 st(static_cast<double>(i) / samples, static_cast<double>(j) / samples);
        lowest =
            std::min(lowest, (E * surface.evaluate(p, st.x(), st.y(), JetOrder::kPosition).c).z());
      }
    }
  }
  return lowest;
}

TEST(BowlThrowTest, StaysOnTheTableWithoutTunnellingOrGainingEnergy) {
  Scene scene = loadSceneFile(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/bowl-throw.json");
  scene.world.integrator.adaptive.max_step = 0.016;
  scene.output.rate = 50;
  const RunResult r = runScene(scene);
  const BodyDescription& bowl = scene.world.bodies[0];
  ASSERT_EQ(bowl.name, "bowl");
  long bounces = 0, contacts = 0;
  for (const WorldEvent& e : r.events) {
    bounces += e.type == "small-bounce" ? 1 : 0;
    contacts += e.type == "contact-on" ? 1 : 0;
  }
  EXPECT_GT(contacts, 0);
  const double v_b = scene.world.collisions.bounce_speed;
  const double allowance =
      0.5 * bowl.mass_properties.mass() * v_b * v_b * static_cast<double>(bounces);
  const double e0 = r.samples.front().bodies[0].energy;
  for (const TrajectorySample& s : r.samples) {
    const RigidBodyState& x = s.bodies[0].state;
    ASSERT_LT(std::abs(x.position.x()), 0.15) << "t = " << s.time;  // on the flat top
    ASSERT_LT(std::abs(x.position.y()), 0.15) << "t = " << s.time;
    // 10 µm: the contact and each flight keep one point of the bowl apart from the table; near
    // the foot's extraordinary vertices, where the bowl proceeds by small bounces (§3.6), a second
    // point of the foot may sink a few µm undetected (5.0 µm at t = 2.52 s; the second touch is
    // not detected yet). Tunnelling would take the bowl through the table, centimetres.
    EXPECT_GT(lowestPoint(*bowl.surface, x.pose(), 8), -1e-5) << "t = " << s.time;
    EXPECT_LT(s.bodies[0].energy, e0 + allowance + 1e-4) << "t = " << s.time;
  }
}

// Issue 5: no tunnelling at speeds up to 10 m/s. The bowl, about 7 cm above the table top (a slab
// under 4 cm thick),
// is thrown down at 10 m/s, straight and obliquely with spin: at 1 ms output its surface never
// goes below the table top, and it leaves the first impact upwards (e = 0.3: at 3 m/s, less what
// friction takes).
TEST(BowlThrowTest, DoesNotTunnelAtTenMetresPerSecond) {
  struct Throw {
    Vec3 velocity;
    Vec3 omega;
  };
  for (const Throw& t : {Throw{Vec3(0.0, 0.0, -10.0), Vec3::Zero()},
                         Throw{Vec3(6.0, 0.0, -8.0), Vec3(0.0, 20.0, 5.0)}}) {
    Scene scene = loadSceneFile(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/bowl-throw.json");
    BodyDescription& bowl = scene.world.bodies[0];
    ASSERT_EQ(bowl.name, "bowl");
    bowl.initial_state = RigidBodyState::fromWorldVelocities(
        Vec3(-0.05, 0.0, 0.1), bowl.initial_state.orientation, t.omega, t.velocity);
    scene.duration = 0.04;
    scene.output.rate = 1000;
    const RunResult r = runScene(scene);
    double highest_rebound = -std::numeric_limits<double>::infinity();
    for (const TrajectorySample& s : r.samples) {
      const RigidBodyState& x = s.bodies[0].state;
      EXPECT_GT(lowestPoint(*bowl.surface, x.pose(), 6), -1e-6)
          << "v = " << t.velocity.transpose() << ", t = " << s.time;
      highest_rebound = std::max(highest_rebound, x.worldLinearVelocity().z());
    }
    EXPECT_GT(highest_rebound, 1.0) << "v = " << t.velocity.transpose();
  }
}

}  // namespace
}  // namespace contactsim
