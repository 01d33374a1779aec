// Contact trees in the world (issue 23): the shipped ball-on-ball scene holds both contacts at
// once (each constraint exact: the lower ball's centre at R₁ above the table, the balls' centres
// R₁ + R₂ apart, to rounding), the upper ball separates where its normal force goes through zero
// (located within the step), flies and lands on the table; the energy never rises.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "contactsim/scene/scene.hpp"
#include "contactsim/world/world.hpp"

namespace contactsim {
namespace {

constexpr double kR1 = 0.1, kR2 = 0.05;

double totalEnergy(const World& world) {
  double e = 0.0;
  for (std::size_t i = 0; i < world.bodyCount(); ++i)
    e += world.energy(i);
  return e;
}

const WorldEvent* firstEvent(const World& world, const std::string& body, const std::string& type) {
  const auto& events = world.events();
  const auto it = std::find_if(events.begin(), events.end(), [&](const WorldEvent& e) {
    return e.body == body && e.type == type;
  });
  return it == events.end() ? nullptr : &*it;
}

TEST(ContactTreeWorld, ShippedBallOnBallHoldsBothContactsExactlyThenSeparates) {
  const Scene scene = loadSceneFile(CONTACTSIM_SOURCE_DIR "/scenes/ball-on-ball.json");
  World world(scene.world);
  const double initial = totalEnergy(world);
  double previous = initial, rise = 0.0, height_error = 0.0, distance_error = 0.0;
  double lowest_upper = 1.0;
  while (world.time() < scene.duration - 1e-9) {
    world.advanceTo(world.time() + 0.001);
    const Vec3 lower = world.state(0).position, upper = world.state(1).position;
    lowest_upper = std::min(lowest_upper, upper.z());
    height_error = std::max(height_error, std::abs(lower.z() - kR1));
    if (!firstEvent(world, "upper", "separation"))
      distance_error = std::max(distance_error, std::abs((upper - lower).norm() - (kR1 + kR2)));
    const double e = totalEnergy(world);
    rise = std::max(rise, (e - previous) / initial);
    previous = e;
  }
  // Reduced coordinates: both constraints hold to rounding while the tree lasts; the lower ball
  // stays on the table all run (a one-contact body after the split).
  EXPECT_LT(distance_error, 1e-12);
  EXPECT_LT(height_error, 1e-12);
  // Friction and impacts dissipate; nothing adds energy.
  EXPECT_LT(rise, 1e-9);
  EXPECT_LT(totalEnergy(world), initial - 0.1);
  // The upper ball slipped, left the lower one, and landed on the table without sinking in.
  const WorldEvent* slip = firstEvent(world, "upper", "mode-switch");
  const WorldEvent* separation = firstEvent(world, "upper", "separation");
  const WorldEvent* landing = firstEvent(world, "upper", "collision");
  ASSERT_TRUE(slip && separation && landing);
  EXPECT_LT(slip->time, separation->time);
  EXPECT_LT(separation->time, landing->time);
  EXPECT_NE(landing->detail.find("with table"), std::string::npos);
  EXPECT_GT(lowest_upper, kR2 - 1e-6);
  RecordProperty("separation_time_s", ::testing::PrintToString(separation->time));
  RecordProperty("energy_rise", ::testing::PrintToString(rise));

  // Just before the separation the upper contact still pushes, by its force's rate times 1e-9 s
  // (the same steps up to there: samples every millisecond, then the last piece).
  World before(scene.world);
  while (before.time() + 0.001 < separation->time - 1e-9)
    before.advanceTo(before.time() + 0.001);
  before.advanceTo(separation->time - 1e-9);
  const std::vector<ContactInfo> contacts = before.contacts();
  const auto upper = std::find_if(contacts.begin(), contacts.end(),
                                  [](const ContactInfo& c) { return c.body_a == 1; });
  ASSERT_NE(upper, contacts.end());
  EXPECT_EQ(upper->body_b, 0u);
  EXPECT_GT(upper->normal_force, 0.0);
  EXPECT_LT(upper->normal_force, 1e-6);
  RecordProperty("normal_force_1ns_before_N", ::testing::PrintToString(upper->normal_force));
}

}  // namespace
}  // namespace contactsim
