// Mixed boundary conditions at the functional nodes (ullrich-pai §2.3): per node and per
// component either the displacement or the traction is given, in global x/y components or in the
// node's normal/tangent frame (n outward, τ = n turned counter-clockwise). The response maps use
// "normal displacement given, tangential traction zero" on the contact node Γ2 and "traction zero"
// on Γ1; statics pin rigid-body motions with a few displacement components.
#pragma once

#include <array>
#include <vector>

#include "contactsim/bem/boundary_mesh.hpp"

namespace contactsim {

struct NodeCondition {
  enum class Frame { kGlobal, kNormalTangent };
  Frame frame = Frame::kGlobal;
  std::array<bool, 2> displacement_given{false, false};  ///< per component; else traction given
  Vec2 value = Vec2::Zero();                             ///< the given values, in `frame`

  static NodeCondition traction(Vec2 t, Frame frame = Frame::kGlobal);
  static NodeCondition displacement(Vec2 u, Frame frame = Frame::kGlobal);
};

/// Displacements and tractions at every node, global components.
struct BoundaryState {
  std::vector<Vec2> displacement;
  std::vector<Vec2> traction;
};

/// The rotation from a node's frame to global components: columns (n, τ), or identity.
Eigen::Matrix2d nodeFrame(const BoundaryNode& node, NodeCondition::Frame frame);

}  // namespace contactsim
