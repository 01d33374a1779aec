// Islands by union–find (src/world/islands.hpp): checked against partitions worked out by hand —
// fixed bodies join nothing, a chain of contacts is one island, the partition and its naming do
// not depend on the order pairs are given — and the merge and split events between two
// partitions.
#include "islands.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace contactsim::world_detail {
namespace {

using Pairs = std::vector<std::pair<std::size_t, std::size_t>>;

TEST(Islands, FixedBodiesJoinNothingAndChainsAreOneIsland) {
  // 0 floor (fixed); 1–2–3 a stack on it; 4 alone on the floor; 5 alone in the air.
  const std::vector<bool> fixed{true, false, false, false, false, false};
  const Pairs pairs{{0, 1}, {2, 1}, {3, 2}, {4, 0}};
  const IslandPartition p = buildIslands(fixed, pairs);
  ASSERT_EQ(p.islands.size(), 3u);
  EXPECT_EQ(p.islands[0], (std::vector<std::size_t>{1, 2, 3}));
  EXPECT_EQ(p.islands[1], (std::vector<std::size_t>{4}));
  EXPECT_EQ(p.islands[2], (std::vector<std::size_t>{5}));
  EXPECT_EQ(p.island_of[0], IslandPartition::kNone);
  EXPECT_EQ(p.island_of[3], 1u);
  EXPECT_EQ(p.island_of[4], 4u);
}

TEST(Islands, PartitionDoesNotDependOnThePairsOrder) {
  std::vector<bool> fixed(40, false);
  fixed[0] = fixed[17] = true;
  Pairs pairs;
  std::mt19937 random(7);
  std::uniform_int_distribution<std::size_t> body(0, 39);
  for (int k = 0; k < 30; ++k)
    pairs.emplace_back(body(random), body(random));
  const IslandPartition reference = buildIslands(fixed, pairs);
  for (int trial = 0; trial < 5; ++trial) {
    std::shuffle(pairs.begin(), pairs.end(), random);
    for (auto& p : pairs) {
      if (trial % 2)
        std::swap(p.first, p.second);
    }
    const IslandPartition p = buildIslands(fixed, pairs);
    EXPECT_EQ(p.islands, reference.islands);
    EXPECT_EQ(p.island_of, reference.island_of);
  }
  // Each island is named by its smallest body, and islands are listed in that order.
  for (std::size_t k = 0; k < reference.islands.size(); ++k) {
    const auto& island = reference.islands[k];
    EXPECT_TRUE(std::is_sorted(island.begin(), island.end()));
    for (std::size_t i : island)
      EXPECT_EQ(reference.island_of[i], island.front());
    if (k > 0) {
      EXPECT_LT(reference.islands[k - 1].front(), island.front());
    }
  }
}

TEST(Islands, MergesAndSplitsAreLogged) {
  const std::vector<bool> fixed{true, false, false, false};
  const std::vector<std::string> names{"floor", "ball", "box1", "box2"};
  const IslandPartition apart = buildIslands(fixed, Pairs{{0, 2}, {0, 3}});
  const IslandPartition joined = buildIslands(fixed, Pairs{{1, 2}, {2, 3}});
  const std::vector<WorldEvent> merge = partitionEvents(apart, joined, 0.5, names);
  ASSERT_EQ(merge.size(), 1u);
  EXPECT_EQ(merge[0].type, "island-merge");
  EXPECT_EQ(merge[0].body, "ball");
  EXPECT_EQ(merge[0].detail, "ball | box1 | box2 → ball+box1+box2");
  EXPECT_DOUBLE_EQ(merge[0].time, 0.5);
  const std::vector<WorldEvent> split = partitionEvents(joined, apart, 0.7, names);
  ASSERT_EQ(split.size(), 1u);
  EXPECT_EQ(split[0].type, "island-split");
  EXPECT_EQ(split[0].detail, "ball+box1+box2 → ball | box1 | box2");
  EXPECT_TRUE(partitionEvents(joined, joined, 0.9, names).empty());
}

}  // namespace
}  // namespace contactsim::world_detail
