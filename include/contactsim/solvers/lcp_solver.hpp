// Choosing an LCP solver at run time: preda-florian-2005's PGS, an exact pivoting method, or the
// paper's combination (§4: pivoting first, PGS as the fail-safe when pivoting fails).
#pragma once

#include "contactsim/solvers/lcp.hpp"
#include "contactsim/solvers/lemke.hpp"
#include "contactsim/solvers/projected_gauss_seidel.hpp"
#include "contactsim/solvers/siconos_lcp.hpp"

namespace contactsim {

enum class LcpStrategy {
  kPgs,              ///< projected Gauss–Seidel only (Algorithm 1)
  kPivoting,         ///< Siconos pivoting only (failure reported, f left as Siconos left it)
  kPivotingThenPgs,  ///< pivoting; if it fails or its answer is inaccurate, PGS from zero
};

const char* toString(LcpStrategy strategy);

/// The exact method of kPivoting and kPivotingThenPgs.
enum class PivotingMethod {
  kLemke,         ///< solvers/lemke.hpp: lexicographic, degenerate-safe (the default)
  kSiconosLemke,  ///< Siconos' Lemke
  kSiconosPivot,  ///< Siconos' pivot-based method
  kSiconosEnum,   ///< Siconos' enumeration (small problems only)
};

const char* toString(PivotingMethod method);

struct LcpSolverSettings {
  LcpStrategy strategy = LcpStrategy::kPivotingThenPgs;
  PgsOptions pgs;
  PivotingMethod pivoting = PivotingMethod::kLemke;
  int max_pivots = 0;  ///< 0: each method's default
  /// A pivoting answer whose residual ‖min(f, a)‖∞ exceeds this, relative to max(1, ‖b‖∞), counts
  /// as a failure.
  double accept_residual = 1e-9;
};

struct LcpSolution {
  VecX f;  ///< contact forces
  VecX a;  ///< resulting accelerations A f + b
  LcpStats stats;
  bool used_pivoting = false;  ///< the answer came from the pivoting method
  bool fell_back = false;      ///< pivoting failed and PGS answered
};

/// Solves the LCP with the chosen strategy; `warm_start` (optional, size n) seeds PGS.
LcpSolution solveLcp(const SparseRowMatrix& A, const VecX& b, const LcpSolverSettings& settings,
                     const VecX* warm_start = nullptr);

}  // namespace contactsim
