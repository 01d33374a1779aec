#include "bem/boundary_conditions.hpp"

namespace contactsim {

NodeCondition NodeCondition::traction(Vec2 t, Frame frame) {
  NodeCondition c;
  c.frame = frame;
  c.value = t;
  return c;
}

NodeCondition NodeCondition::displacement(Vec2 u, Frame frame) {
  NodeCondition c;
  c.frame = frame;
  c.displacement_given = {true, true};
  c.value = u;
  return c;
}

Eigen::Matrix2d nodeFrame(const BoundaryNode& node, NodeCondition::Frame frame) {
  if (frame == NodeCondition::Frame::kGlobal) {
    return Eigen::Matrix2d::Identity();
  }
  Eigen::Matrix2d r;
  r.col(0) = node.normal;
  r.col(1) = Vec2(-node.normal.y(), node.normal.x());
  return r;
}

}  // namespace contactsim
