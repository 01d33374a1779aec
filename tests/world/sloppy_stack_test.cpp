// bouchard-2015 §6.1.2, Fig. 7 right (scenes/sloppy-stack.json): five 10 cm cubes stacked with
// overhangs of up to 1.5 cm and turned by up to 0.12 rad about the vertical. "The intersection
// volumes include the cubes' edges", so the volume gradients, the 6D contacts' normals, lean away
// from the vertical; with μ = 0.6 the stack stands.
//
// Statics (independent of the contact model): a stack of rigid blocks with vertical loads stands
// iff, at every interface, the centre of mass of the blocks above it lies inside the support
// polygon — the overlap of the lower block's top face and the upper block's bottom face. The
// overlap of two convex squares is convex, and a point lies in it iff it lies in both squares, so
// the test measures the least margin of that centre of mass to either square's sides. With that
// margin positive at every interface and the normals' lean inside the friction cone, the stack
// must stand: every cube at rest and unturned, and every contact force vertical (it carries the
// weight above it and nothing else), so its tangential part over its normal part is tan(lean).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "contactsim/scene/scene.hpp"
#include "contactsim/world/world.hpp"

namespace contactsim {
namespace {

constexpr double kHalf = 0.05;  // the cubes' half-extent [m]

// Signed distance of `point`'s horizontal projection to the sides of a cube's horizontal face
// (centre and yaw from the cube's state): positive inside.
double squareMargin(const RigidBodyState& cube, const Vec3& point) {
  const Vec3 local = cube.orientation.conjugate() * (point - cube.position);
  return kHalf - std::max(std::abs(local.x()), std::abs(local.y()));
}

TEST(SloppyStack, StandsWithLeaningNormalsAsStaticsPredicts) {
  const Scene scene =
      loadSceneFile(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/sloppy-stack.json");
  World world(scene.world);
  std::vector<std::size_t> cubes;
  for (std::size_t i = 0; i < world.bodyCount(); ++i) {
    if (!world.isFixed(i))
      cubes.push_back(i);
  }
  ASSERT_EQ(cubes.size(), 5u);

  // Statics from the initial poses: the centre of mass above each interface inside both faces.
  double least_margin = 1.0;
  for (std::size_t k = 0; k + 1 < cubes.size(); ++k) {
    Vec3 above = Vec3::Zero();
    for (std::size_t j = k + 1; j < cubes.size(); ++j)
      above += world.state(cubes[j]).position;
    above /= static_cast<double>(cubes.size() - k - 1);
    least_margin = std::min({least_margin, squareMargin(world.state(cubes[k]), above),
                             squareMargin(world.state(cubes[k + 1]), above)});
  }
  ASSERT_GT(least_margin, 0.01);  // statics: it stands, by 1 cm at the tightest interface

  // Settle onto the target volumes, then hold still for the rest of the scene's run.
  world.advanceTo(0.5);
  std::vector<RigidBodyState> settled;
  for (const std::size_t c : cubes)
    settled.push_back(world.state(c));
  double lean = 0.0;            // largest angle of a contact normal from the vertical [rad]
  double traction = 0.0;        // largest |tangential force| / normal force of a contact
  double sideways = 0.0;        // largest |horizontal force| / |force| of a contact
  double friction_error = 0.0;  // largest |traction − tan(lean)| of a contact
  while (world.time() < scene.duration - 1e-9) {
    world.advanceTo(std::min(scene.duration, world.time() + 0.1));
    for (const ContactInfo& c : world.contacts()) {
      lean = std::max(lean, std::acos(std::min(1.0, std::abs(c.normal.z()))));
      const double fn = c.force.dot(c.normal);
      if (fn > 1e-9) {
        const double ratio = (c.force - fn * c.normal).norm() / fn;
        const double tilt = std::acos(std::min(1.0, std::abs(c.normal.z())));
        traction = std::max(traction, ratio);
        sideways = std::max(sideways, std::hypot(c.force.x(), c.force.y()) / c.force.norm());
        friction_error = std::max(friction_error, std::abs(ratio - std::tan(tilt)));
      }
    }
  }
  double moved = 0.0;
  double turned = 0.0;
  for (std::size_t k = 0; k < cubes.size(); ++k) {
    const RigidBodyState end = world.state(cubes[k]);
    moved = std::max(moved, (end.position - settled[k].position).norm());
    turned = std::max(turned, end.orientation.angularDistance(settled[k].orientation));
  }
  std::printf(
      "sloppy stack: statics margin %.4f m; normals lean up to %.3g rad, traction ratio %.3g "
      "(|ratio - tan(lean)| %.2g, horizontal force %.2g); 0.5-%.1f s: moved %.3g m, turned %.3g "
      "rad\n",
      least_margin, lean, traction, friction_error, sideways, scene.duration, moved, turned);
  EXPECT_GT(lean, 1e-3);      // the gradients lean (the paper's point: edges in the volumes)
  EXPECT_LT(traction, 0.6);   // inside the cone of μ = 0.6: friction holds the lean
  EXPECT_LT(sideways, 1e-6);  // the forces carry the weights straight down
  EXPECT_LT(friction_error, 1e-6);
  EXPECT_LT(moved, 1e-6);  // stands: no cube creeps a micrometre over 4.5 s
  EXPECT_LT(turned, 1e-6);
}

}  // namespace
}  // namespace contactsim
