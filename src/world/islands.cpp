// Union–find islands and the events of their changes (islands.hpp).
#include "islands.hpp"

#include <algorithm>
#include <set>

#include "math/disjoint_sets.hpp"

namespace contactsim::world_detail {

namespace {

// "a+b" for the bodies of one island.
std::string islandNames(const std::vector<std::size_t>& bodies,
                        const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i : bodies)
    out += (out.empty() ? "" : "+") + names.at(i);
  return out;
}

// The events of the islands of `to` whose bodies came from several islands of `from`.
void joinedIslands(const IslandPartition& from, const IslandPartition& to, double t,
                   const std::vector<std::string>& names, const std::string& type,
                   std::vector<WorldEvent>& out, bool name_parts_of_to) {
  for (const std::vector<std::size_t>& island : to.islands) {
    std::set<std::size_t> sources;
    for (std::size_t i : island)
      sources.insert(from.island_of[i]);
    if (sources.size() < 2)
      continue;
    std::string detail;
    for (std::size_t s : sources) {
      const auto& part = *std::find_if(from.islands.begin(), from.islands.end(),
                                       [&](const auto& b) { return b.front() == s; });
      detail += (detail.empty() ? "" : " | ") + islandNames(part, names);
    }
    const std::string whole = islandNames(island, names);
    out.push_back({t, names.at(island.front()), type,
                   name_parts_of_to ? whole + " → " + detail : detail + " → " + whole});
  }
}

}  // namespace

IslandPartition buildIslands(const std::vector<bool>& fixed,
                             std::span<const std::pair<std::size_t, std::size_t>> pairs) {
  DisjointSets sets(fixed.size());
  for (const auto& [a, b] : pairs) {
    if (!fixed.at(a) && !fixed.at(b))
      sets.join(a, b);
  }
  IslandPartition out;
  out.island_of.assign(fixed.size(), IslandPartition::kNone);
  std::vector<std::size_t> slot(fixed.size(), IslandPartition::kNone);
  for (std::size_t i = 0; i < fixed.size(); ++i) {
    if (fixed[i])
      continue;
    const std::size_t root = sets.find(i);  // the smallest index of its set, seen first
    out.island_of[i] = root;
    if (slot[root] == IslandPartition::kNone) {
      slot[root] = out.islands.size();
      out.islands.emplace_back();
    }
    out.islands[slot[root]].push_back(i);
  }
  return out;
}

std::vector<WorldEvent> partitionEvents(const IslandPartition& before, const IslandPartition& after,
                                        double t, const std::vector<std::string>& names) {
  std::vector<WorldEvent> out;
  joinedIslands(before, after, t, names, "island-merge", out, false);
  joinedIslands(after, before, t, names, "island-split", out, true);
  return out;
}

}  // namespace contactsim::world_detail
