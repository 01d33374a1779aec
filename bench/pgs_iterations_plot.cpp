// Sweeps of preda-florian-2005 Algorithm 1 from f = 0 until the accelerations A f + b are within
// 1e-3 · max(1, ‖b‖∞) of Lemke's (the paper's "comparable to the solution of Baraff's
// algorithm", §3: "less than 10 iterations" for fewer than 5 contacts), on the 1000 random box
// configurations of tests/contact/point/box_lcp_agreement_test.cpp, grouped by contact count.
// Writes pgs_iterations.svg (median, 90th percentile and maximum against the contact count) and
// pgs_iterations.csv to the directory argv[1] (default docs/figures).
//
//     build/release/bench/pgs_iterations_plot docs/figures
#include <algorithm>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <map>
#include <random>
#include <sstream>
#include <vector>

#include "contact/point/contact_matrix.hpp"
#include "contactsim/io/atomic_files.hpp"
#include "contactsim/io/svg_plot.hpp"
#include "contactsim_reference/box_contact_problems.hpp"
#include "solvers/lemke.hpp"
#include "solvers/projected_gauss_seidel.hpp"

namespace contactsim {
namespace {

constexpr int kProblems = 1000;
constexpr int kMaxSweeps = 1000;  // as the test: a problem that needs more is recorded at 1000

int run(const std::filesystem::path& directory) {
  std::mt19937 rng(2005);
  std::map<int, std::vector<int>> sweeps_by_count;  // contacts → sweeps to a comparable answer
  int lemke_failures = 0;
  for (int trial = 0; trial < kProblems; ++trial) {
    const reference::BoxContactProblem p = reference::randomBoxProblem(rng, 30);
    const ContactProblem lcp = assembleContactProblem(p.bodies, p.contacts);
    const MatX dense(lcp.A);
    const double b_scale = std::max(1.0, lcp.b.lpNorm<Eigen::Infinity>());
    VecX f_exact;
    if (solveLcpLemke(dense, lcp.b, f_exact).termination != LcpTermination::kSolved) {
      ++lemke_failures;
      continue;
    }
    const VecX a_exact = dense * f_exact + lcp.b;

    int sweeps = 0;
    VecX g = VecX::Zero(lcp.b.size());
    PgsOptions one;
    one.max_iterations = 1;
    one.change_tolerance = 0.0;
    while (sweeps < kMaxSweeps) {
      projectedGaussSeidel(lcp.A, lcp.b, g, one);
      ++sweeps;
      if ((dense * g + lcp.b - a_exact).lpNorm<Eigen::Infinity>() <= 1e-3 * b_scale)
        break;
    }
    sweeps_by_count[static_cast<int>(p.contacts.size())].push_back(sweeps);
  }

  PlotSeries median{"median", {}, {}}, p90{"90th percentile", {}, {}}, max{"maximum", {}, {}};
  std::ostringstream csv;
  csv << "contacts,problems,median,p90,max\n";
  for (auto& [n, sweeps] : sweeps_by_count) {
    std::sort(sweeps.begin(), sweeps.end());
    const int m = sweeps[sweeps.size() / 2];
    const int q = sweeps[sweeps.size() * 9 / 10];
    csv << n << ',' << sweeps.size() << ',' << m << ',' << q << ',' << sweeps.back() << '\n';
    for (PlotSeries* s : {&median, &p90, &max})
      s->x.push_back(n);
    median.y.push_back(m);
    p90.y.push_back(q);
    max.y.push_back(sweeps.back());
  }
  PlotSpec spec;
  spec.title = "PGS sweeps until A f + b is within 1e-3 of Lemke's";
  spec.x_label = "contacts (1000 random box problems)";
  spec.y_label = "sweeps from f = 0 (capped at 1000)";
  spec.series = {median, p90, max};
  writeFilesAtomically(
      directory, {{"pgs_iterations.svg", svgLinePlot(spec)}, {"pgs_iterations.csv", csv.str()}});
  std::printf("%s", csv.str().c_str());
  std::printf("wrote %s/pgs_iterations.{svg,csv}; Lemke failed on %d of %d\n",
              directory.string().c_str(), lemke_failures, kProblems);
  return 0;
}

}  // namespace
}  // namespace contactsim

int main(int argc, char** argv) {
  try {
    return contactsim::run(argc > 1 ? std::filesystem::path(argv[1])
                                    : std::filesystem::path("docs/figures"));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pgs_iterations_plot: %s\n", e.what());
    return 1;
  }
}
