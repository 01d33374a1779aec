// The values a sweep parameter takes: a list, a linear or logarithmic range, or draws from a
// seeded random distribution that are the same on every machine and for every job count.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace contactsim::sweep {

/// The values of the parameter object `entry` (its "values", "range" or "random"); `file` and
/// `path` (the entry's JSON path in the spec) name a fault. Throws SceneError.
[[nodiscard]] std::vector<nlohmann::json> parameterValues(const nlohmann::json& entry,
                                                          const std::string& file,
                                                          const std::string& path);

/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators", OOPSLA
/// 2014; the constants of Vigna's splitmix64.c): the k-th output for `seed`.
[[nodiscard]] std::uint64_t splitMix64(std::uint64_t seed, std::uint64_t k);

/// 64-bit FNV-1a (Fowler, Noll & Vo; IETF draft-eastlake-fnv) of `text`, as 16 hex digits.
[[nodiscard]] std::string fnv1aHex(const std::string& text);

}  // namespace contactsim::sweep
