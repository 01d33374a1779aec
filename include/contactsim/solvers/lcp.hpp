// Linear complementarity problems a = A f + b, f ≥ 0, a ≥ 0, f·a = 0 (preda-florian-2005 eqs. 1–2),
// the measures of a candidate solution, and the statistics every LCP solver reports.
#pragma once

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

}  // namespace contactsim
