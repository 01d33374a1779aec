// One velocity-level island with point blocks and 6D blocks together (issue 22's design: "6D
// blocks for mesh–mesh pairs, 3×3 point blocks for polyhedra, and for every pair that involves a
// smooth surface a point contact at the exact closest points"): projected block Gauss–Seidel over
// both kinds, each sweep one sweep of contact/point's solver over the point blocks with the 6D
// wrenches held, then one of contact/volume's (bouchard-2015 §5, PROJECT) over the 6D blocks with
// the point impulses held. Internal to world.
#pragma once

#include <span>
#include <vector>

#include "contact/point/frictional_contact.hpp"
#include "contact/volume/six_d_contact.hpp"

namespace contactsim::world_detail {

struct MixedBlockStats {
  int iterations = 0;        ///< sweeps over both kinds
  double update_norm = 0.0;  ///< of the last sweep: both kinds' squared changes summed
  bool converged = false;
  BlockPgsStats point;      ///< the point blocks' last sweep
  VolumeSolveStats volume;  ///< the 6D blocks' last sweep
};

/// Solves `points` (impulses as solveFrictionalContacts: world, warm start on entry) and `patches`
/// (wrenches as solveVolumeContacts: world axes, torque about the patch centre, angular first)
/// on the same bodies, and applies both to their velocities (free velocities on entry). Stops when
/// a sweep's update over both kinds is ≤ options.tolerance or after options.max_iterations
/// sweeps. With no 6D block it is solveFrictionalContacts, with no point block
/// solveVolumeContacts (their bits). Bad input as those two.
MixedBlockStats solveMixedBlocks(std::span<VelocityBody> bodies,
                                 std::span<const FrictionalContact> points,
                                 std::vector<Vec3>& impulses,
                                 std::span<const VolumeContact> patches,
                                 std::vector<Wrench>& wrenches, const BlockPgsOptions& options);

}  // namespace contactsim::world_detail
