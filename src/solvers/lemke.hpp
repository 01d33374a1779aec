// Lemke's complementary pivoting with the lexicographic ratio test (Cottle, Pang & Stone, "The
// Linear Complementarity Problem", 1992, §4.4 and §4.9): the exact oracle and fail-safe of
// preda-florian-2005 §4. Written because Siconos' Lemke (4.4) stalls on the degenerate problems
// redundant resting contacts produce — "pivot value too small" on a box lying flat on four corners
// (8 % of the random box configurations of tests/contact/point) — where the lexicographic rule
// guarantees termination for the positive semi-definite matrices of contact problems.
#pragma once

#include "contactsim/solvers/lcp_solver.hpp"

namespace contactsim {

struct LemkeOptions {
  int max_pivots = 0;              ///< 0: 50 n + 100
  double pivot_tolerance = 1e-12;  ///< relative to the largest entry of the pivot column

  /// Throws InvalidInputError naming the bad field.
  void validate() const;
};

/// Solves a = A f + b, f ≥ 0, a ≥ 0, f·a = 0 by Lemke's method with covering vector 1 and
/// lexicographic degeneracy resolution. Terminates with a solution for every feasible problem
/// with A positive semi-definite (copositive-plus); returns kFailed on ray termination (an
/// infeasible problem, or a matrix outside that class) or when max_pivots is reached. f is the
/// solution (zeros on failure). Throws InvalidInputError for non-square A, mismatched sizes or
/// non-finite entries.
LcpStats solveLcpLemke(const MatX& A, const VecX& b, VecX& f, const LemkeOptions& options = {});

}  // namespace contactsim
