// The billiard break (scenes/billiard-break.json, issue 5: free bodies against each other). A cue
// ball rolling at 3 m/s meets the rack's apex ball when the gap of 0.6 m − 2R has closed; the break
// that follows never lets two balls into each other, never raises the energy, and leaves every
// ball on the table.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "contactsim/scene/run.hpp"
#include "contactsim/scene/scene.hpp"

namespace contactsim {
namespace {

TEST(BilliardBreakTest, TheCueBallBreaksTheRackWithoutOverlapOrEnergyGain) {
  const Scene scene =
      loadSceneFile(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/billiard-break.json");
  const RunResult r = runScene(scene);
  const std::size_t balls = scene.world.bodies.size() - 1;  // the table last
  ASSERT_EQ(balls, 11u);
  const double R = 0.0286;
  long between_balls = 0, bounces = 0;
  double first = -1.0;
  for (const WorldEvent& e : r.events) {
    if (e.type == "collision" && e.detail.rfind("with table", 0) != 0) {
      ++between_balls;
      if (first < 0.0) {
        first = e.time;
        EXPECT_EQ(e.body + " " + e.detail.substr(0, 8), "ball-1 with cue");
      }
    }
    bounces += e.type == "small-bounce";
  }
  EXPECT_EQ(bounces, 0);
  // Rolling without slipping, the cue ball keeps its 3 m/s up to the touch (found to 7e-15 s since
  // the distance of two spheres is a closed form, issue 30; within 1e-10 s before; since the balls
  // on the table move in closed form, world/sphere_table.cpp, the root of their quadratic).
  EXPECT_NEAR(first, (0.6 - 2 * R) / 3.0, 1e-9);
  EXPECT_GE(between_balls, 11);  // every ball of the rack is struck at least once
  double energy = std::numeric_limits<double>::infinity();
  for (const TrajectorySample& s : r.samples) {
    double total = 0.0;
    for (std::size_t i = 0; i < balls; ++i) {
      total += s.bodies[i].energy;
      for (std::size_t j = i + 1; j < balls; ++j) {
        ASSERT_GE((s.bodies[i].state.position - s.bodies[j].state.position).norm(), 2 * R - 1e-9)
            << "t = " << s.time << ", bodies " << i << " and " << j;
      }
    }
    // Samples once came from a contact's dense output (cubic Hermite in q over 1 ms steps of a
    // ball turning at 105 rad/s: 4e-6 of the energy); the closed forms of world/sphere_table.cpp
    // only lose it, so this bound is loose now.
    ASSERT_LE(total, energy * (1 + 1e-5)) << "t = " << s.time;
    energy = total;
  }
  for (std::size_t i = 0; i < balls; ++i) {
    EXPECT_NEAR(r.samples.back().bodies[i].state.position.z(), R, 1e-9) << i;
  }
}

}  // namespace
}  // namespace contactsim
