// The regular Loop patch: the quartic three-direction box spline over a triangle of a valence-6
// neighbourhood, as 12 basis functions (Stam 1998 §3) written in the monomials vⁱ wʲ (i + j ≤ 4)
// of the patch parameters (a = (0,0), b = (1,0), c = (0,1)).
#pragma once

#include <Eigen/Core>

#include "contactsim/geometry/surface.hpp"

namespace contactsim::loop {

/// Monomial index of vⁱ wʲ, ordered by total degree then j (15 monomials).
constexpr int monomialIndex(int i, int j) {
  return (i + j) * (i + j + 1) / 2 + j;
}

using BoxSplineCoefficients = Eigen::Matrix<double, 12, 15>;

/// Row s: the basis function of control slot s of regularLayout() in monomial coefficients.
/// Derived once, exactly to rounding, from Loop's own rules: two subdivision steps of the regular
/// lattice give vertices at the 15 points (i/4, j/4) of the triangle, Loop's limit masks give the
/// limit surface there, and the quartic through those 15 values is the patch (Stam 1998: a regular
/// patch is a quartic box spline, which Loop subdivision reproduces on the dyadic lattice).
const BoxSplineCoefficients& boxSplineCoefficients();

/// Monomial coefficients (15 × 3) of the patch with control points P (12 × 3, regularLayout).
Eigen::Matrix<double, 15, 3> quarticFromControlPoints(const Eigen::Matrix<double, 12, 3>& P);

/// Position and derivatives up to `order` of the quartic with the given monomial coefficients.
SurfaceJet evaluateQuartic(const Eigen::Matrix<double, 15, 3>& coefficients, double v, double w,
                           JetOrder order);

}  // namespace contactsim::loop
