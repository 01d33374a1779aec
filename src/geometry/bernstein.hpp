// Bernstein polynomials B_i^n(u) and their derivatives to third order, templated on the scalar
// (OpenSubdiv far/patchBasis.h style: outputs a caller does not request are not computed).
#pragma once

#include <array>
#include <cstddef>

namespace contactsim {

/// Largest Bézier degree supported per parameter direction.
inline constexpr int kMaxBezierDegree = 15;

namespace bernstein_detail {

// evalBernstein for the degree kDegree known at compile time (the loops unroll, the arrays shrink
// to its size), or any degree ≤ kMaxBezierDegree given at run time (kDegree < 0). Both run the
// same operations in the same order, so their results are bitwise the same.
template <int kDegree, class Scalar>
[[gnu::always_inline]] inline void evalBernstein(int runtime_n, Scalar u, Scalar* w, Scalar* d1,
                                                 Scalar* d2, Scalar* d3) {
  const int n = kDegree >= 0 ? kDegree : runtime_n;
  constexpr std::size_t kSize = (kDegree >= 0 ? kDegree : kMaxBezierDegree) + 1;
  // Rows of the de Casteljau triangle: lower[k] holds the degree n − k basis (k = 0..3); the k-th
  // derivative of B_i^n is n!/(n−k)! Σ_l (−1)^{k−l} C(k, l) B_{i−l}^{n−k} (the forward-difference
  // form of the derivative of a Bernstein polynomial).
  const int need = d3 ? 3 : d2 ? 2 : d1 ? 1 : 0;
  std::array<std::array<Scalar, kSize>, 4> lower{};
  const Scalar v = Scalar(1) - u;
  std::array<Scalar, kSize> b{};
  b[0] = Scalar(1);
  for (int degree = 1; degree <= n; ++degree) {
    if (n - degree + 1 <= need && n - degree + 1 >= 1) {
      lower[static_cast<std::size_t>(n - degree + 1)] = b;  // basis of degree (degree − 1)
    }
    Scalar carry = Scalar(0);
    for (int i = 0; i < degree; ++i) {
      const Scalar bi = b[static_cast<std::size_t>(i)];
      b[static_cast<std::size_t>(i)] = carry + v * bi;
      carry = u * bi;
    }
    b[static_cast<std::size_t>(degree)] = carry;
  }
  for (int i = 0; i <= n; ++i)
    w[i] = b[static_cast<std::size_t>(i)];
  auto at = [&](int k, int i) -> Scalar {  // B_i^{n−k}, zero outside 0..n−k
    return (i < 0 || i > n - k) ? Scalar(0)
                                : lower[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)];
  };
  if (d1) {
    for (int i = 0; i <= n; ++i)
      d1[i] = Scalar(n) * (at(1, i - 1) - at(1, i));
  }
  if (d2) {
    const Scalar c = Scalar(n * (n - 1));
    for (int i = 0; i <= n; ++i)
      d2[i] = c * (at(2, i - 2) - Scalar(2) * at(2, i - 1) + at(2, i));
  }
  if (d3) {
    const Scalar c = Scalar(n * (n - 1) * (n - 2));
    for (int i = 0; i <= n; ++i) {
      d3[i] = c * (at(3, i - 3) - Scalar(3) * at(3, i - 2) + Scalar(3) * at(3, i - 1) - at(3, i));
    }
  }
}

}  // namespace bernstein_detail

/// Writes B_i^n(u), i = 0..n, into w[0..n] and, when the pointers are non-null, the first, second
/// and third derivatives into d1, d2, d3. n ≤ kMaxBezierDegree (checked by callers). Cubics (the
/// common case) take a version unrolled at compile time, bitwise the same.
template <class Scalar>
void evalBernstein(int n, Scalar u, Scalar* w, Scalar* d1 = nullptr, Scalar* d2 = nullptr,
                   Scalar* d3 = nullptr) {
  if (n == 3) {
    bernstein_detail::evalBernstein<3>(n, u, w, d1, d2, d3);
  } else {
    bernstein_detail::evalBernstein<-1>(n, u, w, d1, d2, d3);
  }
}

}  // namespace contactsim
