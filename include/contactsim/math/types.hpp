// Fixed-size Eigen types in Kry & Pai's spatial notation (kry-pai-2002 §2).
// Conventions (docs/CONVENTIONS.md): SI units; spatial vectors put the angular part first.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace contactsim {

using Vec2 = Eigen::Vector2d;
using Vec3 = Eigen::Vector3d;
using Vec4 = Eigen::Vector4d;
using Vec5 = Eigen::Matrix<double, 5, 1>;
using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat3 = Eigen::Matrix3d;
using Mat4 = Eigen::Matrix4d;
using Mat6 = Eigen::Matrix<double, 6, 6>;
using Quat = Eigen::Quaterniond;

/// Homogeneous rigid frame ^j_i E: the coordinates of frame i in frame j (kry-pai-2002 §2).
/// Spelled E_j_i in code. E.linear() is the rotation Θ, E.translation() the displacement p.
using Frame = Eigen::Isometry3d;

/// Spatial velocity φ = (ω, v): angular velocity, then the linear velocity of the point at the
/// origin of the frame the twist is written in (kry-pai-2002 §2). Angular part first.
using Twist = Vec6;

/// Spatial force f = (f_r, f_t): torque about the origin of the coordinate frame, then force.
using Wrench = Vec6;

/// Angular part ω of a twist, or torque f_r of a wrench (rows 0..2).
inline auto angular(Vec6& x) {
  return x.head<3>();
}
inline auto angular(const Vec6& x) {
  return x.head<3>();
}
/// Linear part v of a twist, or force f_t of a wrench (rows 3..5).
inline auto linear(Vec6& x) {
  return x.tail<3>();
}
inline auto linear(const Vec6& x) {
  return x.tail<3>();
}

/// Builds a twist or wrench from its angular and linear parts.
inline Vec6 spatial(const Vec3& angular_part, const Vec3& linear_part) {
  Vec6 x;
  x << angular_part, linear_part;
  return x;
}

/// Builds ^j_i E from the rotation Θ and the displacement p of frame i's origin in frame j.
inline Frame makeFrame(const Mat3& rotation, const Vec3& p) {
  Frame E = Frame::Identity();
  E.linear() = rotation;
  E.translation() = p;
  return E;
}

/// Builds ^j_i E from a unit quaternion and a displacement.
inline Frame makeFrame(const Quat& q, const Vec3& p) {
  return makeFrame(q.toRotationMatrix(), p);
}

}  // namespace contactsim
