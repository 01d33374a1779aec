// Welding a tessellation's repeated vertices into a closed triangle mesh.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/geometry/triangle_mesh.hpp"
#include "math/disjoint_sets.hpp"

namespace contactsim {
namespace {

using Cell = std::array<std::int64_t, 3>;

}  // namespace

TriangleMesh weldTessellation(const TessellatedSurface& surface, double tolerance,
                              MeshValidation validation) {
  const std::vector<Vec3>& x = surface.positions;
  if (x.empty()) {
    throw InvalidInputError("weldTessellation: the tessellation has no vertices");
  }
  Vec3 lo = x.front();
  Vec3 hi = lo;
  for (const Vec3& p : x) {
    if (!p.allFinite()) {
      throw InvalidInputError("weldTessellation: a tessellation vertex is not finite");
    }
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  }
  const double diagonal = (hi - lo).norm();
  if (!(tolerance > 0.0)) {
    tolerance = 1e-9 * diagonal;
  }
  if (!std::isfinite(tolerance) || tolerance < 1e-14 * diagonal) {
    throw InvalidInputError("weldTessellation: tolerance " + toText(tolerance) +
                            " is below rounding (1e-14 of the bounding-box diagonal " +
                            toText(diagonal) + ")");
  }
  // Hash grid of cell size `tolerance`: vertices within it lie in the same or adjacent cells.
  const auto cellOf = [&](const Vec3& p) {
    const Vec3 c = ((p - lo) / tolerance).array().floor();
    return Cell{static_cast<std::int64_t>(c.x()), static_cast<std::int64_t>(c.y()),
                static_cast<std::int64_t>(c.z())};
  };
  std::vector<std::pair<Cell, std::size_t>> cells(x.size());
  for (std::size_t v = 0; v < x.size(); ++v) {
    cells[v] = {cellOf(x[v]), v};
  }
  std::sort(cells.begin(), cells.end());
  DisjointSets welds(x.size());
  for (std::size_t v = 0; v < x.size(); ++v) {
    const Cell c = cellOf(x[v]);
    for (std::int64_t dx = -1; dx <= 1; ++dx) {
      for (std::int64_t dy = -1; dy <= 1; ++dy) {
        for (std::int64_t dz = -1; dz <= 1; ++dz) {
          const Cell n{c[0] + dx, c[1] + dy, c[2] + dz};
          auto it = std::lower_bound(cells.begin(), cells.end(), std::make_pair(n, std::size_t{0}));
          for (; it != cells.end() && it->first == n; ++it) {
            if (it->second != v && (x[it->second] - x[v]).norm() <= tolerance) {
              welds.join(v, it->second);
            }
          }
        }
      }
    }
  }
  // Renumber the surviving vertices in order; drop triangles that collapse.
  std::vector<int> index(x.size(), -1);
  std::vector<Vec3> vertices;
  for (std::size_t v = 0; v < x.size(); ++v) {
    const std::size_t r = welds.find(v);
    if (r == v) {
      index[v] = static_cast<int>(vertices.size());
      vertices.push_back(x[v]);
    }
  }
  std::vector<TriangleMesh::Triangle> triangles;
  triangles.reserve(surface.triangles.size());
  for (const Eigen::Vector3i& t : surface.triangles) {
    TriangleMesh::Triangle w;
    for (int k = 0; k < 3; ++k) {
      if (t[k] < 0 || static_cast<std::size_t>(t[k]) >= x.size()) {
        throw InvalidInputError("weldTessellation: a triangle index is out of range");
      }
      w[k] = index[welds.find(static_cast<std::size_t>(t[k]))];
    }
    if (w[0] != w[1] && w[1] != w[2] && w[2] != w[0]) {
      triangles.push_back(w);
    }
  }
  return TriangleMesh(std::move(vertices), std::move(triangles), "welded tessellation", validation);
}

}  // namespace contactsim
