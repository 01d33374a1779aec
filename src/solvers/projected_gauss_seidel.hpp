// Projected Gauss–Seidel for the contact-force LCP: preda-florian-2005 Algorithm 1.
#pragma once

#include <optional>

#include "contactsim/solvers/lcp_solver.hpp"

namespace contactsim {

/// Solves a = A f + b, f ≥ 0, a ≥ 0, f·a = 0 by preda-florian-2005 Algorithm 1. `f` holds the
/// starting point on entry (zeros as the paper does, or the previous solution as a warm start;
/// negative entries are clamped to 0) and the result on return. A must be square with positive
/// diagonal (A_ii = 1/m_A + 1/m_B + … > 0, appendix), b finite; else InvalidInputError.
LcpStats projectedGaussSeidel(const SparseRowMatrix& A, const VecX& b, VecX& f,
                              const PgsOptions& options = {});

}  // namespace contactsim
