// Planar bodies in scene format 2 (docs/scene-format.md, "Planar bodies"): planar state keys, a
// map computed from an outline at load and cached on disk by a hash of its inputs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "contactsim/scene/scene.hpp"

namespace contactsim {
namespace {

namespace fs = std::filesystem;

// A steel square, 2 quadratic elements per side, 8 samples of 1 µs, above a half-plane.
const char* const kScene = R"({
  "format": "contactsim-scene", "version": 2, "name": "square", "duration": 1e-5,
  "gravity": [0, -9.81, 0],
  "integrator": {"method": "semi-implicit-euler", "step": 1e-6},
  "bodies": [
    {"name": "square", "position": [0.5, 0.01], "angle": 0.25, "linear_velocity": [1, -2],
     "angular_velocity": 3,
     "shape": {"type": "outline",
               "boundary": [
                 {"type": "line", "from": [-0.01, -0.01], "to": [0.01, -0.01], "elements": 2},
                 {"type": "line", "from": [0.01, -0.01], "to": [0.01, 0.01], "elements": 2},
                 {"type": "line", "from": [0.01, 0.01], "to": [-0.01, 0.01], "elements": 2},
                 {"type": "line", "from": [-0.01, 0.01], "to": [-0.01, -0.01], "elements": 2}],
               "material": {"youngs_modulus": 210e9, "poisson_ratio": 0.3, "density": 7850},
               "map": {"time_step": 1e-6, "samples": 8}}},
    {"name": "ground", "fixed": true, "position": [0, -0.5], "angle": 0.1,
     "shape": {"type": "half-plane"}}]})";

struct Load {
  Scene scene;
  std::string stderr_text;
};

Load load(const fs::path& file) {
  testing::internal::CaptureStderr();
  Scene scene = loadSceneFile(file);
  return {std::move(scene), testing::internal::GetCapturedStderr()};
}

TEST(PlanarSceneTest, OutlineMapIsComputedOnceCachedAndRecomputedWhenCorrupt) {
  const fs::path dir = fs::temp_directory_path() / "contactsim-planar-scene-test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  ::setenv("CONTACTSIM_CACHE_DIR", (dir / "cache").c_str(), 1);
  std::ofstream(dir / "square.json") << kScene;

  const Load first = load(dir / "square.json");
  EXPECT_NE(first.stderr_text.find("computing the response map of body 'square'"),
            std::string::npos);
  EXPECT_EQ(std::count(first.stderr_text.begin(), first.stderr_text.end(), '\n'), 1);
  std::vector<fs::path> entries(fs::directory_iterator(dir / "cache"), fs::directory_iterator());
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(entries[0].filename().string().rfind("map-", 0), 0u);
  const ResponseMap& map = *first.scene.world.bodies[0].response_map;
  EXPECT_EQ(map.time_step, 1e-6);
  EXPECT_EQ(map.sampleCount(), 8u);

  // Cached: read, not computed.
  const Load second = load(dir / "square.json");
  EXPECT_EQ(second.stderr_text, "");
  EXPECT_EQ(second.scene.world.bodies[0].response_map->nodes[3].force, map.nodes[3].force);

  // Corrupt: computed again, the same map, and the entry repaired.
  std::ofstream(entries[0], std::ios::trunc) << "{\"format\": \"contactsim-resp";
  const Load third = load(dir / "square.json");
  EXPECT_NE(third.stderr_text.find("computing"), std::string::npos);
  EXPECT_EQ(third.scene.world.bodies[0].response_map->nodes[3].force, map.nodes[3].force);
  EXPECT_EQ(load(dir / "square.json").stderr_text, "");

  // The planar state keys, embedded in the plane z = 0.
  const RigidBodyState& s = first.scene.world.bodies[0].initial_state;
  EXPECT_EQ(s.position, Vec3(0.5, 0.01, 0.0));
  EXPECT_NEAR(s.orientation.angularDistance(Quat(Eigen::AngleAxisd(0.25, Vec3::UnitZ()))), 0.0,
              1e-15);
  EXPECT_NEAR((s.worldLinearVelocity() - Vec3(1.0, -2.0, 0.0)).norm(), 0.0, 1e-15);
  EXPECT_NEAR((s.worldAngularVelocity() - Vec3(0.0, 0.0, 3.0)).norm(), 0.0, 1e-15);
  ASSERT_TRUE(first.scene.world.bodies[1].half_plane);
  EXPECT_EQ(first.scene.world.bodies[1].half_plane->normal, Vec2(0.0, 1.0));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace contactsim
