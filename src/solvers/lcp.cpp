// Measures of a candidate LCP solution (preda-florian-2005 eq. 2).
#include "contactsim/solvers/lcp_solver.hpp"

#include <algorithm>
#include <cmath>

namespace contactsim {

const char* toString(LcpTermination termination) {
  switch (termination) {
    case LcpTermination::kConverged:
      return "converged";
    case LcpTermination::kIterationLimit:
      return "iteration-limit";
    case LcpTermination::kTimeBudget:
      return "time-budget";
    case LcpTermination::kSolved:
      return "solved";
    case LcpTermination::kFailed:
      return "failed";
  }
  return "unknown";
}

namespace {

LcpMeasures measuresOf(const VecX& f, const VecX& a) {
  LcpMeasures m;
  for (Eigen::Index i = 0; i < f.size(); ++i) {
    m.residual = std::max(m.residual, std::abs(std::min(f[i], a[i])));
    m.complementarity = std::max(m.complementarity, std::abs(f[i] * a[i]));
  }
  return m;
}

}  // namespace

LcpMeasures measureLcp(const SparseRowMatrix& A, const VecX& b, const VecX& f, VecX* a) {
  const VecX acc = A * f + b;
  if (a != nullptr)
    *a = acc;
  return measuresOf(f, acc);
}

LcpMeasures measureLcp(const MatX& A, const VecX& b, const VecX& f, VecX* a) {
  const VecX acc = A * f + b;
  if (a != nullptr)
    *a = acc;
  return measuresOf(f, acc);
}

}  // namespace contactsim
