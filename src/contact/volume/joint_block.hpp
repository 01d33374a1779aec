// A bilateral joint as a block of the 6D solver (bouchard-2015 §3, eq. 1 with m < 6 rows): the
// rows of the relative twist at the anchor that the joint type constrains, solved as equalities.
#pragma once

#include <array>
#include <span>
#include <string>

#include "contact/volume/bilateral_joint.hpp"
#include "spatial_block.hpp"

namespace contactsim::volume_detail {

struct JointBlock {
  SpatialBlock block;                 ///< frame c: joint axes frame_a at the anchors
  std::array<bool, 6> constrained{};  ///< rows of the angular-first relative twist in c
  /// (S restricted to the constrained rows, identity elsewhere)⁻¹: the unconstrained solve.
  Mat6 S_inverse = Mat6::Zero();
  Twist target = Twist::Zero();  ///< drift correction, zero on free rows
};

/// Throws NumericalError naming the joint when its rows are dependent for these bodies.
[[nodiscard]] JointBlock makeJointBlock(std::span<const VelocityBody> bodies,
                                        const BilateralJoint& joint, const std::string& what);

/// The joint's wrench (frame c) that makes its constrained rows reach the target, every other
/// block held: λ = S⁻¹(target − (v − S λ_current)) on the constrained rows, 0 on the free ones.
[[nodiscard]] Wrench solveJoint(const JointBlock& joint, const Wrench& lambda_current,
                                const Twist& relative_twist);

}  // namespace contactsim::volume_detail
