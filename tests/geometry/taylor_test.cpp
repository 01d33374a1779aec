// Taylor3 arithmetic against closed-form partial derivatives.
#include "contactsim/geometry/taylor.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace contactsim {
namespace {

TEST(Taylor3Test, ProductOfVariablesHasTheRightDerivatives) {
  const Taylor3 s = Taylor3::variableS(0.7), t = Taylor3::variableT(-0.4);
  const Taylor3 f = s * s * t;  // f = s² t
  EXPECT_DOUBLE_EQ(f.value(), 0.49 * -0.4);
  EXPECT_DOUBLE_EQ(f.derivative(1, 0), 2 * 0.7 * -0.4);
  EXPECT_DOUBLE_EQ(f.derivative(0, 1), 0.49);
  EXPECT_DOUBLE_EQ(f.derivative(2, 0), 2 * -0.4);
  EXPECT_DOUBLE_EQ(f.derivative(1, 1), 2 * 0.7);
  EXPECT_DOUBLE_EQ(f.derivative(2, 1), 2.0);
  EXPECT_DOUBLE_EQ(f.derivative(0, 2), 0.0);
  EXPECT_DOUBLE_EQ(f.derivative(3, 0), 0.0);
}

TEST(Taylor3Test, CompositionsMatchClosedForms) {
  const double s0 = 0.3, t0 = 1.1;
  const Taylor3 s = Taylor3::variableS(s0), t = Taylor3::variableT(t0);
  // g = sin(s t): g_s = t cos, g_ss = −t² sin, g_sss = −t³ cos, g_st = cos − s t sin,
  // g_sst = −2 t sin − s t² cos.
  const Taylor3 g = sin(s * t);
  const double a = s0 * t0;
  EXPECT_NEAR(g.derivative(1, 0), t0 * std::cos(a), 1e-15);
  EXPECT_NEAR(g.derivative(2, 0), -t0 * t0 * std::sin(a), 1e-15);
  EXPECT_NEAR(g.derivative(3, 0), -t0 * t0 * t0 * std::cos(a), 1e-14);
  EXPECT_NEAR(g.derivative(1, 1), std::cos(a) - a * std::sin(a), 1e-15);
  EXPECT_NEAR(g.derivative(2, 1), -2 * t0 * std::sin(a) - s0 * t0 * t0 * std::cos(a), 1e-14);
  // h = 1/sqrt(1 + s²): h_sss = (9 s − 6 s³)/(1 + s²)^{7/2}... checked via h² (1 + s²) = 1.
  const Taylor3 h = 1.0 / sqrt(1.0 + s * s);
  const Taylor3 one = h * h * (1.0 + s * s);
  EXPECT_NEAR(one.value(), 1.0, 1e-15);
  for (int i = 0; i <= 3; ++i) {
    for (int j = 0; i + j <= 3; ++j) {
      if (i + j > 0) {
        EXPECT_NEAR(one.derivative(i, j), 0.0, 1e-14) << i << j;
      }
    }
  }
  EXPECT_NEAR(h.derivative(3, 0), (9 * s0 - 6 * s0 * s0 * s0) / std::pow(1 + s0 * s0, 3.5), 1e-14);
  // cos² + sin² = 1 to all orders.
  const Taylor3 u = cos(s * s + t) * cos(s * s + t) + sin(s * s + t) * sin(s * s + t);
  EXPECT_NEAR(u.derivative(2, 1), 0.0, 1e-14);
}

}  // namespace
}  // namespace contactsim
