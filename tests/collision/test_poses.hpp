// Rigid poses for the collision tests: a rotation by `angle` about `axis`, then a translation.
#pragma once

#include <Eigen/Geometry>

#include "contactsim/math/types.hpp"

namespace contactsim::test {

inline Frame pose(const Vec3& translation, const Vec3& axis = Vec3::UnitX(), double angle = 0.0) {
  Frame E = Frame::Identity();
  E.linear() = Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
  E.translation() = translation;
  return E;
}

}  // namespace contactsim::test
