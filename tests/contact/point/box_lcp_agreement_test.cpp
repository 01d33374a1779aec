// preda-florian-2005 Algorithm 1 against Lemke's method on 1000 random box configurations
// (reference/box_contact_problems): accelerations always agree, forces where they are unique.
// Siconos' Lemke is checked too where it terminates (it stalls on some degenerate ones).
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cstdio>
#include <map>
#include <random>

#include "contactsim/solvers/lcp_solver.hpp"
#include "contactsim_reference/box_contact_problems.hpp"
#include "solvers/lemke.hpp"
#include "solvers/projected_gauss_seidel.hpp"
#include "solvers/siconos_lcp.hpp"

namespace contactsim {
namespace {

// Forces are unique when the active constraints (a_i = 0) are independent: A restricted to them
// is positive definite.
bool forcesUnique(const MatX& A, const VecX& a, double a_scale) {
  std::vector<Eigen::Index> active;
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    if (a[i] <= 1e-9 * a_scale)
      active.push_back(i);
  }
  if (active.empty())
    return true;
  MatX sub(active.size(), active.size());
  for (std::size_t r = 0; r < active.size(); ++r) {
    for (std::size_t c = 0; c < active.size(); ++c)
      sub(r, c) = A(active[r], active[c]);
  }
  const VecX eig = Eigen::SelfAdjointEigenSolver<MatX>(sub).eigenvalues();
  return eig.minCoeff() > 1e-8 * eig.maxCoeff();
}

TEST(BoxLcpAgreement, PgsMatchesLemkeOnAThousandRandomConfigurations) {
  std::mt19937 rng(2005);
  int unique = 0;
  int siconos_failures = 0;
  int not_converged = 0;
  std::vector<int> cold, warm;
  std::map<std::string, int> kinds;
  std::map<int, std::vector<int>> sweeps_by_count;  // contacts → sweeps to a comparable answer
  for (int trial = 0; trial < 1000; ++trial) {
    const reference::BoxContactProblem p = reference::randomBoxProblem(rng, 30);
    ++kinds[p.kind];
    const ContactProblem lcp = assembleContactProblem(p.bodies, p.contacts);
    const MatX dense(lcp.A);
    const double b_scale = std::max(1.0, lcp.b.lpNorm<Eigen::Infinity>());

    VecX f_exact;
    const LcpStats exact = solveLcpLemke(dense, lcp.b, f_exact);
    ASSERT_EQ(exact.termination, LcpTermination::kSolved) << p.kind << " trial " << trial;
    const VecX a_exact = dense * f_exact + lcp.b;
    VecX f_siconos;
    if (solveLcpSiconos(dense, lcp.b, f_siconos).termination == LcpTermination::kSolved) {
      EXPECT_LT((dense * f_siconos + lcp.b - a_exact).lpNorm<Eigen::Infinity>(), 1e-6 * b_scale);
    } else {
      ++siconos_failures;
    }

    // Run to convergence: sweeps in chunks until the natural residual ‖min(f, a)‖∞ is at
    // rounding level (the change of f per sweep can be tiny long before, on slow problems).
    PgsOptions options;
    options.max_iterations = 1000;
    options.change_tolerance = 0.0;
    VecX f = VecX::Zero(lcp.b.size());
    LcpStats pgs;
    for (int chunk = 0; chunk < 1000; ++chunk) {
      pgs = projectedGaussSeidel(lcp.A, lcp.b, f, options);
      if (pgs.measures.residual <= 1e-13 * b_scale)
        break;
    }
    const VecX a = dense * f + lcp.b;
    if (pgs.measures.residual <= 1e-13 * b_scale) {
      EXPECT_LT(pgs.measures.complementarity, 1e-8) << p.kind << " trial " << trial;
    } else {
      ++not_converged;  // a million sweeps were not enough (degenerate, ill-conditioned)
    }
    EXPECT_LT((a - a_exact).lpNorm<Eigen::Infinity>(), 1e-6 * b_scale)
        << p.kind << " trial " << trial << " contacts " << p.contacts.size();
    if (forcesUnique(dense, a_exact, b_scale)) {
      ++unique;
      EXPECT_LT((f - f_exact).norm(), 1e-6 * std::max(1.0, f_exact.norm()))
          << p.kind << " trial " << trial;
    }

    // Sweeps from f = 0 until the accelerations are within 1e-3 of the exact ones (the paper's
    // "comparable to the solution of Baraff's algorithm").
    int sweeps = 0;
    VecX g = VecX::Zero(lcp.b.size());
    PgsOptions one;
    one.max_iterations = 1;
    one.change_tolerance = 0.0;
    while (sweeps < 1000) {
      projectedGaussSeidel(lcp.A, lcp.b, g, one);
      ++sweeps;
      if ((dense * g + lcp.b - a_exact).lpNorm<Eigen::Infinity>() <= 1e-3 * b_scale)
        break;
    }
    const int n = static_cast<int>(p.contacts.size());
    sweeps_by_count[n].push_back(sweeps);

    // Warm start (Algorithm 1 started from the previous step's forces): the next instant's
    // problem — every load 1 % larger and tilted by 0.5 % — from the converged f, against from 0.
    std::vector<ContactBody> next_bodies = p.bodies;
    for (ContactBody& body : next_bodies) {
      body.external_force =
          1.01 * body.external_force + 0.005 * body.external_force.norm() * Vec3(0.6, 0.8, 0.0);
    }
    const VecX b_next = assembleContactProblem(next_bodies, p.contacts).b;
    VecX f_next;
    ASSERT_EQ(solveLcpLemke(dense, b_next, f_next).termination, LcpTermination::kSolved);
    const VecX a_next = dense * f_next + b_next;
    auto sweepsFrom = [&](VecX start) {
      int k = 0;
      while (k < 1000) {
        projectedGaussSeidel(lcp.A, b_next, start, one);
        ++k;
        if ((dense * start + b_next - a_next).lpNorm<Eigen::Infinity>() <= 1e-3 * b_scale)
          break;
      }
      return k;
    };
    cold.push_back(sweepsFrom(VecX::Zero(f.size())));
    warm.push_back(sweepsFrom(f));
  }
  for (const auto& [kind, count] : kinds)
    EXPECT_GT(count, 100) << kind;
  EXPECT_GT(unique, 300);
  EXPECT_LE(not_converged, 10);
  std::sort(cold.begin(), cold.end());
  std::sort(warm.begin(), warm.end());
  std::printf(
      "next-instant problems: sweeps from zero median %d, 90%% %d; warm started median %d, "
      "90%% %d\n",
      cold[500], cold[900], warm[500], warm[900]);
  EXPECT_LT(warm[500], cold[500]);
  std::printf(
      "%d of 1000 uniquely solvable; Siconos' Lemke stalled on %d; PGS short of 1e-13 "
      "after 10⁶ sweeps on %d\n",
      unique, siconos_failures, not_converged);
  for (auto& [n, sweeps] : sweeps_by_count) {
    std::sort(sweeps.begin(), sweeps.end());
    const int median = sweeps[sweeps.size() / 2];
    const int p90 = sweeps[sweeps.size() * 9 / 10];
    std::printf(
        "contacts %2d (%3zu problems): sweeps to a comparable answer median %d, 90%% %d, "
        "max %d\n",
        n, sweeps.size(), median, p90, sweeps.back());
    if (n <= 5) {
      EXPECT_LT(p90, 10) << n << " contacts";
    }
  }
}

}  // namespace
}  // namespace contactsim
