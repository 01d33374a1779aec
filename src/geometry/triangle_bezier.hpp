// Triangular Bézier patches in barycentric form and their blossoms (polar forms): what kry-2000
// §5.2.2 evaluates to give an S-patch the control points that continue an adjacent triangular
// patch (eq. 5.19; Ramshaw's blossoming principle, eq. 5.18).
#pragma once

#include <span>
#include <vector>

#include "contactsim/math/types.hpp"

namespace contactsim {

/// Number of control points of a degree-d triangular patch: (d + 1)(d + 2) / 2.
[[nodiscard]] constexpr int triangleBezierCount(int degree) {
  return (degree + 1) * (degree + 2) / 2;
}

/// Position of b_ijk (i + j + k = degree) among the control points: i from d down to 0, then j
/// from d − i down to 0 (b_d00 first, b_00d last).
[[nodiscard]] constexpr int triangleBezierIndex(int degree, int i, int j) {
  const int before = (degree - i) * (degree - i + 1) / 2;  // rows with a larger i
  return before + (degree - i - j);
}

/// The blossom f*(a_1, …, a_d) of the degree-d patch with these control points, its arguments
/// points of the plane in barycentric coordinates (each summing to one; points outside the
/// triangle too): de Casteljau's algorithm with a different argument at each level. On the
/// diagonal, f*(a, …, a) = f(a). Throws InvalidInputError on mismatched sizes.
[[nodiscard]] Vec3 triangleBezierBlossom(std::span<const Vec3> control, int degree,
                                         std::span<const Vec3> arguments);

/// The control points of the degree-d patch through `values`, the patch's values at its domain
/// points (i, j, k) / d in triangleBezierIndex order: the Bernstein interpolation system solved
/// (exact for a polynomial of degree ≤ d, such as a regular Loop patch with d = 4).
[[nodiscard]] std::vector<Vec3> triangleBezierFromDomainValues(std::span<const Vec3> values,
                                                               int degree);

}  // namespace contactsim
