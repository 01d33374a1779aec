// The response-map file (docs/response-map-format.md): exact round trip, and every corruption named
// with the file and the JSON path of the bad value.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>

#include "contactsim/bem/response_map.hpp"
#include "contactsim/error.hpp"
#include "synthetic_maps.hpp"

namespace contactsim {
namespace {
namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "contactsim_response_map_test";
  fs::create_directories(dir);
  return dir / name;
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

/// A map full of awkward doubles: random bits over the whole exponent range, subnormals, −0.
ResponseMap awkwardMap() {
  std::mt19937_64 rng(7);
  auto any = [&rng] {
    for (;;) {
      const double x = std::bit_cast<double>(rng());
      if (std::isfinite(x)) {
        return x;
      }
    }
  };
  ResponseMap map = test::mapOnOutline("awkward \"map\" / ünïcode", test::regularPolygon(7, 0.05),
                                       test::springKernel(1e9), 1.0 / 3.0e7);
  map.material = {210e9 / 3.0, 0.1 + 0.2 / 3.0, 7850.0 / 7.0};
  for (ResponseMapNode& node : map.nodes) {
    node.stiffness = any();
    node.force = {0.1,
                  -0.0,
                  std::numeric_limits<double>::denorm_min(),
                  std::numeric_limits<double>::max(),
                  std::numeric_limits<double>::min(),
                  any(),
                  any(),
                  any(),
                  1.0 / 3.0};
  }
  return map;
}

template <class T>
std::uint64_t bits(T x) {
  return std::bit_cast<std::uint64_t>(static_cast<double>(x));
}

TEST(ResponseMapFileTest, RoundTripIsBitExact) {
  const ResponseMap map = awkwardMap();
  const fs::path file = scratch("awkward.json");
  saveResponseMap(map, file.string());
  const ResponseMap back = loadResponseMap(file.string());
  EXPECT_EQ(back.name, map.name);
  EXPECT_EQ(bits(back.time_step), bits(map.time_step));
  EXPECT_EQ(bits(back.material.youngs_modulus), bits(map.material.youngs_modulus));
  EXPECT_EQ(bits(back.material.poisson_ratio), bits(map.material.poisson_ratio));
  EXPECT_EQ(bits(back.material.density), bits(map.material.density));
  ASSERT_EQ(back.outline.size(), map.outline.size());
  for (std::size_t i = 0; i < map.outline.size(); ++i) {
    EXPECT_EQ(bits(back.outline[i].x()), bits(map.outline[i].x()));
    EXPECT_EQ(bits(back.outline[i].y()), bits(map.outline[i].y()));
  }
  ASSERT_EQ(back.nodes.size(), map.nodes.size());
  for (std::size_t j = 0; j < map.nodes.size(); ++j) {
    const ResponseMapNode& a = map.nodes[j];
    const ResponseMapNode& b = back.nodes[j];
    EXPECT_EQ(bits(b.position.x()), bits(a.position.x()));
    EXPECT_EQ(bits(b.position.y()), bits(a.position.y()));
    EXPECT_EQ(bits(b.normal.x()), bits(a.normal.x()));
    EXPECT_EQ(bits(b.normal.y()), bits(a.normal.y()));
    EXPECT_EQ(bits(b.stiffness), bits(a.stiffness));
    ASSERT_EQ(b.force.size(), a.force.size());
    for (std::size_t m = 0; m < a.force.size(); ++m) {
      EXPECT_EQ(bits(b.force[m]), bits(a.force[m])) << "node " << j << " sample " << m;
    }
  }
  // Saving what was loaded gives the same bytes.
  const fs::path again = scratch("awkward-again.json");
  saveResponseMap(back, again.string());
  EXPECT_EQ(read(again), read(file));
}

TEST(ResponseMapFileTest, SaveRefusesAnInvalidMapAndLeavesNothing) {
  ResponseMap map = awkwardMap();
  map.nodes[2].force[1] = std::numeric_limits<double>::quiet_NaN();
  const fs::path file = scratch("refused.json");
  fs::remove(file);
  try {
    saveResponseMap(map, file.string());
    FAIL() << "expected InvalidInputError";
  } catch (const InvalidInputError& e) {
    EXPECT_NE(std::string(e.what()).find("at /nodes/2/force/1: not a finite number"),
              std::string::npos)
        << e.what();
  }
  EXPECT_FALSE(fs::exists(file));
}

/// Loads `text` from a file and returns the InvalidInputError message.
std::string loadError(const std::string& text) {
  const fs::path file = scratch("map.json");
  write(file, text);
  try {
    (void)loadResponseMap(file.string());
  } catch (const InvalidInputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no error for:\n" << text.substr(0, 400);
  return {};
}

std::string validText() {
  ResponseMap map = test::mapOnOutline("square", test::rectangle(0.1, 0.1, -0.05),
                                       test::kelvinVoigtKernel(1e9, 1e-3, 1e-6, 2), 1e-6);
  const fs::path file = scratch("valid.json");
  saveResponseMap(map, file.string());
  return read(file);
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto pos = text.find(from);
  EXPECT_NE(pos, std::string::npos) << from;
  return pos == std::string::npos ? text : text.replace(pos, from.size(), to);
}

void expectError(const std::string& message, const std::string& expected) {
  EXPECT_NE(message.find(expected), std::string::npos)
      << "message: " << message << "\nexpected to contain: " << expected;
  EXPECT_NE(message.find("map.json: at /"), std::string::npos) << message;
}

TEST(ResponseMapFileTest, CorruptFilesNameFileAndJsonPath) {
  const std::string good = validText();
  ASSERT_NO_THROW((void)loadResponseMap(scratch("valid.json").string()));

  expectError(loadError(replaced(good, "\"version\": 1", "\"version\": 2")),
              "at /version: unsupported response map format version 2 (this build reads version "
              "1)");
  expectError(loadError(replaced(good, "\"format\": \"contactsim-response-map\"",
                                 "\"format\": \"contactsim-scene\"")),
              "at /format: expected \"contactsim-response-map\"");
  expectError(loadError(replaced(good, "\"time_step\": ", "\"time_stepp\": ")),
              "at /time_stepp: unknown key \"time_stepp\"");
  expectError(loadError(replaced(good, "\"density\": 7850.0", "\"dens\": 7850.0")),
              "at /material/dens: unknown key");
  expectError(loadError(replaced(good, ", \"stiffness\": 1000000000.0", "")),
              "at /nodes/0: missing required key \"stiffness\"");
  // JSON has no NaN: nlohmann writes one as null.
  expectError(loadError(replaced(good, "[1000001000.0, 1000000000.0, 1000000000.0]",
                                 "[1000001000.0, null, 1000000000.0]")),
              "at /nodes/0/force/1: not a finite number");
  expectError(loadError(replaced(good, "[1000001000.0, 1000000000.0, 1000000000.0]",
                                 "[1000001000.0, 1e999, 1000000000.0]")),
              "number overflow");
  // Node 1's force array is the second occurrence: drop a sample there.
  {
    std::string text = good;
    const std::string samples = "[1000001000.0, 1000000000.0, 1000000000.0]";
    const auto first = text.find(samples);
    const auto second = text.find(samples, first + 1);
    ASSERT_NE(second, std::string::npos);
    text.replace(second, samples.size(), "[1000001000.0, 1000000000.0]");
    expectError(loadError(text), "at /nodes/1/force: expected 3 samples (as node 0), got 2");
  }
  {
    const auto pos = good.find("\"normal\": [");
    ASSERT_NE(pos, std::string::npos);
    std::string text = good;
    text.replace(pos, std::string("\"normal\": [").size(), "\"normal\": [0.5, 0.5, ");
    expectError(loadError(text), "at /nodes/0/normal: expected an array of 2 numbers");
    const auto end = good.find(']', pos);
    text = good;
    text.replace(pos, end + 1 - pos, "\"normal\": [0.6, 0.81]");
    expectError(loadError(text), "at /nodes/0/normal: not a unit vector");
  }
  expectError(
      loadError(replaced(good, "\"youngs_modulus\": 210000000000.0", "\"youngs_modulus\": -1.0")),
      "at /material: material Young's modulus");
  expectError(loadError(replaced(good, "\"time_step\": 1e-06", "\"time_step\": 0.0")),
              "at /time_step: the time step must be positive");
  expectError(loadError(replaced(good, "\"name\": \"square\"", "\"name\": 3")),
              "at /name: expected a string, got number");

  // A repeated key (nlohmann would keep the last) and nesting beyond 64 levels (issue 27).
  expectError(loadError(replaced(good, "\"time_step\": ", "\"time_step\": 1.0, \"time_step\": ")),
              "at /time_step: duplicate key \"time_step\" in one object");
  expectError(loadError(replaced(good, "\"name\": \"square\"",
                                 "\"name\": " + std::string(70, '[') + std::string(70, ']'))),
              "nested deeper than 64 levels");

  // Truncated JSON, an empty file, a missing file.
  const std::string truncated = loadError(good.substr(0, good.size() / 2));
  EXPECT_NE(truncated.find("map.json: at /: invalid JSON: parse error"), std::string::npos)
      << truncated;
  EXPECT_NE(loadError("").find("invalid JSON"), std::string::npos);
  EXPECT_THROW((void)loadResponseMap(scratch("does-not-exist.json").string()), InvalidInputError);
}

TEST(ResponseMapFileTest, ValidateNamesTheFirstProblem) {
  auto message = [](const ResponseMap& map) -> std::string {
    try {
      map.validate();
    } catch (const InvalidInputError& e) {
      return e.what();
    }
    return "no error";
  };
  const ResponseMap good =
      test::mapOnOutline("m", test::regularPolygon(8, 0.1), test::springKernel(1e9), 1e-6);
  EXPECT_NO_THROW(good.validate());
  ResponseMap m = good;
  m.nodes.clear();
  EXPECT_NE(message(m).find("at /nodes: the map has no nodes"), std::string::npos);
  m = good;
  m.time_step = std::numeric_limits<double>::infinity();
  EXPECT_NE(message(m).find("at /time_step"), std::string::npos);
  m = good;
  m.outline.resize(2);
  EXPECT_NE(message(m).find("at /outline: the outline needs at least 3 points"), std::string::npos);
  m = good;
  std::reverse(m.outline.begin(), m.outline.end());
  EXPECT_NE(message(m).find("counter-clockwise"), std::string::npos);
  m = good;
  m.nodes[3].force.clear();
  EXPECT_NE(message(m).find("at /nodes/3/force: no force samples"), std::string::npos);
  m = good;
  m.nodes[3].normal = Vec2(1.0, 1.0);
  EXPECT_NE(message(m).find("at /nodes/3/normal: not a unit vector"), std::string::npos);
  m = good;
  m.nodes[5].stiffness = std::numeric_limits<double>::quiet_NaN();
  EXPECT_NE(message(m).find("at /nodes/5/stiffness: not a finite number"), std::string::npos);
  m = good;
  m.material.poisson_ratio = 0.5;
  EXPECT_NE(message(m).find("at /material: material Poisson's ratio"), std::string::npos);
}

}  // namespace
}  // namespace contactsim
