// LCP solvers against hand-solved problems and against each other: preda-florian-2005 Algorithm 1
// and Siconos' pivoting methods.
#include <gtest/gtest.h>

#include <random>

#include "contactsim/error.hpp"
#include "contactsim/solvers/lcp_solver.hpp"
#include "solvers/lemke.hpp"
#include "solvers/projected_gauss_seidel.hpp"
#include "solvers/siconos_lcp.hpp"

namespace contactsim {
namespace {

SparseRowMatrix sparse(const MatX& dense) {
  return dense.sparseView();
}

PgsOptions pgsOptions(int max_iterations, double change_tolerance = 1e-13,
                      std::optional<double> budget = std::nullopt) {
  PgsOptions options;
  options.max_iterations = max_iterations;
  options.change_tolerance = change_tolerance;
  options.time_budget_seconds = budget;
  return options;
}

SiconosLcpOptions siconos(SiconosLcpMethod method) {
  SiconosLcpOptions options;
  options.method = method;
  return options;
}

// A = [[2,1,0],[1,2,1],[0,1,2]], b = (−1, 1, −2). By hand: guess active set {1, 3} (f₂ = 0):
// 2f₁ = 1 and 2f₃ = 2 give f = (1/2, 0, 1); then a₂ = f₁ + f₃ + 1 = 5/2 ≥ 0. So f = (½, 0, 1),
// a = (0, 5/2, 0).
struct HandSolved {
  MatX A{{2, 1, 0}, {1, 2, 1}, {0, 1, 2}};
  VecX b{{-1.0, 1.0, -2.0}};
  VecX f{{0.5, 0.0, 1.0}};
  VecX a{{0.0, 2.5, 0.0}};
};

TEST(ProjectedGaussSeidel, SolvesTheHandSolvedProblem) {
  const HandSolved p;
  VecX f = VecX::Zero(3);
  const LcpStats stats = projectedGaussSeidel(sparse(p.A), p.b, f);
  EXPECT_EQ(stats.termination, LcpTermination::kConverged);
  EXPECT_LT((f - p.f).norm(), 1e-12);
  EXPECT_LT(stats.measures.residual, 1e-12);
}

TEST(SiconosLcp, PivotingMethodsSolveTheHandSolvedProblem) {
  const HandSolved p;
  for (SiconosLcpMethod method :
       {SiconosLcpMethod::kLemke, SiconosLcpMethod::kPivot, SiconosLcpMethod::kEnum}) {
    VecX f;
    const LcpStats stats = solveLcpSiconos(p.A, p.b, f, siconos(method));
    EXPECT_EQ(stats.termination, LcpTermination::kSolved) << toString(method);
    EXPECT_LT((f - p.f).norm(), 1e-12) << toString(method);
  }
}

TEST(Lemke, SolvesTheHandSolvedProblem) {
  const HandSolved p;
  VecX f;
  const LcpStats stats = solveLcpLemke(p.A, p.b, f);
  EXPECT_EQ(stats.termination, LcpTermination::kSolved);
  EXPECT_LT((f - p.f).norm(), 1e-14);
}

TEST(Lemke, ReportsRayTerminationOnAnInfeasibleProblem) {
  // a = 0·f − 1 < 0 whatever f: no solution.
  const MatX A = MatX::Zero(1, 1);
  const VecX b = VecX::Constant(1, -1.0);
  VecX f;
  EXPECT_EQ(solveLcpLemke(A, b, f).termination, LcpTermination::kFailed);
}

TEST(Lemke, SolvesADegenerateProblemWithRedundantRows) {
  // Rank one and a degenerate start (b has two equal most-negative entries): the lexicographic
  // rule must still end at a solution, f₁ + f₂ = 1 (any split), a = 0.
  const MatX A{{1.0, 1.0, 0.0}, {1.0, 1.0, 0.0}, {0.0, 0.0, 2.0}};
  const VecX b{{-1.0, -1.0, 1.0}};
  VecX f;
  const LcpStats stats = solveLcpLemke(A, b, f);
  EXPECT_EQ(stats.termination, LcpTermination::kSolved);
  EXPECT_NEAR(f[0] + f[1], 1.0, 1e-14);
  EXPECT_EQ(f[2], 0.0);
  EXPECT_LT(stats.measures.residual, 1e-14);
}

TEST(ProjectedGaussSeidel, FixedIterationCountRunsExactlyThatMany) {
  const HandSolved p;
  VecX f = VecX::Zero(3);
  const LcpStats stats = projectedGaussSeidel(sparse(p.A), p.b, f, pgsOptions(7, 0.0));
  EXPECT_EQ(stats.iterations, 7);
  EXPECT_EQ(stats.termination, LcpTermination::kIterationLimit);
}

TEST(ProjectedGaussSeidel, WarmStartAtTheSolutionStopsAfterOneSweep) {
  const HandSolved p;
  VecX f = p.f;
  const LcpStats stats = projectedGaussSeidel(sparse(p.A), p.b, f);
  EXPECT_EQ(stats.iterations, 1);
  EXPECT_EQ(stats.termination, LcpTermination::kConverged);
}

TEST(ProjectedGaussSeidel, TimeBudgetStopsALongSolve) {
  // A badly conditioned SPD matrix makes PGS crawl; a 1 µs budget must stop it early.
  const int n = 200;
  MatX A = MatX::Constant(n, n, 0.999);
  A.diagonal().setOnes();
  const VecX b = -VecX::LinSpaced(n, 1.0, 2.0);
  VecX f = VecX::Zero(n);
  const LcpStats stats = projectedGaussSeidel(sparse(A), b, f, pgsOptions(1000000, 1e-15, 1e-6));
  EXPECT_EQ(stats.termination, LcpTermination::kTimeBudget);
  EXPECT_LT(stats.iterations, 1000000);
}

// Random symmetric positive definite problems have a unique solution: PGS, Lemke and pivot agree.
TEST(LcpSolvers, AgreeOnRandomPositiveDefiniteProblems) {
  std::mt19937 rng(7);
  std::normal_distribution<double> gauss;
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 1 + trial % 25;
    MatX J(n + 3, n);
    for (Eigen::Index i = 0; i < J.size(); ++i)
      J.data()[i] = gauss(rng);
    const MatX A = J.transpose() * J + 0.1 * MatX::Identity(n, n);
    VecX b(n);
    for (int i = 0; i < n; ++i)
      b[i] = gauss(rng);
    VecX f_pgs = VecX::Zero(n);
    const LcpStats pgs = projectedGaussSeidel(sparse(A), b, f_pgs, pgsOptions(100000));
    ASSERT_EQ(pgs.termination, LcpTermination::kConverged) << "trial " << trial;
    VecX f_lemke;
    ASSERT_EQ(solveLcpLemke(A, b, f_lemke).termination, LcpTermination::kSolved);
    EXPECT_LT((f_lemke - f_pgs).norm(), 1e-8 * std::max(1.0, f_lemke.norm())) << trial;
    for (SiconosLcpMethod method : {SiconosLcpMethod::kLemke, SiconosLcpMethod::kPivot}) {
      VecX f;
      const LcpStats exact = solveLcpSiconos(A, b, f, siconos(method));
      ASSERT_EQ(exact.termination, LcpTermination::kSolved) << toString(method);
      EXPECT_LT((f - f_pgs).norm(), 1e-8 * std::max(1.0, f.norm()))
          << toString(method) << " trial " << trial;
    }
    EXPECT_LT(pgs.measures.complementarity, 1e-10);
  }
}

TEST(LcpSolver, FallsBackToPgsWhenPivotingFails) {
  const HandSolved p;
  LcpSolverSettings settings;
  settings.strategy = LcpStrategy::kPivotingThenPgs;
  settings.max_pivots = 1;  // Lemke needs three pivots here: it must give up
  const LcpSolution s = solveLcp(sparse(p.A), p.b, settings);
  EXPECT_TRUE(s.fell_back);
  EXPECT_FALSE(s.used_pivoting);
  EXPECT_LT((s.f - p.f).norm(), 1e-12);

  settings.strategy = LcpStrategy::kPivoting;
  const LcpSolution failed = solveLcp(sparse(p.A), p.b, settings);
  EXPECT_EQ(failed.stats.termination, LcpTermination::kFailed);

  settings.max_pivots = 0;
  settings.strategy = LcpStrategy::kPivotingThenPgs;
  const LcpSolution pivoted = solveLcp(sparse(p.A), p.b, settings);
  EXPECT_TRUE(pivoted.used_pivoting);
  EXPECT_FALSE(pivoted.fell_back);
  EXPECT_LT((pivoted.a - p.a).norm(), 1e-12);
}

TEST(ProjectedGaussSeidel, SingularMatrixStillGivesASolution) {
  // Rank one: two identical constraint rows (redundant contacts). Solutions f₁ + f₂ = 1, any split.
  const MatX A{{1.0, 1.0}, {1.0, 1.0}};
  const VecX b{{-1.0, -1.0}};
  VecX f = VecX::Zero(2);
  const LcpStats stats = projectedGaussSeidel(sparse(A), b, f);
  EXPECT_EQ(stats.termination, LcpTermination::kConverged);
  EXPECT_NEAR(f.sum(), 1.0, 1e-14);
  EXPECT_LT(stats.measures.residual, 1e-14);
}

TEST(ProjectedGaussSeidel, RejectsBadInput) {
  const HandSolved p;
  VecX f = VecX::Zero(3);
  MatX zero_diagonal = p.A;
  zero_diagonal(1, 1) = 0.0;
  EXPECT_THROW(projectedGaussSeidel(sparse(zero_diagonal), p.b, f), InvalidInputError);
  VecX short_b = p.b.head(2);
  EXPECT_THROW(projectedGaussSeidel(sparse(p.A), short_b, f), InvalidInputError);
  VecX nan_b = p.b;
  nan_b[0] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(projectedGaussSeidel(sparse(p.A), nan_b, f), InvalidInputError);
  EXPECT_THROW(projectedGaussSeidel(sparse(p.A), p.b, f, pgsOptions(0)), InvalidInputError);
  EXPECT_THROW(solveLcpSiconos(p.A.topRows(2), p.b, f), InvalidInputError);
  EXPECT_THROW(solveLcpLemke(p.A.topRows(2), p.b, f), InvalidInputError);
  EXPECT_THROW(solveLcpLemke(p.A, nan_b, f), InvalidInputError);
}

}  // namespace
}  // namespace contactsim
