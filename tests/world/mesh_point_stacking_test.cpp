// The point-based baseline of bouchard-2015 §6 (VolumeContactWorld, ContactModel::kPoint) holding
// a 10 cm cube on another of the same size at horizontal offsets, against statics (issue 26: a
// cube overhanging another by 1–4 cm sank through it, z = −3 m at 1 s, for μ 0–0.5: the vertices
// inside the other cube alone gave two diagonal points once the cube tilted by roundoff, and it
// turned about that diagonal into the lower cube).
//
// Statics of the upper cube (mass m, centre of mass at horizontal offset d from the lower cube's
// axis, half-width b = 5 cm): the contact is the overlap of the two faces, [d − b, b] along the
// offset. While d < b the centre of mass lies over it and the cube rests: the normal forces sum
// to m g, the centre stays at the stacked height 3b less the depth the point contacts keep (at
// most the slop, Baumgarte pushes out only what lies beyond it), no tilt, no drift. Beyond the
// edge (d > b) the weight's moment about the edge x = b is m g (d − b) > 0 with nothing to balance
// it: the cube tips about the edge and falls beside the lower cube onto the floor, where it rests
// on a face (its centre b above the floor) clear of the lower cube (its centre at x ≥ 2b).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/geometry/mesh_generators.hpp"
#include "world/volume_contact_world.hpp"

namespace contactsim {
namespace {

constexpr double kG = 9.81;
constexpr double kB = 0.05;     // half-width of both cubes [m]
constexpr double kMass = 1.0;   // upper cube [kg]
constexpr double kDrop = 1e-3;  // gap before the fall [m]

MeshBodyDescription cube(const std::string& name, const Vec3& position, double friction,
                         bool fixed) {
  MeshBodyDescription b;
  b.name = name;
  TriangleMesh mesh = boxMesh(Vec3::Constant(kB));
  b.mass_properties =
      MassProperties(kMass, meshMassProperties(mesh, kMass / mesh.volume()).inertia);
  b.mesh = std::make_shared<const TriangleMesh>(std::move(mesh));
  b.initial_state.position = position;
  b.fixed = fixed;
  b.friction = friction;
  return b;
}

// Upper cube (body 0) dropped kDrop onto the fixed lower cube (body 1, on z ∈ [0, 2b]) at the
// horizontal offset (dx, dy), a fixed floor slab (body 2, top at z = 0) under both.
VolumeContactWorld stack(double dx, double dy, double friction, double drop_speed = 0.0) {
  VolumeContactWorldDescription d;
  d.bodies.push_back(cube("upper", Vec3(dx, dy, 3.0 * kB + kDrop), friction, false));
  d.bodies.back().initial_state = RigidBodyState::fromWorldVelocities(
      Vec3(dx, dy, 3.0 * kB + kDrop), Quat::Identity(), Vec3::Zero(), Vec3(0.0, 0.0, -drop_speed));
  d.bodies.push_back(cube("lower", Vec3(0.0, 0.0, kB), friction, true));
  MeshBodyDescription floor;
  floor.name = "floor";
  floor.mesh = std::make_shared<const TriangleMesh>(boxMesh(Vec3(1.0, 1.0, 0.1)));
  floor.initial_state.position = Vec3(0.0, 0.0, -0.1);
  floor.fixed = true;
  floor.friction = friction;
  d.bodies.push_back(std::move(floor));
  d.settings.model = ContactModel::kPoint;
  d.settings.step = 1e-3;
  d.settings.resolution = 4e-3;
  return VolumeContactWorld(std::move(d));
}

double tilt(const RigidBodyState& s) {
  return std::acos(std::clamp((s.orientation * Vec3::UnitZ()).z(), -1.0, 1.0));
}

// The vertical contact impulse on body 0 over the last step [N s].
double verticalImpulseOnUpper(const VolumeContactWorld& world) {
  double sum = 0.0;
  for (const VolumeContactRecord& r : world.contacts()) {
    if (r.body_a == 0)
      sum += r.impulse.tail<3>().z();
    else if (r.body_b == 0)
      sum -= r.impulse.tail<3>().z();
  }
  return sum;
}

// Offsets with the centre of mass over the lower cube (up to 1 mm from its edge), along x and
// along a diagonal, for μ 0 to 0.5: at 0.5 s the cube rests at the stacked height within the
// slop. With friction it has not moved sideways or tilted and its contacts carry m g.
// Frictionless, the volume-gradient normal leans by about depth/width and lets it creep sideways
// (1.6 mm in 1 s at 1 cm): there only height and tilt are asserted.
TEST(MeshPointStacking, OverhangingCubeRestsOnTheLowerCube) {
  const double slop = VolumeContactSettings{}.slop;
  for (const double mu : {0.0, 0.3, 0.5}) {
    for (const Vec3& offset :
         {Vec3(0.0, 0.0, 0.0), Vec3(0.01, 0.0, 0.0), Vec3(0.03, 0.0, 0.0), Vec3(0.04, 0.0, 0.0),
          Vec3(0.049, 0.0, 0.0), Vec3(0.03, 0.02, 0.0)}) {
      if (mu == 0.0 && offset.x() > 0.045)
        continue;  // the frictionless creep carries it over the edge within the run
      VolumeContactWorld world = stack(offset.x(), offset.y(), mu);
      world.advanceTo(0.5);
      const RigidBodyState s = world.state(0);
      SCOPED_TRACE("mu " + std::to_string(mu) + ", offset (" + std::to_string(offset.x()) + ", " +
                   std::to_string(offset.y()) + ")");
      EXPECT_LE(s.position.z(), 3.0 * kB + 1e-9);
      EXPECT_GE(s.position.z(), 3.0 * kB - slop);
      EXPECT_LT(tilt(s), 1e-3);
      if (mu > 0.0) {
        EXPECT_NEAR(s.position.x(), offset.x(), 1e-9);
        EXPECT_NEAR(s.position.y(), offset.y(), 1e-9);
        EXPECT_LT(tilt(s), 1e-9);
        EXPECT_NEAR(verticalImpulseOnUpper(world) / world.settings().step, kMass * kG,
                    1e-6 * kMass * kG);
      }
    }
  }
}

// Centre of mass beyond the lower cube's edge (d > b): the cube tips over the edge and lands on
// the floor beside the lower cube, never through it. On a face: its tilt within twice what the
// slop allows across its width (corners resting at depths in [0, slop]: slop / 2b).
TEST(MeshPointStacking, CubeBeyondTheEdgeTipsAndFallsBesideTheLowerCube) {
  const double slop = VolumeContactSettings{}.slop;
  for (const double mu : {0.0, 0.5}) {
    for (const double dx : {0.055, 0.07}) {
      VolumeContactWorld world = stack(dx, 0.0, mu);
      world.advanceTo(2.0);
      const RigidBodyState s = world.state(0);
      std::printf("mu %.1f, offset %.3f: centre (%.4f, %.4f, %.5f), tilt %.1f°\n", mu, dx,
                  s.position.x(), s.position.y(), s.position.z(),
                  tilt(s) * 180.0 / std::numbers::pi);
      EXPECT_GE(s.position.x(), 2.0 * kB - slop) << mu << " " << dx;
      EXPECT_NEAR(s.position.z(), kB, slop) << mu << " " << dx;
      EXPECT_NEAR(std::remainder(tilt(s), 0.5 * std::numbers::pi), 0.0, 2.0 * slop / (2.0 * kB))
          << mu << " " << dx;
    }
  }
}

// A cube driven into the lower cube faster than the contacts can stop it (71 m/s: 7 cm, 70 % of
// its volume, inside after one 1 ms step) is passing through it: the run stops with an error that
// names both bodies instead of going on.
TEST(MeshPointStacking, ABodyPassingThroughAnotherStopsTheRun) {
  VolumeContactWorld world = stack(0.0, 0.0, 0.5, 71.0);
  try {
    world.advanceTo(0.01);
    FAIL() << "no error; upper cube at z = " << world.state(0).position.z();
  } catch (const NumericalError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("'upper'"), std::string::npos) << what;
    EXPECT_NE(what.find("'lower'"), std::string::npos) << what;
    EXPECT_NE(what.find("passing through"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace contactsim
