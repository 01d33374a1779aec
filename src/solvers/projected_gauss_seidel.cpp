// preda-florian-2005 Algorithm 1: projected Gauss–Seidel on a = A f + b.
#include "solvers/projected_gauss_seidel.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include "contactsim/error.hpp"

namespace contactsim {

void PgsOptions::validate() const {
  if (max_iterations < 1) {
    throw InvalidInputError("PGS: max_iterations must be ≥ 1, got " + toText(max_iterations));
  }
  if (!(change_tolerance >= 0.0) || !std::isfinite(change_tolerance)) {
    throw InvalidInputError("PGS: change_tolerance must be finite and ≥ 0, got " +
                            toText(change_tolerance));
  }
  if (time_budget_seconds && !(*time_budget_seconds > 0.0)) {
    throw InvalidInputError("PGS: time_budget_seconds must be > 0, got " +
                            toText(*time_budget_seconds));
  }
}

namespace {

void validateProblem(const SparseRowMatrix& A, const VecX& b, const VecX& f,
                     std::vector<double>& diagonal) {
  const Eigen::Index n = b.size();
  if (A.rows() != n || A.cols() != n || f.size() != n) {
    throw InvalidInputError("PGS: A is " + toText(A.rows()) + "×" + toText(A.cols()) + ", b has " +
                            toText(n) + " rows and f " + toText(f.size()) + ": sizes must match");
  }
  if (!b.allFinite() || !f.allFinite()) {
    throw InvalidInputError("PGS: b and the starting f must be finite");
  }
  diagonal.assign(static_cast<std::size_t>(n), 0.0);
  for (Eigen::Index i = 0; i < n; ++i) {
    for (SparseRowMatrix::InnerIterator it(A, i); it; ++it) {
      if (!std::isfinite(it.value())) {
        throw InvalidInputError("PGS: A(" + toText(i) + ", " + toText(it.col()) +
                                ") is not finite");
      }
      if (it.col() == i)
        diagonal[static_cast<std::size_t>(i)] += it.value();
    }
    if (!(diagonal[static_cast<std::size_t>(i)] > 0.0)) {
      throw InvalidInputError("PGS: A(" + toText(i) + ", " + toText(i) +
                              ") must be > 0 (appendix: A_ii = 1/m_A + 1/m_B), got " +
                              toText(diagonal[static_cast<std::size_t>(i)]));
    }
  }
}

}  // namespace

LcpStats projectedGaussSeidel(const SparseRowMatrix& A, const VecX& b, VecX& f,
                              const PgsOptions& options) {
  options.validate();
  std::vector<double> diagonal;
  validateProblem(A, b, f, diagonal);
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const Eigen::Index n = b.size();
  f = f.cwiseMax(0.0);

  LcpStats stats;
  stats.termination = LcpTermination::kIterationLimit;
  for (int sweep = 1; sweep <= options.max_iterations; ++sweep) {
    double change = 0.0;
    double largest = 0.0;
    for (Eigen::Index i = 0; i < n; ++i) {
      // q = b_i + Σ_{j≠i} A_ij f_j: the acceleration at contact i were f_i zero.
      double q = b[i];
      for (SparseRowMatrix::InnerIterator it(A, i); it; ++it) {
        if (it.col() != i)
          q += it.value() * f[it.col()];
      }
      // q ≥ 0: no force needed; q < 0: the force that makes a_i = q + A_ii f_i vanish, as §3's
      // text says. (The pseudocode's "f_i = f_i − q/A_ii" would be right only with j = i
      // included in q; with it excluded, as written, the text's f_i = −q/A_ii is the update.)
      const double updated = q >= 0.0 ? 0.0 : -q / diagonal[static_cast<std::size_t>(i)];
      change = std::max(change, std::abs(updated - f[i]));
      f[i] = updated;
      largest = std::max(largest, updated);
    }
    stats.iterations = sweep;
    stats.last_change = change;
    if (options.change_tolerance > 0.0 &&
        change <= options.change_tolerance * std::max(1.0, largest)) {
      stats.termination = LcpTermination::kConverged;
      break;
    }
    if (options.time_budget_seconds &&
        std::chrono::duration<double>(Clock::now() - start).count() >=
            *options.time_budget_seconds) {
      stats.termination = LcpTermination::kTimeBudget;
      break;
    }
  }
  stats.measures = measureLcp(A, b, f);
  stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return stats;
}

}  // namespace contactsim
