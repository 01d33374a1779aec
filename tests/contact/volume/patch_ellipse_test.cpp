// bouchard-2015 §5.4 (closest point of the patch ellipse) against brute-force sampling, and the
// four-corner spinning bound of eqs. 11–13 against hand computations.
#include "contact/volume/patch_ellipse.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include "contact/volume/project_6d.hpp"
#include "contactsim/error.hpp"

namespace contactsim {
namespace {

// The closest boundary point by dense sampling of the angle, refined by golden sections.
Vec2 bruteForceClosest(const Vec2& d, double a, double b) {
  auto distance = [&](double theta) {
    return (Vec2(a * std::cos(theta), b * std::sin(theta)) - d).norm();
  };
  constexpr int kSamples = 20000;
  double best = 0.0;
  double best_distance = distance(0.0);
  for (int k = 1; k < kSamples; ++k) {
    const double theta = 2.0 * std::numbers::pi * k / kSamples;
    if (distance(theta) < best_distance) {
      best_distance = distance(theta);
      best = theta;
    }
  }
  double lo = best - 2.0 * std::numbers::pi / kSamples;
  double hi = best + 2.0 * std::numbers::pi / kSamples;
  const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
  for (int k = 0; k < 200; ++k) {
    const double x1 = hi - ratio * (hi - lo);
    const double x2 = lo + ratio * (hi - lo);
    if (distance(x1) < distance(x2))
      hi = x2;
    else
      lo = x1;
  }
  const double theta = 0.5 * (lo + hi);
  return Vec2(a * std::cos(theta), b * std::sin(theta));
}

TEST(PatchEllipse, ProjectionMatchesBruteForceSampling) {
  std::mt19937 rng(2015);
  std::uniform_real_distribution<double> radius(0.01, 1.0);
  std::uniform_real_distribution<double> angle(0.0, 2.0 * std::numbers::pi);
  std::uniform_real_distribution<double> scale(1.0001, 20.0);
  int max_iterations = 0;
  double worst = 0.0;
  for (int trial = 0; trial < 300; ++trial) {
    const double a = radius(rng);
    const double b = radius(rng);
    const double theta = angle(rng);
    const Vec2 d = scale(rng) * Vec2(a * std::cos(theta), b * std::sin(theta));
    const EllipseProjection result = projectOntoEllipse(d, a, b);
    ASSERT_TRUE(result.projected);
    const Vec2 expected = bruteForceClosest(d, a, b);
    const double error = (result.point - d).norm() - (expected - d).norm();
    worst = std::max(worst, std::abs(error) / std::max(a, b));
    EXPECT_NEAR((result.point - d).norm(), (expected - d).norm(), 1e-12 * (1.0 + d.norm()))
        << "a=" << a << " b=" << b << " d=" << d.transpose();
    EXPECT_LT((result.point - expected).norm(), 1e-6 * std::max(a, b));
    const double level = std::pow(result.point.x() / a, 2) + std::pow(result.point.y() / b, 2);
    EXPECT_NEAR(level, 1.0, 1e-14);
    max_iterations = std::max(max_iterations, result.iterations);
  }
  // The paper: "a good solution can be found in 4 to 5 iterations".
  std::printf("ellipse projection: worst relative distance error %.2e, at most %d Newton steps\n",
              worst, max_iterations);
  EXPECT_LE(max_iterations, 12);
}

TEST(PatchEllipse, PointsInsideAreKeptAndAxisPointsGoToTheVertex) {
  const EllipseProjection inside = projectOntoEllipse(Vec2(0.3, -0.2), 0.5, 0.4);
  EXPECT_FALSE(inside.projected);
  EXPECT_EQ(inside.point, Vec2(0.3, -0.2));
  // Outside on the minor axis: the closest point is the co-vertex.
  const EllipseProjection axis = projectOntoEllipse(Vec2(0.0, -0.9), 0.5, 0.2);
  EXPECT_TRUE(axis.projected);
  EXPECT_NEAR(axis.point.x(), 0.0, 1e-15);
  EXPECT_NEAR(axis.point.y(), -0.2, 1e-15);
  // A circle: radial projection.
  const EllipseProjection circle = projectOntoEllipse(Vec2(3.0, 4.0), 1.0, 1.0);
  EXPECT_NEAR(circle.point.x(), 0.6, 1e-15);
  EXPECT_NEAR(circle.point.y(), 0.8, 1e-15);
}

TEST(PatchEllipse, DegenerateRadiiClampToTheSegmentOrThePoint) {
  EXPECT_EQ(projectOntoEllipse(Vec2(0.7, 0.3), 0.5, 0.0).point, Vec2(0.5, 0.0));
  EXPECT_EQ(projectOntoEllipse(Vec2(0.2, 0.3), 0.5, 0.0).point, Vec2(0.2, 0.0));
  EXPECT_EQ(projectOntoEllipse(Vec2(0.2, 0.3), 0.0, 0.0).point, Vec2(0.0, 0.0));
  EXPECT_FALSE(projectOntoEllipse(Vec2(0.0, 0.0), 0.0, 0.0).projected);
  EXPECT_THROW((void)projectOntoEllipse(Vec2(1.0, 0.0), -0.1, 0.2), InvalidInputError);
  EXPECT_THROW((void)projectOntoEllipse(Vec2(NAN, 0.0), 0.1, 0.2), InvalidInputError);
}

// eqs. 11–13 by hand: at the centre every corner carries f_n/4 at distance √(a² + b²).
TEST(PatchEllipse, SpinLimitAtTheCentreIsMuFnTimesTheHalfDiagonal) {
  EXPECT_NEAR(spinTorqueLimit(Vec2::Zero(), 0.3, 0.4, 2.0, 0.5), 0.5 * 2.0 * 0.5, 1e-15);
}

TEST(PatchEllipse, SpinLimitOffCentreWeighsTheCornersBilinearly) {
  // p = (0.1, −0.2) in [−0.3, 0.3] × [−0.4, 0.4]: s = 2/3, t = 1/4.
  const Vec2 p(0.1, -0.2);
  const double s = 2.0 / 3.0;
  const double t = 0.25;
  const double expected =
      0.5 * 2.0 *
      ((1 - s) * (1 - t) * std::hypot(-0.3 - 0.1, -0.4 + 0.2) +
       s * (1 - t) * std::hypot(0.3 - 0.1, -0.4 + 0.2) + s * t * std::hypot(0.3 - 0.1, 0.4 + 0.2) +
       (1 - s) * t * std::hypot(-0.3 - 0.1, 0.4 + 0.2));
  EXPECT_NEAR(spinTorqueLimit(p, 0.3, 0.4, 2.0, 0.5), expected, 1e-15);
  // On a vertex of the ellipse (a, 0): two corners at distance b, weight ½ each.
  EXPECT_NEAR(spinTorqueLimit(Vec2(0.3, 0.0), 0.3, 0.4, 2.0, 0.5), 0.5 * 2.0 * 0.4, 1e-15);
}

// The rolling branch's bound (project_6d.hpp): eq. 13 with the two ends of the outline's side that
// supports p. An edge's outline, a 0.1 × 0.002 rectangle, rolled about its long side.
TEST(PatchEllipse, SideSpinLimitWeighsTheEndsOfTheSupportingSide) {
  const std::vector<Vec2> rectangle = {Vec2(-0.05, -0.001), Vec2(0.05, -0.001), Vec2(0.05, 0.001),
                                       Vec2(-0.05, 0.001)};
  const Vec2 up(0.0, 1.0);
  // Mid-side: both ends at 0.05 with weight ½: μ f_n 0.05.
  EXPECT_NEAR(sideSpinLimit(rectangle, Vec2(0.0, 0.001), up, 2.0, 0.5), 0.5 * 2.0 * 0.05, 1e-15);
  // At a quarter: weights ¾, ¼ at 0.025, 0.075: μ f_n 0.0375.
  EXPECT_NEAR(sideSpinLimit(rectangle, Vec2(-0.025, 0.001), up, 2.0, 0.5), 0.5 * 2.0 * 0.0375,
              1e-15);
  // At a corner, at a vertex of a diamond (no side along the line) and without an outline: none.
  EXPECT_EQ(sideSpinLimit(rectangle, Vec2(-0.05, 0.001), up, 2.0, 0.5), 0.0);
  const std::vector<Vec2> diamond = {Vec2(0, -1), Vec2(1, 0), Vec2(0, 1), Vec2(-1, 0)};
  EXPECT_EQ(sideSpinLimit(diamond, Vec2(0, 1), up, 2.0, 0.5), 0.0);
  EXPECT_EQ(sideSpinLimit({}, Vec2(0, 1), up, 2.0, 0.5), 0.0);
}

}  // namespace
}  // namespace contactsim
