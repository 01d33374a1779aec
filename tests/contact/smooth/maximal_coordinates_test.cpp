// An independent formulation agrees: an ellipsoid whose inertia tensor has products of inertia
// (axes misaligned with its surface, as in a rattleback) rolling without slipping on a plane,
// in reduced contact coordinates (kry-pai-2002) and in maximal coordinates with the no-slip
// constraint eliminated (reference/rolling_ellipsoid), agree to 1e-6 m over 5 s.
#include <gtest/gtest.h>

#include "contact/smooth/smooth_contact.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim_reference/rolling_ellipsoid.hpp"

namespace contactsim {
namespace {

TEST(MaximalCoordinatesTest, RollingEllipsoidAgreesWithReducedCoordinates) {
  const Vec3 radii(0.3, 0.2, 0.1);
  const Mat3 axes =
      Quat(Eigen::AngleAxisd(0.3, Vec3(0.2, 0.1, 1.0).normalized())).toRotationMatrix();
  const MassProperties body(1.0, axes * Vec3(0.01, 0.02, 0.026).asDiagonal() * axes.transpose());
  SmoothContactSetup setup;
  setup.surface1 = std::make_shared<ChartSurface>(makeEllipsoid(radii));
  setup.mass1 = body;
  setup.surface2 = std::make_shared<ChartSurface>(makePlane(100.0));
  setup.friction.mu = 1.0;
  setup.friction.mu_static = 1e6;  // stay rolling
  setup.integrator.min_step = 1e-5;
  setup.integrator.max_step = 1e-3;
  SmoothContactState s;
  s.patch1 = 5;
  s.q << 0.6, 0.45, 0.5, 0.5, 0.2;
  s.mode = FrictionMode::kRolling;
  const SmoothContact at_rest(setup, s);
  s.qdot = at_rest.coordinateVelocity(
      spatial(at_rest.worldPose().linear().transpose() * Vec3(0.5, -0.3, 2.0), Vec3::Zero()));
  SmoothContact reduced(setup, s);

  RigidBodyState x;
  const Frame E0 = reduced.worldPose();
  x.position = E0.translation();
  x.orientation = Quat(E0.linear());
  x.twist = reduced.bodyTwist();
  const reference::RollingEllipsoid maximal(radii, body, 9.81);
  // The reference starts with no slip at its own contact point.
  const Vec3 r0 = maximal.contactPoint(x.orientation.conjugate() * Vec3::UnitZ());
  EXPECT_LT((linear(x.twist) + angular(x.twist).cross(r0)).norm(), 1e-12);

  const double h = 1e-4;
  double worst = 0.0;
  for (int k = 1; k <= 50000; ++k) {
    x = maximal.step(x, h);
    if (k % 1000 == 0) {
      reduced.advanceTo(k * h);
      ASSERT_FALSE(reduced.separated());
      ASSERT_EQ(reduced.state().mode, FrictionMode::kRolling);
      worst = std::max(worst, (reduced.worldPose().translation() - x.position).norm());
    }
  }
  EXPECT_LT(worst, 1e-6);
  RecordProperty("max_com_difference_m", ::testing::PrintToString(worst));
  // The motion is not trivial: the body turned and travelled.
  EXPECT_GT((x.position - E0.translation()).head<2>().norm(), 0.02);
}

}  // namespace
}  // namespace contactsim
