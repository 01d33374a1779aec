// The studies as sweeps (sweeps/), against their committed tables: restitution-angles.json gives
// the coefficients of restitution of docs/figures/restitution-study/restitution.csv (written by
// the restitution study's own loop, apps/studies/restitution_study.cpp) to their nine digits, and
// rattleback-friction.json gives docs/figures/rattleback-friction/results.csv but for the timing
// column. Not under the sanitizers: the bar's response map alone is about 6 s of boundary
// elements in the optimised build.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "sweep/sweep_local.hpp"
#include "sweep/sweep_results.hpp"

namespace contactsim::sweep {
namespace {
namespace fs = std::filesystem;

const std::string kSource = CONTACTSIM_SOURCE_DIR;

// A CSV file's lines, each split at its commas (the tables here quote nothing).
std::vector<std::vector<std::string>> readCsv(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> cells;
    std::stringstream s(line);
    for (std::string cell; std::getline(s, cell, ',');) {
      cells.push_back(cell);
    }
    rows.push_back(cells);
  }
  return rows;
}

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("contactsim_sweep_studies_" + name);
  fs::remove_all(dir);
  return dir;
}

TEST(SweepStudiesTest, RestitutionAnglesReproducesTheCommittedStudy) {
  const fs::path out = scratch("restitution");
  // The bar's map is computed at load and cached: here, not in the user's cache.
  setenv("CONTACTSIM_CACHE_DIR", (out / "cache").c_str(), 1);
  const SweepSpec spec = loadSweepSpec(kSource + "/sweeps/restitution-angles.json");
  const LocalSweepResult result = runSweepLocal(spec, expandVariants(spec), {out, 2, {}});
  const auto table = readCsv(kSource + "/docs/figures/restitution-study/restitution.csv");
  ASSERT_EQ(table.size(), result.rows.size() + 1);  // header: angle_deg,restitution,...
  for (std::size_t k = 0; k < result.rows.size(); ++k) {
    const RunRow& row = result.rows[k];
    ASSERT_EQ(row.status, "ok") << row.error;
    EXPECT_EQ(row.parameters.at("angle_deg").get<double>(), std::stod(table[k + 1][0]));
    // restitution.csv writes nine significant digits (%.9g).
    const double e = std::stod(table[k + 1][1]);
    EXPECT_NEAR(row.metrics.at("restitution").get<double>(), e, 1e-9) << table[k + 1][0] << "°";
  }
  fs::remove_all(out);
}

TEST(SweepStudiesTest, RattlebackFrictionReproducesItsCommittedTable) {
  const SweepSpec spec = loadSweepSpec(kSource + "/sweeps/rattleback-friction.json");
  const fs::path out = scratch("rattleback");
  (void)runSweepLocal(spec, expandVariants(spec), {out, 2, {}});
  auto fresh = readCsv(out / "results.csv");
  auto committed = readCsv(kSource + "/docs/figures/rattleback-friction/results.csv");
  ASSERT_EQ(fresh.size(), 55u);  // 2 × 9 × 3 runs and the header
  ASSERT_EQ(committed.size(), fresh.size());
  std::size_t cpu = 0;
  while (cpu < fresh[0].size() && fresh[0][cpu] != "cpu_seconds") {
    ++cpu;
  }
  ASSERT_LT(cpu, fresh[0].size());
  for (std::size_t k = 0; k < fresh.size(); ++k) {
    ASSERT_EQ(fresh[k].size(), committed[k].size()) << k;
    fresh[k].erase(fresh[k].begin() + static_cast<long>(cpu));
    committed[k].erase(committed[k].begin() + static_cast<long>(cpu));
    EXPECT_EQ(fresh[k], committed[k]) << "row " << k;
  }
  fs::remove_all(out);
}

}  // namespace
}  // namespace contactsim::sweep
