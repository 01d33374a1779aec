// Contacts of a smooth surface and a closed triangle mesh at their exact closest features (issue
// 22, meshes in mixed worlds). Checked against closed forms: a sphere over a mesh box's face, edge
// and corner touches at one point, at the centre's distance to the box (face plane, edge line or
// corner, computed by clamping) less the radius, along the direction from the nearest box point
// to the centre; an ellipsoid over the top face at its support distance. The box's faces are
// split into triangles (subdivisions 2), so flat diagonals and interior vertices must give no
// contacts of their own.
#include "collision/smooth_mesh_proximity.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim/geometry/mesh_generators.hpp"
#include "test_poses.hpp"

namespace contactsim {
namespace {

using test::pose;

const Vec3 kHalf(0.2, 0.15, 0.1);

std::shared_ptr<const MeshFeatures> boxFeatures() {
  static const auto features =
      std::make_shared<const MeshFeatures>(std::make_shared<const TriangleMesh>(boxMesh(kHalf, 2)));
  return features;
}

// The sphere of radius 0.1 at c (box coordinates; a tumbled orientation, which must not matter)
// against the box posed by E_box: one contact, exact.
void expectSphereAgainstMeshBox(const Vec3& centre_in_box, const Frame& E_box) {
  const ProximityShape sphere(std::make_shared<ChartSurface>(makeSphere(0.1)), 8);
  const Vec3 nearest = centre_in_box.cwiseMax(-kHalf).cwiseMin(kHalf);
  const double expected = (centre_in_box - nearest).norm() - 0.1;
  const Vec3 direction = E_box.linear() * (centre_in_box - nearest).normalized();
  const Frame E_sphere = pose(E_box * centre_in_box, Vec3(1, 2, 3), 0.8);
  SmoothMeshMemory memory;
  // Twice: from scratch, then warm started.
  for (int pass = 0; pass < 2; ++pass) {
    const std::vector<ContactPoint> points =
        smoothMeshContacts(sphere, E_sphere, *boxFeatures(), E_box, 0.1, 0.05, memory);
    ASSERT_EQ(points.size(), 1u) << centre_in_box.transpose();
    const ContactPoint& p = points[0];
    EXPECT_NEAR(p.separation, expected, 1e-12) << centre_in_box.transpose();
    // An edge's deepest point is found by golden section to 1e-9 of the edge: its normal to
    // about that over the distance to the centre; faces and vertices to rounding.
    EXPECT_NEAR((p.normal - direction).norm(), 0.0, 1e-8);
    const Vec3 midway = E_box * nearest + 0.5 * expected * direction;
    EXPECT_NEAR((p.point - midway).norm(), 0.0, 1e-9);
  }
}

TEST(SmoothMeshProximity, SphereAgainstMeshBoxFaceEdgeAndVertex) {
  const Frame E_box = pose(Vec3(0.3, -0.2, 0.5), Vec3(0.3, -1, 0.2), 0.6);
  expectSphereAgainstMeshBox(Vec3(0.05, -0.02, 0.23), E_box);  // above the top face
  expectSphereAgainstMeshBox(Vec3(0.03, 0.22, 0.17), E_box);   // beyond the edge y = 0.15, z = 0.1
  expectSphereAgainstMeshBox(Vec3(0.25, 0.19, -0.14), E_box);  // beyond a corner
  expectSphereAgainstMeshBox(Vec3(-0.33, 0.04, 0.01), E_box);  // beside the face x = −0.2
  expectSphereAgainstMeshBox(Vec3(0.07, -0.11, 0.18), E_box);  // sunk 2 cm into the top face
}

// An ellipsoid (radii 0.1, 0.08, 0.06, axes along the box's) above the top face: Newton on its
// chart against the face's plane; the distance is the centre's height less the semi-axis 0.06.
TEST(SmoothMeshProximity, EllipsoidOverAMeshFaceAtItsSupportDistance) {
  const ProximityShape ellipsoid(
      std::make_shared<ChartSurface>(makeEllipsoid(Vec3(0.1, 0.08, 0.06), Vec3::Zero())), 8);
  const Frame E_box = pose(Vec3(-0.1, 0.4, 0.2), Vec3(-0.5, 0.2, 1), 0.4);
  const Frame E_ellipsoid = E_box * makeFrame(Quat::Identity(), Vec3(0.05, 0.02, 0.19));
  SmoothMeshMemory memory;
  const std::vector<ContactPoint> points =
      smoothMeshContacts(ellipsoid, E_ellipsoid, *boxFeatures(), E_box, 0.1, 0.05, memory);
  ASSERT_EQ(points.size(), 1u);
  EXPECT_NEAR(points[0].separation, 0.19 - 0.1 - 0.06, 1e-12);
  EXPECT_NEAR((points[0].normal - E_box.linear() * Vec3::UnitZ()).norm(), 0.0, 1e-12);
}

// Far apart (beyond the margin): nothing.
TEST(SmoothMeshProximity, NothingBeyondTheMargin) {
  const ProximityShape sphere(std::make_shared<ChartSurface>(makeSphere(0.1)), 8);
  SmoothMeshMemory memory;
  EXPECT_TRUE(smoothMeshContacts(sphere, makeFrame(Quat::Identity(), Vec3(0, 0, 0.25)),
                                 *boxFeatures(), Frame::Identity(), 0.01, 0.05, memory)
                  .empty());
}

}  // namespace
}  // namespace contactsim
