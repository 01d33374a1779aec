// Closest points of smooth surfaces: FCL over the tessellations for the guess, Newton on the smooth
// surfaces (Nelson et al. 1999) for the answer. Checked against closed forms (sphere and ellipsoid
// over a plane: the support function) and against dense sampling (Bézier rattleback, Loop bowl),
// including poses whose closest point lies on a patch edge.
#include "collision/surface_proximity.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "contactsim/error.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim/geometry/bezier_surface.hpp"
#include "contactsim/geometry/loop_surface.hpp"
#include "test_poses.hpp"

namespace contactsim {
namespace {

using test::pose;

// The lowest point of a surface posed by E over many parameter samples: an independent (if
// approximate) distance to the plane z = 0.
double sampledLowest(const Surface& surface, const Frame& E, int samples) {
  double lowest = std::numeric_limits<double>::infinity();
  for (int p = 0; p < surface.patchCount(); ++p) {
    for (int i = 0; i <= samples; ++i) {
      for (int j = 0; j <= samples; ++j) {
        const Vec2 st(static_cast<double>(i) / samples, static_cast<double>(j) / samples);
        if (!surface.domain(p).contains(st)) {
          continue;
        }
        lowest =
            std::min(lowest, (E * surface.evaluate(p, st.x(), st.y(), JetOrder::kPosition).c).z());
      }
    }
  }
  return lowest;
}

TEST(SurfaceProximity, SphereOverPlaneIsExact) {
  const ProximityShape sphere(std::make_shared<ChartSurface>(makeSphere(0.3)), 6);
  const ProximityShape plane(std::make_shared<ChartSurface>(makePlane(2.0)), 4);
  for (const auto& [height, axis, angle] :
       {std::tuple{0.7, Vec3(1, 0, 0), 0.0}, std::tuple{0.3001, Vec3(1, 2, 3), 1.1},
        std::tuple{0.25, Vec3(0, 1, 0), 0.7}, std::tuple{0.5, Vec3(1, 1, 0), 2.5}}) {
    const Frame E_w_1 = pose(Vec3(0.2, -0.1, height), axis, angle);
    const auto cp = closestPoints(sphere, E_w_1, plane, Frame::Identity());
    ASSERT_TRUE(cp.converged) << height;
    EXPECT_LT(cp.residual, 1e-12);
    EXPECT_NEAR(cp.distance, height - 0.3, 1e-12);
    EXPECT_NEAR(cp.point1.z(), height - 0.3, 1e-12);
    EXPECT_NEAR(cp.point1.x(), 0.2, 1e-9);
    EXPECT_NEAR(cp.normal.z(), 1.0, 1e-12);
    // The mesh distance less both tessellation errors bounds the smooth distance from below.
    const double mesh = meshDistance(sphere, E_w_1, plane, Frame::Identity());
    EXPECT_LE(mesh - sphere.tessellationError() - plane.tessellationError(),
              std::max(cp.distance, 0.0) + 1e-12);
  }
}

TEST(SurfaceProximity, NewtonCrossesAndLandsOnPatchEdges) {
  // The sphere is six cube-map charts; tilted by π/4 about x its lowest point is on a chart edge,
  // and warm-started from the answer of another tilt Newton walks across the edge.
  const ProximityShape sphere(std::make_shared<ChartSurface>(makeSphere(0.3)), 6);
  const ProximityShape plane(std::make_shared<ChartSurface>(makePlane(2.0)), 4);
  const double quarter = std::atan(1.0);
  const auto on_edge =
      closestPoints(sphere, pose(Vec3(0, 0, 1), Vec3::UnitX(), quarter), plane, Frame::Identity());
  ASSERT_TRUE(on_edge.converged);
  EXPECT_LT(on_edge.residual, 1e-12);
  EXPECT_NEAR(on_edge.distance, 0.7, 1e-12);
  const double to_edge =
      std::min({on_edge.st.x(), 1.0 - on_edge.st.x(), on_edge.st.y(), 1.0 - on_edge.st.y()});
  EXPECT_LT(to_edge, 1e-6);
  const auto start =
      closestPoints(sphere, pose(Vec3(0, 0, 1), Vec3::UnitX(), 0.3), plane, Frame::Identity());
  const auto walked = closestPoints(sphere, pose(Vec3(0, 0, 1), Vec3::UnitX(), 1.2), plane,
                                    Frame::Identity(), start);
  ASSERT_TRUE(walked.converged);
  EXPECT_NE(walked.patch1, start.patch1);
  EXPECT_LT(walked.residual, 1e-12);
  EXPECT_NEAR(walked.distance, 0.7, 1e-12);
}

TEST(SurfaceProximity, EllipsoidOverPlaneMatchesTheSupportFunction) {
  const Vec3 radii(0.4, 0.2, 0.1);
  const ProximityShape ellipsoid(std::make_shared<ChartSurface>(makeEllipsoid(radii)), 8);
  const ProximityShape plane(std::make_shared<ChartSurface>(makePlane(2.0)), 4);
  for (const double angle : {0.0, 0.3, 0.9, 1.4, 2.2}) {
    const Frame E_w_1 = pose(Vec3(0.0, 0.05, 0.5), Vec3(1, 0.5, 0.2), angle);
    // Support in direction −z: h = √(Σ (R_{zi} a_i)²).
    const Eigen::RowVector3d rz = E_w_1.linear().row(2);
    const double support = rz.cwiseProduct(radii.transpose()).norm();
    const auto cp = closestPoints(ellipsoid, E_w_1, plane, Frame::Identity());
    ASSERT_TRUE(cp.converged) << angle;
    EXPECT_LT(cp.residual, 1e-12) << angle;
    EXPECT_NEAR(cp.distance, 0.5 - support, 1e-12) << angle;
  }
}

TEST(SurfaceProximity, OverlapGivesTheNegativeDepth) {
  const ProximityShape sphere(std::make_shared<ChartSurface>(makeSphere(0.3)), 6);
  const ProximityShape plane(std::make_shared<ChartSurface>(makePlane(2.0)), 4);
  const auto cp = closestPoints(sphere, pose(Vec3(0, 0, 0.29)), plane, Frame::Identity());
  ASSERT_TRUE(cp.converged);
  EXPECT_NEAR(cp.distance, -0.01, 1e-12);
}

TEST(SurfaceProximity, BezierAndLoopSurfacesAgreeWithDenseSampling) {
  const ProximityShape plane(std::make_shared<ChartSurface>(makePlane(5.0)), 4);
  const auto rattleback = std::make_shared<BezierSurface>(thesisRattlebackSurface());
  const auto bowl = std::make_shared<LoopSurface>(
      LoopSurface::loadObj(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/meshes/bowl.obj"));
  struct Case {
    std::shared_ptr<const Surface> surface;
    Frame pose;
  };
  // Tilts chosen so that the lowest point moves across the surfaces, onto patch edges among them.
  const std::vector<Case> cases = {
      {rattleback, pose(Vec3(0, 0, 1.0), Vec3(1, 0, 0), 3.1)},
      {rattleback, pose(Vec3(0, 0, 1.0), Vec3(1, 1, 0), 2.9)},
      {bowl, pose(Vec3(0, 0, 1.0), Vec3(1, 0, 0), 0.0)},
      {bowl, pose(Vec3(0, 0, 1.0), Vec3(1, 0.3, 0), 0.35)},
      {bowl, pose(Vec3(0, 0, 1.0), Vec3(0.2, 1, 0), 0.8)},
  };
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const ProximityShape shape(cases[k].surface, 8);
    const auto cp = closestPoints(shape, cases[k].pose, plane, Frame::Identity());
    ASSERT_TRUE(cp.converged) << k;
    EXPECT_LT(cp.residual, 1e-12) << k;
    const double sampled = sampledLowest(*cases[k].surface, cases[k].pose, 200);
    // Newton's point is a true minimum: no sample is lower, and the samples come close.
    EXPECT_LE(cp.distance, sampled + 1e-12) << k;
    EXPECT_GT(cp.distance, sampled - 1e-4) << k;
  }
}

TEST(SurfaceProximity, AWarmStartOnAFarPairIsNotTrusted) {
  // Newton from a warm start finds the stationary pair nearest to it: from a pair on the bowl's
  // inside and the table's underside it would report a 2 cm "overlap" with the bowl 1 cm above
  // the table. The meshes' global distance exposes it, and the answer is the true lowest point.
  const auto bowl = std::make_shared<LoopSurface>(
      LoopSurface::loadObj(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/meshes/bowl.obj"));
  const auto table = std::make_shared<LoopSurface>(
      LoopSurface::loadObj(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/meshes/table.obj"));
  const ProximityShape bowl_shape(bowl, 8), table_shape(table, 8);
  const Frame E_bowl = pose(Vec3(0.01, 0.02, 0.012), Vec3(1, 0.4, 0), 0.3);
  ClosestPoints far;
  far.patch1 = 100;  // next to the inner pole: the bowl's inside, facing up
  far.st = Vec2(0.3, 0.3);
  far.patch2 = 18;  // a bottom triangle of the table, facing down
  far.uv = Vec2(0.3, 0.3);
  const ClosestPoints trapped =
      refineClosestPoints(*bowl, E_bowl, *table, far.patch1, far.st, far.patch2, far.uv);
  ASSERT_TRUE(trapped.converged);
  ASSERT_LT(trapped.distance, -0.01);  // the spurious pair the warm start alone would give
  const auto cp = closestPoints(bowl_shape, E_bowl, table_shape, Frame::Identity(), far);
  ASSERT_TRUE(cp.converged);
  const double sampled = sampledLowest(*bowl, E_bowl, 200);  // the table top is z = 0 there
  EXPECT_LE(cp.distance, sampled + 1e-12);
  EXPECT_GT(cp.distance, sampled - 1e-4);
}

TEST(SurfaceProximity, BadInputIsRejected) {
  EXPECT_THROW((void)ProximityShape(nullptr), InvalidInputError);
  EXPECT_THROW((void)ProximityShape(std::make_shared<ChartSurface>(makeSphere(1.0)), 0),
               InvalidInputError);
}

}  // namespace
}  // namespace contactsim
