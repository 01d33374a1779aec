// Projected Gauss–Seidel for the contact-force LCP: preda-florian-2005 Algorithm 1.
#pragma once

#include <optional>

#include "contactsim/solvers/lcp.hpp"

namespace contactsim {

/// The convergence policies preda-florian-2005 §3 lists, combinable: a fixed iteration count, the
/// change of f over a sweep, and (for interactive use) a wall-clock budget. The solve stops at
/// whichever comes first.
struct PgsOptions {
  int max_iterations = 1000;  ///< sweeps; with change_tolerance = 0 exactly this many run
  /// Stop once max_i |Δf_i| over one sweep is ≤ change_tolerance · max(1, ‖f‖∞). 0 disables.
  double change_tolerance = 1e-13;
  std::optional<double> time_budget_seconds;  ///< checked after every sweep

  /// Throws InvalidInputError naming the bad field.
  void validate() const;
};

/// Solves a = A f + b, f ≥ 0, a ≥ 0, f·a = 0 by preda-florian-2005 Algorithm 1. `f` holds the
/// starting point on entry (zeros as the paper does, or the previous solution as a warm start;
/// negative entries are clamped to 0) and the result on return. A must be square with positive
/// diagonal (A_ii = 1/m_A + 1/m_B + … > 0, appendix), b finite; else InvalidInputError.
LcpStats projectedGaussSeidel(const SparseRowMatrix& A, const VecX& b, VecX& f,
                              const PgsOptions& options = {});

}  // namespace contactsim
