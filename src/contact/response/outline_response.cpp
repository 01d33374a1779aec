#include "contact/response/outline_response.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace contactsim {

OutlineResponse::OutlineResponse(const ResponseMap& map) : outline_(map.outline) {
  const std::size_t n = outline_.size();
  cumulative_.resize(n + 1, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    cumulative_[i + 1] = cumulative_[i] + (outline_[(i + 1) % n] - outline_[i]).norm();
  }
  node_arc_.reserve(map.nodes.size());
  for (const ResponseMapNode& node : map.nodes) {
    node_arc_.push_back(arcLength(node.position));
  }
  order_.resize(map.nodes.size());
  std::iota(order_.begin(), order_.end(), std::size_t{0});
  std::stable_sort(order_.begin(), order_.end(),
                   [this](std::size_t a, std::size_t b) { return node_arc_[a] < node_arc_[b]; });
}

double OutlineResponse::arcLength(const Vec2& p) const {
  const std::size_t n = outline_.size();
  double best_distance = std::numeric_limits<double>::infinity();
  double best_arc = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2& a = outline_[i];
    const Vec2 edge = outline_[(i + 1) % n] - a;
    const double length2 = edge.squaredNorm();
    const double u = length2 > 0.0 ? std::clamp((p - a).dot(edge) / length2, 0.0, 1.0) : 0.0;
    const double distance = (a + u * edge - p).squaredNorm();
    if (distance < best_distance) {
      best_distance = distance;
      best_arc = cumulative_[i] + u * (cumulative_[i + 1] - cumulative_[i]);
    }
  }
  return best_arc;
}

ResponseWeights OutlineResponse::weightsAt(double s) const {
  const double L = perimeter();
  s = std::fmod(s, L);
  if (s < 0.0) {
    s += L;
  }
  if (order_.size() == 1) {
    return {order_[0], order_[0], 0.0};
  }
  // The first node at or after s (cyclically) and the one before it.
  const auto it = std::lower_bound(order_.begin(), order_.end(), s,
                                   [this](std::size_t j, double x) { return node_arc_[j] < x; });
  const std::size_t next = it == order_.end() ? order_.front() : *it;
  const std::size_t prev = it == order_.begin() ? order_.back() : *(it - 1);
  if (node_arc_[next] == s) {
    return {next, next, 0.0};
  }
  double span = node_arc_[next] - node_arc_[prev];
  double offset = s - node_arc_[prev];
  if (span <= 0.0) {  // the bracket wraps through arc length 0
    span += L;
  }
  if (offset < 0.0) {
    offset += L;
  }
  if (!(span > 0.0)) {
    return {prev, prev, 0.0};
  }
  return {prev, next, std::clamp(offset / span, 0.0, 1.0)};
}

}  // namespace contactsim
