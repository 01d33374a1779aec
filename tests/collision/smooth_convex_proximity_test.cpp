// Closest points of a smooth surface and a convex obstacle (issue 22's cross-model pairs): Newton
// on the smooth surface against the obstacle's signed distance, the closed form for exact
// spheres, and the deepest point of a segment (a polyhedron's edge). Checked against closed forms —
// a sphere over a box's face, edge and vertex (the distance from the centre to the face plane,
// edge line or corner, less the radius), an ellipsoid over a tilted half-space (its support
// function), a sphere sunk into a box face — and the signed distance's gradient and Hessian
// against finite differences.
#include "collision/smooth_convex_proximity.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "contactsim/geometry/analytic_surfaces.hpp"
#include "test_poses.hpp"

namespace contactsim {
namespace {

using test::pose;

// A sphere of radius 0.1 posed at c (with a tumbled orientation, which must not matter) against
// the box [±0.2, ±0.15, ±0.1] rotated and moved by E_box: the exact distance is the centre's
// distance to the box (face plane, edge line or corner, computed here in the box's frame by
// clamping) less the radius, along the direction from the nearest box point to the centre.
void expectSphereAgainstBox(const Vec3& centre_in_box, const Frame& E_box) {
  const ConvexPolyhedron box = ConvexPolyhedron::box(Vec3(0.2, 0.15, 0.1));
  const ProximityShape sphere(std::make_shared<ChartSurface>(makeSphere(0.1)), 8);
  const Vec3 nearest = centre_in_box.cwiseMax(-Vec3(0.2, 0.15, 0.1)).cwiseMin(Vec3(0.2, 0.15, 0.1));
  const double expected = (centre_in_box - nearest).norm() - 0.1;
  const Vec3 direction = E_box.linear() * (centre_in_box - nearest).normalized();
  const Frame E_sphere = pose(E_box * centre_in_box, Vec3(1, 2, 3), 0.8);
  // Newton on the sphere's charts, and the closed form the world takes for exact spheres.
  for (const SmoothConvexPoints& cp :
       {newtonToObstacle(sphere, E_sphere, ConvexObstacle{&box}, E_box, std::nullopt),
        closestToObstacle(sphere, E_sphere, ConvexObstacle{&box}, E_box, std::nullopt)}) {
    ASSERT_TRUE(cp.converged) << centre_in_box.transpose();
    EXPECT_LT(cp.residual, 1e-12);
    EXPECT_NEAR(cp.distance, expected, 1e-12) << centre_in_box.transpose();
    EXPECT_NEAR((cp.normal - direction).norm(), 0.0, 1e-9);
    EXPECT_NEAR((cp.obstacle_point - E_box * nearest).norm(), 0.0, 1e-9);
    EXPECT_NEAR((cp.smooth_point - (E_box * centre_in_box - 0.1 * direction)).norm(), 0.0, 1e-9);
    // The parameter point is the smooth point.
    const Vec3 at =
        E_sphere * sphere.surface().evaluate(cp.patch, cp.st.x(), cp.st.y(), JetOrder::kPosition).c;
    EXPECT_NEAR((at - cp.smooth_point).norm(), 0.0, 1e-9);
  }
}

TEST(SmoothConvexProximity, SphereAgainstBoxFaceEdgeAndVertex) {
  const Frame E_box = pose(Vec3(0.3, -0.2, 0.5), Vec3(0.3, -1, 0.2), 0.6);
  expectSphereAgainstBox(Vec3(0.05, -0.02, 0.25), E_box);     // above the top face
  expectSphereAgainstBox(Vec3(0.0, 0.3, 0.2), E_box);         // beyond the edge y = 0.15, z = 0.1
  expectSphereAgainstBox(Vec3(0.28, 0.21, -0.17), E_box);     // beyond a corner
  expectSphereAgainstBox(Vec3(-0.25, 0.0, 0.0), E_box);       // beside the face x = −0.2
  expectSphereAgainstBox(Vec3(0.1, 0.05, 0.1 + 0.1), E_box);  // touching the top face
}

// Sunk 2 cm into the top face: the signed distance is −(the depth), the normal the face's.
TEST(SmoothConvexProximity, SphereSunkIntoABoxFace) {
  const ConvexPolyhedron box = ConvexPolyhedron::box(Vec3(0.5, 0.5, 0.1));
  const ProximityShape sphere(std::make_shared<ChartSurface>(makeSphere(0.1)), 8);
  const SmoothConvexPoints cp = newtonToObstacle(
      sphere, pose(Vec3(0.1, 0.2, 0.18)), ConvexObstacle{&box}, Frame::Identity(), std::nullopt);
  ASSERT_TRUE(cp.converged);
  EXPECT_NEAR(cp.distance, -0.02, 1e-12);
  EXPECT_NEAR((cp.normal - Vec3::UnitZ()).norm(), 0.0, 1e-12);
  EXPECT_NEAR((cp.smooth_point - Vec3(0.1, 0.2, 0.08)).norm(), 0.0, 1e-12);
}

// A segment through a sphere (a box edge pressed into a ball): its deepest point is the line's
// point nearest the centre, at depth R − (the centre's distance to the line), found as the root
// of the signed distance's slope along the segment.
TEST(SmoothConvexProximity, SegmentThroughASphereIsDeepestNearestTheCentre) {
  const ProximityShape sphere(std::make_shared<ChartSurface>(makeSphere(0.1)), 8);
  const Frame E = pose(Vec3(0.3, -0.1, 0.2), Vec3(1, 1, 0), 0.5);
  const Vec3 a = E * Vec3(-0.2, 0.03, 0.09), b = E * Vec3(0.15, 0.05, 0.07);
  SurfacePoint at{0, Vec2(0.5, 0.5)};
  const SegmentDepth depth = deepestOnSegment(sphere, E, a, b, at);
  const Vec3 centre = E.translation();
  const double alpha = (centre - a).dot(b - a) / (b - a).squaredNorm();
  const Vec3 nearest = a + alpha * (b - a);
  EXPECT_NEAR(depth.alpha, alpha, 1e-11);
  EXPECT_NEAR(depth.points.distance, (nearest - centre).norm() - 0.1, 1e-12);
  EXPECT_NEAR((depth.points.normal - (centre - nearest).normalized()).norm(), 0.0, 1e-10);
  EXPECT_NEAR((depth.points.obstacle_point - nearest).norm(), 0.0, 1e-11);
}

// A segment leaving the sphere (its start 1 cm deep, its direction away from the centre): the
// distance rises all along it, so the deepest point is the start itself, at depth R − ‖a − c‖.
TEST(SmoothConvexProximity, SegmentLeavingASphereIsDeepestAtItsStart) {
  const ProximityShape sphere(std::make_shared<ChartSurface>(makeSphere(0.1)), 8);
  const Frame E = pose(Vec3(0.3, -0.1, 0.2), Vec3(1, 1, 0), 0.5);
  const Vec3 centre = E.translation();
  const Vec3 out = Vec3(0.3, -0.5, 0.8).normalized();
  const Vec3 a = centre + 0.09 * out, b = a + 0.1 * (out + Vec3(0.1, 0.2, 0.0)).normalized();
  SurfacePoint at{0, Vec2(0.5, 0.5)};
  const SegmentDepth depth = deepestOnSegment(sphere, E, a, b, at);
  EXPECT_EQ(depth.alpha, 0.0);
  EXPECT_NEAR(depth.points.distance, -0.01, 1e-12);
  EXPECT_NEAR((depth.points.normal + out).norm(), 0.0, 1e-10);
}

// An ellipsoid over a tilted half-space n·x ≤ d: the support function gives the distance,
// n·c − d − √(Σ (a_i (Rᵀn)_i)²), and the support point c − R A² Rᵀ n / √(…).
TEST(SmoothConvexProximity, EllipsoidOverATiltedHalfSpaceMatchesItsSupportFunction) {
  const Vec3 radii(0.3, 0.2, 0.1);
  const ProximityShape ellipsoid(std::make_shared<ChartSurface>(makeEllipsoid(radii)), 8);
  const Frame E_plane = pose(Vec3(0.1, 0.0, -0.05), Vec3(1, 1, 0), 0.4);
  ConvexObstacle plane;
  plane.normal = Vec3(0.0, 0.0, 1.0);
  plane.offset = 0.02;
  for (const double angle : {0.0, 0.7, 1.9, 3.0}) {
    const Frame E = pose(Vec3(0.2, 0.1, 0.6), Vec3(0.4, 1, -0.3), angle);
    const Vec3 n = E_plane.linear() * plane.normal;
    const double d = plane.offset + n.dot(E_plane.translation());
    const Vec3 m = E.linear().transpose() * n;  // the normal in the ellipsoid's axes
    const double support = (radii.array() * m.array()).matrix().norm();
    const Vec3 lowest = E * Vec3(-(radii.array().square() * m.array()).matrix() / support);
    const SmoothConvexPoints cp = closestToObstacle(ellipsoid, E, plane, E_plane, std::nullopt);
    ASSERT_TRUE(cp.converged) << angle;
    EXPECT_NEAR(cp.distance, n.dot(E.translation()) - d - support, 1e-12) << angle;
    EXPECT_NEAR((cp.smooth_point - lowest).norm(), 0.0, 1e-9) << angle;
    EXPECT_NEAR((cp.normal - n).norm(), 0.0, 1e-9) << angle;
    // From last step's answer Newton converges at once.
    const SmoothConvexPoints again =
        closestToObstacle(ellipsoid, E, plane, E_plane, SurfacePoint{cp.patch, cp.st});
    EXPECT_LE(again.iterations, 2);
    EXPECT_NEAR(again.distance, cp.distance, 1e-14);
  }
}

// ∇φ and ∇²φ of the box's signed distance against central differences, near a face, an edge and
// a corner, outside and inside.
TEST(SmoothConvexProximity, SignedDistanceDerivativesMatchFiniteDifferences) {
  const ConvexPolyhedron box = ConvexPolyhedron::box(Vec3(0.2, 0.15, 0.1));
  const ConvexObstacle obstacle{&box};
  const double h = 1e-6;
  for (const Vec3& x : {Vec3(0.05, 0.02, 0.3), Vec3(0.0, 0.3, 0.2), Vec3(0.3, 0.25, -0.2),
                        Vec3(0.05, 0.02, 0.07)}) {
    const ObstacleDistance d = signedDistance(obstacle, x);
    for (int k = 0; k < 3; ++k) {
      const Vec3 e = h * Vec3::Unit(k);
      const ObstacleDistance plus = signedDistance(obstacle, x + e);
      const ObstacleDistance minus = signedDistance(obstacle, x - e);
      EXPECT_NEAR((plus.value - minus.value) / (2 * h), d.gradient(k), 1e-8) << x.transpose();
      EXPECT_NEAR(((plus.gradient - minus.gradient) / (2 * h) - d.hessian.col(k)).norm(), 0.0, 1e-5)
          << x.transpose();
    }
  }
}

}  // namespace
}  // namespace contactsim
