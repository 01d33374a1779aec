// Siconos numerics' LCP solvers (Debian libsiconos-numerics-dev) behind one call: the exact
// pivoting methods serve as oracle and fail-safe for preda-florian-2005's PGS, the iterative ones
// as peers in bench/.
#pragma once

#include "contactsim/solvers/lcp_solver.hpp"

namespace contactsim {

enum class SiconosLcpMethod {
  kLemke,      ///< lexicographic Lemke (degenerate-safe pivoting)
  kPivot,      ///< Siconos' pivot-based method (Lemke's scheme with its own pivoting rule)
  kEnum,       ///< enumeration of active sets (exact, exponential; small problems only)
  kPgs,        ///< Siconos' own projected Gauss–Seidel (peer)
  kPsor,       ///< projected successive over-relaxation (peer)
  kNewtonMin,  ///< semismooth Newton on the min-reformulation (peer)
};

const char* toString(SiconosLcpMethod method);

struct SiconosLcpOptions {
  SiconosLcpMethod method = SiconosLcpMethod::kLemke;
  int max_iterations = 10000;  ///< pivots or sweeps
  double tolerance = 1e-12;    ///< Siconos' own error measure for iterative methods and the filter
};

/// Solves a = A f + b, f ≥ 0, a ≥ 0, f·a = 0 with Siconos numerics. f is the result (and the
/// starting point of the iterative methods). Never throws on a solver failure: the returned
/// termination is kFailed and f is whatever Siconos left. Throws InvalidInputError for
/// non-square A, mismatched sizes or non-finite entries.
LcpStats solveLcpSiconos(const MatX& A, const VecX& b, VecX& f,
                         const SiconosLcpOptions& options = {});

}  // namespace contactsim
