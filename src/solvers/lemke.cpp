// Lemke's method on the tableau w − A z − 1 z₀ = b, kept as the explicit basis inverse B⁻¹ and
// the basic values B⁻¹ b (Cottle, Pang & Stone 1992, Algorithm 4.4.5 with the lexicographic
// minimum-ratio test of §4.9).
#include "solvers/lemke.hpp"

#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include <Eigen/LU>

#include "contactsim/error.hpp"

namespace contactsim {

void LemkeOptions::validate() const {
  if (max_pivots < 0) {
    throw InvalidInputError("Lemke: max_pivots must be ≥ 0, got " + toText(max_pivots));
  }
  if (!(pivot_tolerance > 0.0) || !(pivot_tolerance < 1.0)) {
    throw InvalidInputError("Lemke: pivot_tolerance must be in (0, 1), got " +
                            toText(pivot_tolerance));
  }
}

namespace {

// Variables: w_i = i, z_i = n + i, z₀ = 2n.
struct Tableau {
  Eigen::Index n;
  const MatX& A;
  MatX B_inverse;                   // n × n
  VecX values;                      // B⁻¹ b: the basic variables' values
  std::vector<Eigen::Index> basis;  // variable basic in each row

  // B⁻¹ times the original column of variable v.
  VecX column(Eigen::Index v) const {
    if (v < n)
      return B_inverse.col(v);
    if (v < 2 * n)
      return -(B_inverse * A.col(v - n));
    return -B_inverse.rowwise().sum();
  }

  void pivot(Eigen::Index row, const VecX& d, Eigen::Index entering) {
    const double p = d[row];
    B_inverse.row(row) /= p;
    values[row] /= p;
    for (Eigen::Index i = 0; i < n; ++i) {
      if (i == row || d[i] == 0.0)
        continue;
      B_inverse.row(i) -= d[i] * B_inverse.row(row);
      values[i] -= d[i] * values[row];
    }
    basis[static_cast<std::size_t>(row)] = entering;
  }

  // B⁻¹ and B⁻¹ b afresh from the original columns of the basic variables (LU with partial
  // pivoting): the product-form updates above lose digits on near-degenerate problems, and a ratio
  // test on drifted values then picks wrong pivots.
  MatX basisMatrix() const {
    MatX B(n, n);
    for (Eigen::Index i = 0; i < n; ++i)
      B.col(i) = original(basis[static_cast<std::size_t>(i)]);
    return B;
  }
  void refactor(const VecX& b) {
    const Eigen::PartialPivLU<MatX> lu(basisMatrix());
    B_inverse = lu.inverse();
    values = lu.solve(b);
  }
  // The original column of variable v.
  VecX original(Eigen::Index v) const {
    if (v < n)
      return VecX::Unit(n, v);
    if (v < 2 * n)
      return -A.col(v - n);
    return -VecX::Ones(n);
  }
  // Whether the updated B⁻¹ has drifted, seen on the entering column d = B⁻¹ a_v and the values
  // B⁻¹ b: B d = a_v and B x = b to near rounding (O(n²) each).
  bool drifted(Eigen::Index v, const VecX& d, const VecX& b) const {
    const MatX B = basisMatrix();
    const VecX a = original(v);
    const double tolerance = 1e-13;
    return (B * d - a).cwiseAbs().maxCoeff() > tolerance * std::max(1.0, a.cwiseAbs().maxCoeff()) ||
           (B * values - b).cwiseAbs().maxCoeff() >
               tolerance * std::max(1.0, b.cwiseAbs().maxCoeff());
  }

  // Lexicographic minimum ratio over rows with d_i > tolerance: compares the rows of
  // [values | B⁻¹] / d_i lexicographically, which never ties for distinct rows (B⁻¹ is regular).
  // Prefers z₀ on a tie of the first entry, which ends the algorithm. −1: ray termination.
  Eigen::Index ratioTest(const VecX& d, double tolerance) const {
    Eigen::Index best = -1;
    double best_ratio = 0.0;
    for (Eigen::Index i = 0; i < n; ++i) {
      if (d[i] <= tolerance)
        continue;
      const double ratio = values[i] / d[i];
      if (best < 0 || ratio < best_ratio - 1e-13 * (1.0 + std::abs(best_ratio))) {
        best = i;
        best_ratio = ratio;
        continue;
      }
      if (ratio > best_ratio + 1e-13 * (1.0 + std::abs(best_ratio)))
        continue;
      // Tie on the value: z₀ leaves first; otherwise the lexicographic order of B⁻¹'s rows.
      if (basis[static_cast<std::size_t>(i)] == 2 * n) {
        best = i;
        best_ratio = ratio;
        continue;
      }
      if (basis[static_cast<std::size_t>(best)] == 2 * n)
        continue;
      for (Eigen::Index k = 0; k < n; ++k) {
        const double a = B_inverse(i, k) / d[i];
        const double c = B_inverse(best, k) / d[best];
        if (std::abs(a - c) <= 1e-15 * (std::abs(a) + std::abs(c)))
          continue;
        if (a < c) {
          best = i;
          best_ratio = ratio;
        }
        break;
      }
    }
    return best;
  }
};

// One run of the method. `refactor`: keep B⁻¹ accurate by fresh factorisations whenever the
// updates have drifted (and at the end), for near-degenerate problems.
LcpStats lemkeRun(const MatX& A, const VecX& b, VecX& f, const LemkeOptions& options,
                  bool refactor) {
  const Eigen::Index n = b.size();
  const auto start = std::chrono::steady_clock::now();
  LcpStats stats;
  f = VecX::Zero(n);
  auto finish = [&](LcpTermination termination) {
    stats.termination = termination;
    if (termination == LcpTermination::kFailed)
      f.setZero();
    stats.measures = measureLcp(A, b, f);
    stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return stats;
  };
  if (n == 0 || b.minCoeff() >= 0.0)
    return finish(LcpTermination::kSolved);  // f = 0 solves it

  Tableau t{n, A, MatX::Identity(n, n), b, {}};
  for (Eigen::Index i = 0; i < n; ++i)
    t.basis.push_back(i);
  const int max_pivots =
      options.max_pivots > 0 ? options.max_pivots : 50 * static_cast<int>(n) + 100;
  // z₀ enters at the row of the most negative b (lexicographically least among ties).
  Eigen::Index entering = 2 * n;
  VecX d = t.column(entering);
  {
    Eigen::Index row = 0;
    for (Eigen::Index i = 1; i < n; ++i) {
      if (b[i] < b[row])
        row = i;
    }
    const Eigen::Index leaving = t.basis[static_cast<std::size_t>(row)];
    t.pivot(row, d, entering);
    ++stats.iterations;
    entering = leaving < n ? leaving + n : leaving - n;  // the complement of what left
  }
  for (; stats.iterations < max_pivots; ++stats.iterations) {
    d = t.column(entering);
    if (refactor && t.drifted(entering, d, b)) {
      t.refactor(b);
      d = t.column(entering);
    }
    const double scale = d.cwiseAbs().maxCoeff();
    const Eigen::Index row = t.ratioTest(d, options.pivot_tolerance * std::max(scale, 1e-300));
    if (row < 0)
      return finish(LcpTermination::kFailed);  // ray termination
    const Eigen::Index leaving = t.basis[static_cast<std::size_t>(row)];
    t.pivot(row, d, entering);
    if (refactor && leaving == 2 * n)
      t.refactor(b);
    if (leaving == 2 * n) {  // z₀ left the basis: a complementary solution
      for (Eigen::Index i = 0; i < n; ++i) {
        const Eigen::Index v = t.basis[static_cast<std::size_t>(i)];
        if (v >= n && v < 2 * n)
          f[v - n] = std::max(0.0, t.values[i]);
      }
      ++stats.iterations;
      return finish(LcpTermination::kSolved);
    }
    entering = leaving < n ? leaving + n : leaving - n;
  }
  return finish(LcpTermination::kFailed);
}

}  // namespace

// Lemke's method as it stands, then, where its answer is not a solution to near rounding (a
// degenerate problem whose product-form updates drifted: ten stacked boxes with four coplanar
// contacts per face, tests/world/point_contact_acceleration_test.cpp), once more with B⁻¹
// refactored whenever it drifts; the better answer is returned, the pivots of both counted.
LcpStats solveLcpLemke(const MatX& A, const VecX& b, VecX& f, const LemkeOptions& options) {
  options.validate();
  const Eigen::Index n = b.size();
  if (A.rows() != n || A.cols() != n) {
    throw InvalidInputError("Lemke: A is " + toText(A.rows()) + "×" + toText(A.cols()) +
                            " but b has " + toText(n) + " rows");
  }
  if (!A.allFinite() || !b.allFinite())
    throw InvalidInputError("Lemke: A and b must be finite");
  LcpStats stats = lemkeRun(A, b, f, options, /*refactor=*/false);
  const double scale = std::max(1.0, n > 0 ? b.cwiseAbs().maxCoeff() : 0.0);
  if (stats.termination == LcpTermination::kSolved && stats.measures.residual <= 1e-10 * scale)
    return stats;
  VecX refined;
  LcpStats second = lemkeRun(A, b, refined, options, /*refactor=*/true);
  const bool better = second.termination == LcpTermination::kSolved &&
                      (stats.termination != LcpTermination::kSolved ||
                       second.measures.residual < stats.measures.residual);
  second.iterations += stats.iterations;
  second.seconds += stats.seconds;
  if (!better) {
    stats.iterations = second.iterations;
    stats.seconds = second.seconds;
    return stats;
  }
  f = refined;
  return second;
}

}  // namespace contactsim
