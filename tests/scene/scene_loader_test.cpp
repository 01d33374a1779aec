#include "contactsim/scene/scene.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "bad_scenes.hpp"
#include "contactsim/error.hpp"

namespace contactsim {
namespace {

TEST(SceneLoaderTest, EveryBadSceneGetsAClearError) {
  ASSERT_GE(testing::badScenes().size(), 91u);  // the catalogue's scene files
  for (const testing::BadScene& bad : testing::badScenes()) {
    const std::string path = testing::badScenePath(bad);
    try {
      (void)loadSceneFile(path);
      ADD_FAILURE() << bad.file << ": loaded without error";
    } catch (const SceneError& e) {
      EXPECT_EQ(e.file(), path);
      EXPECT_EQ(e.jsonPath().empty() ? "/" : e.jsonPath(), bad.json_path) << e.what();
      EXPECT_NE(std::string(e.what()).find(bad.words), std::string::npos)
          << bad.file << ": message lacks \"" << bad.words << "\": " << e.what();
      EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
  }
}

// SceneLimits (issue 27, defect 4) with small limits: the body count and a smooth surface's
// collision tessellation (6 sphere charts × 2 × 16² = 3072 triangles) are refused at their keys;
// SceneLimits::none() and the defaults load the same scene.
TEST(SceneLoaderTest, LimitsRefuseBodiesAndTessellationsAtTheirKeys) {
  const std::string text = R"({"format": "contactsim-scene", "version": 2, "name": "s",
    "duration": 1, "integrator": {"method": "adaptive-rk4", "min_step": 1e-4, "max_step": 0.01},
    "models": {"smooth": {"collisions": {"tessellation": 16}}},
    "bodies": [{"name": "ball", "mass": 1, "inertia": [0.004, 0.004, 0.004],
                "shape": {"type": "sphere", "radius": 0.1}, "position": [0, 0, 1]},
               {"name": "floor", "fixed": true, "shape": {"type": "plane", "half_extent": 10}}]})";
  SceneLimits bodies;
  bodies.max_bodies = 1;
  try {
    (void)parseScene(text, "s", bodies);
    ADD_FAILURE() << "two bodies passed a limit of one";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.jsonPath(), "/bodies");
    EXPECT_NE(std::string(e.what()).find("the number of bodies would be 2"), std::string::npos)
        << e.what();
  }
  SceneLimits triangles;
  triangles.max_triangles = 3000;
  try {
    (void)parseScene(text, "s", triangles);
    ADD_FAILURE() << "3072 triangles passed a limit of 3000";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.jsonPath(), "/models/smooth/collisions/tessellation");
    EXPECT_NE(std::string(e.what()).find("would be 3.07e+03"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW((void)parseScene(text, "s"));
  EXPECT_NO_THROW((void)parseScene(text, "s", SceneLimits::none()));
}

// Limits lifted, what the defaults refuse loads: a rate of 1e10 over 1 ms is 1e7 rows.
TEST(SceneLoaderTest, NoLimitsLoadsWhatTheDefaultsRefuse) {
  const std::string text = R"({"format": "contactsim-scene", "version": 2, "name": "s",
    "duration": 0.001, "integrator": {"method": "rk4", "step": 0.001}, "output": {"rate": 1e10},
    "bodies": [{"name": "b", "mass": 1, "inertia": [1, 2, 2.5]}]})";
  try {
    (void)parseScene(text, "s");
    ADD_FAILURE() << "1e7 rows passed the default limit";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.jsonPath(), "/output/rate") << e.what();
  }
  EXPECT_NO_THROW((void)parseScene(text, "s", SceneLimits::none()));
}

// Loading is linear in the bodies (issue 27: 300 000 bodies took 228 s): 50 000 bodies with
// unique names load, and a repeated name is still found.
TEST(SceneLoaderTest, ManyBodiesLoadAndDuplicatesAreStillFound) {
  std::string bodies;
  for (int i = 0; i < 50000; ++i) {
    bodies += std::string(i ? "," : "") + R"({"name": "b)" + std::to_string(i) +
              R"(", "mass": 1, "inertia": [1, 1, 1], "position": [)" + std::to_string(i) +
              ", 0, 0]}";
  }
  const auto scene = [](const std::string& b) {
    return R"({"format": "contactsim-scene", "version": 2, "name": "many", "duration": 0.01,
      "integrator": {"method": "rk4", "step": 0.001}, "output": {"rate": 100}, "bodies": [)" +
           b + "]}";
  };
  EXPECT_EQ(parseScene(scene(bodies), "many").world.bodies.size(), 50000u);
  try {
    (void)parseScene(scene(bodies + R"(, {"name": "b7", "mass": 1, "inertia": [1, 1, 1]})"), "m");
    ADD_FAILURE() << "a repeated name loaded";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.jsonPath(), "/bodies/50000/name");
  }
}

// Issue 27, defect 6: validate flags a spin RK4 cannot follow at the scene's step (ω h > 1) — the
// spinner of DivergenceTest, which diverges — and not the shipped tumbling body (ω h = 0.006).
TEST(SceneLoaderTest, WarnsOfASpinTooFastForTheStep) {
  const Scene spinner = parseScene(R"({"format": "contactsim-scene", "version": 2, "name": "s",
    "duration": 1, "integrator": {"method": "rk4", "step": 0.01},
    "bodies": [{"name": "spinner", "mass": 1, "inertia": [1, 2, 2.5],
                "angular_velocity": [1, 2000, 1]}]})",
                                   "s");
  const std::vector<std::string> warnings = sceneWarnings(spinner);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("body 'spinner' spins at 2000.0004999999376 rad/s"), std::string::npos)
      << warnings[0];
  EXPECT_NE(warnings[0].find("ω h = 20.000004999999376"), std::string::npos) << warnings[0];
  EXPECT_TRUE(sceneWarnings(
                  loadSceneFile(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/tumbling-body.json"))
                  .empty());
}

// The 6D compliance changed unit on 2026-11-26 (α [1/kg] → c [m/N]) without a version bump:
// validate flags a value that, read in the new unit, sinks a body by more than its size. The
// cubes of cube-on-edge.json (1 kg, 10 cm) with that file's old α = 0.2: c m g = 1.962 m > 0.173 m.
TEST(SceneLoaderTest, WarnsOfACompliancePerhapsWrittenInTheOldUnit) {
  const std::string scenes = std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/";
  Scene cubes = loadSceneFile(scenes + "cube-on-edge.json");
  ASSERT_GT(cubes.world.integrator.volume_contact.compliance, 0.0);
  EXPECT_TRUE(sceneWarnings(cubes).empty());
  cubes.world.integrator.volume_contact.compliance = 0.2;
  const std::vector<std::string> warnings = sceneWarnings(cubes);
  std::size_t free_cubes = 0;
  for (const BodyDescription& b : cubes.world.bodies)
    free_cubes += !b.fixed && b.mesh ? 1 : 0;
  ASSERT_EQ(warnings.size(), free_cubes);
  EXPECT_NE(warnings[0].find("would sink body '"), std::string::npos) << warnings[0];
  EXPECT_NE(warnings[0].find("by " + toText(0.2 * 1.0 * 9.81) + " m"), std::string::npos)
      << warnings[0];
  EXPECT_NE(warnings[0].find("α [1/kg]"), std::string::npos) << warnings[0];
  // No shipped scene with a compliance is flagged.
  std::size_t checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(scenes)) {
    if (entry.path().extension() != ".json" ||
        readSceneFile(entry.path()).find("\"compliance\"") == std::string::npos)
      continue;
    const Scene scene = loadSceneFile(entry.path());
    checked += scene.world.integrator.volume_contact.compliance > 0.0 ? 1 : 0;
    for (const std::string& w : sceneWarnings(scene))
      EXPECT_EQ(w.find("compliance"), std::string::npos) << entry.path() << ": " << w;
  }
  EXPECT_GE(checked, 10u);  // the 6D scenes with a compliance (14 on 2026-11-26)
}

TEST(SceneLoaderTest, MissingFileIsASceneError) {
  EXPECT_THROW((void)loadSceneFile("/nonexistent/scene.json"), SceneError);
  EXPECT_THROW((void)loadSceneFile(CONTACTSIM_TEST_DATA_DIR), SceneError);  // a directory
}

// SceneLimits::max_file_bytes (issue 27, defect 4): the scene file, a Loop shape's OBJ, a mesh
// shape's OBJ and a response-map file, each refused beyond a lowered limit before it is read, the
// error naming the file, its size and the limit at the key that names it; SceneLimits::none()
// loads them all.
TEST(SceneLoaderTest, FilesBeyondTheSizeLimitAreRefusedNamingThem) {
  const std::string scenes = std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/";
  const auto limited = [](double bytes) {
    SceneLimits limits;
    limits.max_file_bytes = bytes;
    return limits;
  };
  // The load throws SceneError at `json_path` with `words` in its message, naming `file`.
  const auto expectRefused = [](const std::function<void()>& load, const std::string& file,
                                const std::string& json_path, const std::string& words) {
    try {
      load();
      ADD_FAILURE() << file << ": loaded beyond the size limit";
    } catch (const SceneError& e) {
      EXPECT_EQ(e.file(), file);
      EXPECT_EQ(e.jsonPath(), json_path);
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  const std::string bowl_scene = scenes + "ball-in-bowl.json";  // 1296 bytes; bowl.obj 3382
  ASSERT_EQ(std::filesystem::file_size(bowl_scene), 1296u);
  expectRefused([&] { (void)loadSceneFile(bowl_scene, limited(1000)); }, bowl_scene, "",
                "cannot read the scene file: 1296 bytes, more than the limit of 1000 bytes "
                "(max_file_bytes");
  expectRefused([&] { (void)loadSceneFile(bowl_scene, limited(2000)); }, bowl_scene,
                "/bodies/1/shape/obj",
                "meshes/bowl.obj: cannot read the OBJ file: 3382 bytes, more than the limit of "
                "2000 bytes");
  EXPECT_NO_THROW((void)loadSceneFile(bowl_scene, SceneLimits::none()));

  const std::string salad = scenes + "salad.json";  // a mesh shape of meshes/blob.obj, 2561 bytes
  expectRefused([&] { (void)parseScene(readSceneFile(salad), salad, limited(2000)); }, salad,
                "/bodies/1/shape/obj", "meshes/blob.obj: cannot read the OBJ file: 2561 bytes");
  EXPECT_NO_THROW((void)parseScene(readSceneFile(salad), salad, SceneLimits::none()));

  const std::string stack = scenes + "planar-stack.json";  // maps/disc-damped.json, 5995 bytes
  expectRefused([&] { (void)loadSceneFile(stack, limited(3000)); }, stack, "/bodies/0/shape/map",
                "maps/disc-damped.json: at /: cannot read the response map file: 5995 bytes, "
                "more than the limit of 3000 bytes");
  EXPECT_NO_THROW((void)loadSceneFile(stack, SceneLimits::none()));
  // readSceneFile alone: its own limit, the default 256 MiB otherwise.
  EXPECT_THROW((void)readSceneFile(bowl_scene, 1295.0), SceneError);
  EXPECT_EQ(readSceneFile(bowl_scene, 1296.0).size(), 1296u);
  EXPECT_EQ(SceneLimits{}.max_file_bytes, 268435456.0);
}

TEST(SceneLoaderTest, DefaultSceneIsTheShippedFile) {
  const Scene builtin = builtinDefaultScene();
  const Scene file =
      loadSceneFile(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/rattleback-spin.json");
  EXPECT_EQ(builtin.name, file.name);
  EXPECT_EQ(builtin.duration, file.duration);
  ASSERT_EQ(builtin.world.bodies.size(), 2u);
  ASSERT_EQ(builtin.world.smooth_contacts.size(), 1u);
  EXPECT_EQ(builtin.world.smooth_contacts[0].initial.qdot,
            file.world.smooth_contacts[0].initial.qdot);
}

TEST(SceneLoaderTest, EveryShippedSceneLoads) {
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes")) {
    if (entry.path().extension() != ".json")
      continue;
    EXPECT_NO_THROW((void)loadSceneFile(entry.path())) << entry.path();
  }
}

TEST(SceneLoaderTest, BodiesWithEqualShapesShareOneSurface) {
  // Eleven balls of one radius and a table: one surface for the balls (one tessellation and
  // collision tree in the world), another for the table.
  const Scene s = loadSceneFile(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/billiard-break.json");
  const auto& bodies = s.world.bodies;
  ASSERT_EQ(bodies.size(), 12u);
  for (std::size_t i = 1; i < 11; ++i) {
    EXPECT_EQ(bodies[i].surface.get(), bodies[0].surface.get()) << i;
  }
  EXPECT_NE(bodies[11].surface.get(), bodies[0].surface.get());
  ASSERT_TRUE(bodies[0].surface);
}

TEST(SceneLoaderTest, ReadsEveryField) {
  const Scene s = parseScene(R"({
    "format": "contactsim-scene", "version": 1, "name": "all", "description": "d",
    "duration": 2.5, "gravity": [0, -1, 0],
    "integrator": {"method": "cash-karp45", "min_step": 1e-4, "max_step": 0.05,
                   "absolute_tolerance": 1e-7, "relative_tolerance": 1e-8},
    "output": {"rate": 50},
    "bodies": [{"name": "b", "mass": 2, "inertia": [[1, 0.1, 0], [0.1, 2, 0], [0, 0, 2.5]],
                "position": [1, 2, 3], "orientation": [0, 0, 0, 1],
                "angular_velocity": [0, 0, 1], "linear_velocity": [1, 0, 0]}]})",
                             "inline");
  EXPECT_EQ(s.duration, 2.5);
  EXPECT_EQ(s.world.gravity, Vec3(0, -1, 0));
  EXPECT_EQ(s.world.integrator.method, IntegratorMethod::kCashKarp45);
  EXPECT_EQ(s.world.integrator.adaptive.relative_tolerance, 1e-8);
  EXPECT_EQ(s.output.rate, 50.0);
  const BodyDescription& b = s.world.bodies[0];
  EXPECT_EQ(b.mass_properties.inertia()(0, 1), 0.1);
  // World velocities are stored in body coordinates: the body is turned by π about z.
  EXPECT_LT((b.initial_state.twist - spatial(Vec3(0, 0, 1), Vec3(-1, 0, 0))).norm(), 1e-15);
  EXPECT_LT((b.initial_state.worldLinearVelocity() - Vec3(1, 0, 0)).norm(), 1e-15);
}

}  // namespace
}  // namespace contactsim
