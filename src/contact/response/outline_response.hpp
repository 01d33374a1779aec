// Where on a map body's outline a contact is, and which response the map gives there.
//
// The rule (docs/ARCHITECTURE.md, contact/response): every node of the map is placed on the
// outline at the arc length of its nearest outline point; a contact at arc length s takes the
// response of the two nodes that bracket s along the outline (cyclically), interpolated linearly
// in arc length: F(s, t_m) = (1 − w) F_a(t_m) + w F_b(t_m), k(s) = (1 − w) k_a + w k_b,
// w = (s − s_a)/(s_b − s_a). A contact exactly at a node takes that node's response; a map with one
// node gives it everywhere. ullrich-pai §5.1 step 3 assumes the contact displacement is small
// against the node spacing, so the weights are taken at the start of each step.
#pragma once

#include <cstddef>
#include <vector>

#include "contactsim/bem/response_map.hpp"
#include "contactsim/math/planar_body.hpp"

namespace contactsim {

/// Two nodes and the weight of the second: response = (1 − weight) · node a + weight · node b.
struct ResponseWeights {
  std::size_t node_a = 0;
  std::size_t node_b = 0;
  double weight = 0.0;  ///< in [0, 1]
};

/// Arc-length parameterisation of a map's outline (body frame), with its nodes placed on it.
class OutlineResponse {
 public:
  /// The map must be valid (ResponseMap::validate()).
  explicit OutlineResponse(const ResponseMap& map);

  [[nodiscard]] double perimeter() const noexcept { return cumulative_.back(); }
  /// Arc length of outline vertex i, measured counter-clockwise from vertex 0.
  [[nodiscard]] double vertexArcLength(std::size_t i) const { return cumulative_[i]; }
  /// Arc length of the outline point nearest to a body-frame point.
  [[nodiscard]] double arcLength(const Vec2& body_point) const;
  /// Arc length at which node j sits.
  [[nodiscard]] double nodeArcLength(std::size_t j) const { return node_arc_[j]; }
  /// The interpolation rule above at arc length s (taken modulo the perimeter).
  [[nodiscard]] ResponseWeights weightsAt(double s) const;

 private:
  std::vector<Vec2> outline_;
  std::vector<double> cumulative_;  ///< size n + 1: arc length of vertex i; back() = perimeter
  std::vector<double> node_arc_;    ///< per node
  std::vector<std::size_t> order_;  ///< nodes sorted by arc length
};

/// F(s, t_m) of the weights (ResponseMap::response continues past the sampled window with k).
inline double interpolatedResponse(const ResponseMap& map, const ResponseWeights& w,
                                   std::size_t m) {
  return (1.0 - w.weight) * map.response(w.node_a, m) + w.weight * map.response(w.node_b, m);
}

}  // namespace contactsim
