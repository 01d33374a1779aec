// Point blocks and 6D blocks in one island's block Gauss–Seidel (mixed_blocks.hpp).
#include "mixed_blocks.hpp"

#include <algorithm>
#include <cmath>

namespace contactsim::world_detail {

namespace {

void addImpulse(VelocityBody& body, const Vec3& at, const Vec3& impulse) {
  if (body.isFixed())
    return;
  body.velocity += body.inverse_mass * impulse;
  body.omega += body.inverse_inertia * (at - body.com).cross(impulse);
}

// A world-axes wrench (angular first) about `at`: on a body, the torque about its centre of mass
// is τ + (at − com) × f.
void addWrench(VelocityBody& body, const Vec3& at, const Wrench& w, double sign) {
  if (body.isFixed())
    return;
  const Vec3 f = sign * Vec3(linear(w));
  body.velocity += body.inverse_mass * f;
  body.omega += body.inverse_inertia * (sign * Vec3(angular(w)) + (at - body.com).cross(f));
}

}  // namespace

MixedBlockStats solveMixedBlocks(std::span<VelocityBody> bodies,
                                 std::span<const FrictionalContact> points,
                                 std::vector<Vec3>& impulses,
                                 std::span<const VolumeContact> patches,
                                 std::vector<Wrench>& wrenches, const BlockPgsOptions& options) {
  MixedBlockStats stats;
  // One kind alone: its own solver, its own bits.
  if (patches.empty() || points.empty()) {
    if (patches.empty()) {
      stats.point = solveFrictionalContacts(bodies, points, impulses, options);
    } else {
      stats.volume = solveVolumeContacts(bodies, patches, wrenches, options);
    }
    const BlockPgsStats& one = patches.empty() ? stats.point : stats.volume;
    stats.iterations = one.iterations;
    stats.update_norm = one.update_norm;
    stats.converged = one.converged;
    return stats;
  }
  // Both kinds: each sweep re-enters each solver for one sweep from the other kind's answer
  // held. The solvers warm start from the impulses they are given, so one sweep of each is a
  // sweep of block Gauss–Seidel over all blocks (points first, then patches).
  const std::vector<VelocityBody> free(bodies.begin(), bodies.end());
  BlockPgsOptions one_sweep = options;
  one_sweep.max_iterations = 1;
  one_sweep.record_history = false;
  std::vector<VelocityBody> work;
  for (int sweep = 1; sweep <= options.max_iterations; ++sweep) {
    // Phase 1: the point blocks, the 6D wrenches held.
    work = free;
    wrenches.resize(patches.size(), Wrench::Zero());
    for (std::size_t k = 0; k < patches.size(); ++k) {
      const VolumeContact& c = patches[k];
      addWrench(work[c.body_a], c.patch.center, wrenches[k], 1.0);
      addWrench(work[c.body_b], c.patch.center, wrenches[k], -1.0);
    }
    stats.point = solveFrictionalContacts(work, points, impulses, one_sweep);
    // Phase 2: the 6D blocks, the point impulses held.
    work = free;
    for (std::size_t k = 0; k < points.size(); ++k) {
      const FrictionalContact& c = points[k];
      addImpulse(work[c.body_a], c.point, impulses[k]);
      addImpulse(work[c.body_b], c.point, -impulses[k]);
    }
    stats.volume = solveVolumeContacts(work, patches, wrenches, one_sweep);
    // Phase 3: both kinds' update together.
    stats.iterations = sweep;
    stats.update_norm = std::hypot(stats.point.update_norm, stats.volume.update_norm);
    if (stats.update_norm <= options.tolerance) {
      stats.converged = true;
      break;
    }
  }
  std::copy(work.begin(), work.end(), bodies.begin());
  return stats;
}

}  // namespace contactsim::world_detail
