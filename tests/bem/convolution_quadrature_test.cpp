// Convolution quadrature against the BDF2 and BDF1 recurrences it stands for: for K(s) = 1/(s + a),
// the weights applied to g are exactly the multistep solution of y' + a y = g, y(0⁻) = 0, which a
// direct recurrence computes independently; and the continuous solution to second (BDF2) and
// first (BDF1) order.
#include "bem/convolution_quadrature.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <utility>
#include <vector>

namespace contactsim {
namespace {

using Complex = std::complex<double>;

std::vector<double> cqApply(const ConvolutionQuadrature& cq, double a,
                            const std::vector<double>& g) {
  auto spectrum = cq.transform(g);
  for (std::size_t l = 0; l < spectrum.size(); ++l) {
    spectrum[l] /= cq.frequencies()[l] + a;
  }
  return cq.inverse(spectrum);
}

// BDF2 from rest: (3/2 y_n − 2 y_{n−1} + 1/2 y_{n−2}) / Δt + a y_n = g_n, y_{−1} = y_{−2} = 0.
std::vector<double> bdf2(double dt, double a, const std::vector<double>& g) {
  std::vector<double> y(g.size());
  for (std::size_t n = 0; n < g.size(); ++n) {
    const double y1 = n >= 1 ? y[n - 1] : 0.0;
    const double y2 = n >= 2 ? y[n - 2] : 0.0;
    y[n] = (g[n] + (2.0 * y1 - 0.5 * y2) / dt) / (1.5 / dt + a);
  }
  return y;
}

// BDF1 (backward Euler) from rest: (y_n − y_{n−1}) / Δt + a y_n = g_n, y_{−1} = 0.
std::vector<double> bdf1(double dt, double a, const std::vector<double>& g) {
  std::vector<double> y(g.size());
  for (std::size_t n = 0; n < g.size(); ++n) {
    const double y1 = n >= 1 ? y[n - 1] : 0.0;
    y[n] = (g[n] + y1 / dt) / (1.0 / dt + a);
  }
  return y;
}

// The quadrature's output against `method`'s own recurrence, for three decay rates a; the other
// method's recurrence differs from it (else the check would not tell the methods apart).
void expectTheRecurrence(TimeQuadrature method) {
  const double dt = 1e-3;
  const int steps = 256;
  const ConvolutionQuadrature cq(dt, steps, method);
  for (const auto& frequency : cq.frequencies()) {
    EXPECT_GT(frequency.real(), 0.0);
  }
  std::vector<double> g(steps);
  for (int n = 0; n < steps; ++n) {
    g[static_cast<std::size_t>(n)] = std::sin(0.05 * n) + (n > 100 ? 1.0 : 0.0);
  }
  const bool first_order = method == TimeQuadrature::bdf1;
  for (const double a : {0.0, 3.0, 200.0}) {
    const auto y = cqApply(cq, a, g);
    const auto reference = first_order ? bdf1(dt, a, g) : bdf2(dt, a, g);
    const auto other = first_order ? bdf2(dt, a, g) : bdf1(dt, a, g);
    double scale = 0.0, apart = 0.0;
    for (std::size_t n = 0; n < g.size(); ++n) {
      scale = std::max(scale, std::abs(reference[n]));
      apart = std::max(apart, std::abs(reference[n] - other[n]));
    }
    EXPECT_GT(apart, 1e-4 * scale) << "a = " << a;
    for (int n = 0; n < steps; ++n) {
      EXPECT_NEAR(y[static_cast<std::size_t>(n)], reference[static_cast<std::size_t>(n)],
                  1e-7 * scale)
          << "a = " << a << ", n = " << n;
    }
  }
}

TEST(ConvolutionQuadrature, IsTheBdf2Recurrence) {
  expectTheRecurrence(TimeQuadrature::bdf2);
}

TEST(ConvolutionQuadrature, IsTheBdf1RecurrenceWithBdf1) {
  expectTheRecurrence(TimeQuadrature::bdf1);
}

// Error ratio on halving Δt: 4 for BDF2, 2 for BDF1.
class ConvolutionQuadratureOrder
    : public ::testing::TestWithParam<std::pair<TimeQuadrature, double>> {};

INSTANTIATE_TEST_SUITE_P(Methods, ConvolutionQuadratureOrder,
                         ::testing::Values(std::pair{TimeQuadrature::bdf2, 4.0},
                                           std::pair{TimeQuadrature::bdf1, 2.0}));

TEST_P(ConvolutionQuadratureOrder, ConvergesAtTheMethodsOrder) {
  const auto [method, ratio] = GetParam();
  // y' + a y = g with g(t) = t from rest: y(t) = t/a − (1 − e^{−at})/a².
  const double a = 2.0;
  const double end = 2.0;
  double previous = 0.0;
  for (int steps : {64, 128, 256}) {
    const double dt = end / steps;
    const ConvolutionQuadrature cq(dt, steps + 1, method);
    std::vector<double> g(static_cast<std::size_t>(steps + 1));
    for (int n = 0; n <= steps; ++n) {
      g[static_cast<std::size_t>(n)] = n * dt;
    }
    const double y = cqApply(cq, a, g).back();
    const double exact = end / a - (1.0 - std::exp(-a * end)) / (a * a);
    const double error = std::abs(y - exact);
    if (previous > 0.0) {
      EXPECT_NEAR(previous / error, ratio, 0.125 * ratio);
    }
    previous = error;
  }
}

}  // namespace
}  // namespace contactsim
