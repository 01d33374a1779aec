// Linear complementarity problems a = A f + b, f ≥ 0, a ≥ 0, f·a = 0 (preda-florian-2005 eqs. 1–2),
// the measures of a candidate solution and the statistics every LCP solver reports, and choosing a
// solver at run time: preda-florian-2005's PGS (Algorithm 1), an exact pivoting method, or the
// paper's combination (§4: pivoting first, PGS as the fail-safe when pivoting fails).
#pragma once

#include <optional>

#include <Eigen/Core>
#include <Eigen/SparseCore>

namespace contactsim {

using VecX = Eigen::VectorXd;
using MatX = Eigen::MatrixXd;
/// Row-major sparse storage: Gauss–Seidel sweeps read A one row at a time.
using SparseRowMatrix = Eigen::SparseMatrix<double, Eigen::RowMajor>;

/// Why an iterative LCP solve stopped.
enum class LcpTermination {
  kConverged,       ///< the largest change of f in one sweep fell below the tolerance
  kIterationLimit,  ///< the fixed iteration count was reached
  kTimeBudget,      ///< the wall-clock budget ran out
  kSolved,          ///< a pivoting method terminated with a solution
  kFailed,          ///< a pivoting method failed (ray termination, cycling, singular pivot)
};

const char* toString(LcpTermination termination);

/// Measures of a candidate solution f with a = A f + b.
struct LcpMeasures {
  double residual = 0.0;  ///< ‖min(f, a)‖∞: zero exactly at a solution
  /// max_i |f_i a_i| over contacts: the complementarity violation f·a = 0 asks to vanish.
  double complementarity = 0.0;
};

/// Evaluates a = A f + b and the measures of f (A square, sizes matching).
LcpMeasures measureLcp(const SparseRowMatrix& A, const VecX& b, const VecX& f, VecX* a = nullptr);
LcpMeasures measureLcp(const MatX& A, const VecX& b, const VecX& f, VecX* a = nullptr);

struct LcpStats {
  LcpTermination termination = LcpTermination::kIterationLimit;
  int iterations = 0;        ///< full sweeps (iterative) or pivots (pivoting)
  double last_change = 0.0;  ///< largest |Δf_i| in the last sweep (iterative solvers)
  LcpMeasures measures;      ///< of the returned f
  double seconds = 0.0;      ///< wall-clock time of the solve
};

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
