// The parameter domain of one surface patch: a convex polygon with counter-clockwise vertices
// P_1..P_n (kry-pai-2002 §3.5). Edge i runs from P_i to P_{i+1}; a point on it is
// P_i (1 − α) + P_{i+1} α.
#pragma once

#include <optional>
#include <vector>

#include <Eigen/Core>

namespace contactsim {

using Vec2 = Eigen::Vector2d;

struct EdgeCrossing {
  int edge;       ///< index i of the edge P_i → P_{i+1}
  double alpha;   ///< position along the edge, in [0, 1]
  double lambda;  ///< fraction of the segment travelled to the crossing, in [0, 1]
};

class PatchDomain {
 public:
  /// Throws InvalidInputError unless the vertices (≥ 3, finite) form a strictly convex polygon in
  /// counter-clockwise order.
  explicit PatchDomain(std::vector<Vec2> vertices);
  /// The unit square [0, 1]² (tensor-product patches, analytic charts).
  static PatchDomain unitSquare();
  /// The triangle (0, 0), (1, 0), (0, 1) (Loop patches).
  static PatchDomain unitTriangle();

  [[nodiscard]] int edgeCount() const { return static_cast<int>(vertices_.size()); }
  [[nodiscard]] const Vec2& vertex(int i) const { return vertices_[static_cast<std::size_t>(i)]; }
  /// Point of edge i at α.
  [[nodiscard]] Vec2 pointOnEdge(int edge, double alpha) const;

  /// Signed distance to edge i's line, positive inside.
  [[nodiscard]] double edgeDistance(int edge, const Vec2& p) const;
  /// Distance to the boundary, positive inside, negative outside (the smallest edge distance).
  [[nodiscard]] double boundaryDistance(const Vec2& p) const;
  /// Inside or on the boundary extended outward by ε ≥ 0 (thesis §4.5.5 ε-extended boundaries).
  [[nodiscard]] bool contains(const Vec2& p, double epsilon = 0.0) const;
  /// Within ε of the boundary, inside or out.
  [[nodiscard]] bool nearBoundary(const Vec2& p, double epsilon) const;

  /// The first edge the segment from `from` (inside) to `to` crosses, or nothing if `to` is inside.
  /// Through a corner it returns the edge that ends at that corner (α = 1), the counter-clockwise
  /// rule of kry-2000 §4.5.4 that keeps corner transitions from oscillating.
  [[nodiscard]] std::optional<EdgeCrossing> firstEdgeCrossed(const Vec2& from,
                                                             const Vec2& to) const;

 private:
  std::vector<Vec2> vertices_;
  std::vector<Vec2> inward_normals_;  // unit
};

}  // namespace contactsim
