// Sweep specs: expansion into variants (groups vary together, groups combine as a product),
// ranges and seeded draws, the published test vectors of SplitMix64 and FNV-1a, and bad specs
// refused with the spec file and the JSON path of the fault before anything runs.
#include "sweep/sweep_spec.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "sweep/sweep_values.hpp"

namespace contactsim::sweep {
namespace {

const std::string kSource = CONTACTSIM_SOURCE_DIR;

// A spec over scenes/tumbling-body.json with the given parameters (JSON text of the list).
SweepSpec tumblingSpec(const std::string& parameters) {
  const std::string text = R"({"format": "contactsim-sweep", "version": 1, "name": "t",
    "scene": "scenes/tumbling-body.json", "set": {"/duration": 0.1},
    "parameters": )" + parameters +
                           R"(, "metrics": [{"type": "steps"}]})";
  return parseSweepSpec(text, kSource + "/spec.json");
}

TEST(SweepSpecTest, GroupsVaryTogetherAndCombineAsAProduct) {
  const SweepSpec spec = tumblingSpec(R"([
    {"name": "mass", "pointer": "/bodies/0/mass", "values": [0.25, 0.5]},
    {"name": "step", "pointer": "/integrator/step", "group": "g", "values": [0.001, 0.002, 0.004]},
    {"name": "rate", "pointer": "/output/rate", "group": "g", "values": [100, 50, 25]}])");
  const std::vector<Variant> variants = expandVariants(spec);
  ASSERT_EQ(variants.size(), 6u);
  // Row-major, the first group slowest: variant 4 = mass 0.5, the second step and rate.
  EXPECT_EQ(variants[4].values[0], 0.5);
  EXPECT_EQ(variants[4].values[1], 0.002);
  EXPECT_EQ(variants[4].values[2], 50);
  const Scene scene = variantScene(spec, variants[4]);
  EXPECT_EQ(scene.world.bodies[0].mass_properties.mass(), 0.5);
  EXPECT_EQ(scene.world.integrator.step, 0.002);
  EXPECT_EQ(scene.output.rate, 50.0);
  EXPECT_EQ(scene.duration, 0.1);  // the spec's `set`
  for (std::size_t i = 0; i < variants.size(); ++i) {
    EXPECT_EQ(variants[i].index, i);
    EXPECT_EQ(variants[i].key.size(), 16u);
    for (std::size_t j = 0; j < i; ++j) {
      EXPECT_NE(variants[i].key, variants[j].key);
    }
  }
}

TEST(SweepSpecTest, RangesHitTheirEndsAndLogRangesAreGeometric) {
  const SweepSpec spec = tumblingSpec(R"([
    {"name": "step", "pointer": "/integrator/step",
     "range": {"from": 0.0001, "to": 0.01, "count": 3, "scale": "log"}},
    {"name": "mass", "pointer": "/bodies/0/mass", "range": {"from": 0.1, "to": 0.7, "count": 4}}])");
  const auto& step = spec.parameters[0].values;
  const auto& mass = spec.parameters[1].values;
  ASSERT_EQ(step.size(), 3u);
  ASSERT_EQ(mass.size(), 4u);
  EXPECT_EQ(step[0].get<double>(), 0.0001);
  EXPECT_EQ(step[2].get<double>(), 0.01);
  EXPECT_NEAR(step[1].get<double>(), 0.001, 1e-18);
  EXPECT_EQ(mass[0].get<double>(), 0.1);
  EXPECT_NEAR(mass[1].get<double>(), 0.3, 1e-15);
  EXPECT_NEAR(mass[2].get<double>(), 0.5, 1e-15);
  EXPECT_EQ(mass[3].get<double>(), 0.7);
  EXPECT_EQ(expandVariants(spec).size(), 12u);
}

TEST(SweepSpecTest, RandomDrawsFollowTheirSeedAndDistribution) {
  const auto draws = [](const std::string& random) {
    return tumblingSpec(R"([{"name": "m", "pointer": "/bodies/0/mass", "random": )" + random + "}]")
        .parameters[0]
        .values;
  };
  const auto a = draws(R"({"distribution": "uniform", "low": 0.2, "high": 0.3, "count": 2000,
                           "seed": 7})");
  EXPECT_EQ(a, draws(R"({"distribution": "uniform", "low": 0.2, "high": 0.3, "count": 2000,
                         "seed": 7})"));
  EXPECT_NE(a, draws(R"({"distribution": "uniform", "low": 0.2, "high": 0.3, "count": 2000,
                         "seed": 8})"));
  double sum = 0.0;
  for (const auto& v : a) {
    EXPECT_GE(v.get<double>(), 0.2);
    EXPECT_LT(v.get<double>(), 0.3);
    sum += v.get<double>();
  }
  // The mean of 2000 uniform draws: 0.25 ± 4 standard errors (0.1/√12/√2000 each).
  EXPECT_NEAR(sum / 2000.0, 0.25, 4.0 * 0.1 / std::sqrt(12.0 * 2000.0));
  const auto n = draws(R"({"distribution": "normal", "mean": 1.0, "stddev": 0.1, "count": 2000,
                           "seed": 3})");
  double mean = 0.0, square = 0.0;
  for (const auto& v : n) {
    mean += v.get<double>() / 2000.0;
    square += v.get<double>() * v.get<double>() / 2000.0;
  }
  EXPECT_NEAR(mean, 1.0, 4.0 * 0.1 / std::sqrt(2000.0));
  EXPECT_NEAR(std::sqrt(square - mean * mean), 0.1, 0.01);
}

TEST(SweepSpecTest, GeneratorsMatchTheirPublishedVectors) {
  // Vigna's splitmix64.c seeded with 0: its first two outputs.
  EXPECT_EQ(splitMix64(0, 0), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(splitMix64(0, 1), 0x6e789e6aa1b965f4ULL);
  // FNV-1a 64 test vectors (draft-eastlake-fnv, and the FNV authors' table).
  EXPECT_EQ(fnv1aHex(""), "cbf29ce484222325");
  EXPECT_EQ(fnv1aHex("a"), "af63dc4c8601ec8c");
  EXPECT_EQ(fnv1aHex("foobar"), "85944171f73967e8");
}

struct BadSpec {
  const char* file;
  const char* path;  ///< JSON path of the fault in the spec
  const char* says;  ///< part of the message
};

TEST(SweepSpecTest, BadSpecsNameTheFileAndTheJsonPath) {
  const BadSpec cases[] = {
      {"unknown-pointer.json", "/parameters/0/pointer", "unknown pointer"},
      {"wrong-type.json", "/parameters/0/values/1", "wrong type"},
      {"unknown-metric.json", "/metrics/1/type", "unknown metric \"bounce_height\""},
      {"rejected-value.json", "/parameters/0", "expected a positive number"},
      {"group-sizes.json", "/parameters/1/group", "as many values"},
  };
  for (const BadSpec& c : cases) {
    const std::string file = std::string(CONTACTSIM_TEST_DATA_DIR) + "/sweeps/bad/" + c.file;
    try {
      (void)expandVariants(loadSweepSpec(file));
      ADD_FAILURE() << c.file << " was accepted";
    } catch (const SceneError& e) {
      EXPECT_EQ(e.file(), file);
      EXPECT_EQ(e.jsonPath(), c.path) << e.what();
      EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << e.what();
    }
  }
}

TEST(SweepSpecTest, MalformedSpecsAreRefusedAtTheirPath) {
  const std::pair<std::string, std::string> cases[] = {
      {R"([{"pointer": "/duration"}])", "/parameters/0"},  // no values
      {R"([{"pointer": "duration", "values": [1.0]}])", "/parameters/0/pointer"},
      {R"([{"pointer": "/bodies/0/position", "values": [[1, 2]]}])", "/parameters/0/values/0"},
      {R"([{"pointer": "/duration", "random": {"distribution": "uniform", "low": 1, "high": 2,
           "count": 3}}])",
       "/parameters/0/random"},  // no seed
      {R"([{"pointer": "/duration", "range": {"from": 1, "to": 2, "count": 0}}])",
       "/parameters/0/range/count"},
  };
  for (const auto& [parameters, path] : cases) {
    try {
      (void)tumblingSpec(parameters);
      ADD_FAILURE() << parameters << " was accepted";
    } catch (const SceneError& e) {
      EXPECT_EQ(e.jsonPath(), path) << parameters << ": " << e.what();
    }
  }
}

TEST(SweepSpecTest, ABaseSceneTheLoaderRefusesIsReportedAtSet) {
  const std::string text = R"({"format": "contactsim-sweep", "version": 1, "name": "t",
    "scene": "scenes/tumbling-body.json", "set": {"/duration": -1.0},
    "parameters": [{"pointer": "/bodies/0/mass", "values": [1.0]}], "metrics": []})";
  try {
    (void)parseSweepSpec(text, kSource + "/spec.json");
    ADD_FAILURE() << "a negative duration was accepted";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.file(), kSource + "/spec.json");
    EXPECT_EQ(e.jsonPath(), "/set");
    EXPECT_NE(std::string(e.what()).find("at /duration: expected a positive number"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace contactsim::sweep
