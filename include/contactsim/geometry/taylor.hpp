// Truncated bivariate Taylor series to third order: f(s₀ + ds, t₀ + dt) ≈ Σ_{i+j≤3} a_ij dsⁱ dtʲ.
//
// Arithmetic on these "jets" propagates every partial derivative up to order three exactly (to
// rounding), so an analytic surface written once as a formula in a scalar type yields the ten
// derivative sets kry-pai-2002 §3.7 needs (footnote 4) by evaluating it on Taylor3. ChartSurface
// (analytic_surfaces.hpp) takes user charts written on Taylor3 this way.
#pragma once

#include <array>
#include <cmath>

#include "contactsim/geometry/surface.hpp"

namespace contactsim {

class Taylor3 {
 public:
  /// Coefficient index of dsⁱ dtʲ (i + j ≤ 3), ordered by total degree: 1, s, t, s², st, t², s³,
  /// s²t, st², t³.
  static constexpr int index(int i, int j) { return (i + j) * (i + j + 1) / 2 + j; }

  constexpr Taylor3() : a_{} {}
  /// A constant.
  constexpr Taylor3(double value) : a_{} { a_[0] = value; }  // NOLINT: implicit by design

  /// The independent variables s and t at (s₀, t₀).
  static Taylor3 variableS(double s0) {
    Taylor3 x(s0);
    x.a_[index(1, 0)] = 1.0;
    return x;
  }
  static Taylor3 variableT(double t0) {
    Taylor3 x(t0);
    x.a_[index(0, 1)] = 1.0;
    return x;
  }

  [[nodiscard]] double value() const { return a_[0]; }
  [[nodiscard]] double coefficient(int i, int j) const { return a_[index(i, j)]; }
  /// ∂^{i+j} f / ∂sⁱ ∂tʲ = i! j! a_ij.
  [[nodiscard]] double derivative(int i, int j) const {
    constexpr double kFactorial[4] = {1.0, 1.0, 2.0, 6.0};
    return kFactorial[i] * kFactorial[j] * a_[index(i, j)];
  }

  Taylor3& operator+=(const Taylor3& b) {
    for (int k = 0; k < 10; ++k)
      a_[k] += b.a_[k];
    return *this;
  }
  Taylor3& operator-=(const Taylor3& b) {
    for (int k = 0; k < 10; ++k)
      a_[k] -= b.a_[k];
    return *this;
  }
  Taylor3& operator*=(double c) {
    for (double& x : a_)
      x *= c;
    return *this;
  }
  Taylor3 operator-() const {
    Taylor3 r = *this;
    r *= -1.0;
    return r;
  }

  friend Taylor3 operator+(Taylor3 a, const Taylor3& b) { return a += b; }
  friend Taylor3 operator-(Taylor3 a, const Taylor3& b) { return a -= b; }
  friend Taylor3 operator*(Taylor3 a, double c) { return a *= c; }
  friend Taylor3 operator*(double c, Taylor3 a) { return a *= c; }
  friend Taylor3 operator/(Taylor3 a, double c) { return a *= 1.0 / c; }

  /// Cauchy product truncated at total degree 3, written out (35 products): the hot path of
  /// contact kinematics.
  friend Taylor3 operator*(const Taylor3& x, const Taylor3& y) {
    const double* a = x.a_.data();
    const double* b = y.a_.data();
    Taylor3 c;
    c.a_[0] = a[0] * b[0];
    c.a_[1] = a[0] * b[1] + a[1] * b[0];
    c.a_[2] = a[0] * b[2] + a[2] * b[0];
    c.a_[3] = a[0] * b[3] + a[1] * b[1] + a[3] * b[0];
    c.a_[4] = a[0] * b[4] + a[2] * b[1] + a[1] * b[2] + a[4] * b[0];
    c.a_[5] = a[0] * b[5] + a[2] * b[2] + a[5] * b[0];
    c.a_[6] = a[0] * b[6] + a[1] * b[3] + a[3] * b[1] + a[6] * b[0];
    c.a_[7] = a[0] * b[7] + a[2] * b[3] + a[1] * b[4] + a[4] * b[1] + a[3] * b[2] + a[7] * b[0];
    c.a_[8] = a[0] * b[8] + a[2] * b[4] + a[5] * b[1] + a[1] * b[5] + a[4] * b[2] + a[8] * b[0];
    c.a_[9] = a[0] * b[9] + a[2] * b[5] + a[5] * b[2] + a[9] * b[0];
    return c;
  }
  friend Taylor3 operator/(const Taylor3& a, const Taylor3& b) { return a * reciprocal(b); }
  friend Taylor3 operator/(double c, const Taylor3& b) { return c * reciprocal(b); }

  /// f(x) for a scalar function with derivatives f, f', f'', f''' at x₀ = x.value():
  /// f(x₀ + δ) = f + f' δ + f''/2 δ² + f'''/6 δ³ with δ = x − x₀.
  static Taylor3 compose(const Taylor3& x, double f0, double f1, double f2, double f3) {
    Taylor3 delta = x;
    delta.a_[0] = 0.0;
    const Taylor3 delta2 = delta * delta;
    const Taylor3 delta3 = delta2 * delta;
    Taylor3 r = f1 * delta + (0.5 * f2) * delta2 + (f3 / 6.0) * delta3;
    r.a_[0] = f0;
    return r;
  }

  static Taylor3 reciprocal(const Taylor3& x) {
    const double v = 1.0 / x.value();
    return compose(x, v, -v * v, 2.0 * v * v * v, -6.0 * v * v * v * v);
  }

 private:
  std::array<double, 10> a_;
};

inline Taylor3 sqrt(const Taylor3& x) {
  const double r = std::sqrt(x.value());
  return Taylor3::compose(x, r, 0.5 / r, -0.25 / (r * x.value()),
                          0.375 / (r * x.value() * x.value()));
}
inline Taylor3 sin(const Taylor3& x) {
  const double s = std::sin(x.value()), c = std::cos(x.value());
  return Taylor3::compose(x, s, c, -s, -c);
}
inline Taylor3 cos(const Taylor3& x) {
  const double s = std::sin(x.value()), c = std::cos(x.value());
  return Taylor3::compose(x, c, -s, -c, s);
}

/// A point of R³ whose coordinates are Taylor3 series in (s, t): what a surface formula evaluated
/// on Taylor3 scalars returns.
struct TaylorPoint {
  Taylor3 x, y, z;
};

/// Reads the jet out of Taylor3 coordinates up to `order`.
SurfaceJet jetFromTaylor(const TaylorPoint& p, JetOrder order);

}  // namespace contactsim
