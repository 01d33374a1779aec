#include "contact/response/deformation_history.hpp"

#include <algorithm>
#include <cmath>

namespace contactsim {

DeformationHistory::DeformationHistory(std::size_t samples)
    : increments_(samples > 0 ? samples - 1 : 0, 0.0) {}

double DeformationHistory::nominalForce(const ResponseMap& map, std::size_t node) const {
  // ullrich-pai §5.1 step 1: F̃_{k+1} = Σ_i F(t_{k+1} − t_i) Δδ_i. Δδ_{k+1−m} sits m − 1 places
  // behind the newest entry of the ring and meets F(t_m), m = 1 … N_f − 1; everything older meets
  // F(t_m ≥ t_{N_f}) = k and sums to δ_{k+1−N_f}.
  const std::size_t n = increments_.size();
  double f = map.response(node, n + 1) * settled_;
  for (std::size_t m = 1; m <= n; ++m) {
    f += map.response(node, m) * increments_[(newest_ + n + 1 - m) % n];
  }
  return f;
}

double DeformationHistory::nominalForce(const ResponseMap& map, const ResponseWeights& w) const {
  if (w.weight == 0.0) {
    return nominalForce(map, w.node_a);
  }
  return (1.0 - w.weight) * nominalForce(map, w.node_a) + w.weight * nominalForce(map, w.node_b);
}

void DeformationHistory::push(double deformation) {
  const double increment = deformation - current_;
  current_ = deformation;
  peak_ = std::max(peak_, std::abs(deformation));
  const std::size_t n = increments_.size();
  if (n == 0) {
    settled_ += increment;
    return;
  }
  newest_ = (newest_ + 1) % n;
  settled_ += increments_[newest_];  // the oldest increment leaves the window
  increments_[newest_] = increment;
}

double DeformationHistory::residual() const {
  double r = std::abs(current_);
  for (const double d : increments_) {
    r = std::max(r, std::abs(d));
  }
  return r;
}

}  // namespace contactsim
