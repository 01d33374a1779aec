// Islands: the free bodies joined by contacts, by union–find over the frame's contact pairs
// (docs/ARCHITECTURE.md "Islands"; Jolt's IslandBuilder is the anchor). Fixed bodies never join an
// island: they are shared and read-only, so two boxes resting apart on one floor are two islands.
// An island is named by its smallest body index; islands are listed in that order and their
// bodies in index order, so the partition does not depend on the order the pairs were found.
// Internal to world.
#pragma once

#include <cstddef>
#include <limits>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "contactsim/world/world_description.hpp"

namespace contactsim::world_detail {

struct IslandPartition {
  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
  /// Per body: its island's smallest body index, or kNone for a fixed body.
  std::vector<std::size_t> island_of;
  /// The islands (a free body alone is an island of one), each sorted, in order of their first.
  std::vector<std::vector<std::size_t>> islands;
};

/// The islands of the free bodies joined by `pairs` (pairs with a fixed body join nothing).
[[nodiscard]] IslandPartition buildIslands(
    const std::vector<bool>& fixed, std::span<const std::pair<std::size_t, std::size_t>> pairs);

/// The events of a change of partition at time t, in island order: `island-merge` for each new
/// island holding bodies of two or more old islands, `island-split` for each old island whose
/// bodies now lie in two or more islands. The event's body is the island's first body, its detail
/// the islands' bodies by name ("ball+box1 | box2").
[[nodiscard]] std::vector<WorldEvent> partitionEvents(const IslandPartition& before,
                                                      const IslandPartition& after, double t,
                                                      const std::vector<std::string>& names);

}  // namespace contactsim::world_detail
