// Self-intersection of a closed triangle mesh: a bounding-volume hierarchy over the triangles,
// traversed against itself in parallel, with the exact pair tests of triangle_intersection.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "contactsim/math/types.hpp"

namespace contactsim {

struct SelfIntersection {
  int first = -1;  ///< the lexicographically smallest intersecting pair (first < second)
  int second = -1;
  std::int64_t pairs = 0;  ///< how many pairs intersect
};

/// Pairs of triangles that meet other than along the vertices or edge they share (touching
/// counts), or nothing. Distances below 1e-12 × the bounding-box diagonal count as zero.
/// Deterministic whatever the thread count.
std::optional<SelfIntersection> findSelfIntersection(const std::vector<Vec3>& vertices,
                                                     const std::vector<Eigen::Vector3i>& triangles);

}  // namespace contactsim
