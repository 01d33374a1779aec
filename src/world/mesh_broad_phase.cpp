#include "mesh_broad_phase.hpp"

#include <algorithm>
#include <numeric>

namespace contactsim::world_detail {

Aabb worldBounds(const TriangleMesh& mesh, const Frame& X_WB) {
  const Vec3 centre = 0.5 * (mesh.boundsMin() + mesh.boundsMax());
  const Vec3 half = 0.5 * (mesh.boundsMax() - mesh.boundsMin());
  const Vec3 c = X_WB * centre;
  const Vec3 e = X_WB.linear().cwiseAbs() * half;
  return {c - e, c + e};
}

std::vector<std::pair<std::size_t, std::size_t>> overlappingPairs(
    const std::vector<std::optional<Aabb>>& boxes) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    if (boxes[i])
      order.push_back(i);
  }
  std::sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
    return boxes[i]->min.x() < boxes[j]->min.x() ||
           (boxes[i]->min.x() == boxes[j]->min.x() && i < j);
  });
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const Aabb& a = *boxes[order[k]];
    for (std::size_t l = k + 1; l < order.size(); ++l) {
      const Aabb& b = *boxes[order[l]];
      if (b.min.x() > a.max.x())
        break;
      if (b.min.y() <= a.max.y() && a.min.y() <= b.max.y() && b.min.z() <= a.max.z() &&
          a.min.z() <= b.max.z()) {
        pairs.emplace_back(std::min(order[k], order[l]), std::max(order[k], order[l]));
      }
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace contactsim::world_detail
