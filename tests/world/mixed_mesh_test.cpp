// Meshes in mixed worlds (issue 22): a smooth surface against a closed triangle mesh touches at
// the exact closest features (src/collision/smooth_mesh_proximity, src/world/
// mixed_mesh_contacts), a mesh against a half-space at its vertices. Checked against answers from
// outside the code: a sphere on a mesh box on the floor is in static equilibrium (each contact
// carries the weight above it); a sphere rolling on a tilted mesh box accelerates at
// 5/7 g sin θ (rigid-body rolling without slip); in zero gravity a ball striking a free mesh cube
// keeps the total linear and angular momentum (equal and opposite impulses at one point), and
// with e = 1 and no friction the kinetic energy (Chatterjee–Ruina with e = 1 is elastic).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "collision/ray_cast_body.hpp"
#include "collision/surface_proximity.hpp"
#include "contactsim/scene/scene.hpp"
#include "mixed_checks.hpp"
#include "support/long_test.hpp"

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

// Two convex meshes meet as polyhedra: a free mesh box (faces split in 2 × 2 × 2 triangles,
// merged back into six faces) resting on a fixed mesh slab stands on its four bottom corners
// (speculative manifold, no overlap) and the contacts carry its weight m g to 1e-9 (static
// equilibrium). A smooth ball elsewhere makes the world mixed.
TEST(MixedMesh, ConvexMeshesMeetAsPolyhedra) {
  const double m = 3.0;
  World world(mixedScene(R"("integrator": {"method": "semi-implicit-euler", "step": 0.002},
      "models": {"point": {"tolerance": 1e-14, "max_iterations": 20000}})",
                         R"({"name": "slab", "fixed": true, "position": [0, 0, -0.1],
          "shape": {"type": "box", "half_extents": [1, 1, 0.1], "representation": "mesh"}},
         {"name": "box", "mass": 3.0, "position": [0.1, -0.05, 0.1],
          "shape": {"type": "box", "half_extents": [0.2, 0.15, 0.1], "subdivisions": 2,
                    "representation": "mesh"}},
         {"name": "ball", "mass": 1.0, "inertia": [0.004, 0.004, 0.004],
          "position": [-0.6, 0.6, 0.1], "shape": {"type": "sphere", "radius": 0.1}})")
                  .world);
  world.advanceTo(1.0);
  const std::vector<ContactInfo> on_box = test::contactsOn(world.contacts(), 1);
  ASSERT_EQ(on_box.size(), 4u);
  for (const ContactInfo& c : on_box) {
    EXPECT_NEAR(std::abs(c.point.x() - 0.1), 0.2, 1e-9);
    EXPECT_NEAR(std::abs(c.point.y() + 0.05), 0.15, 1e-9);
  }
  EXPECT_NEAR((test::forceOn(on_box, 1) - m * test::kMixedG * Vec3::UnitZ()).norm(), 0.0,
              1e-9 * m * test::kMixedG);
  EXPECT_NEAR(world.state(1).position.z(), 0.1, 1e-9);
  EXPECT_LT(world.state(1).worldAngularVelocity().norm(), 1e-9);
}

// A mesh pair that is not two convex shapes meets by one 6D patch (bouchard-2015 §3–5, the
// design's "6D blocks for mesh–mesh pairs"): a free bumpy cube (not convex) dropped 1 mm onto a
// fixed mesh slab comes to rest on one patch contact whose force is its weight m g and whose
// torque about the patch centre holds it from turning, (c − com) × (m g ẑ) + τ = 0 (static
// equilibrium, no Baumgarte push-out: the overlap it lands with stays). A smooth ball elsewhere
// makes the world mixed.
TEST(MixedMesh, ANonConvexMeshRestsOnOneSixDPatchCarryingItsWeight) {
  const double m = 0.1;
  World world(mixedScene(R"("integrator": {"method": "semi-implicit-euler", "step": 0.001},
      "models": {"point": {"tolerance": 1e-14, "max_iterations": 5000, "baumgarte": 0.0}})",
                         R"({"name": "slab", "fixed": true, "position": [0, 0, -0.1],
          "material": {"friction": 0.8},
          "shape": {"type": "box", "half_extents": [1, 1, 0.1], "representation": "mesh"}},
         {"name": "bumpy", "mass": 0.1, "position": [0.1, -0.05, 0.028],
          "material": {"friction": 0.8},
          "shape": {"type": "bumpy-cube", "half_extent": 0.025, "subdivisions": 6,
                    "amplitude": 0.002, "bumps_per_edge": 2}},
         {"name": "ball", "mass": 1.0, "inertia": [0.004, 0.004, 0.004],
          "position": [-0.6, 0.6, 0.1], "shape": {"type": "sphere", "radius": 0.1}})")
                  .world);
  world.advanceTo(0.5);
  const std::vector<ContactInfo> on_cube = test::contactsOn(world.contacts(), 1);
  ASSERT_EQ(on_cube.size(), 1u);
  const ContactInfo& patch = on_cube[0];
  EXPECT_EQ(patch.model, ContactModel::k6D);
  const double sign = patch.body_a == 1 ? 1.0 : -1.0;
  const Vec3 weight = m * test::kMixedG * Vec3::UnitZ();
  EXPECT_NEAR((sign * patch.force - weight).norm(), 0.0, 1e-9 * m * test::kMixedG);
  const Vec3 com = world.state(1).position;
  EXPECT_NEAR(((patch.point - com).cross(sign * patch.force) + sign * patch.torque).norm(), 0.0,
              1e-9 * m * test::kMixedG * 0.025);
  EXPECT_LT(world.state(1).worldLinearVelocity().norm(), 1e-9);
  EXPECT_LT(world.state(1).worldAngularVelocity().norm(), 1e-7);
  EXPECT_GT(com.z(), 0.02);  // on the slab, not through it
}

// The shipped coin on the bumpy mesh floor: at every sample the coin (a torus, R = 2.5 cm,
// r = 5 mm) overlaps the floor by less than the contact margin, measured here independently of
// the contact code — floor vertices inside the torus by its closed-form signed distance
// √((√(x² + y²) − R)² + z²) − r, and points of the torus inside the floor mesh by ray parity
// (Embree), their depth the shortest exit along the floor's six axes; no step raises the energy
// by more than 1e-6 of it (the impacts have e = 0.2, the velocity-level contacts are plastic);
// and the coin ends at rest above the floor, not through it.
TEST(MixedMesh, ShippedCoinOnMeshNeitherSinksNorGainsEnergy) {
  const Scene scene = loadSceneFile(CONTACTSIM_SOURCE_DIR "/scenes/coin-on-mesh.json");
  World world(scene.world);
  const double margin = scene.world.integrator.point_contact.margin;
  const double R = 0.025, r = 0.005;
  const RayCastBody floor(*scene.world.bodies[0].mesh);
  const Frame X_WF = makeFrame(Quat::Identity(), scene.world.bodies[0].initial_state.position);
  // Points of the torus: a 96 × 24 grid of its angles.
  std::vector<Vec3> torus;
  for (int i = 0; i < 96; ++i) {
    for (int j = 0; j < 24; ++j) {
      const double u = 2.0 * std::numbers::pi * i / 96, v = 2.0 * std::numbers::pi * j / 24;
      torus.emplace_back((R + r * std::cos(v)) * std::cos(u), (R + r * std::cos(v)) * std::sin(u),
                         r * std::sin(v));
    }
  }
  const auto depth = [&] {
    const RigidBodyState coin = world.state(1);
    const Frame X_WC = makeFrame(coin.orientation, coin.position);
    const Frame X_CF = X_WC.inverse() * X_WF, X_FC = X_CF.inverse();
    double deepest = 0.0;
    for (const Vec3& v : floor.mesh().vertices()) {
      const Vec3 x = X_CF * v;
      if (std::abs(x.z()) > r)
        continue;
      const double d = std::hypot(std::hypot(x.x(), x.y()) - R, x.z()) - r;
      deepest = std::max(deepest, -d);
    }
    std::vector<SurfaceCrossing> crossings;
    for (const Vec3& p : torus) {
      const Vec3 x = X_FC * p;
      double exit = std::numeric_limits<double>::infinity();
      for (int axis = 0; axis < 6; ++axis) {
        Vec3 direction = Vec3::Zero();
        direction[axis % 3] = axis < 3 ? 1.0 : -1.0;
        floor.crossings(x, direction, 1.0, crossings);
        if (crossings.empty() || crossings.front().direction != 1) {
          exit = 0.0;  // outside
          break;
        }
        exit = std::min(exit, crossings.front().t);
      }
      deepest = std::max(deepest, exit);
    }
    return deepest;
  };
  double deepest = 0.0, rise = 0.0, previous = world.energy(1);
  while (world.time() < scene.duration - 1e-9) {
    world.advanceTo(world.time() + scene.world.integrator.step);
    const double energy = world.energy(1);
    rise = std::max(rise, (energy - previous) / energy);
    previous = energy;
    if (std::fmod(world.time() + 1e-9, 0.01) < 2e-9)
      deepest = std::max(deepest, depth());
  }
  EXPECT_LT(deepest, margin);
  EXPECT_LT(rise, 1e-6);
  const RigidBodyState coin = world.state(1);
  EXPECT_GT(coin.position.z(), 0.0);  // above the floor's top face (bumps ±3 mm), resting
  EXPECT_LT(coin.worldLinearVelocity().norm(), 1e-3);
  std::printf("coin-on-mesh: deepest overlap %.3e m (margin %.0e), largest rise per step %.2e\n",
              deepest, margin, rise);
}

// The shipped salad of four meshes in the fixed Loop bowl: every 10 ms, each mesh vertex inside
// another body's closed mesh (the bowl's tessellation welded, 16 × 16 per patch) by ray parity,
// its depth the shortest exit along the six axes, stays below the contact margin (plus the bowl
// tessellation's own error, which is what that measure adds); every piece ends at rest inside the
// bowl. Energy: no step gains more than 1e-6 of the total (issue 22). It gained up to 9.9e-6
// while the block slid slowly on two corners: the solver's fixed point in the slip direction
// swapped between two directions from step to step, and the block rocked with period 2h; the
// friction disk's trust-region solve (contact/point/sliding_block.hpp) gives Coulomb's answer
// there.
TEST(MixedMesh, ShippedSaladStaysInTheBowl) {
  CONTACTSIM_SKIP_LONG_TEST_UNDER_SANITIZERS();
  const Scene scene = loadSceneFile(CONTACTSIM_SOURCE_DIR "/scenes/salad-in-loop-bowl.json");
  World world(scene.world);
  const auto& bodies = scene.world.bodies;
  const double margin = scene.world.integrator.point_contact.margin;
  std::vector<std::unique_ptr<RayCastBody>> solids;
  const ProximityShape bowl(bodies[0].surface, 16);
  solids.push_back(
      std::make_unique<RayCastBody>(weldTessellation(tessellate(*bodies[0].surface, 16))));
  for (std::size_t i = 1; i < bodies.size(); ++i)
    solids.push_back(std::make_unique<RayCastBody>(*bodies[i].mesh));
  const auto pose = [&](std::size_t i) {
    const RigidBodyState s = world.state(i);
    return makeFrame(s.orientation, s.position);
  };
  std::vector<SurfaceCrossing> crossings;
  const auto deepestOverlap = [&] {
    double deepest = 0.0;
    for (std::size_t a = 1; a < bodies.size(); ++a) {
      for (std::size_t b = 0; b < bodies.size(); ++b) {
        if (a == b)
          continue;
        const Frame X_BA = pose(b).inverse() * pose(a);
        for (const Vec3& v : bodies[a].mesh->vertices()) {
          double exit = std::numeric_limits<double>::infinity();
          for (int axis = 0; axis < 6 && exit > 0.0; ++axis) {
            Vec3 direction = Vec3::Zero();
            direction[axis % 3] = axis < 3 ? 1.0 : -1.0;
            solids[b]->crossings(X_BA * v, direction, 10.0, crossings);
            exit = crossings.empty() || crossings.front().direction != 1
                       ? 0.0
                       : std::min(exit, crossings.front().t);
          }
          deepest = std::max(deepest, exit);
        }
      }
    }
    return deepest;
  };
  const auto total = [&] {
    double e = 0.0;
    for (std::size_t i = 0; i < bodies.size(); ++i)
      e += world.energy(i);
    return e;
  };
  double deepest = 0.0, rise = 0.0, previous = total();
  while (world.time() < scene.duration - 1e-9) {
    world.advanceTo(world.time() + scene.world.integrator.step);
    const double energy = total();
    rise = std::max(rise, (energy - previous) / energy);
    previous = energy;
    if (std::fmod(world.time() + 1e-9, 0.01) < 2e-9)
      deepest = std::max(deepest, deepestOverlap());
  }
  EXPECT_LT(deepest, margin + bowl.tessellationError());
  EXPECT_LT(rise, 1e-6);
  for (std::size_t i = 1; i < bodies.size(); ++i) {
    const RigidBodyState s = world.state(i);
    EXPECT_LT(s.worldLinearVelocity().norm(), 1e-3) << bodies[i].name;
    EXPECT_GT(s.position.z(), 0.0) << bodies[i].name;  // in the bowl, not through it
    EXPECT_LT(std::hypot(s.position.x(), s.position.y()), 0.15) << bodies[i].name;
  }
  std::printf(
      "salad-in-loop-bowl: deepest overlap %.3e m (margin %.0e, bowl tessellation %.1e), "
      "largest rise per step %.2e\n",
      deepest, margin, bowl.tessellationError(), rise);
}

}  // namespace
}  // namespace contactsim
