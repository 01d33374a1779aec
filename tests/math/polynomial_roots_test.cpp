// Real roots by derivative isolation and bisection (src/math/polynomial_roots.hpp) against
// polynomials built from known roots.
#include "math/polynomial_roots.hpp"

#include <gtest/gtest.h>

#include <array>
#include <vector>

namespace contactsim {
namespace {

// Ascending coefficients of scale · Π (x − r_k).
std::vector<double> fromRoots(const std::vector<double>& roots, double scale = 1.0) {
  std::vector<double> c{scale};
  for (const double r : roots) {
    std::vector<double> next(c.size() + 1, 0.0);
    for (std::size_t k = 0; k < c.size(); ++k) {
      next[k + 1] += c[k];
      next[k] -= r * c[k];
    }
    c = next;
  }
  return c;
}

TEST(PolynomialRoots, FirstDownCrossingOfAQuarticIsItsFirstFallingRoot) {
  // Positive before 0.1, negative on (0.1, 0.35), positive on (0.35, 0.6), negative after 0.9.
  const std::vector<double> c = fromRoots({0.1, 0.35, 0.6, 0.9});
  const std::optional<double> r = firstDownCrossing(c, 0.0, 2.0);
  ASSERT_TRUE(r);
  EXPECT_NEAR(*r, 0.1, 1e-15);
  // From within the negative stretch the next fall is at 0.6.
  EXPECT_NEAR(*firstDownCrossing(c, 0.2, 2.0), 0.6, 1e-15);
  EXPECT_NEAR(*firstDownCrossing(c, 0.35, 2.0), 0.6, 1e-15);
  EXPECT_FALSE(firstDownCrossing(c, 0.65, 2.0));  // rises through 0.9 only
  EXPECT_FALSE(firstDownCrossing(c, 0.0, 0.05));  // not within the interval
}

TEST(PolynomialRoots, ANearlyGrazingTouchIsFoundAndAMissIsNone) {
  // (x − 0.3)² − 1e-12 dips below zero between 0.3 ∓ 1e-6: a grazing touch.
  std::vector<double> graze = fromRoots({0.3, 0.3});
  graze[0] -= 1e-12;
  const std::optional<double> r = firstDownCrossing(graze, 0.0, 1.0);
  ASSERT_TRUE(r);
  // As well as p's rounding (1e-17) over its slope there (2e-6) allows.
  EXPECT_NEAR(*r, 0.3 - 1e-6, 1e-11);
  // (x − 0.3)² + 1e-6 never reaches zero.
  std::vector<double> apart = fromRoots({0.3, 0.3});
  apart[0] += 1e-6;
  EXPECT_FALSE(firstDownCrossing(apart, 0.0, 1.0));
  // Linear and constant cases.
  const std::array<double, 2> line{0.5, -2.0};
  EXPECT_EQ(*firstDownCrossing(line, 0.0, 1.0), 0.25);
  const std::array<double, 1> constant{1.0};
  EXPECT_FALSE(firstDownCrossing(constant, 0.0, 1.0));
}

TEST(PolynomialRoots, RootsAreFoundToTheLastBitOverWideIntervals) {
  // A touch far ahead and a tiny one near the start, with coefficients over many decades.
  const std::vector<double> c = fromRoots({1e-7, 2e-7, 3e5, 4e5}, 1e-3);
  EXPECT_NEAR(*firstDownCrossing(c, 0.0, 1e6), 1e-7, 1e-22);
  const std::optional<double> far = firstDownCrossing(c, 1.5e-7, 1e6);
  ASSERT_TRUE(far);
  EXPECT_NEAR(*far, 3e5, 3e5 * 1e-15);
  EXPECT_DOUBLE_EQ(evaluatePolynomial(c, 2.0),
                   1e-3 * (2.0 - 1e-7) * (2.0 - 2e-7) * (2.0 - 3e5) * (2.0 - 4e5));
}

}  // namespace
}  // namespace contactsim
