// Real roots of a polynomial of low degree on an interval, isolated exactly (issue 30): the roots
// of p′ (found the same way, down to a linear or constant p′) split the interval into pieces on
// which p is monotone, so each piece holds at most one root, bracketed by a change of sign and
// found by bisection to the last bit (no tolerance, no convergence test that could stop early).
// Times of impact of bodies moving on polynomial paths (world/sphere_on_plane.hpp) are such roots.
#pragma once

#include <optional>
#include <span>

namespace contactsim {

/// p(x) = c[0] + c[1] x + … + c[d] x^d, by Horner's rule.
[[nodiscard]] double evaluatePolynomial(std::span<const double> c, double x);

/// The first x in (a, b] where p goes from positive to zero or below: the left end of the first
/// monotone piece of [a, b] that starts with p > 0 and ends with p ≤ 0, its root found by
/// bisection down to adjacent doubles (the larger one, where p ≤ 0). Degree at most 8. None when p
/// stays positive, or never turns from positive to non-positive within (a, b].
[[nodiscard]] std::optional<double> firstDownCrossing(std::span<const double> c, double a,
                                                      double b);

}  // namespace contactsim
