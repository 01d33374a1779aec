#include "polynomial_roots.hpp"

#include <array>
#include <cassert>
#include <cstddef>
#include <vector>

namespace contactsim {
namespace {

constexpr std::size_t kMaxCoefficients = 9;  // degree 8

// The degree of p without its zero leading coefficients (0 for a constant, also for p = 0).
std::size_t degreeOf(std::span<const double> c) {
  std::size_t d = c.empty() ? 0 : c.size() - 1;
  while (d > 0 && c[d] == 0.0) {
    --d;
  }
  return d;
}

// A root of p in (l, r) where p(l) and p(r) have opposite signs, both non-zero: bisection until
// the bracket holds adjacent doubles (or p vanishes at a midpoint).
double bisect(std::span<const double> c, double l, double r, bool positive_left) {
  for (;;) {
    const double m = l + 0.5 * (r - l);
    if (!(m > l && m < r)) {
      return r;
    }
    const double pm = evaluatePolynomial(c, m);
    if (pm == 0.0) {
      return m;
    }
    if ((pm > 0.0) == positive_left) {
      l = m;
    } else {
      r = m;
    }
  }
}

// The points of (a, b) where p changes sign, in order: the monotone pieces between the sign
// changes of p′ (found the same way) each hold at most one.
void signChanges(std::span<const double> c, double a, double b, std::vector<double>& out) {
  const std::size_t d = degreeOf(c);
  if (d == 0) {
    return;
  }
  if (d == 1) {
    const double root = -c[0] / c[1];
    if (root > a && root < b) {
      out.push_back(root);
    }
    return;
  }
  std::array<double, kMaxCoefficients> derivative{};
  for (std::size_t k = 1; k <= d; ++k) {
    derivative[k - 1] = static_cast<double>(k) * c[k];
  }
  std::vector<double> breaks{a};
  signChanges(std::span<const double>(derivative.data(), d), a, b, breaks);
  breaks.push_back(b);
  for (std::size_t k = 0; k + 1 < breaks.size(); ++k) {
    const double fl = evaluatePolynomial(c, breaks[k]);
    const double fr = evaluatePolynomial(c, breaks[k + 1]);
    if ((fl < 0.0 && fr > 0.0) || (fl > 0.0 && fr < 0.0)) {
      out.push_back(bisect(c, breaks[k], breaks[k + 1], fl > 0.0));
    }
  }
}

}  // namespace

double evaluatePolynomial(std::span<const double> c, double x) {
  double p = 0.0;
  for (std::size_t k = c.size(); k-- > 0;) {
    p = p * x + c[k];
  }
  return p;
}

std::optional<double> firstDownCrossing(std::span<const double> c, double a, double b) {
  assert(c.size() <= kMaxCoefficients);
  if (!(b > a)) {
    return std::nullopt;
  }
  const std::size_t d = degreeOf(c);
  // The monotone pieces of p: between a, the sign changes of p′, and b.
  std::vector<double> breaks{a};
  if (d >= 2) {
    std::array<double, kMaxCoefficients> derivative{};
    for (std::size_t k = 1; k <= d; ++k) {
      derivative[k - 1] = static_cast<double>(k) * c[k];
    }
    signChanges(std::span<const double>(derivative.data(), d), a, b, breaks);
  }
  breaks.push_back(b);
  for (std::size_t k = 0; k + 1 < breaks.size(); ++k) {
    double l = breaks[k], r = breaks[k + 1];
    if (!(evaluatePolynomial(c, l) > 0.0) || evaluatePolynomial(c, r) > 0.0) {
      continue;  // not falling from positive to non-positive on this piece
    }
    // p(l) > 0 ≥ p(r): bisect to adjacent doubles, keeping that.
    for (;;) {
      const double m = l + 0.5 * (r - l);
      if (!(m > l && m < r)) {
        return r;
      }
      if (evaluatePolynomial(c, m) > 0.0) {
        l = m;
      } else {
        r = m;
      }
    }
  }
  return std::nullopt;
}

}  // namespace contactsim
