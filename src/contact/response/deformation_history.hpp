// The deformation history of one body at one contact, and the nominal force it implies: the
// digital filter of ullrich-pai §5.1 step 1.
#pragma once

#include <cstddef>
#include <vector>

#include "contact/response/outline_response.hpp"
#include "contactsim/bem/response_map.hpp"

namespace contactsim {

/// δ_1 … δ_k of one body's surface at one contact (δ_0 = 0 when the contact began), kept as the
/// increments of the last N_f − 1 steps plus the deformation before them: the response beyond the
/// sampled window is the constant k (ResponseMap::response), so older increments only enter
/// through their sum. O(N_f) memory and work per step.
class DeformationHistory {
 public:
  /// `samples` = N_f of the map (≥ 1).
  explicit DeformationHistory(std::size_t samples);

  /// δ_k, the latest deformation [m].
  [[nodiscard]] double deformation() const noexcept { return current_; }

  /// The nominal force for the next step,
  ///   F̃_{k+1} = Σ_{i=1..k} F(t_{k+1} − t_i) Δδ_i,
  /// with F the response of node `node` (ullrich-pai §5.1 step 1).
  [[nodiscard]] double nominalForce(const ResponseMap& map, std::size_t node) const;
  /// The same for the response interpolated between two nodes (outline_response.hpp).
  [[nodiscard]] double nominalForce(const ResponseMap& map, const ResponseWeights& w) const;

  /// Appends δ_{k+1}.
  void push(double deformation);

  /// max |δ_i| over the history so far [m].
  [[nodiscard]] double peak() const noexcept { return peak_; }
  /// The largest |δ_k| and |Δδ_i| inside the window: what the history can still contribute.
  [[nodiscard]] double residual() const;

 private:
  std::vector<double> increments_;  ///< ring of the last N_f − 1 increments
  std::size_t newest_ = 0;          ///< index of Δδ_k in the ring
  double settled_ = 0.0;            ///< δ_{k+1−N_f}: the sum of all older increments
  double current_ = 0.0;            ///< δ_k
  double peak_ = 0.0;
};

}  // namespace contactsim
