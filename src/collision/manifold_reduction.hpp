// Contact manifold reduction: near-coincident points welded, then at most four points kept that
// span the largest area. Redundant and near-duplicate contacts slow projected Gauss–Seidel
// (bouchard-2015 §6.2 on redundant constraints); a face contact needs no more than four.
#pragma once

#include <cstddef>
#include <vector>

#include "collision/convex_contact.hpp"

namespace contactsim {

/// Welds points of one pair's manifold closer than `weld_distance` [m] into one (mean position,
/// smallest separation, smallest feature id, so the id survives from step to step), then, when
/// more than `max_points` remain (max_points ≥ 1), keeps the deepest point, the point farthest
/// from it, and the points adding the largest area on either side of the line through those two
/// (the usual four-point choice of game engines), up to max_points. Order of the kept points is
/// deterministic. Throws InvalidInputError for a negative or non-finite weld distance or
/// max_points = 0.
std::vector<ContactPoint> reduceManifold(std::vector<ContactPoint> points, std::size_t max_points,
                                         double weld_distance);

}  // namespace contactsim
