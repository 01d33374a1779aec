// Contact manifolds of convex polyhedra against exact answers computed here independently:
// corners of resting boxes, polygon intersections by brute force, edge crossings, and the
// signed distances of random contact points to both boxes.
#include "collision/convex_contact.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <numbers>
#include <random>
#include <set>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

using Vec2 = Eigen::Vector2d;

Mat3 rotation(double angle, const Vec3& axis) {
  return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
}

// Corners of the box [−h, h] posed by E, in world coordinates.
std::vector<Vec3> boxCorners(const Vec3& h, const Frame& E) {
  std::vector<Vec3> corners;
  for (int i = 0; i < 8; ++i) {
    corners.push_back(
        E * Vec3((i & 1) ? h.x() : -h.x(), (i & 2) ? h.y() : -h.y(), (i & 4) ? h.z() : -h.z()));
  }
  return corners;
}

// Separation of two posed polyhedra by brute force over their face normals and all cross
// products of their edges: minus the penetration depth when they overlap.
double satSeparation(const ConvexPolyhedron& A, const Frame& Ea, const ConvexPolyhedron& B,
                     const Frame& Eb) {
  std::vector<Vec3> axes;
  for (int f = 0; f < A.faceCount(); ++f) {
    axes.push_back(Ea.linear() * A.faceNormal(f));
  }
  for (int f = 0; f < B.faceCount(); ++f) {
    axes.push_back(Eb.linear() * B.faceNormal(f));
  }
  const auto direction = [](const ConvexPolyhedron& P, const Frame& E,
                            const ConvexPolyhedron::Edge& e) {
    return Vec3(E.linear() * (P.vertices()[static_cast<std::size_t>(e.v1)] -
                              P.vertices()[static_cast<std::size_t>(e.v0)]));
  };
  for (const ConvexPolyhedron::Edge& ea : A.edges()) {
    for (const ConvexPolyhedron::Edge& eb : B.edges()) {
      const Vec3 c = direction(A, Ea, ea).normalized().cross(direction(B, Eb, eb).normalized());
      if (c.norm() > 1e-9) {
        axes.push_back(c.normalized());
      }
    }
  }
  std::vector<Vec3> world_a, world_b;
  for (const Vec3& v : A.vertices()) {
    world_a.push_back(Ea * v);
  }
  for (const Vec3& v : B.vertices()) {
    world_b.push_back(Eb * v);
  }
  double best = -INFINITY;
  for (const Vec3& axis : axes) {
    double min_a = INFINITY, max_a = -INFINITY, min_b = INFINITY, max_b = -INFINITY;
    for (const Vec3& x : world_a) {
      min_a = std::min(min_a, axis.dot(x));
      max_a = std::max(max_a, axis.dot(x));
    }
    for (const Vec3& x : world_b) {
      min_b = std::min(min_b, axis.dot(x));
      max_b = std::max(max_b, axis.dot(x));
    }
    best = std::max(best, std::max(min_b - max_a, min_a - max_b));
  }
  return best;
}

double cross2(const Vec2& a, const Vec2& b) {
  return a.x() * b.y() - a.y() * b.x();
}

bool insideConvex(const std::vector<Vec2>& polygon, const Vec2& p) {
  for (std::size_t k = 0; k < polygon.size(); ++k) {
    const Vec2& a = polygon[k];
    const Vec2& b = polygon[(k + 1) % polygon.size()];
    if (cross2(b - a, p - a) < -1e-12) {
      return false;
    }
  }
  return true;
}

// Vertices of the intersection of two counter-clockwise convex polygons, by brute force: the
// vertices of each inside the other and the crossings of their edges.
std::vector<Vec2> intersectionVertices(const std::vector<Vec2>& P, const std::vector<Vec2>& Q) {
  std::vector<Vec2> result;
  for (const Vec2& p : P) {
    if (insideConvex(Q, p)) {
      result.push_back(p);
    }
  }
  for (const Vec2& q : Q) {
    if (insideConvex(P, q)) {
      result.push_back(q);
    }
  }
  for (std::size_t i = 0; i < P.size(); ++i) {
    for (std::size_t j = 0; j < Q.size(); ++j) {
      const Vec2 p = P[i], r = P[(i + 1) % P.size()] - p;
      const Vec2 q = Q[j], s = Q[(j + 1) % Q.size()] - q;
      const double denominator = cross2(r, s);
      if (std::abs(denominator) < 1e-14) {
        continue;
      }
      const double t = cross2(q - p, s) / denominator;
      const double u = cross2(q - p, r) / denominator;
      if (t > 0 && t < 1 && u > 0 && u < 1) {
        result.push_back(p + t * r);
      }
    }
  }
  return result;
}

// Every expected point matches exactly one contact point (and vice versa) within tolerance.
void expectSamePoints(const std::vector<ContactPoint>& contacts, const std::vector<Vec3>& expected,
                      double tolerance) {
  ASSERT_EQ(contacts.size(), expected.size());
  std::set<std::size_t> used;
  for (const Vec3& x : expected) {
    bool found = false;
    for (std::size_t k = 0; k < contacts.size(); ++k) {
      if (!used.contains(k) && (contacts[k].point - x).norm() < tolerance) {
        used.insert(k);
        found = true;
        break;
      }
    }
    EXPECT_TRUE(found) << "no contact point at " << x.transpose();
  }
}

// collide(b, a) is collide(a, b) with flipped normals: the same points and separations.
void expectSymmetric(const ConvexPolyhedron& a, const Frame& Ea, const ConvexPolyhedron& b,
                     const Frame& Eb, double margin) {
  const std::vector<ContactPoint> ab = collide(a, Ea, b, Eb, margin);
  const std::vector<ContactPoint> ba = collide(b, Eb, a, Ea, margin);
  ASSERT_EQ(ab.size(), ba.size());
  for (const ContactPoint& c : ab) {
    bool found = false;
    for (const ContactPoint& d : ba) {
      if ((c.point - d.point).norm() < 1e-12) {
        found = true;
        EXPECT_LT((c.normal + d.normal).norm(), 1e-9);
        EXPECT_NEAR(c.separation, d.separation, 1e-12);
      }
    }
    EXPECT_TRUE(found) << "collide(b, a) lacks " << c.point.transpose();
  }
}

void expectUniqueFeatures(const std::vector<ContactPoint>& contacts) {
  std::set<std::uint64_t> ids;
  for (const ContactPoint& c : contacts) {
    ids.insert(c.feature);
  }
  EXPECT_EQ(ids.size(), contacts.size());
}

TEST(ConvexContactTest, BoxOnHalfSpaceGivesItsFourBottomCorners) {
  const Vec3 h(0.5, 0.3, 0.2);
  const ConvexPolyhedron box = ConvexPolyhedron::box(h);
  const Mat3 R = rotation(0.4, Vec3::UnitZ());
  for (const double gap : {-1e-3, 0.0, 1e-3}) {
    const Frame E = makeFrame(R, Vec3(0.7, -0.2, h.z() + gap));
    const std::vector<ContactPoint> contacts = collideHalfSpace(box, E, Vec3::UnitZ(), 0.0, 2e-3);
    std::vector<Vec3> expected;
    for (const Vec3& corner : boxCorners(h, E)) {
      if (corner.z() < 0.5 * h.z()) {
        expected.push_back(corner - Vec3(0, 0, 0.5 * gap));  // midway to the plane z = 0
      }
    }
    expectSamePoints(contacts, expected, 1e-15);
    for (const ContactPoint& c : contacts) {
      EXPECT_EQ(c.normal, Vec3::UnitZ());
      EXPECT_NEAR(c.separation, gap, 1e-15);
    }
    expectUniqueFeatures(contacts);
  }
  // Nothing at or beyond the margin.
  for (const double gap : {2e-3, 3e-3}) {
    const Frame E = makeFrame(R, Vec3(0.7, -0.2, h.z() + gap));
    EXPECT_TRUE(collideHalfSpace(box, E, Vec3::UnitZ(), 0.0, 2e-3).empty()) << gap;
  }
}

TEST(ConvexContactTest, BoxOnInclineGivesItsFourCornersOnThePlane) {
  // Incline through the point o with normal n = R_x(θ) e_z; the box is rotated with it.
  const double theta = 0.35;
  const Mat3 R = rotation(theta, Vec3::UnitX());
  const Vec3 n = R.col(2);
  const Vec3 o(0.0, 1.0, 2.0);
  const Vec3 h(0.2, 0.3, 0.1);
  const ConvexPolyhedron box = ConvexPolyhedron::box(h);
  const double gap = -2e-4;
  const Frame E = makeFrame(R, o + (h.z() + gap) * n + 0.4 * R.col(1));
  const std::vector<ContactPoint> contacts = collideHalfSpace(box, E, n, n.dot(o), 1e-3);
  std::vector<Vec3> expected;
  for (const double x : {-h.x(), h.x()}) {
    for (const double y : {-h.y(), h.y()}) {
      expected.push_back(E * Vec3(x, y, -h.z()) - 0.5 * gap * n);
    }
  }
  expectSamePoints(contacts, expected, 1e-14);
  for (const ContactPoint& c : contacts) {
    EXPECT_EQ(c.normal, n);
    EXPECT_NEAR(c.separation, gap, 1e-14);
  }
}

TEST(ConvexContactTest, PrismAndFrustumOnHalfSpace) {
  // A hexagonal prism standing on its end touches with its six bottom vertices; a frustum upside
  // down with the four corners of its narrow top.
  const ConvexPolyhedron prism = ConvexPolyhedron::prism(6, 0.3, 0.2);
  const Frame E = makeFrame(Mat3::Identity(), Vec3(0, 0, 0.2 - 1e-4));
  EXPECT_EQ(collideHalfSpace(prism, E, Vec3::UnitZ(), 0.0, 0.0).size(), 6u);
  const ConvexPolyhedron frustum = ConvexPolyhedron::frustum(Vec2(0.4, 0.3), Vec2(0.2, 0.1), 0.25);
  const Frame F = makeFrame(rotation(std::numbers::pi, Vec3::UnitX()), Vec3(0, 0, 0.25));
  const std::vector<ContactPoint> contacts = collideHalfSpace(frustum, F, Vec3::UnitZ(), 0.0, 1e-3);
  ASSERT_EQ(contacts.size(), 4u);
  for (const ContactPoint& c : contacts) {
    EXPECT_NEAR(std::abs(c.point.x()), 0.2, 1e-15);
    EXPECT_NEAR(std::abs(c.point.y()), 0.1, 1e-15);
  }
}

TEST(ConvexContactTest, RejectsInvalidMarginAndPlane) {
  const ConvexPolyhedron box = ConvexPolyhedron::box(Vec3(1, 1, 1));
  const Frame I = Frame::Identity();
  EXPECT_THROW((void)collideHalfSpace(box, I, Vec3::UnitZ(), 0.0, -1e-3), InvalidInputError);
  EXPECT_THROW((void)collideHalfSpace(box, I, Vec3::UnitZ(), 0.0, NAN), InvalidInputError);
  EXPECT_THROW((void)collideHalfSpace(box, I, Vec3(0, 0, 1.001), 0.0, 0.0), InvalidInputError);
  EXPECT_THROW((void)collideHalfSpace(box, I, Vec3(0, NAN, 1), 0.0, 0.0), InvalidInputError);
  EXPECT_THROW((void)collideHalfSpace(box, I, Vec3::UnitZ(), INFINITY, 0.0), InvalidInputError);
  EXPECT_THROW((void)collide(box, I, box, I, -1e-3), InvalidInputError);
  EXPECT_THROW((void)collide(box, I, box, I, INFINITY), InvalidInputError);
  Frame bad = I;
  bad.translation().x() = NAN;
  EXPECT_THROW((void)collide(box, I, box, bad, 0.0), InvalidInputError);
}

TEST(ConvexContactTest, BoxOnRotatedBoxGivesTheVerticesOfTheFootprintIntersection) {
  // Square of half-side 0.5 turned 30° about z, resting on a 2 × 1.2 top face and overhanging it
  // on two sides: the contact points are the vertices of the intersection of the two outlines.
  const Vec3 h_bottom(1.0, 0.6, 0.5), h_top(0.5, 0.5, 0.3);
  const ConvexPolyhedron bottom = ConvexPolyhedron::box(h_bottom);
  const ConvexPolyhedron top = ConvexPolyhedron::box(h_top);
  const Frame E_bottom = Frame::Identity();
  const Mat3 R = rotation(std::numbers::pi / 6, Vec3::UnitZ());
  const Vec2 centre(0.6, 0.15);
  const std::vector<Vec2> rectangle = {{-1.0, -0.6}, {1.0, -0.6}, {1.0, 0.6}, {-1.0, 0.6}};
  std::vector<Vec2> square;
  for (const Vec2& corner : std::vector<Vec2>{{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}}) {
    square.push_back(centre + R.topLeftCorner<2, 2>() * corner);
  }
  const std::vector<Vec2> polygon = intersectionVertices(rectangle, square);
  ASSERT_EQ(polygon.size(), 6u);  // two square corners and four edge crossings
  for (const double gap : {-1e-3, 0.0, 1e-3}) {
    const Frame E_top = makeFrame(R, Vec3(centre.x(), centre.y(), 0.8 + gap));
    const std::vector<ContactPoint> contacts = collide(top, E_top, bottom, E_bottom, 2e-3);
    std::vector<Vec3> expected;
    for (const Vec2& p : polygon) {
      expected.emplace_back(p.x(), p.y(), 0.5 + 0.5 * gap);
    }
    expectSamePoints(contacts, expected, 1e-12);
    for (const ContactPoint& c : contacts) {
      EXPECT_EQ(c.normal, Vec3::UnitZ());  // from the bottom box (B) up to the top one (A)
      EXPECT_NEAR(c.separation, gap, 1e-14);
    }
    expectUniqueFeatures(contacts);
    expectSymmetric(top, E_top, bottom, E_bottom, 2e-3);
  }
  const Frame above = makeFrame(R, Vec3(centre.x(), centre.y(), 0.8 + 3e-3));
  EXPECT_TRUE(collide(top, above, bottom, E_bottom, 2e-3).empty());
}

TEST(ConvexContactTest, SmallBoxInsideTheTopFaceGivesItsFourBottomCorners) {
  const Vec3 h_big(1.0, 0.8, 0.5), h_small(0.2, 0.3, 0.25);
  const ConvexPolyhedron big = ConvexPolyhedron::box(h_big);
  const ConvexPolyhedron small = ConvexPolyhedron::box(h_small);
  const Frame E_big = makeFrame(rotation(0.3, Vec3::UnitZ()), Vec3(0.1, 0.2, -0.5));
  const Frame E_small = makeFrame(rotation(1.1, Vec3::UnitZ()), Vec3(0.3, 0.1, 0.25 - 5e-4));
  const std::vector<ContactPoint> contacts = collide(small, E_small, big, E_big, 1e-3);
  std::vector<Vec3> expected;
  for (const Vec3& corner : boxCorners(h_small, E_small)) {
    if (corner.z() < 0.0) {
      expected.push_back(corner + Vec3(0, 0, 0.5 * 5e-4));
    }
  }
  expectSamePoints(contacts, expected, 1e-14);
  for (const ContactPoint& c : contacts) {
    EXPECT_LT((c.normal - Vec3::UnitZ()).norm(), 1e-15);
    EXPECT_NEAR(c.separation, -5e-4, 1e-14);
  }
  expectSymmetric(small, E_small, big, E_big, 1e-3);
}

TEST(ConvexContactTest, StackOfTenIdenticalBoxesGivesFourCornersPerPair) {
  // Coincident faces: each vertex lies on a side plane of the reference face; no extra points.
  const Vec3 h(0.3, 0.2, 0.1);
  const ConvexPolyhedron box = ConvexPolyhedron::box(h);
  const double overlap = 1e-5;
  std::vector<Frame> poses;
  for (int i = 0; i < 10; ++i) {
    poses.push_back(
        makeFrame(Mat3::Identity(), Vec3(1e-13 * (i % 3), 0.0, h.z() + i * (2 * h.z() - overlap))));
  }
  EXPECT_EQ(collideHalfSpace(box, poses[0], Vec3::UnitZ(), 0.0, 1e-4).size(), 4u);
  for (std::size_t i = 0; i + 1 < poses.size(); ++i) {
    const std::vector<ContactPoint> contacts = collide(box, poses[i + 1], box, poses[i], 1e-4);
    ASSERT_EQ(contacts.size(), 4u) << i;
    for (const ContactPoint& c : contacts) {
      EXPECT_LT((c.normal - Vec3::UnitZ()).norm(), 1e-15);
      EXPECT_NEAR(c.separation, -overlap, 1e-12);
      EXPECT_NEAR(std::abs(c.point.x() - poses[i].translation().x()), h.x(), 1e-12);
      EXPECT_NEAR(std::abs(c.point.y()), h.y(), 1e-12);
    }
  }
}

TEST(ConvexContactTest, PrismAndFrustumRestingOnABox) {
  const ConvexPolyhedron floor = ConvexPolyhedron::box(Vec3(1.0, 1.0, 0.2));
  const Frame E_floor = makeFrame(Mat3::Identity(), Vec3(0, 0, -0.2));
  const ConvexPolyhedron prism = ConvexPolyhedron::prism(6, 0.3, 0.15);
  const Frame E_prism = makeFrame(rotation(0.2, Vec3::UnitZ()), Vec3(0.1, 0.0, 0.15 - 1e-4));
  std::vector<Vec3> expected;
  for (int k = 0; k < 6; ++k) {
    const double angle = 2 * std::numbers::pi * k / 6;
    expected.push_back(E_prism * Vec3(0.3 * std::cos(angle), 0.3 * std::sin(angle), -0.15) +
                       Vec3(0, 0, 0.5e-4));
  }
  expectSamePoints(collide(prism, E_prism, floor, E_floor, 0.0), expected, 1e-14);
  const ConvexPolyhedron frustum = ConvexPolyhedron::frustum(Vec2(0.4, 0.3), Vec2(0.2, 0.1), 0.25);
  const Frame E_frustum = makeFrame(Mat3::Identity(), Vec3(0.0, 0.3, 0.25 - 1e-4));
  const std::vector<ContactPoint> contacts = collide(frustum, E_frustum, floor, E_floor, 0.0);
  expected.clear();
  for (const double x : {-0.4, 0.4}) {
    for (const double y : {-0.3, 0.3}) {
      expected.emplace_back(x, 0.3 + y, -0.5e-4);
    }
  }
  expectSamePoints(contacts, expected, 1e-14);
}

// Box A turned 45° about x (top edge along x at height a√2), box B turned 45° about y (bottom
// edge along y), B's edge at height a√2 + gap above the crossing point (0.1, 0).
struct CrossedEdges {
  Vec3 ha{0.5, 0.5, 0.5};
  Vec3 hb{0.4, 0.4, 0.4};
  Frame Ea;
  Frame Eb;
  explicit CrossedEdges(double gap) {
    Ea = makeFrame(rotation(std::numbers::pi / 4, Vec3::UnitX()), Vec3::Zero());
    Eb = makeFrame(rotation(std::numbers::pi / 4, Vec3::UnitY()),
                   Vec3(0.1, -0.05, std::sqrt(2.0) * (ha.z() + hb.z()) + gap));
  }
};

TEST(ConvexContactTest, CrossedEdgesGiveOnePointAtTheCrossing) {
  for (const double gap : {-1e-3, 1e-3}) {
    const CrossedEdges s(gap);
    const ConvexPolyhedron a = ConvexPolyhedron::box(s.ha);
    const ConvexPolyhedron b = ConvexPolyhedron::box(s.hb);
    const std::vector<ContactPoint> contacts = collide(b, s.Eb, a, s.Ea, 2e-3);
    ASSERT_EQ(contacts.size(), 1u) << gap;
    const Vec3 crossing(0.1, 0.0, std::sqrt(2.0) * s.ha.z() + 0.5 * gap);
    EXPECT_LT((contacts[0].point - crossing).norm(), 1e-14);
    EXPECT_LT((contacts[0].normal - Vec3::UnitZ()).norm(), 1e-12);
    EXPECT_NEAR(contacts[0].separation, gap, 1e-14);
    expectSymmetric(a, s.Ea, b, s.Eb, 2e-3);
    EXPECT_TRUE(collide(b, s.Eb, a, s.Ea, gap > 0 ? 0.0 : 1e-3).size() == (gap > 0 ? 0u : 1u));
  }
}

TEST(ConvexContactTest, SeparatedBoxesGiveNothing) {
  const ConvexPolyhedron box = ConvexPolyhedron::box(Vec3(0.5, 0.4, 0.3));
  const Frame Ea = Frame::Identity();
  const Frame Eb = makeFrame(rotation(0.8, Vec3(1, 2, 3)), Vec3(2.0, 0.5, 0.3));
  EXPECT_TRUE(collide(box, Ea, box, Eb, 0.1).empty());
  EXPECT_TRUE(collide(box, Eb, box, Ea, 0.1).empty());
  // Side by side, 1 mm apart: nothing with a smaller margin, two opposite faces' overlap with a
  // larger one.
  const Frame beside = makeFrame(Mat3::Identity(), Vec3(1.001, 0.2, 0.0));
  EXPECT_TRUE(collide(box, Ea, box, beside, 0.9e-3).empty());
  EXPECT_EQ(collide(box, Ea, box, beside, 2e-3).size(), 4u);
}

// A random shape and its signed distance in body coordinates (max over its face planes).
struct RandomShape {
  ConvexPolyhedron polyhedron;
  std::function<double(const Vec3&)> distance;
};

// Random poses brought into shallow contact (separation from −3 cm to +1.5 cm, found by
// bisection on the brute-force separating axis test): every point ± half its separation along
// the normal lies on each body, the point itself within |separation| of both, and no point is
// deeper than the penetration (up to the face bias). Returns the number of multi-point manifolds.
int checkRandomContacts(int trials, const std::function<RandomShape(std::mt19937&)>& make) {
  std::mt19937 rng(12345);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  const auto randomRotation = [&] {
    return Mat3(
        Eigen::Quaterniond(
            Eigen::Vector4d(uniform(rng), uniform(rng), uniform(rng), uniform(rng)).normalized())
            .toRotationMatrix());
  };
  const double margin = 0.02;
  int multi = 0, total = 0;
  for (int trial = 0; trial < trials; ++trial) {
    const RandomShape a = make(rng);
    const RandomShape b = make(rng);
    const Frame Ea = makeFrame(randomRotation(), Vec3(uniform(rng), uniform(rng), uniform(rng)));
    const Mat3 Rb = randomRotation();
    const Vec3 u = Vec3(uniform(rng), uniform(rng), uniform(rng)).normalized();
    const double target = -0.03 + 0.045 * (0.5 + 0.5 * uniform(rng));
    double lo = 0.0, hi = 3.0;
    for (int k = 0; k < 40; ++k) {
      const double mid = 0.5 * (lo + hi);
      const Frame Eb = makeFrame(Rb, Ea.translation() + mid * u);
      (satSeparation(a.polyhedron, Ea, b.polyhedron, Eb) < target ? lo : hi) = mid;
    }
    const Frame Eb = makeFrame(Rb, Ea.translation() + hi * u);
    const double sat = satSeparation(a.polyhedron, Ea, b.polyhedron, Eb);
    const auto distance_a = [&](const Vec3& x) { return a.distance(Ea.inverse() * x); };
    const auto distance_b = [&](const Vec3& x) { return b.distance(Eb.inverse() * x); };
    const std::vector<ContactPoint> contacts = collide(a.polyhedron, Ea, b.polyhedron, Eb, margin);
    if (sat < 0.0) {
      EXPECT_FALSE(contacts.empty()) << trial;
    }
    for (const ContactPoint& c : contacts) {
      const double s = c.separation;
      EXPECT_NEAR(c.normal.norm(), 1.0, 1e-14);
      EXPECT_LT(s, margin);
      EXPECT_GE(s, sat - 0.15 * std::abs(sat) - 1e-3) << trial;
      EXPECT_LE(std::abs(distance_a(c.point)), std::abs(s) + 1e-9) << trial;
      EXPECT_LE(std::abs(distance_b(c.point)), std::abs(s) + 1e-9) << trial;
      EXPECT_NEAR(distance_a(c.point + 0.5 * s * c.normal), 0.0, 1e-9) << trial;
      EXPECT_NEAR(distance_b(c.point - 0.5 * s * c.normal), 0.0, 1e-9) << trial;
    }
    expectUniqueFeatures(contacts);
    expectSymmetric(a.polyhedron, Ea, b.polyhedron, Eb, margin);
    multi += contacts.size() > 1 ? 1 : 0;
    total += contacts.empty() ? 0 : 1;
  }
  EXPECT_GT(total, 3 * trials / 4);
  return multi;
}

TEST(ConvexContactTest, RandomBoxContactsLieOnBothSurfaces) {
  // The boxes' signed distance is written here, independently of ConvexPolyhedron.
  const int multi = checkRandomContacts(500, [](std::mt19937& rng) {
    std::uniform_real_distribution<double> size(0.1, 0.5);
    const Vec3 h(size(rng), size(rng), size(rng));
    return RandomShape{ConvexPolyhedron::box(h),
                       [h](const Vec3& x) { return (x.cwiseAbs() - h).maxCoeff(); }};
  });
  EXPECT_GT(multi, 0);
}

TEST(ConvexContactTest, RandomPrismAndFrustumContactsLieOnBothSurfaces) {
  const int multi = checkRandomContacts(200, [](std::mt19937& rng) {
    std::uniform_real_distribution<double> size(0.1, 0.5);
    std::uniform_int_distribution<int> sides(3, 8);
    const ConvexPolyhedron polyhedron =
        std::uniform_int_distribution<int>(0, 1)(rng) == 0
            ? ConvexPolyhedron::prism(sides(rng), size(rng), size(rng))
            : ConvexPolyhedron::frustum(Vec2(size(rng), size(rng)), Vec2(size(rng), size(rng)),
                                        size(rng));
    return RandomShape{polyhedron, [polyhedron](const Vec3& x) {
                         return polyhedron.planeDistance(x);  // max over the face planes
                       }};
  });
  EXPECT_GT(multi, 0);
}

// Feature ids of `contacts` reappear at the nearest points of `moved`.
void expectSameFeatures(const std::vector<ContactPoint>& contacts,
                        const std::vector<ContactPoint>& moved) {
  ASSERT_EQ(contacts.size(), moved.size());
  for (const ContactPoint& c : contacts) {
    const ContactPoint* nearest = &moved.front();
    for (const ContactPoint& d : moved) {
      if ((d.point - c.point).norm() < (nearest->point - c.point).norm()) {
        nearest = &d;
      }
    }
    EXPECT_LT((nearest->point - c.point).norm(), 1e-5);
    EXPECT_EQ(nearest->feature, c.feature);
  }
}

TEST(ConvexContactTest, FeatureIdsSurviveATinyMotion) {
  const Vec3 shift(1e-6, -1e-6, 1e-6);
  const auto moved = [&](const Frame& E) {
    Frame F = E;
    F.translation() += shift;
    return F;
  };
  // Face contact with clipped points.
  const ConvexPolyhedron bottom = ConvexPolyhedron::box(Vec3(1.0, 0.6, 0.5));
  const ConvexPolyhedron top = ConvexPolyhedron::box(Vec3(0.5, 0.5, 0.3));
  const Frame E_top =
      makeFrame(rotation(std::numbers::pi / 6, Vec3::UnitZ()), Vec3(0.6, 0.15, 0.8 - 1e-4));
  const Frame I = Frame::Identity();
  expectSameFeatures(collide(top, E_top, bottom, I, 1e-3),
                     collide(top, moved(E_top), bottom, I, 1e-3));
  // Edge contact.
  const CrossedEdges s(-1e-4);
  const ConvexPolyhedron a = ConvexPolyhedron::box(s.ha);
  const ConvexPolyhedron b = ConvexPolyhedron::box(s.hb);
  expectSameFeatures(collide(a, s.Ea, b, s.Eb, 1e-3), collide(a, s.Ea, b, moved(s.Eb), 1e-3));
  // Half-space.
  expectSameFeatures(collideHalfSpace(top, E_top, Vec3::UnitZ(), 0.5, 1e-3),
                     collideHalfSpace(top, moved(E_top), Vec3::UnitZ(), 0.5, 1e-3));
}

}  // namespace
}  // namespace contactsim
