// The velocity level's impulses island by island (docs/ARCHITECTURE.md "Islands"): the free
// bodies joined by the step's contacts (islands.hpp) are solved apart, each by the projected block
// Gauss–Seidel of contact/point/frictional_contact, in parallel (TBB). Each island's solve sees
// only its own bodies and contacts, in index order, so the answer is bitwise the same on any
// number of threads, and an island's sweeps stop at its own tolerance. Internal to world.
#pragma once

#include <vector>

#include "contact/point/frictional_contact.hpp"
#include "contact/volume/volume_contact.hpp"

namespace contactsim::world_detail {

/// Solves `contacts` (indices into `bodies`, whose `fixed` entries are never changed) island by
/// island, `impulses` the warm start on entry and the answer on return (as
/// solveFrictionalContacts), and applies them to the bodies' velocities. The stats: sweeps and the
/// last update the largest over the islands, counts and times summed, converged if every island
/// converged.
BlockPgsStats solveByIslands(std::vector<VelocityBody>& bodies, const std::vector<bool>& fixed,
                             const std::vector<FrictionalContact>& contacts,
                             std::vector<Vec3>& impulses, const BlockPgsOptions& options);

/// The same with 6D patch contacts beside the point contacts (`wrenches` their warm start and
/// answer, as solveVolumeContacts): an island with both is solved by solveMixedBlocks, one with
/// point contacts only exactly as above.
BlockPgsStats solveByIslands(std::vector<VelocityBody>& bodies, const std::vector<bool>& fixed,
                             const std::vector<FrictionalContact>& contacts,
                             std::vector<Vec3>& impulses, const std::vector<VolumeContact>& patches,
                             std::vector<Wrench>& wrenches, const BlockPgsOptions& options);

}  // namespace contactsim::world_detail
