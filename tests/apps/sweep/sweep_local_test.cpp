// Sweeps on the local cores: sweeps/bowl-steps.json gives the steps and event counts of the
// committed bowl-study table (docs/figures/bowl-study/table.md, written by the bowl study's own
// loop); one job and two give the same rows; a second sweep into the same directory resumes; a
// failing run is a row, not an abort; the built-in metrics of a body thrown upwards are its
// closed-form flight.
#include "sweep/sweep_local.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "sweep/sweep_results.hpp"

namespace contactsim::sweep {
namespace {
namespace fs = std::filesystem;

const std::string kSource = CONTACTSIM_SOURCE_DIR;

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("contactsim_sweep_test_" + name);
  fs::remove_all(dir);
  return dir;
}

std::vector<std::string> split(const std::string& line, char by) {
  std::vector<std::string> cells;
  std::stringstream s(line);
  for (std::string cell; std::getline(s, cell, by);) {
    cells.push_back(cell);
  }
  return cells;
}

std::string readFile(const fs::path& file) {
  std::ifstream in(file);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// results.csv without the columns of the timing metrics (cpu_seconds, wall_seconds).
std::string withoutTiming(const SweepSpec& spec, const std::vector<RunRow>& rows) {
  std::vector<RunRow> copy = rows;
  for (RunRow& r : copy) {
    for (const MetricSpec& m : spec.metrics) {
      if (m.timing()) {
        r.metrics.erase(m.name);
      }
    }
  }
  SweepSpec untimed = spec;
  std::erase_if(untimed.metrics, [](const MetricSpec& m) { return m.timing(); });
  return resultsCsv(untimed, copy);
}

LocalSweepResult sweep(const SweepSpec& spec, const fs::path& out, int jobs) {
  return runSweepLocal(spec, expandVariants(spec), {out, jobs, {}});
}

TEST(SweepLocalTest, BowlStepsReproducesTheCommittedStudyTable) {
  const SweepSpec spec = loadSweepSpec(kSource + "/sweeps/bowl-steps.json");
  const fs::path out = scratch("bowl");
  const LocalSweepResult result = sweep(spec, out, 2);
  // table.md: | max step | CPU | set-up | simulation | paper | steps | collisions | contact on |
  // small bounces | patch crossings | mode switches | end |
  std::map<long, std::vector<std::string>> table;
  std::istringstream md(readFile(kSource + "/docs/figures/bowl-study/table.md"));
  for (std::string line; std::getline(md, line);) {
    const auto cells = split(line, '|');
    if (cells.size() > 11 && cells[1].find(" ms") != std::string::npos) {
      table[std::stol(cells[1])] = cells;
    }
  }
  ASSERT_EQ(table.size(), 8u);
  ASSERT_EQ(result.rows.size(), 8u);
  const std::pair<int, const char*> columns[] = {
      {6, "steps"},         {7, "collisions"},       {8, "contacts_on"},
      {9, "small_bounces"}, {10, "patch_crossings"}, {11, "mode_switches"}};
  for (const RunRow& row : result.rows) {
    ASSERT_EQ(row.status, "ok") << row.error;
    const long ms = std::lround(row.parameters.at("max_step").get<double>() * 1000.0);
    ASSERT_TRUE(table.count(ms)) << ms;
    for (const auto& [column, metric] : columns) {
      EXPECT_EQ(row.metrics.at(metric).get<long>(), std::stol(table[ms][column]))
          << metric << " at " << ms << " ms";
    }
  }
  fs::remove_all(out);
}

TEST(SweepLocalTest, OneJobAndTwoGiveTheSameRowsAndASecondSweepResumes) {
  const SweepSpec spec = loadSweepSpec(kSource + "/sweeps/bowl-steps.json");
  const fs::path one = scratch("jobs1"), two = scratch("jobs2");
  const LocalSweepResult a = sweep(spec, one, 1);
  const LocalSweepResult b = sweep(spec, two, 2);
  EXPECT_EQ(withoutTiming(spec, a.rows), withoutTiming(spec, b.rows));
  EXPECT_EQ(readFile(one / "results.csv").size() > 0, true);
  // Again into the same directory: nothing runs, the table is the same file, timing included.
  const std::string before = readFile(two / "results.csv");
  const LocalSweepResult again = sweep(spec, two, 2);
  EXPECT_EQ(again.resumed, 8u);
  EXPECT_EQ(readFile(two / "results.csv"), before);
  // A run whose row is lost (killed before it was written) runs again; the rest stay.
  fs::remove(two / "runs" / (expandVariants(spec)[3].key + ".json"));
  const LocalSweepResult resumed = sweep(spec, two, 1);
  EXPECT_EQ(resumed.resumed, 7u);
  EXPECT_EQ(withoutTiming(spec, resumed.rows), withoutTiming(spec, a.rows));
  EXPECT_TRUE(fs::exists(two / "plots" / "steps_vs_max_step.svg"));
  fs::remove_all(one);
  fs::remove_all(two);
}

TEST(SweepLocalTest, AFailingRunIsARowAndTheSweepGoesOn) {
  const SweepSpec spec =
      loadSweepSpec(std::string(CONTACTSIM_TEST_DATA_DIR) + "/sweeps/failing-run.json");
  const fs::path out = scratch("failing");
  const LocalSweepResult result = sweep(spec, out, 2);
  ASSERT_EQ(result.rows.size(), 2u);
  EXPECT_EQ(result.failed, 1u);
  EXPECT_EQ(result.rows[0].status, "ok");
  EXPECT_EQ(result.rows[1].status, "failed");
  EXPECT_NE(result.rows[1].error.find("diverged"), std::string::npos) << result.rows[1].error;
  EXPECT_TRUE(result.rows[1].metrics.at("steps").is_null());
  const std::string csv = readFile(out / "results.csv");
  EXPECT_NE(csv.find(",failed,\"body 'wingnut' diverged"), std::string::npos) << csv;
  fs::remove_all(out);
}

TEST(SweepLocalTest, MetricsOfABodyThrownUpwardsAreItsClosedFormFlight) {
  // scenes/tumbling-body.json: thrown up at v0 = 49.05 m/s under g = 9.81 m/s² from z = 0, so
  // vz = v0 − g t crosses zero at t = 5 s, z(6 s) = v0·6 − g·18 = 117.72 m, the top 122.6250 m.
  const std::string text = R"({"format": "contactsim-sweep", "version": 1, "name": "throw",
    "scene": "scenes/tumbling-body.json", "set": {"/duration": 6.0},
    "parameters": [{"name": "vx", "pointer": "/bodies/0/linear_velocity/0", "values": [0.2, 0.4]}],
    "metrics": [{"name": "apex_time", "type": "zero_crossing", "column": "vz"},
                {"name": "z_end", "type": "final", "column": "pz"},
                {"name": "x_end", "type": "final", "column": "px"},
                {"name": "top", "type": "max", "column": "pz"},
                {"name": "bottom", "type": "min", "column": "pz"},
                {"type": "energy_drift"}, {"type": "steps"},
                {"name": "first_bounce", "type": "first_event_time", "event": "collision"}],
    "keep": "all"})";
  const SweepSpec spec = parseSweepSpec(text, kSource + "/throw.json");
  const fs::path out = scratch("throw");
  const LocalSweepResult result = sweep(spec, out, 2);
  for (const RunRow& r : result.rows) {
    ASSERT_EQ(r.status, "ok") << r.error;
    EXPECT_NEAR(r.metrics.at("apex_time").get<double>(), 5.0, 1e-9);
    EXPECT_NEAR(r.metrics.at("z_end").get<double>(), 49.05 * 6.0 - 0.5 * 9.81 * 36.0, 1e-9);
    // The velocity is integrated in the tumbling body's frame (twist), so x carries RK4's error
    // of the rotation: 3e-8 m here.
    EXPECT_NEAR(r.metrics.at("x_end").get<double>(), r.parameters.at("vx").get<double>() * 6.0,
                1e-7);
    EXPECT_NEAR(r.metrics.at("top").get<double>(), 49.05 * 49.05 / (2.0 * 9.81), 1e-9);
    EXPECT_EQ(r.metrics.at("bottom").get<double>(), 0.0);
    EXPECT_LT(std::abs(r.metrics.at("energy_drift").get<double>()), 1e-9);
    EXPECT_EQ(r.metrics.at("steps").get<long>(), 6000);
    EXPECT_TRUE(r.metrics.at("first_bounce").is_null());  // nothing to hit
    for (const char* file : {"summary.json", "trajectory.csv", "events.csv"}) {
      EXPECT_TRUE(fs::exists(out / "runs" / r.key / file)) << file;
    }
  }
  fs::remove_all(out);
}

}  // namespace
}  // namespace contactsim::sweep
