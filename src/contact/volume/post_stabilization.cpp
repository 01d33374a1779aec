// bouchard-2015 §5.7: position-level post-stabilization (Cline & Pai 2003) along the volume
// gradient towards the target interpenetration volume e, with compliance.
#include "contact/volume/post_stabilization.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "contactsim/error.hpp"
#include "spatial_block.hpp"
#include "validation.hpp"

namespace contactsim {

void PostStabilizationOptions::validate() const {
  auto require = [](bool ok, const std::string& message) {
    if (!ok)
      throw InvalidInputError("post-stabilization: " + message);
  };
  require(std::isfinite(target_volume) && target_volume >= 0.0, "target_volume must be ≥ 0");
  require(std::isfinite(relaxation) && relaxation > 0.0 && relaxation <= 1.0,
          "relaxation must be in (0, 1]");
  require(std::isfinite(compliance) && compliance >= 0.0, "compliance must be ≥ 0");
  require(max_iterations >= 1, "max_iterations must be ≥ 1");
  require(std::isfinite(tolerance) && tolerance >= 0.0, "tolerance must be ≥ 0");
}

std::vector<PoseCorrection> postStabilize(std::span<const VelocityBody> bodies,
                                          std::span<const VolumeContact> contacts,
                                          const PostStabilizationOptions& options,
                                          PostStabilizationStats* stats) {
  options.validate();
  volume_detail::validateBodies(bodies);
  for (std::size_t i = 0; i < contacts.size(); ++i)
    volume_detail::validateContact(bodies, contacts[i], "volume contact " + toText(i));

  // Displacement accumulators: the same body data with (δθ, δx) in place of (ω, v).
  std::vector<VelocityBody> moved(bodies.begin(), bodies.end());
  for (VelocityBody& b : moved) {
    b.velocity.setZero();
    b.omega.setZero();
  }
  struct Row {
    volume_detail::SpatialBlock block;
    double depth = 0.0;  ///< β max(0, V − e)/‖g‖ [m]
    double W = 0.0;      ///< S_nn + α
    double lambda = 0.0;
  };
  PostStabilizationStats local;
  std::vector<Row> rows;
  for (const VolumeContact& c : contacts) {
    const double excess = c.patch.volume - options.target_volume;
    if (!(excess > 0.0))
      continue;
    const double g = c.patch.gradient.norm();
    if (!(g > 0.0)) {
      ++local.skipped_zero_gradient;
      continue;
    }
    Row row;
    row.block = volume_detail::makeBlock(bodies, c.body_a, c.body_b, c.patch.frame, c.patch.center,
                                         c.patch.center);
    row.depth = options.relaxation * excess / g;
    // The n row of the block (angular first: linear n is index 3).
    row.W = row.block.S(3, 3) + options.compliance;
    rows.push_back(row);
  }
  local.active = static_cast<int>(rows.size());

  const std::span<VelocityBody> accumulators(moved);
  for (int sweep = 1; sweep <= options.max_iterations && !rows.empty(); ++sweep) {
    double update_squared = 0.0;
    for (Row& row : rows) {
      // Separation gained so far at this contact, and the multiplier that brings it to depth.
      const double separation = volume_detail::relativeTwist(row.block, accumulators)(3);
      // (S_nn + α) λ + (the others' separation) = depth, projected on λ ≥ 0.
      const double updated = std::max(
          0.0, row.lambda + (row.depth - separation - options.compliance * row.lambda) / row.W);
      const double delta = updated - row.lambda;
      row.lambda = updated;
      Wrench push = Wrench::Zero();
      push(3) = delta;
      volume_detail::applyWrench(row.block, accumulators, push);
      update_squared += delta * delta;
    }
    local.iterations = sweep;
    local.update_norm = std::sqrt(update_squared);
    if (!std::isfinite(local.update_norm))
      throw NumericalError("post-stabilization: non-finite correction");
    if (local.update_norm <= options.tolerance) {
      local.converged = true;
      break;
    }
  }
  if (rows.empty())
    local.converged = true;

  std::vector<PoseCorrection> corrections(bodies.size());
  for (std::size_t k = 0; k < bodies.size(); ++k)
    corrections[k] = {moved[k].velocity, moved[k].omega};
  if (stats != nullptr)
    *stats = local;
  return corrections;
}

}  // namespace contactsim
