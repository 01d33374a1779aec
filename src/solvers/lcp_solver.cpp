// Run-time choice of LCP solver, including preda-florian-2005 §4's combination: an exact pivoting
// method first (Baraff's in the paper, Siconos' Lemke here) and PGS as the fail-safe.
#include "contactsim/solvers/lcp_solver.hpp"

#include <algorithm>

#include "contactsim/error.hpp"
#include "solvers/lemke.hpp"
#include "solvers/projected_gauss_seidel.hpp"
#include "solvers/siconos_lcp.hpp"

namespace contactsim {

const char* toString(LcpStrategy strategy) {
  switch (strategy) {
    case LcpStrategy::kPgs:
      return "pgs";
    case LcpStrategy::kPivoting:
      return "pivoting";
    case LcpStrategy::kPivotingThenPgs:
      return "pivoting-then-pgs";
  }
  return "unknown";
}

const char* toString(PivotingMethod method) {
  switch (method) {
    case PivotingMethod::kLemke:
      return "lemke";
    case PivotingMethod::kSiconosLemke:
      return "siconos-lemke";
    case PivotingMethod::kSiconosPivot:
      return "siconos-pivot";
    case PivotingMethod::kSiconosEnum:
      return "siconos-enum";
  }
  return "unknown";
}

namespace {

LcpStats pivot(const MatX& A, const VecX& b, VecX& f, const LcpSolverSettings& settings) {
  if (settings.pivoting == PivotingMethod::kLemke) {
    LemkeOptions options;
    options.max_pivots = settings.max_pivots;
    return solveLcpLemke(A, b, f, options);
  }
  SiconosLcpOptions options;
  options.method = settings.pivoting == PivotingMethod::kSiconosLemke   ? SiconosLcpMethod::kLemke
                   : settings.pivoting == PivotingMethod::kSiconosPivot ? SiconosLcpMethod::kPivot
                                                                        : SiconosLcpMethod::kEnum;
  if (settings.max_pivots > 0)
    options.max_iterations = settings.max_pivots;
  return solveLcpSiconos(A, b, f, options);
}

}  // namespace

LcpSolution solveLcp(const SparseRowMatrix& A, const VecX& b, const LcpSolverSettings& settings,
                     const VecX* warm_start) {
  const Eigen::Index n = b.size();
  if (warm_start != nullptr && warm_start->size() != n) {
    throw InvalidInputError("LCP: warm start has " + toText(warm_start->size()) + " entries for " +
                            toText(n) + " contacts");
  }
  LcpSolution solution;
  if (settings.strategy != LcpStrategy::kPgs) {
    solution.f = VecX::Zero(n);
    solution.stats = pivot(MatX(A), b, solution.f, settings);
    const double scale = std::max(1.0, b.lpNorm<Eigen::Infinity>());
    const bool accepted = solution.stats.termination == LcpTermination::kSolved &&
                          solution.stats.measures.residual <= settings.accept_residual * scale;
    if (accepted || settings.strategy == LcpStrategy::kPivoting) {
      if (!accepted)
        solution.stats.termination = LcpTermination::kFailed;
      solution.used_pivoting = true;
      solution.a = A * solution.f + b;
      return solution;
    }
    solution.fell_back = true;
  }
  solution.f = warm_start != nullptr ? *warm_start : VecX::Zero(n);
  solution.stats = projectedGaussSeidel(A, b, solution.f, settings.pgs);
  solution.a = A * solution.f + b;
  return solution;
}

}  // namespace contactsim
