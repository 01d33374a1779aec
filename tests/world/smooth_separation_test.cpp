// No silent failure where a smooth contact ends (issue 25): a contact started at rest in slip
// enters no-slip friction before any separation test (a zero slip gives sliding friction no
// direction of its own), and a body that separates in a world without collisions never passes
// into the body it left unnoticed. The separation inside a loop is located at the closed-form time.
// A pose's velocities that the contact changes are reported.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/scene/scene.hpp"
#include "contactsim/world/world.hpp"
#include "contactsim_reference/leaving_the_top.hpp"

namespace contactsim {
namespace {

constexpr double kG = 9.81;

// The ellipsoid of scenes/ellipsoid-rocking.json released tilted at rest, sliding with friction μ,
// at fixed RK4 steps of 0.5 ms.
std::string tiltedEllipsoid(double mu) {
  return R"({"format": "contactsim-scene", "version": 2, "name": "tilted",
    "duration": 2, "integrator": {"method": "rk4", "step": 0.0005},
    "bodies": [{"name": "ellipsoid", "mass": 1.0, "inertia": [0.01, 0.02, 0.026],
                "shape": {"type": "ellipsoid", "radii": [0.3, 0.2, 0.1]}},
               {"name": "floor", "fixed": true, "shape": {"type": "plane", "half_extent": 10.0}}],
    "contacts": [{"type": "smooth", "bodies": ["ellipsoid", "floor"], "patches": [5, 0],
                  "q": [0.7, 0.45, 0.5, 0.5, 0.3], "mode": "sliding",
                  "friction": {"mu": )" +
         std::to_string(mu) + "}}]}";
}

// Before issue 25 the zero slip took the friction along an arbitrary direction at μ f_n: at
// μ = 100 the contact logged a separation after one step (normal force −0.20) and the body fell
// through the floor for ever, exit 0; at μ = 10 the same. Now it rolls from t = 0, rocks, and
// its surface stays on the floor: the contact holds (its gap and angle are zero by construction)
// and the energy is kept, as a rolling rocker's must be.
TEST(SmoothSeparationTest, AZeroSlipStartRollsInsteadOfSeparating) {
  for (const double mu : {100.0, 10.0}) {
    World world(parseScene(tiltedEllipsoid(mu), "tilted").world);
    const double e0 = world.energy(0);
    for (int k = 1; k <= 200; ++k) {
      world.advanceTo(0.01 * k);
      ASSERT_EQ(world.contacts().size(), 1u) << "mu " << mu << " t " << world.time();
      EXPECT_GT(world.state(0).position.z(), 0.1 - 1e-12);  // the smallest semi-axis
    }
    ASSERT_FALSE(world.events().empty());
    EXPECT_EQ(world.events().front().time, 0.0);
    EXPECT_EQ(world.events().front().type, "mode-switch");
    EXPECT_EQ(world.events().front().detail, "sliding -> rolling");
    for (const WorldEvent& e : world.events())
      EXPECT_NE(e.type, "separation") << e.time << " " << e.detail;
    EXPECT_NEAR(world.energy(0), e0, 1e-6 * e0) << "mu " << mu;
  }
}

// A frictionless ball (r = 0.1 m) inside a fixed hollow ball (inner radius 1 m), launched along
// the bottom at v₀ = √(3.5 g L), L = 0.9 m: energy and the normal equation of the centre's circle,
// N / m = v² / L + g cos θ (θ from the bottom) with v² = v₀² − 2 g L (1 − cos θ), give N = 0 at
// cos θ* = (2 − v₀² / (g L)) / 3 = −1/2 (120°), at t* = (2 / a) F(θ*/2 | 4 g L / v₀²) with
// a = v₀ / L (the top-of-the-sphere integral with the sign of gravity reversed). Without
// collisions the ball then flies across the inside into the shell's wall: the run stops there
// with an error naming the ball, the shell, the separation and the reason (the CLI's exit 1).
TEST(SmoothSeparationTest, ABallLeavingTheInsideOfALoopIsStoppedBeforeItPassesThroughIt) {
  const double L = 0.9, v0 = std::sqrt(3.5 * kG * L);
  const std::string text = R"({"format": "contactsim-scene", "version": 2, "name": "loop",
    "duration": 3, "integrator": {"method": "rk4", "step": 0.001},
    "bodies": [{"name": "ball", "mass": 1.0, "inertia": [0.004, 0.004, 0.004],
                "shape": {"type": "sphere", "radius": 0.1}},
               {"name": "shell", "fixed": true,
                "shape": {"type": "spherical-shell", "inner_radius": 1.0, "outer_radius": 1.1}}],
    "contacts": [{"type": "smooth", "bodies": ["ball", "shell"],
                  "pose": {"position": [0, 0, -0.9], "linear_velocity": [)" +
                           std::to_string(v0) + R"(, 0, 0]}}]})";
  World world(parseScene(text, "loop").world);
  const double t_star =
      2.0 * L / v0 * reference::ellipticF(std::acos(-0.5) / 2.0, 4.0 * kG * L / (v0 * v0));
  std::string message;
  double separated = -1.0;
  try {
    for (int k = 1; k <= 300; ++k)
      world.advanceTo(0.01 * k);
  } catch (const NumericalError& e) {
    message = e.what();
  }
  for (const WorldEvent& e : world.events()) {
    if (e.type == "separation" && separated < 0.0)
      separated = e.time;
  }
  EXPECT_NEAR(separated, t_star, 1e-8);
  RecordProperty("separation_time_error_s", ::testing::PrintToString(separated - t_star));
  ASSERT_FALSE(message.empty()) << "the ball flew through the shell";
  EXPECT_NE(message.find("'ball' has passed into 'shell'"), std::string::npos) << message;
  EXPECT_NE(message.find("separated at t = "), std::string::npos) << message;
  EXPECT_NE(message.find("no collisions"), std::string::npos) << message;
  // It leaves at 120° with v² = g L / 2 along the circle and flies on a parabola, meeting the
  // wall again when the centre is L from the shell's centre: the first output after that stops it.
  const double v = std::sqrt(0.5 * kG * L), a = 2.0 * std::acos(-1.0) / 3.0;
  auto outside = [&](double t) {
    const double x = L * std::sin(a) + v * std::cos(a) * t;
    const double z = -L * std::cos(a) + v * std::sin(a) * t - 0.5 * kG * t * t;
    return std::hypot(x, z) > L;
  };
  double lo = 0.1, hi = 2.0;  // inside at 0.1 s, outside at 2 s
  while (hi - lo > 1e-12)
    (outside(0.5 * (lo + hi)) ? hi : lo) = 0.5 * (lo + hi);
  const double t_hit = t_star + hi;  // 1.1992 s
  const std::size_t at = message.find(" s and t = ");
  ASSERT_NE(at, std::string::npos) << message;
  const double stopped = std::stod(message.substr(at + 11));
  EXPECT_GE(stopped, t_hit);
  EXPECT_LT(stopped, t_hit + 0.01 + 1e-9);
}

// Issue 25, item 6: a contact given by a pose keeps only the velocities its constraint allows
// (no relative velocity along the normal; rolling: no slip, so ω = v / R for a ball on a plane).
// What it changed is an event at t = 0, one per body; velocities it keeps are not reported.
TEST(SmoothSeparationTest, TheVelocitiesAPoseGivesAreReportedWhereTheContactChangesThem) {
  auto scene = [](const std::string& velocity, const std::string& mode) {
    return R"({"format": "contactsim-scene", "version": 2, "name": "projection", "duration": 0.01,
      "integrator": {"method": "rk4", "step": 0.001},
      "bodies": [{"name": "ball", "mass": 2.0, "inertia": [0.008, 0.008, 0.008],
                  "shape": {"type": "sphere", "radius": 0.1}},
                 {"name": "floor", "fixed": true, "shape": {"type": "plane", "half_extent": 10}}],
      "contacts": [{"type": "smooth", "bodies": ["ball", "floor"], "mode": ")" +
           mode + R"(", "friction": {"mu": 0.3},
        "pose": {"position": [0, 0, 0.1], "linear_velocity": )" +
           velocity + R"(, "angular_velocity": [0, 0, 0]}}]})";
  };
  const World kept(parseScene(scene("[2, 0, 0]", "sliding"), "kept").world);
  for (const WorldEvent& e : kept.events())
    EXPECT_NE(e.type, "velocity-projected") << e.detail;
  const World changed(parseScene(scene("[2, 0, 0.5]", "rolling"), "changed").world);
  ASSERT_FALSE(changed.events().empty());
  const WorldEvent& e = changed.events().front();
  EXPECT_EQ(e.time, 0.0);
  EXPECT_EQ(e.body, "ball");
  EXPECT_EQ(e.type, "velocity-projected");
  EXPECT_NE(e.detail.find("(rolling): linear velocity (2, 0, 0.5) -> (2, "), std::string::npos)
      << e.detail;
  EXPECT_NE(e.detail.find(", 20, 0) rad/s"), std::string::npos) << e.detail;  // ω_y = v / R
}

// Issue 25, item 6: `pose.rest` moves the free body, turned as given, along gravity until it
// rests on the fixed body. An ellipsoid with radii (a, b, c) turned by θ about x reaches
// √((b sin θ)² + (c cos θ)²) below its centre (its support function along −z), whatever height
// it starts at, above the floor or inside it.
TEST(SmoothSeparationTest, APoseThatRestsOnTheFloorTouchesItAtTheEllipsoidsSupport) {
  const double a = 0.3, b = 0.2, c = 0.1, theta = 0.5, floor_z = 0.25;
  auto scene = [&](double start_z, const std::string& floor) {
    return R"({"format": "contactsim-scene", "version": 2, "name": "rest", "duration": 0.01,
      "integrator": {"method": "rk4", "step": 0.001},
      "bodies": [{"name": "egg", "mass": 1.0, "inertia": [0.01, 0.02, 0.03],
                  "shape": {"type": "ellipsoid", "radii": [)" +
           std::to_string(a) + ", " + std::to_string(b) + ", " + std::to_string(c) + R"(]}},
                 )" +
           floor + R"(],
      "contacts": [{"type": "smooth", "bodies": ["egg", "floor"], "mode": "rolling",
        "pose": {"rest": true, "position": [0.4, -0.2, )" +
           std::to_string(start_z) + R"(], "orientation": [)" +
           std::to_string(std::cos(theta / 2)) + ", " + std::to_string(std::sin(theta / 2)) +
           R"(, 0, 0]}}]})";
  };
  const std::string floor = R"({"name": "floor", "fixed": true, "position": [0, 0, )" +
                            std::to_string(floor_z) +
                            R"(], "shape": {"type": "plane", "half_extent": 5}})";
  // std::to_string rounds the quaternion to 6 digits: the exact angle is the one it gives.
  const double half = std::atan2(std::stod(std::to_string(std::sin(theta / 2))),
                                 std::stod(std::to_string(std::cos(theta / 2))));
  const double support =
      std::hypot(b * std::sin(2.0 * half), c * std::cos(2.0 * half));  // below the centre
  for (const double start_z : {3.0, -1.0}) {
    const Scene s = parseScene(scene(start_z, floor), "rest");
    const Vec3 p = s.world.smooth_contacts[0].initial_pose->position;
    EXPECT_NEAR(p.z(), floor_z + support, 1e-12) << start_z;
    EXPECT_NEAR(p.x(), 0.4, 1e-15);
    EXPECT_NEAR(p.y(), -0.2, 1e-15);
    const World world(s.world);  // the contact is found there (within 1 µm)
    EXPECT_NEAR(world.state(0).position.z(), floor_z + support, 1e-12);
  }
  // Resting on a free body is refused, naming the key.
  const std::string ball = R"({"name": "floor", "mass": 1, "inertia": [1, 1, 1],
    "shape": {"type": "sphere", "radius": 0.5}})";
  try {
    (void)parseScene(scene(3.0, ball), "rest");
    ADD_FAILURE() << "resting on a free body was accepted";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.jsonPath(), "/contacts/0/pose/rest");
    EXPECT_NE(std::string(e.what()).find("rests only on a fixed body"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace contactsim
