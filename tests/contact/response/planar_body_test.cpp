// Planar mass properties per unit thickness and the body-frame origin away from the centroid.
#include "contactsim/math/planar_body.hpp"

#include <gtest/gtest.h>

#include <numbers>

#include "contact/response/planar_contact_detection.hpp"
#include "contactsim/error.hpp"
#include "synthetic_maps.hpp"

namespace contactsim {
namespace {

TEST(PlanarBodyTest, SquareWithOriginAtACorner) {
  const double a = 0.3;
  const double rho = 2.0;
  const std::vector<Vec2> square = {{0, 0}, {a, 0}, {a, a}, {0, a}};
  const PlanarMassProperties m = planarMassProperties(square, rho);
  EXPECT_DOUBLE_EQ(m.area, a * a);
  EXPECT_DOUBLE_EQ(m.mass, rho * a * a);
  EXPECT_NEAR((m.centroid - Vec2(a / 2, a / 2)).norm(), 0.0, 1e-16);
  // Polar moment of a square about its centre: m a²/6.
  EXPECT_NEAR(m.inertia, rho * a * a * a * a / 6.0, 1e-15);
  EXPECT_NEAR(m.bounding_radius, a / std::sqrt(2.0), 1e-15);
}

TEST(PlanarBodyTest, RegularPolygonAndTranslationInvariance) {
  const int n = 64;
  const double r = 0.05;
  const PlanarMassProperties m = planarMassProperties(test::regularPolygon(n, r), 7850.0);
  // Area ½ n r² sin(2π/n); polar moment of a regular polygon m r²(1 + 2cos²(π/n))/6.
  const double area = 0.5 * n * r * r * std::sin(2 * std::numbers::pi / n);
  EXPECT_NEAR(m.area, area, 1e-15);
  const double c = std::cos(std::numbers::pi / n);
  EXPECT_NEAR(m.inertia / (m.mass * r * r), (1.0 + 2.0 * c * c) / 6.0, 1e-13);
  // Far from the origin: same area and inertia (coordinates are taken relative to a vertex).
  const PlanarMassProperties far =
      planarMassProperties(test::regularPolygon(n, r, 0.0, Vec2(1e4, -3e4)), 7850.0);
  EXPECT_NEAR(far.area / m.area, 1.0, 1e-9);
  EXPECT_NEAR(far.inertia / m.inertia, 1.0, 1e-6);
  EXPECT_NEAR((far.centroid - Vec2(1e4, -3e4)).norm(), 0.0, 1e-9);
}

TEST(PlanarBodyTest, BadOutlinesThrow) {
  std::vector<Vec2> cw = test::regularPolygon(5, 1.0);
  std::reverse(cw.begin(), cw.end());
  EXPECT_THROW((void)planarMassProperties(cw, 1.0), InvalidInputError);
  EXPECT_THROW((void)planarMassProperties(test::regularPolygon(5, 1.0), 0.0), InvalidInputError);
  const std::vector<Vec2> two = {{0, 0}, {1, 0}};
  EXPECT_THROW((void)planarMassProperties(two, 1.0), InvalidInputError);
  std::vector<Vec2> nan = test::regularPolygon(5, 1.0);
  nan[2].x() = std::nan("");
  EXPECT_THROW((void)planarMassProperties(nan, 1.0), InvalidInputError);
}

TEST(PlanarBodyTest, StateOfTheOriginAndOfTheCentroidAgree) {
  const PlanarMassProperties m = planarMassProperties(test::rectangle(0.2, 0.02), 7850.0);
  ASSERT_NEAR(m.centroid.x(), 0.1, 1e-15);  // the body frame sits at the rod's left end
  const PlanarBodyState s = stateFromCentroid(m, Vec2(1.0, 2.0), 0.7, Vec2(0.3, -0.4), 5.0);
  EXPECT_NEAR((centroidPosition(s, m) - Vec2(1.0, 2.0)).norm(), 0.0, 1e-15);
  EXPECT_NEAR((centroidVelocity(s, m) - Vec2(0.3, -0.4)).norm(), 0.0, 1e-15);
  // The origin moves as the material point it is.
  EXPECT_NEAR((pointVelocity(s, s.position) - s.velocity).norm(), 0.0, 1e-15);
  EXPECT_NEAR(kineticEnergy(s, m), 0.5 * m.mass * 0.25 + 0.5 * m.inertia * 25.0, 1e-14);
  // Angular momentum about the centroid is I ω; about another point it adds m r × v.
  EXPECT_NEAR(angularMomentum(s, m, Vec2(1.0, 2.0)), m.inertia * 5.0, 1e-15);
  EXPECT_NEAR(angularMomentum(s, m, Vec2(0.0, 2.0)),
              m.inertia * 5.0 + m.mass * cross2(Vec2(1.0, 0.0), Vec2(0.3, -0.4)), 1e-13);
}

TEST(PlanarContactDetectionTest, VertexIntoFaceAndFaceOnFace) {
  // A's vertex 0 points along +x into B's left face (B turned by π/n).
  const int n = 16;
  const double r = 1.0;
  const double depth = 1e-3;
  const double gap = r + r * std::cos(std::numbers::pi / n) - depth;
  const std::vector<Vec2> a = test::regularPolygon(n, r);
  const std::vector<Vec2> b = test::regularPolygon(n, r, std::numbers::pi / n, Vec2(gap, 0.0));
  const PolygonContact c = deepestPoint(a, b);
  EXPECT_NEAR((c.normal - Vec2(-1.0, 0.0)).norm(), 0.0, 1e-15);
  EXPECT_NEAR(c.penetration, depth, 1e-14);
  EXPECT_NEAR((c.point_a - Vec2(r, 0.0)).norm(), 0.0, 1e-15);
  EXPECT_NEAR((c.point_b - Vec2(r - depth, 0.0)).norm(), 0.0, 1e-14);
  // The same pair swapped: the normal flips, the points swap.
  const PolygonContact s = deepestPoint(b, a);
  EXPECT_NEAR((s.normal - Vec2(1.0, 0.0)).norm(), 0.0, 1e-15);
  EXPECT_NEAR(s.penetration, depth, 1e-14);
  EXPECT_NEAR((s.point_b - Vec2(r, 0.0)).norm(), 0.0, 1e-15);
  // Two squares face on face: the contact point is the middle of the incident face.
  const std::vector<Vec2> lower = test::rectangle(2.0, 2.0, -1.0);
  std::vector<Vec2> upper = lower;
  for (Vec2& p : upper) {
    p += Vec2(0.0, 2.0 - depth);
  }
  const PolygonContact f = deepestPoint(upper, lower);
  EXPECT_NEAR((f.normal - Vec2(0.0, 1.0)).norm(), 0.0, 1e-15);
  EXPECT_NEAR(f.penetration, depth, 1e-14);
  EXPECT_NEAR((f.point_a - Vec2(0.0, 1.0 - depth)).norm(), 0.0, 1e-14);
  // Apart: the penetration is minus the gap.
  for (Vec2& p : upper) {
    p += Vec2(0.0, 0.5);
  }
  EXPECT_NEAR(deepestPoint(upper, lower).penetration, -(0.5 - depth), 1e-14);
}

TEST(PlanarContactDetectionTest, ConvexityAndHalfPlanes) {
  EXPECT_FALSE(firstReflexVertex(test::regularPolygon(9, 1.0)).has_value());
  const std::vector<Vec2> dart = {{0, 0}, {2, -1}, {1, 0}, {2, 1}};
  ASSERT_TRUE(firstReflexVertex(dart).has_value());
  EXPECT_EQ(*firstReflexVertex(dart), 2u);
  const HalfPlane block{Vec2(0.0, 1.0), Vec2(0.0, 1.0)};
  EXPECT_DOUBLE_EQ(halfPlanePenetration(block, Vec2(5.0, 0.75)), 0.25);
  EXPECT_THROW(HalfPlane({Vec2::Zero(), Vec2(0.0, 2.0)}).validate("plane"), InvalidInputError);
}

}  // namespace
}  // namespace contactsim
