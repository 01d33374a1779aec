// Exact intersection moments of convex meshes (collision/convex_intersection.hpp) against the
// closed forms of a cube's face, edge and corner in a half-space
// (reference/intersection_volume_problems.hpp), down to overlaps far thinner than any ray spacing,
// against the rays on a generic overlap, and the patch they give a landing face.
#include "collision/convex_intersection.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

#include "collision/intersection_volume.hpp"
#include "collision/ray_cast_body.hpp"
#include "contactsim/geometry/mesh_generators.hpp"
#include "contactsim_reference/intersection_volume_problems.hpp"

namespace contactsim {
namespace {

using reference::CubeFeature;

Frame tilt() {
  return makeFrame(Quat(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized())), Vec3(0.3, -0.2, 0.1));
}

struct Convex {
  TriangleMesh mesh;
  ConvexMeshPlanes planes;
  explicit Convex(TriangleMesh m) : mesh(std::move(m)), planes(*convexMeshPlanes(mesh)) {}
};

const Convex& unitCube() {
  static const Convex cube(boxMesh(Vec3::Constant(0.5)));
  return cube;
}

// The half-space z ≤ 0 of frame G as a big box whose top face is z = 0.
const Convex& slab() {
  static const Convex box(boxMesh(Vec3::Constant(4.0)));
  return box;
}

Frame slabPose(const Frame& G) {
  return G * makeFrame(Mat3::Identity(), Vec3(0, 0, -4.0));
}

VolumeMoments cubeInSlab(const Frame& X_WA, const Frame& G) {
  return convexIntersection(unitCube().mesh, unitCube().planes, X_WA, slab().mesh, slab().planes,
                            slabPose(G));
}

TEST(ConvexIntersection, CubeFeaturesInAHalfSpaceAreExactDownToSlivers) {
  const Frame G = tilt();
  for (const CubeFeature feature : {CubeFeature::kFace, CubeFeature::kEdge, CubeFeature::kCorner}) {
    for (const double depth : {0.3, 1e-2, 1e-3, 1e-4}) {
      const reference::CubeInHalfSpace problem = reference::cubeInHalfSpace(feature, 0.5, depth);
      const VolumeMoments exact = reference::transformed(problem.moments, G);
      const VolumeMoments m = cubeInSlab(G * problem.X_LA, G);
      SCOPED_TRACE(::testing::Message()
                   << "feature " << static_cast<int>(feature) << " depth " << depth);
      // Roundoff only: the corners carry about 1e-16 of the unit-size coordinates, a part in
      // 1e-12 of a 1e-4 overlap, amplified by the clipping's interpolations.
      EXPECT_NEAR(m.volume, exact.volume, 1e-7 * exact.volume);
      EXPECT_LT((m.centroid - exact.centroid).norm(), 1e-6 * depth);
      EXPECT_LT((m.second_moment - exact.second_moment).norm(), 1e-6 * exact.second_moment.norm());
      EXPECT_LT((m.gradient - exact.gradient).norm(), 1e-7 * exact.gradient.norm());
      EXPECT_GE(m.outline.size(), 3u);
    }
  }
}

TEST(ConvexIntersection, TouchingAndApartHaveNoVolume) {
  const Frame G = tilt();
  for (const CubeFeature feature : {CubeFeature::kFace, CubeFeature::kEdge, CubeFeature::kCorner}) {
    for (const double lift : {0.0, 1e-3}) {
      const reference::CubeInHalfSpace problem = reference::cubeInHalfSpace(feature, 0.5, 0.0);
      const VolumeMoments m =
          cubeInSlab(G * makeFrame(Mat3::Identity(), Vec3(0, 0, lift)) * problem.X_LA, G);
      EXPECT_EQ(m.volume, 0.0);
      EXPECT_TRUE(m.gradient.isZero(0.0));
    }
  }
}

// The edge (length 1, faces at 45°) holds V = depth² from zero, continuously: no step where a ray
// first meets it.
TEST(ConvexIntersection, EdgeVolumeGrowsAsTheSquareOfItsDepth) {
  const Frame G = tilt();
  for (double depth = 1e-6; depth < 1e-2; depth *= 1.7) {
    const reference::CubeInHalfSpace problem =
        reference::cubeInHalfSpace(CubeFeature::kEdge, 0.5, depth);
    EXPECT_NEAR(cubeInSlab(G * problem.X_LA, G).volume, depth * depth, 1e-5 * depth * depth);
  }
}

// Two tilted boxes deep in each other: the rays at 1/256 agree with the exact moments.
TEST(ConvexIntersection, AgreesWithTheRaysOnAGenericOverlap) {
  const Convex box(boxMesh(Vec3(0.5, 0.3, 0.2)));
  const Frame X_WA =
      makeFrame(Quat(Eigen::AngleAxisd(0.4, Vec3(1, -1, 2).normalized())), Vec3::Zero());
  const Frame X_WB =
      makeFrame(Quat(Eigen::AngleAxisd(1.1, Vec3(-2, 1, 1).normalized())), Vec3(0.3, 0.2, 0.25));
  const VolumeMoments exact =
      convexIntersection(box.mesh, box.planes, X_WA, unitCube().mesh, unitCube().planes, X_WB);
  const RayCastBody a(box.mesh);
  const RayCastBody b(unitCube().mesh);
  const VolumeMoments rays = intersectionVolume(a, X_WA, b, X_WB, {1.0 / 256}).moments;
  std::printf(
      "generic overlap: V %.6f (rays %.6f), gradient (%.4f %.4f %.4f) rays (%.4f %.4f "
      "%.4f)\n",
      exact.volume, rays.volume, exact.gradient.x(), exact.gradient.y(), exact.gradient.z(),
      rays.gradient.x(), rays.gradient.y(), rays.gradient.z());
  ASSERT_GT(exact.volume, 0.01);
  EXPECT_NEAR(rays.volume, exact.volume, 2e-3 * exact.volume);
  EXPECT_LT((rays.centroid - exact.centroid).norm(), 2e-3);
  EXPECT_LT((rays.second_moment - exact.second_moment).norm(), 5e-3 * exact.second_moment.norm());
  EXPECT_LT((rays.gradient - exact.gradient).norm(), 1e-2 * exact.gradient.norm());
}

TEST(ConvexIntersection, OnlyConvexMeshesHavePlanes) {
  EXPECT_TRUE(convexMeshPlanes(boxMesh(Vec3(1, 2, 3), 3)).has_value());
  EXPECT_TRUE(convexMeshPlanes(uvSphereMesh(1.0, 24, 12)).has_value());
  EXPECT_TRUE(convexMeshPlanes(icosphereMesh(1.0, 5)).has_value());  // 20 480 triangles
  EXPECT_TRUE(convexMeshPlanes(prismMesh(8, 0.1, 0.05, PrismCaps::kRefined)).has_value());
  EXPECT_FALSE(convexMeshPlanes(bumpyCubeMesh(0.5, 8, 0.02, 2)).has_value());
}

// A face landing flat-ish: the unit cube's bottom face tilted by 0.01 rad about y, its low edge
// (x = +½) 0.02 deep, its high edge just under the plane. The overlap is a wedge over the whole
// face; its equivalent ellipsoid (App. A) reaches about a third of the half-width beyond the low
// edge, the patch stops at it (contact_patch.hpp).
TEST(ConvexIntersection, PatchOfALandingFaceEndsAtItsEdges) {
  const double tilt_angle = 0.01;
  const Quat q(Eigen::AngleAxisd(tilt_angle, Vec3::UnitY()));  // lowers +x
  const Vec3 low_edge_body(0.5, 0.0, -0.5);
  const Frame X_WA = makeFrame(q, Vec3(0, 0, -0.02) - q * low_edge_body);
  const VolumeMoments m = cubeInSlab(X_WA, Frame::Identity());
  const ContactPatch patch = contactPatch(m);
  // Along x (the axis of the tilt's wedge), the patch spans the face: from x ≈ −½ to the low edge.
  const int along_x = std::abs(patch.frame.col(1).x()) > std::abs(patch.frame.col(2).x()) ? 1 : 2;
  const double radius = along_x == 1 ? patch.radius_u : patch.radius_w;
  const double reach = patch.center.x() + radius * std::abs(patch.frame.col(along_x).x());
  const double low_edge_x = (X_WA * low_edge_body).x();
  std::printf("landing face: centre x %.5f, radius %.5f, reach %.6f (low edge %.6f)\n",
              patch.center.x(), radius, reach, low_edge_x);
  EXPECT_NEAR(reach, low_edge_x, 1e-3);
  EXPECT_NEAR(patch.center.y(), 0.0, 1e-12);
}

// Boxes stacked flat: the faces in contact bound the boxes' world bounds, on the boundary of
// their overlap (which rounding once clipped at random, a stack's contact coming and going).
TEST(ConvexIntersection, FlatStackedBoxesOverlapInASlab) {
  const Convex lower(boxMesh(Vec3(0.05, 0.05, 0.05)));
  const Convex upper(boxMesh(Vec3(0.04, 0.04, 0.05)));
  for (const double depth : {1e-3, 1e-5, 3e-7}) {
    const Frame X_WA = makeFrame(Mat3::Identity(), Vec3(0.0, 0.0, 0.246311476));
    const Frame X_WB = makeFrame(Mat3::Identity(), Vec3(1e-3, 0.0, 0.346311476 - depth));
    const VolumeMoments m =
        convexIntersection(lower.mesh, lower.planes, X_WA, upper.mesh, upper.planes, X_WB);
    EXPECT_NEAR(m.volume, 0.08 * 0.08 * depth, 1e-6 * 0.08 * 0.08 * depth);
    EXPECT_NEAR(m.gradient.z(), 0.08 * 0.08, 1e-9);
    EXPECT_NEAR(m.centroid.z(), 0.296311476 - 0.5 * depth, 1e-6 * depth);
  }
}

// An edge's sliver: the patch's support is the strip under the edge, its long sides the edge's
// length (what PROJECT's rolling branch bounds the spin with).
TEST(ConvexIntersection, EdgePatchSupportIsTheStripUnderTheEdge) {
  const reference::CubeInHalfSpace problem =
      reference::cubeInHalfSpace(CubeFeature::kEdge, 0.5, 1e-3);
  const ContactPatch patch = contactPatch(cubeInSlab(problem.X_LA, Frame::Identity()));
  ASSERT_GE(patch.support.size(), 4u);
  Eigen::Vector2d lo = patch.support[0], hi = patch.support[0];
  for (const Eigen::Vector2d& x : patch.support) {
    lo = lo.cwiseMin(x);
    hi = hi.cwiseMax(x);
  }
  // u along the edge (y), w across it: the strip is 1 long and 2 × 1e-3 wide (faces at 45°).
  EXPECT_NEAR(std::abs(patch.frame.col(1).y()), 1.0, 1e-12);
  EXPECT_NEAR(hi.x() - lo.x(), 1.0, 1e-9);
  EXPECT_NEAR(hi.y() - lo.y(), 2e-3, 1e-9);
  EXPECT_NEAR(patch.radius_u, 0.5, 1e-9);
}

}  // namespace
}  // namespace contactsim
