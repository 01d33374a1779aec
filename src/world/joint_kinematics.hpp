// Joints of the volume-contact world carried by their bodies: the joint frame stored in each
// body's coordinates at t = 0, posed each step into the world-coordinate BilateralJoint the 6D
// solver takes (bouchard-2015 §3, §6.1.6), and the revolute angle its PD drive acts on.
#pragma once

#include <cstddef>
#include <optional>

#include "contact/volume/bilateral_joint.hpp"
#include "contactsim/math/types.hpp"
#include "world/volume_contact_world.hpp"

namespace contactsim::world_detail {

/// A joint in body coordinates: anchor and frame (columns: axis, then two normals) as attached
/// to A and to B.
struct CarriedJoint {
  JointType type = JointType::kFixed;
  std::size_t body_a = 0;
  std::size_t body_b = 0;
  Vec3 anchor_in_a = Vec3::Zero();
  Vec3 anchor_in_b = Vec3::Zero();
  Mat3 frame_in_a = Mat3::Identity();
  Mat3 frame_in_b = Mat3::Identity();
};

/// The joint frame at t = 0 (world): column 0 the unit axis, columns 1 and 2 from contactFrame.
/// Throws InvalidInputError (prefixed by `what`) for a zero or non-finite axis.
[[nodiscard]] Mat3 jointFrame(const Vec3& axis, const std::string& what);

/// Attaches the world anchor and frame to A (pose X_WA) and B (pose X_WB) at t = 0.
[[nodiscard]] CarriedJoint carryJoint(JointType type, std::size_t body_a, std::size_t body_b,
                                      const Vec3& anchor, const Mat3& frame, const Frame& X_WA,
                                      const Frame& X_WB);

/// The joint at the current poses, drift correction rate `rate` [1/s].
[[nodiscard]] BilateralJoint posedJoint(const CarriedJoint& joint, const Frame& X_WA,
                                        const Frame& X_WB, double rate);

/// θ: the rotation of A's joint frame relative to B's about the joint axis (0 at t = 0), from
/// A's second axis written in B's (axes 1, 2): atan2(a₁·b₂, a₁·b₁), in (−π, π].
[[nodiscard]] double revoluteAngle(const BilateralJoint& posed);

/// bouchard-2015 §6.1.6 PD drive: τ = k (θ* − θ) − c θ̇, clamped to ±max_torque, about the axis.
[[nodiscard]] double driveTorque(const JointDrive& drive, double angle, double angle_rate);

}  // namespace contactsim::world_detail
