// Meshes in mixed worlds (issue 22): a smooth surface against a closed triangle mesh touches at
// the exact closest features (src/collision/smooth_mesh_proximity, src/world/
// mixed_mesh_contacts), a mesh against a half-space at its vertices. Checked against answers from
// outside the code: a sphere on a mesh box on the floor is in static equilibrium (each contact
// carries the weight above it); a sphere rolling on a tilted mesh box accelerates at
// 5/7 g sin θ (rigid-body rolling without slip); in zero gravity a ball striking a free mesh cube
// keeps the total linear and angular momentum (equal and opposite impulses at one point), and
// with e = 1 and no friction the kinetic energy (Chatterjee–Ruina with e = 1 is elastic).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <utility>

#include "contactsim/scene/scene.hpp"
#include "mixed_checks.hpp"

namespace contactsim {
namespace {

using test::mixedScene;

// A smooth sphere at rest on a free mesh box (12 triangles) at rest on a half-space: the sphere
// touches the box's top face at one point (Newton against the face's plane), the box the floor
// at its four bottom vertices; each contact carries the weight above it, m_ball g between ball
// and box and (m_ball + m_box) g under the box.
TEST(MixedMesh, SphereOnMeshBoxOnFloorCarriesTheWeights) {
  test::expectSphereOnBoxOnFloorCarriesTheWeights(R"(, "representation": "mesh")");
}

// A solid sphere (I = 2/5 m R²) on the top face of a fixed mesh box tilted by θ about y, μ = 1:
// it rolls without slipping across the face's two triangles, its centre accelerating at
// 5/7 g sin θ down the slope.
TEST(MixedMesh, SmoothSphereRollsDownATiltedMeshAtFiveSevenths) {
  test::expectRollingAtFiveSevenths(R"(, "representation": "mesh")", 0.1);
}

// Zero gravity: a smooth ball thrown off-centre at a free mesh cube (isotropic inertia, so the
// gyroscopic term vanishes) with friction, then with e = 1 and none.
World ballAtMeshCube(const std::string& pairs) {
  return World(mixedScene(R"("gravity": [0, 0, 0],
      "integrator": {"method": "semi-implicit-euler", "step": 0.001},
      "models": {"point": {"tolerance": 1e-14, "max_iterations": 1000}})" +
                              pairs,
                          R"({"name": "cube", "mass": 2.0, "inertia": [0.02, 0.02, 0.02],
          "position": [0.4, 0.05, 0.03], "material": {"friction": 0.6},
          "shape": {"type": "box", "half_extents": [0.1, 0.1, 0.1], "representation": "mesh"}},
         {"name": "ball", "mass": 0.5, "inertia": [0.002, 0.002, 0.002],
          "linear_velocity": [2.0, 0.1, 0.0], "angular_velocity": [0, 0, 30],
          "material": {"friction": 0.6}, "shape": {"type": "sphere", "radius": 0.1}})")
                   .world);
}

using test::cubeAndBallMomenta;

TEST(MixedMesh, BallStrikingAFreeMeshCubeKeepsMomentum) {
  World world = ballAtMeshCube("");
  const auto [p0, L0] = cubeAndBallMomenta(world);
  world.advanceTo(0.4);
  const auto [p1, L1] = cubeAndBallMomenta(world);
  EXPECT_NEAR((p1 - p0).norm(), 0.0, 1e-10 * p0.norm());
  EXPECT_NEAR((L1 - L0).norm(), 0.0, 1e-10 * L0.norm());
  EXPECT_GT(world.state(0).worldLinearVelocity().x(), 0.1);  // they met
  bool merged = false;
  for (const WorldEvent& e : world.events())
    merged = merged || (e.type == "island-merge" && e.detail == "cube | ball → cube+ball");
  EXPECT_TRUE(merged);
}

TEST(MixedMesh, ElasticFrictionlessImpactOnAMeshKeepsKineticEnergy) {
  World world = ballAtMeshCube(
      R"(, "pairs": [{"bodies": ["ball", "cube"], "restitution": 1.0, "friction": 0.0}])");
  const double e0 = world.energy(0) + world.energy(1);
  const auto [p0, L0] = cubeAndBallMomenta(world);
  world.advanceTo(0.4);
  bool collided = false;
  for (const WorldEvent& e : world.events())
    collided = collided || e.type == "collision";
  ASSERT_TRUE(collided);
  EXPECT_NEAR(world.energy(0) + world.energy(1), e0, 1e-9 * e0);
  const auto [p1, L1] = cubeAndBallMomenta(world);
  EXPECT_NEAR((p1 - p0).norm(), 0.0, 1e-10 * p0.norm());
  EXPECT_NEAR((L1 - L0).norm(), 0.0, 1e-10 * L0.norm());
  EXPECT_GT(world.state(0).worldAngularVelocity().norm(), 0.1);  // struck off-centre
}

}  // namespace
}  // namespace contactsim
