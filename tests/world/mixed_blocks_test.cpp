// Point blocks and 6D blocks in one island's Gauss–Seidel (src/world/mixed_blocks.*), against
// statics: a ball resting (or sliding) on a block that stands on the floor through one 6D patch.
// The ball's point impulse is its weight (and, sliding, μ times it against the slip: a tangential
// impulse through a sphere's centre leaves the normal velocity alone); the patch carries the
// block's and the ball's weights, and the torque about its centre that keeps the block from
// turning, (p − com) × J − (c − com) × f — each from the block's momentum balance.
#include <gtest/gtest.h>

#include <vector>

#include "mixed_blocks.hpp"

namespace contactsim::world_detail {
namespace {

constexpr double kG = 9.81, kH = 1e-3;
constexpr double kBlockMass = 2.0, kBallMass = 0.5, kBallRadius = 0.05;

struct Island {
  std::vector<VelocityBody> bodies;  // floor, block, ball
  std::vector<FrictionalContact> points;
  std::vector<VolumeContact> patches;
};

Island ballOnBlock(double ball_speed) {
  Island s;
  s.bodies.resize(3);  // body 0: the fixed floor
  VelocityBody& block = s.bodies[1];
  block.inverse_mass = 1.0 / kBlockMass;
  const Vec3 half(0.2, 0.1, 0.05);
  block.inverse_inertia = Vec3(3.0 / (kBlockMass * (half.y() * half.y() + half.z() * half.z())),
                               3.0 / (kBlockMass * (half.x() * half.x() + half.z() * half.z())),
                               3.0 / (kBlockMass * (half.x() * half.x() + half.y() * half.y())))
                              .asDiagonal();
  block.com = Vec3(0.0, 0.0, 0.05);
  block.velocity = Vec3(0.0, 0.0, -kG * kH);
  VelocityBody& ball = s.bodies[2];
  ball.inverse_mass = 1.0 / kBallMass;
  ball.inverse_inertia = Mat3::Identity() / (0.4 * kBallMass * kBallRadius * kBallRadius);
  ball.com = Vec3(0.1, 0.03, 0.1 + kBallRadius);
  ball.velocity = Vec3(ball_speed, 0.0, -kG * kH);
  // The ball on the block's top face: one point block.
  FrictionalContact top;
  top.body_a = 2;
  top.body_b = 1;
  top.point = Vec3(0.1, 0.03, 0.1);
  top.normal = Vec3::UnitZ();
  top.friction = 0.5;
  s.points.push_back(top);
  // The block on the floor: one 6D patch under its face.
  VolumeContact under;
  under.body_a = 1;
  under.body_b = 0;
  under.patch.center = Vec3(0.0, 0.0, 0.0);
  under.patch.frame.col(0) = Vec3::UnitZ();  // n, then the ellipse's axes u = x, w = y
  under.patch.frame.col(1) = Vec3::UnitX();
  under.patch.frame.col(2) = Vec3::UnitY();
  under.patch.radius_u = 0.25;
  under.patch.radius_w = 0.12;
  under.friction = 0.5;
  s.patches.push_back(under);
  return s;
}

// Sweeps to round-off.
const BlockPgsOptions kExact{{.max_iterations = 5000, .tolerance = 1e-15}};

// The block's momentum balance: at rest after the step, so the patch's force is its weight plus
// the ball's impulse J on it reversed, and its torque about the centre c the one that leaves no
// torque about the block's centre of mass.
void expectBlockAtRest(const Island& s, const Vec3& J, const Wrench& patch) {
  const Vec3 com = s.bodies[1].com, c = s.patches[0].patch.center, p = s.points[0].point;
  const Vec3 f = kBlockMass * kG * kH * Vec3::UnitZ() + J;
  const Vec3 tau = (p - com).cross(J) - (c - com).cross(f);
  EXPECT_LT((Vec3(linear(patch)) - f).norm(), 1e-14) << Vec3(linear(patch)).transpose();
  EXPECT_LT((Vec3(angular(patch)) - tau).norm(), 1e-14) << Vec3(angular(patch)).transpose();
  EXPECT_LT(s.bodies[1].velocity.norm(), 1e-12);
  EXPECT_LT(s.bodies[1].omega.norm(), 1e-11);
}

TEST(MixedBlocks, ABallOnABlockOnAPatchCarriesBothWeights) {
  Island s = ballOnBlock(0.0);
  std::vector<Vec3> impulses;
  std::vector<Wrench> wrenches;
  const MixedBlockStats stats =
      solveMixedBlocks(s.bodies, s.points, impulses, s.patches, wrenches, kExact);
  ASSERT_TRUE(stats.converged);
  const Vec3 J = kBallMass * kG * kH * Vec3::UnitZ();
  EXPECT_LT((impulses[0] - J).norm(), 1e-15);
  expectBlockAtRest(s, J, wrenches[0]);
  EXPECT_LT(s.bodies[2].velocity.norm(), 1e-12);
}

TEST(MixedBlocks, ABallSlidingOnABlockPushesItThroughThePatch) {
  Island s = ballOnBlock(1.0);  // far more slip than friction can stop in a step
  std::vector<Vec3> impulses;
  std::vector<Wrench> wrenches;
  const MixedBlockStats stats =
      solveMixedBlocks(s.bodies, s.points, impulses, s.patches, wrenches, kExact);
  ASSERT_TRUE(stats.converged);
  // Coulomb: against the slip, μ times the normal impulse, which is the ball's weight.
  const double n = kBallMass * kG * kH;
  const Vec3 J(-0.5 * n, 0.0, n);
  EXPECT_LT((impulses[0] - J).norm(), 1e-15) << impulses[0].transpose();
  expectBlockAtRest(s, J, wrenches[0]);  // the patch sticks: 0.1 of its load sideways < μ
  EXPECT_NEAR(s.bodies[2].velocity.x(), 1.0 - 0.5 * kG * kH, 1e-14);
}

// One kind alone is that kind's own solver, bit for bit.
TEST(MixedBlocks, OneKindAloneIsItsOwnSolver) {
  Island a = ballOnBlock(0.3), b = ballOnBlock(0.3);
  a.patches.clear();
  b.patches.clear();
  std::vector<Vec3> impulses_a, impulses_b;
  std::vector<Wrench> no_wrenches;
  solveMixedBlocks(a.bodies, a.points, impulses_a, a.patches, no_wrenches, kExact);
  solveFrictionalContacts(b.bodies, b.points, impulses_b, kExact);
  EXPECT_EQ(impulses_a[0], impulses_b[0]);
  Island c = ballOnBlock(0.0), d = ballOnBlock(0.0);
  c.points.clear();
  d.points.clear();
  std::vector<Vec3> no_impulses;
  std::vector<Wrench> wrenches_c, wrenches_d;
  solveMixedBlocks(c.bodies, c.points, no_impulses, c.patches, wrenches_c, kExact);
  solveVolumeContacts(d.bodies, d.patches, wrenches_d, kExact);
  EXPECT_EQ(wrenches_c[0], wrenches_d[0]);
  EXPECT_EQ(c.bodies[1].velocity, d.bodies[1].velocity);
}

}  // namespace
}  // namespace contactsim::world_detail
