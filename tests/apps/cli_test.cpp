// The contactsim executable: default scene, run with --out, and the bad-input set (clear error,
// exit 1, no output files; usage errors exit 2).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "../scene/bad_scenes.hpp"

namespace {
namespace fs = std::filesystem;

struct Outcome {
  int exit_code;
  std::string output;  // stdout and stderr
};

Outcome runCli(const std::string& arguments, const fs::path& cwd) {
  const fs::path log = cwd / "cli.log";
  const std::string command = "cd '" + cwd.string() + "' && '" + CONTACTSIM_CLI + "' " + arguments +
                              " > '" + log.string() + "' 2>&1 < /dev/null";
  const int status = std::system(command.c_str());
  std::ifstream in(log);
  std::ostringstream s;
  s << in.rdbuf();
  fs::remove(log);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, s.str()};
}

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("contactsim_cli_test_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(CliTest, NoArgumentRunsTheDefaultScene) {
  const fs::path dir = scratch("default");
  const Outcome o = runCli("", dir);
  EXPECT_EQ(o.exit_code, 0) << o.output;
  EXPECT_NE(o.output.find("rattleback-spin"), std::string::npos) << o.output;
  for (const char* file :
       {"trajectory.csv", "events.csv", "summary.json", "spin.svg", "com_path.svg", "energy.svg"}) {
    EXPECT_TRUE(fs::exists(dir / "contactsim-out/rattleback-spin" / file)) << file;
  }
  fs::remove_all(dir);
}

TEST(CliTest, RunWritesToTheGivenDirectory) {
  const fs::path dir = scratch("run");
  const Outcome o = runCli("run '" + std::string(CONTACTSIM_SOURCE_DIR) +
                               "/scenes/tumbling-body.json' --out results --quiet",
                           dir);
  EXPECT_EQ(o.exit_code, 0) << o.output;
  EXPECT_TRUE(o.output.empty()) << o.output;
  EXPECT_GT(fs::file_size(dir / "results/trajectory.csv"), 1000u);
  fs::remove_all(dir);
}

// `run` prints what `validate` warns of (here ω h = 0.01 · 150 = 1.5 > 1 for RK4), then runs;
// --quiet silences it with the rest.
TEST(CliTest, RunPrintsTheScenesWarnings) {
  const fs::path dir = scratch("run-warns");
  std::ofstream(dir / "spinner.json") << R"({"format": "contactsim-scene", "version": 2,
    "name": "spinner", "duration": 0.03, "integrator": {"method": "rk4", "step": 0.01},
    "bodies": [{"name": "spinner", "mass": 1, "inertia": [1, 2, 2.5],
                "angular_velocity": [0, 150, 0]}]})";
  const Outcome o = runCli("run spinner.json --out out", dir);
  EXPECT_EQ(o.exit_code, 0) << o.output;
  EXPECT_EQ(o.output.rfind("contactsim: warning: body 'spinner' spins at 150 rad/s", 0), 0u)
      << o.output;
  EXPECT_TRUE(fs::exists(dir / "out/trajectory.csv"));
  const Outcome quiet = runCli("run spinner.json --out out2 --quiet", dir);
  EXPECT_EQ(quiet.exit_code, 0) << quiet.output;
  EXPECT_TRUE(quiet.output.empty()) << quiet.output;
  fs::remove_all(dir);
}

TEST(CliTest, BadScenesFailCleanlyWithoutOutputs) {
  for (const contactsim::testing::BadScene& bad : contactsim::testing::badScenes()) {
    const fs::path dir = scratch("bad");
    const Outcome o = runCli("run '" + contactsim::testing::badScenePath(bad) + "' --out out", dir);
    EXPECT_EQ(o.exit_code, 1) << bad.file;
    EXPECT_EQ(o.output.rfind("contactsim: error: ", 0), 0u) << bad.file << ": " << o.output;
    EXPECT_NE(o.output.find(bad.json_path), std::string::npos) << bad.file << ": " << o.output;
    EXPECT_EQ(std::count(o.output.begin(), o.output.end(), '\n'), 1) << o.output;
    EXPECT_FALSE(fs::exists(dir / "out")) << bad.file << " left output behind";
    fs::remove_all(dir);
  }
}

TEST(CliTest, MigrateWritesFormatTwoThatRunsAsFormatOne) {
  const fs::path dir = scratch("migrate");
  const std::string v1 =
      std::string(CONTACTSIM_SOURCE_DIR) + "/tests/data/scenes-v1/sphere-drop.json";
  // To standard output, and to a file whose relative paths stay valid.
  const Outcome printed = runCli("migrate '" + v1 + "'", dir);
  EXPECT_EQ(printed.exit_code, 0) << printed.output;
  EXPECT_NE(printed.output.find("\"version\": 2"), std::string::npos) << printed.output;
  const Outcome written = runCli("migrate '" + v1 + "' -o sub/drop.json", dir);
  EXPECT_EQ(written.exit_code, 0) << written.output;
  EXPECT_TRUE(written.output.empty()) << written.output;
  EXPECT_EQ(runCli("run sub/drop.json --out new --quiet", dir).exit_code, 0);
  EXPECT_EQ(runCli("run '" + v1 + "' --out old --quiet", dir).exit_code, 0);
  const auto text = [&](const fs::path& file) {
    std::ifstream in(dir / file);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  };
  EXPECT_EQ(text("new/trajectory.csv"), text("old/trajectory.csv"));
  EXPECT_EQ(text("new/events.csv"), text("old/events.csv"));
  // A loop surface's OBJ path, rebased to the new file's directory.
  const Outcome bowl = runCli("migrate '" + std::string(CONTACTSIM_SOURCE_DIR) +
                                  "/tests/data/scenes-v1/ball-in-bowl.json' -o deep/er/bowl.json",
                              dir);
  EXPECT_EQ(bowl.exit_code, 0) << bowl.output;
  EXPECT_EQ(runCli("validate deep/er/bowl.json", dir).exit_code, 0);
  // Format 2 already, and a bad scene: one error line, exit 1, nothing written.
  for (const std::string& bad :
       {std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/sphere-drop.json",
        std::string(CONTACTSIM_TEST_DATA_DIR) + "/bad_scenes/negative_mass.json"}) {
    const Outcome o = runCli("migrate '" + bad + "' -o out/x.json", dir);
    EXPECT_EQ(o.exit_code, 1) << bad;
    EXPECT_EQ(o.output.rfind("contactsim: error: ", 0), 0u) << o.output;
    EXPECT_FALSE(fs::exists(dir / "out")) << bad;
  }
  fs::remove_all(dir);
}

TEST(CliTest, UsageErrorsExitTwoAndInputErrorsOne) {
  const fs::path dir = scratch("usage");
  // Usage errors: CLI11's own codes (106, 109, 114, ...) all become 2.
  for (const char* usage : {"run", "fly scene.json", "run a.json --bogus", "bowl-study --repeats x",
                            "restitution-study --speed", "run a.json b.json"}) {
    const Outcome o = runCli(usage, dir);
    EXPECT_EQ(o.exit_code, 2) << usage << ": " << o.output;
  }
  EXPECT_EQ(runCli("--help", dir).exit_code, 0);
  EXPECT_EQ(runCli("--version", dir).exit_code, 0);
  EXPECT_EQ(runCli("run missing.json", dir).exit_code, 1);
  EXPECT_EQ(
      runCli("validate '" + std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/tumbling-body.json'", dir)
          .exit_code,
      0);
  fs::remove_all(dir);
}

// Issue 27, defect 1: a scene named "../../x" run without --out wrote its outputs two levels above
// contactsim-out/. Now refused, and nothing is written anywhere under the scratch tree.
TEST(CliTest, SceneNamesCannotLeadOutOfTheOutputDirectory) {
  const fs::path top = scratch("escape");
  const fs::path cwd = top / "a" / "b";
  fs::create_directories(cwd);
  for (const char* file : {"scene_name_leaves_output_dir", "scene_name_absolute_path"}) {
    const Outcome o = runCli(
        "run '" + std::string(CONTACTSIM_TEST_DATA_DIR) + "/bad_scenes/" + file + ".json'", cwd);
    EXPECT_EQ(o.exit_code, 1) << o.output;
    EXPECT_NE(o.output.find("plain scene name"), std::string::npos) << o.output;
  }
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(top)) {
    EXPECT_TRUE(e.is_directory()) << "written: " << e.path();
  }
  fs::remove_all(top);
}

TEST(CliTest, RestitutionStudyRejectsBadInputWithoutOutputs) {
  const fs::path dir = scratch("restitution");
  // A map file that is not a map.
  {
    std::ofstream corrupt(dir / "map.json");
    corrupt << "{\"format\": \"contactsim-response-map\", \"version\": 7}";
  }
  for (const std::string arguments :
       {"restitution-study --speed -1 --out out", "restitution-study --map missing.json --out out",
        "restitution-study --map map.json --out out", "restitution-study --samples 1 --out out"}) {
    const Outcome o = runCli(arguments, dir);
    EXPECT_NE(o.exit_code, 0) << arguments;
    EXPECT_EQ(o.output.rfind("contactsim: error: ", 0), 0u) << arguments << ": " << o.output;
    EXPECT_FALSE(fs::exists(dir / "out")) << arguments << " left output behind";
  }
  // Usage errors: an unknown quadrature, and one given with a precomputed map.
  for (const std::string arguments : {"restitution-study --quadrature bdf3 --out out",
                                      "restitution-study --quadrature bdf1 --map map.json"}) {
    const Outcome o = runCli(arguments, dir);
    EXPECT_EQ(o.exit_code, 2) << arguments << ": " << o.output;
    EXPECT_NE(o.output.find("quadrature"), std::string::npos) << arguments << ": " << o.output;
    EXPECT_FALSE(fs::exists(dir / "out")) << arguments << " left output behind";
  }
  // Finite element options: an unknown reading, and side columns without finite elements.
  for (const std::string arguments :
       {"restitution-study --finite-elements 3 --reading nodal --out out",
        "restitution-study --side-columns 4 --out out"}) {
    const Outcome o = runCli(arguments, dir);
    EXPECT_EQ(o.exit_code, 2) << arguments << ": " << o.output;
    EXPECT_FALSE(fs::exists(dir / "out")) << arguments << " left output behind";
  }
  // Out-of-range side columns: an error naming them, nothing written.
  const Outcome columns =
      runCli("restitution-study --finite-elements 3 --side-columns 0 --out out", dir);
  EXPECT_EQ(columns.exit_code, 1) << columns.output;
  EXPECT_NE(columns.output.find("side columns"), std::string::npos) << columns.output;
  EXPECT_FALSE(fs::exists(dir / "out"));
  fs::remove_all(dir);
}

// --duration replaces the scene's duration, within the scene limits; --no-limits lifts them.
TEST(CliTest, DurationOverridesTheSceneWithinItsLimits) {
  const fs::path dir = scratch("duration");
  const std::string scenes = std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/";
  const std::string rate_huge =
      std::string(CONTACTSIM_TEST_DATA_DIR) + "/bad_scenes/limit_rate_huge.json";
  ASSERT_EQ(
      runCli("run '" + scenes + "rattleback-spin.json' --duration 3 --out short", dir).exit_code,
      0);
  std::ifstream trajectory(dir / "short/trajectory.csv");
  const auto rows = std::count(std::istreambuf_iterator<char>(trajectory), {}, '\n');
  EXPECT_EQ(rows, 1 + 2 * 151);  // header, two bodies at 50 Hz for 3 s from t = 0
  for (const std::string& arguments :
       {"run '" + scenes + "rattleback-spin.json' --duration 1e300 --out out",
        "run '" + rate_huge + "' --duration 1e-5 --out out"}) {
    const Outcome o = runCli(arguments, dir);
    EXPECT_EQ(o.exit_code, 1) << arguments;
    EXPECT_NE(o.output.find("--no-limits lifts it"), std::string::npos) << o.output;
    EXPECT_FALSE(fs::exists(dir / "out")) << arguments << " left output behind";
  }
  // 10 µs at 1 GHz: 10 001 samples, beyond the limits only with the file's own 1 s.
  EXPECT_EQ(
      runCli("run '" + rate_huge + "' --duration 1e-5 --no-limits --out lifted", dir).exit_code, 0);
  EXPECT_TRUE(fs::exists(dir / "lifted/trajectory.csv"));
  for (const char* bad : {"-1", "0", "nan", "inf"}) {
    EXPECT_EQ(
        runCli("run '" + scenes + "sphere-drop.json' --duration " + std::string(bad) + " --out out",
               dir)
            .exit_code,
        2)
        << bad;
  }
  EXPECT_FALSE(fs::exists(dir / "out"));
  fs::remove_all(dir);
}

// validate applies the same limits, and lifts them alike.
TEST(CliTest, ValidateChecksTheLimitsUnlessLifted) {
  const fs::path dir = scratch("validate-limits");
  const std::string rate_huge =
      std::string(CONTACTSIM_TEST_DATA_DIR) + "/bad_scenes/limit_rate_huge.json";
  const Outcome refused = runCli("validate '" + rate_huge + "'", dir);
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.output.find("at /output/rate"), std::string::npos) << refused.output;
  const Outcome lifted = runCli("validate '" + rate_huge + "' --no-limits", dir);
  EXPECT_EQ(lifted.exit_code, 0) << lifted.output;
  EXPECT_NE(lifted.output.find("valid scene"), std::string::npos) << lifted.output;
  fs::remove_all(dir);
}

// A copy of `scene` with output rate 1 GHz: beyond the limits on its trajectory rows (1e7), so
// that a command refuses it at /output/rate unless --no-limits. Its OBJ paths stay valid.
void writeWithHugeRate(const fs::path& scene, const fs::path& copy) {
  std::ifstream in(scene);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  const std::string key = "\"output\": {";
  const std::size_t at = text.find(key);
  ASSERT_NE(at, std::string::npos) << scene;
  const std::size_t end = text.find('}', at);
  text.replace(at, end - at + 1, key + "\"rate\": 1e9}");
  // OBJ files named relative to the scene, as seen from the copy.
  const std::string relative = "\"meshes/";
  for (std::size_t m = text.find(relative); m != std::string::npos; m = text.find(relative, m + 1))
    text.replace(m + 1, 0, scene.parent_path().string() + "/");
  std::ofstream(copy) << text;
}

// Every command that reads a file holds it to the limits and lifts them with --no-limits (issue
// 27: sweep, migrate, view, bowl-study and restitution-study had the defaults, no flag).
TEST(CliTest, EveryCommandThatReadsAFileLiftsItsLimits) {
  const fs::path dir = scratch("no-limits");
  const std::string source = CONTACTSIM_SOURCE_DIR;
  writeWithHugeRate(std::string(CONTACTSIM_TEST_DATA_DIR) + "/scenes-v1/box-stack-10.json",
                    dir / "v1.json");
  writeWithHugeRate(source + "/scenes/tumbling-body.json", dir / "tumbling.json");
  writeWithHugeRate(source + "/scenes/round-bowl-throw.json", dir / "bowl.json");
  std::ofstream(dir / "sweep.json")
      << R"({"format": "contactsim-sweep", "version": 1, "name": "s", "scene": "tumbling.json",
            "set": {"/duration": 0.1}, "metrics": [{"type": "steps"}],
            "parameters": [{"pointer": "/output/rate", "values": [10, 20]}]})";
  ASSERT_EQ(
      runCli("run '" + source + "/scenes/tumbling-body.json' --duration 0.1 --out run --quiet", dir)
          .exit_code,
      0);
  // Each command, its output, refused at /output/rate, then lifted.
  const std::vector<std::pair<std::string, std::string>> commands = {
      {"migrate v1.json -o migrated.json", "migrated.json"},
      {"view run --scene tumbling.json --quiet", "run/report.html"},
      {"bowl-study --scene bowl.json --max-steps 128 --repeats 1 --duration 0.02 --quiet --out "
       "bowl",
       "bowl/table.md"},
      {"sweep sweep.json --jobs 1 --quiet --out sweep", "sweep/results.csv"}};
  for (const auto& [command, output] : commands) {
    const Outcome refused = runCli(command, dir);
    EXPECT_EQ(refused.exit_code, 1) << command << ": " << refused.output;
    EXPECT_NE(refused.output.find("at /output/rate"), std::string::npos) << refused.output;
    EXPECT_NE(refused.output.find("--no-limits lifts it"), std::string::npos) << refused.output;
    EXPECT_FALSE(fs::exists(dir / output)) << command;
    const Outcome lifted = runCli(command + " --no-limits", dir);
    EXPECT_EQ(lifted.exit_code, 0) << command << ": " << lifted.output;
    EXPECT_TRUE(fs::exists(dir / output)) << command;
  }
  // The response-map file's size: refused by size, or read (and found not to be JSON) when lifted.
  std::ofstream(dir / "big-map.json").close();
  fs::resize_file(dir / "big-map.json", 268435457);  // sparse: nothing written
  const Outcome refused = runCli("restitution-study --map big-map.json --out bar", dir);
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.output.find("more than the limit of 268435456 bytes"), std::string::npos)
      << refused.output;
  const Outcome lifted = runCli("restitution-study --map big-map.json --out bar --no-limits", dir);
  EXPECT_EQ(lifted.exit_code, 1);
  EXPECT_EQ(lifted.output.find("more than the limit"), std::string::npos) << lifted.output;
  EXPECT_NE(lifted.output.find("big-map.json"), std::string::npos) << lifted.output;
  EXPECT_FALSE(fs::exists(dir / "bar"));
  fs::remove_all(dir);
}

// Sweeps (issue 29): a bad spec is one error line naming the spec file and the JSON path, exit 1,
// before anything is written; usage errors exit 2; one job and two write the same results.csv
// but for the timing column.
TEST(CliTest, SweepRefusesBadSpecsAndIsIndependentOfTheJobCount) {
  const fs::path dir = scratch("sweep");
  const std::string bad = std::string(CONTACTSIM_TEST_DATA_DIR) + "/sweeps/bad/";
  for (const auto& [file, path] : {std::pair{"unknown-pointer.json", "/parameters/0/pointer"},
                                   std::pair{"wrong-type.json", "/parameters/0/values/1"},
                                   std::pair{"unknown-metric.json", "/metrics/1/type"}}) {
    const Outcome o = runCli("sweep '" + bad + file + "' --out out", dir);
    EXPECT_EQ(o.exit_code, 1) << file << ": " << o.output;
    EXPECT_EQ(std::count(o.output.begin(), o.output.end(), '\n'), 1) << o.output;
    EXPECT_NE(o.output.find(bad + file + ": at " + path + ":"), std::string::npos) << o.output;
    EXPECT_FALSE(fs::exists(dir / "out")) << file;
  }
  for (const char* usage : {"sweep", "sweep s.json --jobs 0", "sweep s.json --jobs x"}) {
    EXPECT_EQ(runCli(usage, dir).exit_code, 2) << usage;
  }
  const std::string spec = std::string("'") + CONTACTSIM_SOURCE_DIR + "/sweeps/bowl-steps.json'";
  ASSERT_EQ(runCli("sweep " + spec + " --out one --jobs 1 --quiet", dir).exit_code, 0);
  ASSERT_EQ(runCli("sweep " + spec + " --out two --jobs 2 --quiet", dir).exit_code, 0);
  const auto untimed = [](const fs::path& csv) {
    std::ifstream in(csv);
    std::string table, line;
    std::getline(in, line);
    const auto cpu =
        std::count(line.begin(), line.begin() + static_cast<long>(line.find("cpu_seconds")), ',');
    for (in.seekg(0); std::getline(in, line);) {
      std::size_t from = 0;
      for (long k = 0; k < cpu; ++k) {
        from = line.find(',', from) + 1;
      }
      table += line.erase(from, line.find(',', from) - from) + "\n";
    }
    return table;
  };
  const std::string one = untimed(dir / "one/results.csv");
  EXPECT_EQ(std::count(one.begin(), one.end(), '\n'), 9) << one;
  EXPECT_EQ(one, untimed(dir / "two/results.csv"));
  fs::remove_all(dir);
}

}  // namespace
