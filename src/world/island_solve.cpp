// The velocity level's impulses island by island, in parallel (island_solve.hpp).
#include "island_solve.hpp"

#include <algorithm>
#include <limits>
#include <utility>

#include <tbb/parallel_for.h>

#include "islands.hpp"
#include "mixed_blocks.hpp"

namespace contactsim::world_detail {

namespace {

constexpr std::size_t kUnmapped = std::numeric_limits<std::size_t>::max();
// Fewer contacts than this are solved on the calling thread: the threads' start costs more than
// the sweeps of a few small islands (bench_mixed_world: 8 % of the time in TBB at 50 islands of
// four contacts). Either way each island's answer is the same bits.
constexpr std::size_t kParallelContacts = 512;

// One island's problem: its bodies (free ones and the fixed ones its contacts touch) renumbered
// from 0 in index order, its contacts in their order.
struct IslandProblem {
  std::vector<std::size_t> bodies;    // global indices
  std::vector<std::size_t> contacts;  // global indices
  std::vector<std::size_t> patches;   // global indices of the 6D contacts
  BlockPgsStats stats;
};

// The island's constraints (contacts or patches) `which`, their bodies renumbered by `local`,
// with their warm starts.
template <class Constraint, class Warm, class Local>
void gather(const std::vector<std::size_t>& which, const std::vector<Constraint>& all,
            const std::vector<Warm>& all_warm, const Local& local, std::vector<Constraint>& out,
            std::vector<Warm>& out_warm) {
  for (std::size_t c : which) {
    Constraint k = all[c];
    k.body_a = local(k.body_a);
    k.body_b = local(k.body_b);
    out.push_back(k);
    out_warm.push_back(all_warm[c]);
  }
}

}  // namespace

BlockPgsStats solveByIslands(std::vector<VelocityBody>& bodies, const std::vector<bool>& fixed,
                             const std::vector<FrictionalContact>& contacts,
                             std::vector<Vec3>& impulses, const BlockPgsOptions& options) {
  std::vector<Wrench> no_wrenches;
  return solveByIslands(bodies, fixed, contacts, impulses, {}, no_wrenches, options);
}

BlockPgsStats solveByIslands(std::vector<VelocityBody>& bodies, const std::vector<bool>& fixed,
                             const std::vector<FrictionalContact>& contacts,
                             std::vector<Vec3>& impulses, const std::vector<VolumeContact>& patches,
                             std::vector<Wrench>& wrenches, const BlockPgsOptions& options) {
  // 1. Islands of the contacts' free bodies; each contact to the island of its free body.
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  pairs.reserve(contacts.size());
  for (const FrictionalContact& c : contacts)
    pairs.emplace_back(c.body_a, c.body_b);
  for (const VolumeContact& c : patches)
    pairs.emplace_back(c.body_a, c.body_b);
  const IslandPartition partition = buildIslands(fixed, pairs);
  std::vector<IslandProblem> problems(partition.islands.size());
  std::vector<std::size_t> slot(bodies.size(), kUnmapped);
  for (std::size_t k = 0; k < partition.islands.size(); ++k) {
    for (std::size_t i : partition.islands[k])
      slot[i] = k;
  }
  impulses.resize(contacts.size(), Vec3::Zero());
  for (std::size_t c = 0; c < contacts.size(); ++c) {
    const std::size_t free = fixed[contacts[c].body_a] ? contacts[c].body_b : contacts[c].body_a;
    problems[slot[free]].contacts.push_back(c);
  }
  wrenches.resize(patches.size(), Wrench::Zero());
  for (std::size_t c = 0; c < patches.size(); ++c) {
    const std::size_t free = fixed[patches[c].body_a] ? patches[c].body_b : patches[c].body_a;
    problems[slot[free]].patches.push_back(c);
  }
  // 2. Each island alone (its free bodies, then the fixed bodies it touches, in index order);
  // in parallel where there is enough to share (small islands cost less than the threads).
  const auto solveIsland = [&](std::size_t k) {
    IslandProblem& p = problems[k];
    if (p.contacts.empty() && p.patches.empty())
      return;
    p.bodies = partition.islands[k];
    const auto addFixed = [&](std::size_t i) {
      if (fixed[i] && std::find(p.bodies.begin(), p.bodies.end(), i) == p.bodies.end())
        p.bodies.push_back(i);
    };
    for (std::size_t c : p.contacts) {
      addFixed(contacts[c].body_a);
      addFixed(contacts[c].body_b);
    }
    for (std::size_t c : p.patches) {
      addFixed(patches[c].body_a);
      addFixed(patches[c].body_b);
    }
    std::sort(p.bodies.begin(), p.bodies.end());
    const auto local = [&](std::size_t i) {
      return static_cast<std::size_t>(std::lower_bound(p.bodies.begin(), p.bodies.end(), i) -
                                      p.bodies.begin());
    };
    // Per-thread scratch, reused island after island (small islands: allocations dominate).
    thread_local std::vector<VelocityBody> island_bodies;
    thread_local std::vector<FrictionalContact> island_contacts;
    thread_local std::vector<Vec3> island_impulses;
    island_bodies.clear();
    island_contacts.clear();
    island_impulses.clear();
    for (std::size_t i : p.bodies)
      island_bodies.push_back(bodies[i]);
    gather(p.contacts, contacts, impulses, local, island_contacts, island_impulses);
    if (p.patches.empty()) {
      p.stats = solveFrictionalContacts(island_bodies, island_contacts, island_impulses, options);
    } else {
      // 6D blocks too (mesh–mesh pairs): both kinds in one Gauss–Seidel (mixed_blocks.hpp).
      std::vector<VolumeContact> island_patches;
      std::vector<Wrench> island_wrenches;
      gather(p.patches, patches, wrenches, local, island_patches, island_wrenches);
      const MixedBlockStats mixed =
          solveMixedBlocks(island_bodies, island_contacts, island_impulses, island_patches,
                           island_wrenches, options);
      p.stats = mixed.point;
      p.stats.iterations = mixed.iterations;
      p.stats.update_norm = mixed.update_norm;
      p.stats.converged = mixed.converged;
      p.stats.sliding += mixed.volume.sliding;
      p.stats.separating += mixed.volume.separating;
      for (std::size_t j = 0; j < p.patches.size(); ++j)
        wrenches[p.patches[j]] = island_wrenches[j];
    }
    // Each island writes only its own free bodies and contacts.
    for (std::size_t j = 0; j < p.bodies.size(); ++j) {
      if (!fixed[p.bodies[j]])
        bodies[p.bodies[j]] = island_bodies[j];
    }
    for (std::size_t j = 0; j < p.contacts.size(); ++j)
      impulses[p.contacts[j]] = island_impulses[j];
  };
  if (contacts.size() >= kParallelContacts) {
    tbb::parallel_for(std::size_t{0}, problems.size(), solveIsland);
  } else {
    for (std::size_t k = 0; k < problems.size(); ++k)
      solveIsland(k);
  }
  // 3. The stats of the islands together, in island order.
  BlockPgsStats total;
  total.converged = true;
  for (const IslandProblem& p : problems) {
    if (p.contacts.empty())
      continue;
    total.iterations = std::max(total.iterations, p.stats.iterations);
    total.update_norm = std::max(total.update_norm, p.stats.update_norm);
    total.converged = total.converged && p.stats.converged;
    total.sliding += p.stats.sliding;
    total.separating += p.stats.separating;
    total.assembly_seconds += p.stats.assembly_seconds;
    total.factorization_seconds += p.stats.factorization_seconds;
    total.solve_seconds += p.stats.solve_seconds;
  }
  return total;
}

}  // namespace contactsim::world_detail
