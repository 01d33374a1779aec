#include "gauss_legendre.hpp"

#include <array>
#include <cmath>
#include <numbers>

#include "contactsim/error.hpp"

namespace contactsim::bem_detail {
namespace {

GaussRule compute(int n) {
  GaussRule rule;
  rule.x.resize(static_cast<std::size_t>(n));
  rule.w.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    // Tricomi's initial guess, then Newton on P_n with the three-term recurrence.
    double x = std::cos(std::numbers::pi * (i + 0.75) / (n + 0.5));
    double dp = 1.0;
    for (int iteration = 0; iteration < 100; ++iteration) {
      double p0 = 1.0;
      double p1 = x;
      for (int k = 2; k <= n; ++k) {
        const double p2 = ((2.0 * k - 1.0) * x * p1 - (k - 1.0) * p0) / k;
        p0 = p1;
        p1 = p2;
      }
      const double pn = n == 1 ? x : p1;
      const double pm = n == 1 ? 1.0 : p0;
      dp = n * (x * pn - pm) / (x * x - 1.0);
      const double dx = pn / dp;
      x -= dx;
      if (std::abs(dx) < 1e-16) {
        break;
      }
    }
    rule.x[static_cast<std::size_t>(i)] = x;
    rule.w[static_cast<std::size_t>(i)] = 2.0 / ((1.0 - x * x) * dp * dp);
  }
  return rule;
}

}  // namespace

const GaussRule& gaussLegendre(int n) {
  static const std::array<GaussRule, 65> rules = [] {
    std::array<GaussRule, 65> all;
    for (int k = 1; k <= 64; ++k) {
      all[static_cast<std::size_t>(k)] = compute(k);
    }
    return all;
  }();
  if (n < 1 || n > 64) {
    throw InvalidInputError("Gauss-Legendre rule needs 1 to 64 points, got " + toText(n));
  }
  return rules[static_cast<std::size_t>(n)];
}

}  // namespace contactsim::bem_detail
