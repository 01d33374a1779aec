// Broad phase of the volume-contact world: world-axis bounding boxes of posed meshes and the
// pairs whose boxes overlap, by sort and sweep along x.
#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "contactsim/geometry/triangle_mesh.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim::world_detail {

struct Aabb {
  Vec3 min = Vec3::Zero();
  Vec3 max = Vec3::Zero();
};

/// The world box enclosing the mesh's body-coordinate bounds posed by X_WB (body → world):
/// centre X_WB c, half extents |R| e (not the tightest box of the vertices, but found in O(1)).
[[nodiscard]] Aabb worldBounds(const TriangleMesh& mesh, const Frame& X_WB);

/// The pairs (i, j), i < j, of present boxes that overlap (closed intervals on all three axes),
/// in lexicographic order: boxes sorted by min.x, each swept against the following ones until
/// their min.x passes its max.x.
[[nodiscard]] std::vector<std::pair<std::size_t, std::size_t>> overlappingPairs(
    const std::vector<std::optional<Aabb>>& boxes);

}  // namespace contactsim::world_detail
