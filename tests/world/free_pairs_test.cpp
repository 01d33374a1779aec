// The pieces two free bodies are collided with (src/world/free_pairs.hpp): their relative motion
// against finite differences of the two motions, the point-speed bounds against a torque-free
// tumbling body's sampled speeds, the advancement step against its definition, and the sweep
// against all pairs.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "dynamics/free_body.hpp"
#include "dynamics/rk4.hpp"
#include "free_pairs.hpp"
#include "time_of_impact.hpp"

namespace contactsim::world_detail {
namespace {

// A rigid motion with constant world angular velocity and centre-of-mass velocity.
RigidBodyState screwAt(const RigidBodyState& s, double tau) {
  RigidBodyState out = s;
  const Vec3 w = s.worldAngularVelocity();
  const double angle = w.norm() * tau;
  const Quat turn =
      w.norm() > 0.0 ? Quat(Eigen::AngleAxisd(angle, w.normalized())) : Quat::Identity();
  out.orientation = (turn * s.orientation).normalized();
  out.position = s.position + s.worldLinearVelocity() * tau;
  out.twist << out.orientation.conjugate() * w,
      out.orientation.conjugate() * s.worldLinearVelocity();
  return out;
}

TEST(FreePairs, RelativeMotionIsThePoseOfBInAAndItsDerivative) {
  const RigidBodyState a = RigidBodyState::fromWorldVelocities(
      Vec3(0.3, -0.2, 1.0), Quat(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized())),
      Vec3(0.5, -1.5, 2.0), Vec3(1.0, 0.2, -0.4));
  const RigidBodyState b = RigidBodyState::fromWorldVelocities(
      Vec3(-0.4, 0.6, 0.8), Quat(Eigen::AngleAxisd(-1.1, Vec3(-2, 1, 0.5).normalized())),
      Vec3(-0.8, 0.3, 1.2), Vec3(-0.6, 0.9, 0.1));
  const RigidBodyState rel = relativeState(a, b);
  // Pose: E_a⁻¹ E_b.
  const Frame expected = a.pose().inverse() * b.pose();
  EXPECT_LT((rel.pose().matrix() - expected.matrix()).norm(), 1e-14);
  // Velocity of b's material point p in a's frame: central differences of R_aᵀ (x_b(p) − c_a).
  const Vec3 p(0.05, -0.02, 0.07);
  const double h = 1e-5;
  const auto seen = [&](double tau) {
    const RigidBodyState sa = screwAt(a, tau), sb = screwAt(b, tau);
    return Vec3(sa.orientation.conjugate() * (sb.pose() * p - sa.position));
  };
  const Vec3 fd = (seen(h) - seen(-h)) / (2.0 * h);
  EXPECT_LT((pointVelocity(rel, seen(0.0)) - fd).norm(), 1e-8);
  // The relative velocity of two coincident points, expressed in a's frame.
  const Vec3 x = b.pose() * p;
  const Vec3 world = pointVelocity(b, x) - pointVelocity(a, x);
  EXPECT_LT((pointVelocity(rel, seen(0.0)) - a.orientation.conjugate() * world).norm(), 1e-13);
}

// A tumbling body with distinct moments (torque-free about its centre of mass, falling): no point
// within `reach` ever moves faster than either bound from its initial state.
TEST(FreePairs, PointSpeedBoundsHoldOverATumblingFall) {
  const MassProperties mass = MassProperties::principal(2.0, Vec3(0.01, 0.02, 0.03));
  const Vec3 gravity(0, 0, -9.81);
  const FreeBodySystem system(mass, gravity);
  RigidBodyState s0 = RigidBodyState::fromWorldVelocities(
      Vec3::Zero(), Quat::Identity(), Vec3(0.1, 8.0, 0.3), Vec3(1.0, -0.5, 2.0));
  MotionBound flying{2.0, mass.inertia(), 0.01, 0.25, true};
  MotionBound passive = flying;
  passive.flying = false;
  auto x = FreeBodySystem::pack(s0);
  const double h = 1e-4;
  for (int k = 1; k <= 5000; ++k) {
    x = rk4Step(system, (k - 1) * h, x, h);
    const RigidBodyState s = FreeBodySystem::unpack(x);
    const double fastest = linear(s.twist).norm() + angular(s.twist).norm() * flying.reach;
    ASSERT_LE(fastest, pointSpeedBound(flying, s0, 9.81, k * h)) << k;
    ASSERT_LE(fastest, pointSpeedBound(passive, s0, 9.81, k * h)) << k;
  }
}

TEST(FreePairs, AdvancementStepClosesNoFartherThanTheLength) {
  const MassProperties mass = MassProperties::principal(1.0, Vec3(0.004, 0.004, 0.004));
  const MotionBound a{1.0, mass.inertia(), 0.004, 0.1, false};
  const MotionBound b{1.0, mass.inertia(), 0.004, 0.1, true};
  const RigidBodyState sa = RigidBodyState::fromWorldVelocities(Vec3::Zero(), Quat::Identity(),
                                                                Vec3(0, 3, 0), Vec3(0.5, 0, 0));
  const RigidBodyState sb = RigidBodyState::fromWorldVelocities(Vec3::Ones(), Quat::Identity(),
                                                                Vec3(1, 0, 0), Vec3(0, 0, -2));
  const auto closes = [&](const RigidBodyState& x, const RigidBodyState& y, double step) {
    return closingSpeedBound(a, x, b, y, 9.81, step) * step;
  };
  // Moving, and both at rest (in contact, S(0) = 0, or nearly): the largest such step to 0.1 %.
  RigidBodyState ra = sa, rb = sb;
  ra.twist.setZero();
  rb.twist.setZero();
  RigidBodyState nearly = ra;
  nearly.twist(3) = 1e-19;
  for (const auto& [x, y] : {std::pair(sa, sb), std::pair(ra, rb), std::pair(nearly, rb)}) {
    for (const double length : {1e-10, 1e-4, 1e-2, 1.0}) {
      const double step = advancementStep(a, x, b, y, 9.81, length);
      EXPECT_GT(step, 0.0);
      EXPECT_LE(closes(x, y, step), length * (1.0 + 1e-12));
      EXPECT_GT(closes(x, y, 1.002 * step), length);
    }
  }
}

TEST(FreePairs, SweepFindsExactlyTheOverlappingPairs) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> where(-1.0, 1.0), size(0.01, 0.15);
  std::vector<BoundingSphere> spheres(300);
  for (auto& s : spheres) {
    s = {Vec3(where(rng), where(rng), where(rng)), size(rng)};
  }
  std::vector<std::pair<std::size_t, std::size_t>> all;
  for (std::size_t i = 0; i < spheres.size(); ++i) {
    for (std::size_t j = i + 1; j < spheres.size(); ++j) {
      if ((spheres[i].centre - spheres[j].centre).norm() <= spheres[i].radius + spheres[j].radius) {
        all.emplace_back(i, j);
      }
    }
  }
  ASSERT_GT(all.size(), 20u);
  EXPECT_EQ(overlappingPairs(spheres), all);
}

}  // namespace
}  // namespace contactsim::world_detail
