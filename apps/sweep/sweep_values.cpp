#include "sweep/sweep_values.hpp"

#include <cmath>
#include <cstdio>
#include <numbers>

#include "contactsim/error.hpp"

namespace contactsim::sweep {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxValues = 1'000'000;

[[noreturn]] void fail(const std::string& file, const std::string& path, const std::string& what) {
  throw SceneError(file, path, what);
}

// The number at entry[key], finite (and positive where asked).
double number(const json& entry, const char* key, const std::string& file, const std::string& path,
              bool positive = false) {
  const std::string at = path + "/" + key;
  if (!entry.contains(key)) {
    fail(file, path, std::string("missing \"") + key + "\"");
  }
  const json& v = entry.at(key);
  if (!v.is_number() || !std::isfinite(v.get<double>())) {
    fail(file, at, "expected a finite number, got " + v.dump());
  }
  const double x = v.get<double>();
  if (positive && !(x > 0.0)) {
    fail(file, at, "expected a positive number, got " + v.dump());
  }
  return x;
}

std::size_t count(const json& entry, const std::string& file, const std::string& path,
                  std::size_t least) {
  const std::string at = path + "/count";
  if (!entry.contains("count")) {
    fail(file, path, "missing \"count\"");
  }
  const json& v = entry.at("count");
  if (!v.is_number_integer() || v.get<long long>() < static_cast<long long>(least) ||
      v.get<long long>() > static_cast<long long>(kMaxValues)) {
    fail(file, at,
         "expected an integer from " + std::to_string(least) + " to " + std::to_string(kMaxValues) +
             ", got " + v.dump());
  }
  return static_cast<std::size_t>(v.get<long long>());
}

void onlyKeys(const json& entry, std::initializer_list<const char*> keys, const std::string& file,
              const std::string& path) {
  for (const auto& item : entry.items()) {
    bool known = false;
    for (const char* k : keys) {
      known = known || item.key() == k;
    }
    if (!known) {
      fail(file, path + "/" + item.key(), "unknown key");
    }
  }
}

// from, from + (to − from)·k/(n − 1), …, to (exactly); or geometrically from·(to/from)^(k/(n−1)).
std::vector<json> rangeValues(const json& range, const std::string& file, const std::string& path) {
  if (!range.is_object()) {
    fail(file, path, "expected an object {from, to, count, scale}");
  }
  onlyKeys(range, {"from", "to", "count", "scale"}, file, path);
  const std::string scale = range.value("scale", std::string("linear"));
  if (scale != "linear" && scale != "log") {
    fail(file, path + "/scale", "expected \"linear\" or \"log\", got " + range.at("scale").dump());
  }
  const bool log = scale == "log";
  const double from = number(range, "from", file, path, log);
  const double to = number(range, "to", file, path, log);
  const std::size_t n = count(range, file, path, 1);
  std::vector<json> values;
  for (std::size_t k = 0; k < n; ++k) {
    const double f = n == 1 ? 0.0 : static_cast<double>(k) / static_cast<double>(n - 1);
    double x = log ? from * std::pow(to / from, f) : from + (to - from) * f;
    x = k + 1 == n && n > 1 ? to : (k == 0 ? from : x);
    values.emplace_back(x);
  }
  return values;
}

// 53 random bits as a double in [0, 1).
double unit(std::uint64_t bits) {
  return static_cast<double>(bits >> 11) * 0x1.0p-53;
}

std::vector<json> randomValues(const json& random, const std::string& file,
                               const std::string& path) {
  if (!random.is_object()) {
    fail(file, path, "expected an object {distribution, count, seed, ...}");
  }
  onlyKeys(random, {"distribution", "count", "seed", "low", "high", "mean", "stddev"}, file, path);
  if (!random.contains("seed") || !random.at("seed").is_number_unsigned()) {
    fail(file, path + (random.contains("seed") ? "/seed" : ""),
         "expected \"seed\", a non-negative integer");
  }
  const std::uint64_t seed = random.at("seed").get<std::uint64_t>();
  const std::size_t n = count(random, file, path, 1);
  const std::string distribution = random.value("distribution", std::string());
  std::vector<json> values;
  if (distribution == "uniform" || distribution == "log-uniform") {
    const bool log = distribution == "log-uniform";
    const double low = number(random, "low", file, path, log);
    const double high = number(random, "high", file, path, log);
    if (!(high > low)) {
      fail(file, path + "/high", "must be greater than \"low\"");
    }
    for (std::size_t k = 0; k < n; ++k) {
      const double u = unit(splitMix64(seed, k));
      values.emplace_back(log ? std::exp(std::log(low) + u * (std::log(high) - std::log(low)))
                              : low + u * (high - low));
    }
  } else if (distribution == "normal") {
    const double mean = number(random, "mean", file, path);
    const double stddev = number(random, "stddev", file, path, true);
    // Box & Muller 1958: two uniforms u1 ∈ (0, 1], u2 ∈ [0, 1) give one standard normal draw.
    for (std::size_t k = 0; k < n; ++k) {
      const double u1 = 1.0 - unit(splitMix64(seed, 2 * k));
      const double u2 = unit(splitMix64(seed, 2 * k + 1));
      values.emplace_back(mean + stddev * std::sqrt(-2.0 * std::log(u1)) *
                                     std::cos(2.0 * std::numbers::pi * u2));
    }
  } else {
    fail(file, path + "/distribution",
         "expected \"uniform\", \"log-uniform\" or \"normal\", got " +
             (random.contains("distribution") ? random.at("distribution").dump()
                                              : std::string("nothing")));
  }
  return values;
}

}  // namespace

std::uint64_t splitMix64(std::uint64_t seed, std::uint64_t k) {
  std::uint64_t z = seed + (k + 1) * 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::string fnv1aHex(const std::string& text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const unsigned char c : text) {
    h = (h ^ c) * 0x100000001b3ULL;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

std::vector<json> parameterValues(const json& entry, const std::string& file,
                                  const std::string& path) {
  const int kinds = static_cast<int>(entry.contains("values")) +
                    static_cast<int>(entry.contains("range")) +
                    static_cast<int>(entry.contains("random"));
  if (kinds != 1) {
    fail(file, path, "give exactly one of \"values\", \"range\" and \"random\"");
  }
  if (entry.contains("range")) {
    return rangeValues(entry.at("range"), file, path + "/range");
  }
  if (entry.contains("random")) {
    return randomValues(entry.at("random"), file, path + "/random");
  }
  const json& list = entry.at("values");
  if (!list.is_array() || list.empty() || list.size() > kMaxValues) {
    fail(file, path + "/values", "expected a non-empty list of values");
  }
  return list.get<std::vector<json>>();
}

}  // namespace contactsim::sweep
