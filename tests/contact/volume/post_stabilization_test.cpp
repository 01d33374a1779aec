// Post-stabilization along the volume gradient (bouchard-2015 §5.7): a box pressed into a plane
// returns to the target interpenetration volume e; two free bodies share the correction by mass;
// compliance and relaxation scale it; volumes at or below e are left alone.
#include "contact/volume/post_stabilization.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "contactsim/error.hpp"
#include "volume_fixtures.hpp"

namespace contactsim {
namespace {

using test::freeBody;

// A 2 kg box with a 1 m × 1 m face 2 mm into the plane z = 0: V = 2e-3 m³, ∂V/∂x_A = −1 m² · n.
struct PressedBox {
  std::vector<VelocityBody> bodies = {
      freeBody(2.0, test::boxInertia(2.0, Vec3(0.5, 0.5, 0.25)), Vec3(0, 0, 0.248)),
      test::fixedBody()};
  std::vector<VolumeContact> contacts;
  PressedBox() {
    ContactPatch patch =
        test::makePatch(Vec3(0, 0, -0.001), Vec3::UnitZ(), Vec3::UnitX(), 0.5, 0.5);
    patch.volume = 2e-3;
    patch.gradient = Vec3(0, 0, -1.0);
    contacts = {test::makeContact(0, 1, patch, 0.5)};
  }
};

TEST(PostStabilization, MovesTheBoxOutToTheTargetVolume) {
  PressedBox box;
  PostStabilizationOptions options;
  options.target_volume = 5e-4;
  PostStabilizationStats stats;
  const std::vector<PoseCorrection> corrections =
      postStabilize(box.bodies, box.contacts, options, &stats);
  EXPECT_EQ(stats.active, 1);
  EXPECT_TRUE(stats.converged);
  // (V − e)/‖g‖ = 1.5 mm along n, no rotation (the patch is under the centre of mass).
  EXPECT_NEAR((corrections[0].translation - Vec3(0, 0, 1.5e-3)).norm(), 0.0, 1e-17);
  EXPECT_NEAR(corrections[0].rotation.norm(), 0.0, 1e-17);
  EXPECT_EQ(corrections[1].translation, Vec3::Zero());
}

TEST(PostStabilization, RelaxationAndComplianceScaleTheCorrection) {
  PressedBox box;
  PostStabilizationOptions options;
  options.relaxation = 0.5;
  EXPECT_NEAR(postStabilize(box.bodies, box.contacts, options)[0].translation.z(), 1e-3, 1e-17);
  // α equal to the normal Schur complement 1/m removes half the excess.
  options.relaxation = 1.0;
  options.compliance = 0.5;
  EXPECT_NEAR(postStabilize(box.bodies, box.contacts, options)[0].translation.z(), 1e-3, 1e-16);
}

TEST(PostStabilization, VolumeAtOrBelowTargetIsLeftAlone) {
  PressedBox box;
  PostStabilizationOptions options;
  options.target_volume = 2e-3;
  const std::vector<PoseCorrection> corrections = postStabilize(box.bodies, box.contacts, options);
  EXPECT_EQ(corrections[0].translation, Vec3::Zero());
  // A volume with no gradient (one body inside the other) cannot be corrected: counted, skipped.
  box.contacts[0].patch.gradient.setZero();
  options.target_volume = 0.0;
  PostStabilizationStats stats;
  EXPECT_EQ(postStabilize(box.bodies, box.contacts, options, &stats)[0].translation, Vec3::Zero());
  EXPECT_EQ(stats.skipped_zero_gradient, 1);
}

// Two free bodies share the correction in inverse proportion to their masses (no net momentum of
// the displacement), and an off-centre patch also turns them; the linearised separation at the
// patch centre is exactly (V − e)/‖g‖.
TEST(PostStabilization, TwoFreeBodiesShareTheCorrection) {
  std::vector<VelocityBody> bodies = {
      freeBody(1.0, test::boxInertia(1.0, Vec3(0.3, 0.3, 0.1)), Vec3(0.1, 0, 0.1)),
      freeBody(3.0, test::boxInertia(3.0, Vec3(0.5, 0.5, 0.1)), Vec3(0, 0, -0.1))};
  ContactPatch patch =
      test::makePatch(Vec3(0.05, 0.02, 0.0), Vec3::UnitZ(), Vec3::UnitX(), 0.3, 0.3);
  patch.volume = 4e-4;
  patch.gradient = Vec3(0, 0, -0.36);
  const std::vector<VolumeContact> contacts = {test::makeContact(0, 1, patch, 0.5)};
  const std::vector<PoseCorrection> c = postStabilize(bodies, contacts, {});
  EXPECT_NEAR((1.0 * c[0].translation + 3.0 * c[1].translation).norm(), 0.0, 1e-17);
  const Vec3 n = Vec3::UnitZ();
  const double separation =
      n.dot(c[0].translation + c[0].rotation.cross(patch.center - bodies[0].com)) -
      n.dot(c[1].translation + c[1].rotation.cross(patch.center - bodies[1].com));
  EXPECT_NEAR(separation, 4e-4 / 0.36, 1e-16);
  EXPECT_GT(c[0].rotation.norm(), 0.0);
}

TEST(PostStabilization, BadOptionsAreRejected) {
  PressedBox box;
  PostStabilizationOptions options;
  options.relaxation = 0.0;
  EXPECT_THROW((void)postStabilize(box.bodies, box.contacts, options), InvalidInputError);
  options = {};
  options.target_volume = -1.0;
  EXPECT_THROW((void)postStabilize(box.bodies, box.contacts, options), InvalidInputError);
  box.contacts[0].patch.volume = NAN;
  EXPECT_THROW((void)postStabilize(box.bodies, box.contacts, {}), InvalidInputError);
}

}  // namespace
}  // namespace contactsim
