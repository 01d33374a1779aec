// Scene format 2: the contact model from the shapes, per-body materials combined by the geometric
// mean, pair overrides of friction and restitution — each checked against the analytic motion —
// and migration from format 1.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/scene/scene.hpp"
#include "contactsim/world/world.hpp"

namespace contactsim {
namespace {

constexpr double kG = 9.81;
constexpr double kTheta = 0.5;  // the incline [rad]

// A box on a 0.5 rad incline (a half-space), point contact; `box_material` and `incline_material`
// are JSON objects or empty, `pairs` a JSON array or empty.
std::string inclineScene(const std::string& box_material, const std::string& incline_material,
                         const std::string& pairs) {
  char geometry[512];
  std::snprintf(geometry, sizeof geometry, R"("normal": [%.17g, 0, %.17g])", -std::sin(kTheta),
                std::cos(kTheta));
  const double c = std::cos(kTheta / 2), s = std::sin(kTheta / 2);
  char pose[512];
  // The box's centre 0.05 m above the incline through the origin, its bottom face on it.
  std::snprintf(pose, sizeof pose,
                R"("position": [%.17g, 0, %.17g], "orientation": [%.17g, 0, %.17g, 0])",
                -0.05 * std::sin(kTheta), 0.05 * std::cos(kTheta), c, -s);
  std::string text = R"({"format": "contactsim-scene", "version": 2, "name": "incline",
    "duration": 1.0, "integrator": {"method": "semi-implicit-euler", "step": 0.001},
    "models": {"point": {"tolerance": 1e-14, "max_iterations": 2000}},
    "bodies": [
      {"name": "incline", "fixed": true, "shape": {"type": "half-space", )" +
                     std::string(geometry) + "}" +
                     (incline_material.empty() ? "" : ", \"material\": " + incline_material) +
                     R"(},
      {"name": "box", "mass": 2.0, "shape": {"type": "box", "half_extents": [0.2, 0.15, 0.05]}, )" +
                     pose + (box_material.empty() ? "" : ", \"material\": " + box_material) + "}]" +
                     (pairs.empty() ? "" : ", \"pairs\": " + pairs) + "}";
  return text;
}

// The box's acceleration down the slope between 0.2 s and 0.7 s.
double slideAcceleration(const std::string& text) {
  const Scene scene = parseScene(text, "incline.json");
  EXPECT_EQ(scene.world.integrator.method, IntegratorMethod::kPointContact);
  World world(scene.world);
  const Vec3 downhill(-std::cos(kTheta), 0.0, -std::sin(kTheta));
  world.advanceTo(0.2);
  const double v0 = world.state(1).worldLinearVelocity().dot(downhill), t0 = world.time();
  world.advanceTo(0.7);
  const double v1 = world.state(1).worldLinearVelocity().dot(downhill);
  return (v1 - v0) / (world.time() - t0);
}

double coulomb(double mu) {
  return kG * (std::sin(kTheta) - mu * std::cos(kTheta));
}

TEST(SceneV2Test, BoxesGetPointContactAndMaterialsCombineByTheGeometricMean) {
  // μ = √(0.3 · 0.12) = 0.1897: a = g (sin θ − μ cos θ).
  const double a =
      slideAcceleration(inclineScene(R"({"friction": 0.3})", R"({"friction": 0.12})", ""));
  EXPECT_NEAR(a, coulomb(std::sqrt(0.3 * 0.12)), 1e-6 * coulomb(0.2));
  // A body without a material takes the point model's μ = 0.5: √(0.3 · 0.5) = 0.387.
  EXPECT_NEAR(slideAcceleration(inclineScene(R"({"friction": 0.3})", "", "")),
              coulomb(std::sqrt(0.3 * 0.5)), 1e-6 * coulomb(0.4));
}

TEST(SceneV2Test, APairOverrideReplacesTheMaterials) {
  // Frictionless pair: a = g sin θ, whatever the bodies' materials say.
  EXPECT_NEAR(
      slideAcceleration(inclineScene(R"({"friction": 0.9})", R"({"friction": 0.9})",
                                     R"([{"bodies": ["box", "incline"], "friction": 0.0}])")),
      coulomb(0.0), 1e-6 * coulomb(0.0));
  // "*" applies to every pair; a later single pair overrides it again.
  EXPECT_NEAR(
      slideAcceleration(inclineScene(
          "", "",
          R"([{"bodies": "*", "friction": 0.2}, {"bodies": ["incline", "box"], "friction": 0.1}])")),
      coulomb(0.1), 1e-6 * coulomb(0.1));
  EXPECT_NEAR(
      slideAcceleration(inclineScene(
          "", "",
          R"([{"bodies": ["incline", "box"], "friction": 0.1}, {"bodies": "*", "friction": 0.2}])")),
      coulomb(0.2), 1e-6 * coulomb(0.2));
}

// A ball dropped onto a plane (smooth model, frictionless head-on impacts): the first impact's
// normal speeds, from its "collision" event ("normal speed a -> b m/s").
double firstImpactRestitution(const std::string& ball_material, const std::string& floor_material,
                              const std::string& pairs) {
  const std::string text =
      R"({"format": "contactsim-scene", "version": 2, "name": "drop", "duration": 1.0,
    "integrator": {"method": "rk4", "step": 0.001},
    "models": {"smooth": {"collisions": {"restitution": 0.3, "tangential_restitution": -1.0,
                                          "friction": 0.0}}},
    "bodies": [
      {"name": "ball", "mass": 1.0, "inertia": [0.004, 0.004, 0.004], "position": [0, 0, 0.6],
       "shape": {"type": "sphere", "radius": 0.1})" +
      (ball_material.empty() ? "" : ", \"material\": " + ball_material) + R"(},
      {"name": "floor", "fixed": true, "shape": {"type": "plane", "half_extent": 2.0})" +
      (floor_material.empty() ? "" : ", \"material\": " + floor_material) + "}]" +
      (pairs.empty() ? "" : ", \"pairs\": " + pairs) + "}";
  const Scene scene = parseScene(text, "drop.json");
  World world(scene.world);
  world.advanceTo(0.5);  // the ball falls 0.5 m: the touch at √(2 · 0.5 / g) = 0.319 s
  for (const WorldEvent& e : world.events()) {
    double before = 0.0, after = 0.0;
    if (e.type == "collision" &&
        std::sscanf(e.detail.c_str(), "with floor: normal speed %lf -> %lf", &before, &after) == 2)
      return after / before;
  }
  ADD_FAILURE() << "no impact";
  return 0.0;
}

TEST(SceneV2Test, RestitutionFromMaterialsAndPairsInTheSmoothModel) {
  // No material: the collisions' e = 0.3.
  EXPECT_NEAR(firstImpactRestitution("", "", ""), 0.3, 1e-5);
  // Both bodies: √(0.64 · 1) = 0.8.
  EXPECT_NEAR(firstImpactRestitution(R"({"restitution": 0.64})", R"({"restitution": 1.0})", ""),
              0.8, 1e-5);
  // One body: the other takes the collisions' e: √(0.75 · 0.3) = 0.474.
  EXPECT_NEAR(firstImpactRestitution(R"({"restitution": 0.75})", "", ""), std::sqrt(0.75 * 0.3),
              1e-5);
  // A pair override wins.
  EXPECT_NEAR(firstImpactRestitution(R"({"restitution": 0.64})", R"({"restitution": 1.0})",
                                     R"([{"bodies": ["floor", "ball"], "restitution": 0.5}])"),
              0.5, 1e-5);
}

TEST(SceneV2Test, ThePairModelOverrideChoosesThePointBaselineOnMeshes) {
  const std::string text = R"({"format": "contactsim-scene", "version": 2, "name": "meshes",
    "duration": 0.01, "integrator": {"method": "semi-implicit-euler", "step": 0.001},
    "models": {"6d": {"resolution": 0.01}},
    "bodies": [
      {"name": "floor", "fixed": true, "position": [0, 0, -0.5],
       "shape": {"type": "box", "half_extents": [1, 1, 0.5], "representation": "mesh"}},
      {"name": "cube", "mass": 1.0, "position": [0, 0, 0.2],
       "shape": {"type": "box", "half_extents": [0.1, 0.1, 0.1], "representation": "mesh"}}])";
  const Scene six_d = parseScene(text + "}", "meshes.json");
  EXPECT_EQ(six_d.world.integrator.method, IntegratorMethod::kVolumeContact);
  EXPECT_EQ(six_d.world.integrator.volume_contact.model, ContactModel::k6D);
  const Scene point =
      parseScene(text + R"(, "pairs": [{"bodies": "*", "model": "point"}]})", "meshes.json");
  EXPECT_EQ(point.world.integrator.volume_contact.model, ContactModel::kPoint);
  // The same model on one pair only would leave two models in one world.
  EXPECT_THROW(
      (void)parseScene(text + R"(, "pairs": [{"bodies": ["floor", "cube"], "model": "point"}]})",
                       "meshes.json"),
      SceneError);
}

// models.response.scheme picks the planar contact scheme (response_contact_solver.hpp); a wrong
// value is an error naming the key.
TEST(SceneV2Test, TheResponseModelTakesItsContactScheme) {
  const std::string path = std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/planar-stack.json";
  std::ifstream file(path);
  nlohmann::json scene = nlohmann::json::parse(file);
  EXPECT_EQ(parseScene(scene.dump(), path).world.integrator.response_scheme,
            ResponseScheme::kEndOfStep);
  scene["models"]["response"]["scheme"] = "trapezoidal";
  EXPECT_EQ(parseScene(scene.dump(), path).world.integrator.response_scheme,
            ResponseScheme::kTrapezoidal);
  scene["models"]["response"]["scheme"] = "midpoint";
  try {
    (void)parseScene(scene.dump(), path);
    ADD_FAILURE() << "a wrong scheme was accepted";
  } catch (const SceneError& e) {
    EXPECT_NE(std::string(e.what()).find("scheme"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("midpoint"), std::string::npos) << e.what();
  }
}

TEST(SceneV2Test, MigrationKeepsEveryValueAndRefusesFormatTwo) {
  const std::string v1 = R"({"format": "contactsim-scene", "version": 1, "name": "stack",
    "duration": 0.5, "integrator": {"method": "point-contact", "step": 0.002, "margin": 0.003},
    "bodies": [{"name": "floor", "fixed": true, "shape": {"type": "half-space"}, "friction": 0.4},
               {"name": "box", "mass": 1.0, "position": [0, 0, 0.1], "friction": 0.7,
                "shape": {"type": "box", "half_extents": [0.1, 0.1, 0.1]}}]})";
  const std::string v2 = migrateScene(v1, "stack.json", ".");
  const Scene a = parseScene(v1, "stack.json");
  const Scene b = parseScene(v2, "stack.json");
  EXPECT_NE(v2.find("\"version\": 2"), std::string::npos) << v2;
  EXPECT_EQ(b.world.integrator.method, IntegratorMethod::kPointContact);
  EXPECT_EQ(b.world.integrator.step, a.world.integrator.step);
  EXPECT_EQ(b.world.integrator.point_contact.margin, 0.003);
  EXPECT_EQ(b.world.bodies[0].friction, 0.4);
  EXPECT_EQ(b.world.bodies[1].friction, 0.7);
  World wa(a.world), wb(b.world);
  wa.advanceTo(0.5);
  wb.advanceTo(0.5);
  EXPECT_EQ(wa.state(1).position, wb.state(1).position);
  EXPECT_THROW((void)migrateScene(v2, "stack.json", "."), SceneError);
}

}  // namespace
}  // namespace contactsim
