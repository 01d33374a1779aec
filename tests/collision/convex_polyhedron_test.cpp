// ConvexPolyhedron: topology of the factories, mass properties against closed forms, validation.
#include "contactsim/collision/convex_polyhedron.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

// Vertices and faces of the box [−h, h]³ written out by hand (outward counter-clockwise loops).
std::vector<Vec3> boxVertices(const Vec3& h) {
  std::vector<Vec3> v;
  for (int i = 0; i < 8; ++i) {
    v.emplace_back((i & 1) ? h.x() : -h.x(), (i & 2) ? h.y() : -h.y(), (i & 4) ? h.z() : -h.z());
  }
  return v;
}
const std::vector<std::vector<int>> kBoxFaces = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                                                 {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};

// The message of the InvalidInputError that f throws (empty when it throws none).
template <class F>
std::string errorOf(F f) {
  try {
    f();
  } catch (const InvalidInputError& e) {
    return e.what();
  }
  return "";
}

TEST(ConvexPolyhedronTest, BoxTopologyAndPlanes) {
  const Vec3 h(0.3, 0.5, 0.7);
  const ConvexPolyhedron box = ConvexPolyhedron::box(h);
  EXPECT_EQ(box.vertexCount(), 8);
  EXPECT_EQ(box.faceCount(), 6);
  EXPECT_EQ(box.edges().size(), 12u);
  for (int f = 0; f < box.faceCount(); ++f) {
    // Each normal is a signed axis, its offset the half-extent, and its four vertices on it.
    const Vec3& n = box.faceNormal(f);
    int axis = 0;
    EXPECT_NEAR(n.cwiseAbs().maxCoeff(&axis), 1.0, 1e-15);
    EXPECT_NEAR(box.faceOffset(f), h(axis), 1e-15);
    EXPECT_NEAR(box.faceArea(f), 4.0 * h((axis + 1) % 3) * h((axis + 2) % 3), 1e-15);
    ASSERT_EQ(box.face(f).size(), 4u);
    for (const int v : box.face(f)) {
      EXPECT_NEAR(n.dot(box.vertices()[static_cast<std::size_t>(v)]), h(axis), 1e-15);
    }
  }
  for (const ConvexPolyhedron::Edge& e : box.edges()) {
    // The left face runs v0 → v1, the right face v1 → v0.
    const auto runs = [&](int f, int from, int to) {
      const std::span<const int> loop = box.face(f);
      for (std::size_t k = 0; k < loop.size(); ++k) {
        if (loop[k] == from && loop[(k + 1) % loop.size()] == to) {
          return true;
        }
      }
      return false;
    };
    EXPECT_TRUE(runs(e.left, e.v0, e.v1));
    EXPECT_TRUE(runs(e.right, e.v1, e.v0));
    // A box edge has length 2 h along one axis.
    const Vec3 d = box.vertices()[static_cast<std::size_t>(e.v1)] -
                   box.vertices()[static_cast<std::size_t>(e.v0)];
    int axis = 0;
    d.cwiseAbs().maxCoeff(&axis);
    EXPECT_NEAR(d.norm(), 2.0 * h(axis), 1e-15);
  }
  EXPECT_NEAR(box.planeDistance(Vec3(0.1, 0.6, 0.0)), 0.1, 1e-15);
  EXPECT_NEAR(box.planeDistance(Vec3::Zero()), -0.3, 1e-15);
  EXPECT_NEAR(box.radius(), h.norm(), 1e-15);
}

TEST(ConvexPolyhedronTest, BoxMassPropertiesMatchClosedForm) {
  // Box of sides a, b, c: V = abc, I_xx = m/12 (b² + c²), no products (unit density, m = V).
  const Vec3 h(0.3, 0.5, 0.7);
  const double a = 2 * h.x(), b = 2 * h.y(), c = 2 * h.z();
  const ConvexPolyhedron box = ConvexPolyhedron::box(h);
  const double m = a * b * c;
  EXPECT_NEAR(box.volume(), m, 1e-15);
  EXPECT_LT(box.centroid().norm(), 1e-15);
  const Mat3 expected =
      Vec3(m / 12 * (b * b + c * c), m / 12 * (a * a + c * c), m / 12 * (a * a + b * b))
          .asDiagonal();
  EXPECT_LT((box.unitDensityInertia() - expected).norm(), 1e-15);
}

TEST(ConvexPolyhedronTest, MovedBoxFromVerticesHasMovedCentroidAndRotatedInertia) {
  // The same box built from hand-written faces, rotated by R and moved by p in body coordinates:
  // centroid p, inertia R I Rᵀ about it.
  const Vec3 h(0.3, 0.5, 0.7);
  const Mat3 R = Eigen::AngleAxisd(0.7, Vec3(1.0, 2.0, -0.5).normalized()).toRotationMatrix();
  const Vec3 p(1.0, -2.0, 3.0);
  std::vector<Vec3> vertices = boxVertices(h);
  for (Vec3& v : vertices) {
    v = R * v + p;
  }
  const ConvexPolyhedron moved(vertices, kBoxFaces);
  const ConvexPolyhedron box = ConvexPolyhedron::box(h);
  EXPECT_NEAR(moved.volume(), box.volume(), 1e-13);
  EXPECT_LT((moved.centroid() - p).norm(), 1e-14);
  EXPECT_LT((moved.unitDensityInertia() - R * box.unitDensityInertia() * R.transpose()).norm(),
            1e-13);
  EXPECT_NEAR(moved.planeDistance(p + R * Vec3(0.0, 0.0, 0.9)), 0.2, 1e-14);
}

TEST(ConvexPolyhedronTest, PrismMatchesRegularPolygonFormulas) {
  // Regular n-gon of circumradius r: area A = n/2 r² sin(2π/n); polar second moment per area
  // r²/6 (2 + cos(2π/n)) (sum over the n triangles (0, p, q) of A/6 (p·p + q·q + p·q)), half of
  // it about each in-plane axis; the prism of height 2h adds m h²/3 about x and y.
  const double r = 0.4;
  const double hh = 0.25;
  for (const int n : {3, 5, 6, 64}) {
    const ConvexPolyhedron prism = ConvexPolyhedron::prism(n, r, hh);
    EXPECT_EQ(prism.vertexCount(), 2 * n);
    EXPECT_EQ(prism.faceCount(), n + 2);
    EXPECT_EQ(static_cast<int>(prism.edges().size()), 3 * n);  // Euler: V − E + F = 2
    const double theta = 2.0 * std::numbers::pi / n;
    const double area = n / 2.0 * r * r * std::sin(theta);
    const double m = area * 2.0 * hh;
    EXPECT_NEAR(prism.volume(), m, 1e-15) << n;
    EXPECT_LT(prism.centroid().norm(), 1e-15) << n;
    const double polar = m * r * r / 6.0 * (2.0 + std::cos(theta));
    const Mat3 expected =
        Vec3(polar / 2 + m * hh * hh / 3, polar / 2 + m * hh * hh / 3, polar).asDiagonal();
    EXPECT_LT((prism.unitDensityInertia() - expected).norm(), 1e-15) << n;
    EXPECT_NEAR(prism.faceArea(0), area, 1e-15) << n;
  }
}

TEST(ConvexPolyhedronTest, FrustumVolumeAndCentroidMatchPyramidFrustumFormulas) {
  // Similar rectangles A1 (bottom), A2 (top), height H: V = H/3 (A1 + A2 + √(A1 A2)), centroid
  // H (A1 + 2√(A1 A2) + 3 A2) / (4 (A1 + √(A1 A2) + A2)) above the bottom.
  const double hh = 0.3, H = 2 * hh;
  const ConvexPolyhedron frustum =
      ConvexPolyhedron::frustum(Eigen::Vector2d(0.4, 0.2), Eigen::Vector2d(0.2, 0.1), hh);
  const double A1 = 4 * 0.4 * 0.2, A2 = 4 * 0.2 * 0.1, G = std::sqrt(A1 * A2);
  EXPECT_NEAR(frustum.volume(), H / 3 * (A1 + A2 + G), 1e-15);
  const double z = H * (A1 + 2 * G + 3 * A2) / (4 * (A1 + G + A2)) - hh;
  EXPECT_LT((frustum.centroid() - Vec3(0, 0, z)).norm(), 1e-15);
  // Products of inertia vanish by symmetry; the inertia is positive definite.
  const Mat3& I = frustum.unitDensityInertia();
  EXPECT_LT((I - Mat3(I.diagonal().asDiagonal())).norm(), 1e-15);
  EXPECT_GT(I.diagonal().minCoeff(), 0.0);
  EXPECT_NEAR(frustum.faceArea(0), A1, 1e-15);
  EXPECT_NEAR(frustum.faceArea(1), A2, 1e-15);
}

TEST(ConvexPolyhedronTest, TaperedBoxVolumeMatchesPrismatoidFormula) {
  // Non-similar rectangles: the prismatoid rule V = H/6 (A1 + 4 Am + A2), Am at mid-height.
  const Eigen::Vector2d bottom(0.5, 0.1), top(0.2, 0.3);
  const double hh = 0.4, H = 2 * hh;
  const ConvexPolyhedron tapered = ConvexPolyhedron::frustum(bottom, top, hh);
  const double A1 = 4 * bottom.prod(), A2 = 4 * top.prod(), Am = 4 * (0.5 * (bottom + top)).prod();
  EXPECT_NEAR(tapered.volume(), H / 6 * (A1 + 4 * Am + A2), 1e-15);
  // Equal top and bottom: exactly the box.
  const ConvexPolyhedron straight = ConvexPolyhedron::frustum(bottom, bottom, hh);
  const ConvexPolyhedron box = ConvexPolyhedron::box(Vec3(bottom.x(), bottom.y(), hh));
  EXPECT_NEAR(straight.volume(), box.volume(), 1e-15);
  EXPECT_LT((straight.unitDensityInertia() - box.unitDensityInertia()).norm(), 1e-15);
}

TEST(ConvexPolyhedronTest, RejectsInvalidParametersNamingThem) {
  EXPECT_NE(errorOf([] { ConvexPolyhedron::box(Vec3(1, 0, 1)); }).find("half_extents.y"),
            std::string::npos);
  EXPECT_NE(errorOf([] { ConvexPolyhedron::box(Vec3(-1, 1, 1)); }).find("half_extents.x"),
            std::string::npos);
  EXPECT_NE(errorOf([] { ConvexPolyhedron::box(Vec3(1, 1, std::nan(""))); }).find("half_extents.z"),
            std::string::npos);
  EXPECT_NE(errorOf([] { ConvexPolyhedron::prism(2, 1, 1); }).find("sides"), std::string::npos);
  EXPECT_NE(errorOf([] { ConvexPolyhedron::prism(5, 0, 1); }).find("circumradius"),
            std::string::npos);
  EXPECT_NE(errorOf([] { ConvexPolyhedron::prism(5, 1, INFINITY); }).find("half_height"),
            std::string::npos);
  const Eigen::Vector2d good(1, 1), bad(1, -1);
  EXPECT_NE(errorOf([&] { ConvexPolyhedron::frustum(good, bad, 1); }).find("top_half_extents.y"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { ConvexPolyhedron::frustum(bad, good, 1); }).find("bottom_half_extents"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { ConvexPolyhedron::frustum(good, good, 0); }).find("half_height"),
            std::string::npos);
}

TEST(ConvexPolyhedronTest, RejectsMeshesThatAreNotClosedConvexAndOutward) {
  const std::vector<Vec3> v = boxVertices(Vec3(1, 1, 1));
  EXPECT_NO_THROW(ConvexPolyhedron(v, kBoxFaces));
  // A face turned inside out.
  std::vector<std::vector<int>> faces = kBoxFaces;
  std::reverse(faces[2].begin(), faces[2].end());
  EXPECT_THROW(ConvexPolyhedron(v, faces), InvalidInputError);
  // An open surface (one face missing).
  faces = kBoxFaces;
  faces.pop_back();
  EXPECT_THROW(ConvexPolyhedron(v, faces), InvalidInputError);
  // A dent: one vertex pushed inwards makes its faces non-planar and the solid non-convex.
  std::vector<Vec3> dented = v;
  dented[7] *= 0.8;
  EXPECT_THROW(ConvexPolyhedron(dented, kBoxFaces), InvalidInputError);
  // Bad indices, degenerate faces, non-finite vertices.
  faces = kBoxFaces;
  faces[0][1] = 8;
  EXPECT_THROW(ConvexPolyhedron(v, faces), InvalidInputError);
  faces = kBoxFaces;
  faces[0] = {0, 2};
  EXPECT_THROW(ConvexPolyhedron(v, faces), InvalidInputError);
  std::vector<Vec3> nan = v;
  nan[3].y() = std::nan("");
  EXPECT_THROW(ConvexPolyhedron(nan, kBoxFaces), InvalidInputError);
}

}  // namespace
}  // namespace contactsim
