#include "joint_kinematics.hpp"

#include <algorithm>
#include <cmath>

#include "contact/velocity/velocity_body.hpp"
#include "contactsim/error.hpp"

namespace contactsim::world_detail {

Mat3 jointFrame(const Vec3& axis, const std::string& what) {
  if (!axis.allFinite() || !(axis.norm() > 0.0))
    throw InvalidInputError(what + ": the axis must be a finite non-zero vector");
  return contactFrame(axis.normalized());
}

CarriedJoint carryJoint(JointType type, std::size_t body_a, std::size_t body_b, const Vec3& anchor,
                        const Mat3& frame, const Frame& X_WA, const Frame& X_WB) {
  CarriedJoint j;
  j.type = type;
  j.body_a = body_a;
  j.body_b = body_b;
  j.anchor_in_a = X_WA.inverse() * anchor;
  j.anchor_in_b = X_WB.inverse() * anchor;
  j.frame_in_a = X_WA.linear().transpose() * frame;
  j.frame_in_b = X_WB.linear().transpose() * frame;
  return j;
}

BilateralJoint posedJoint(const CarriedJoint& joint, const Frame& X_WA, const Frame& X_WB,
                          double rate) {
  BilateralJoint j;
  j.type = joint.type;
  j.body_a = joint.body_a;
  j.body_b = joint.body_b;
  j.anchor_a = X_WA * joint.anchor_in_a;
  j.anchor_b = X_WB * joint.anchor_in_b;
  j.frame_a = X_WA.linear() * joint.frame_in_a;
  j.frame_b = X_WB.linear() * joint.frame_in_b;
  j.stabilization_rate = rate;
  return j;
}

double revoluteAngle(const BilateralJoint& posed) {
  const Vec3 a1 = posed.frame_a.col(1);
  return std::atan2(a1.dot(posed.frame_b.col(2)), a1.dot(posed.frame_b.col(1)));
}

double driveTorque(const JointDrive& drive, double angle, double angle_rate) {
  const double tau = drive.stiffness * (drive.target_angle - angle) - drive.damping * angle_rate;
  return std::clamp(tau, -drive.max_torque, drive.max_torque);
}

}  // namespace contactsim::world_detail
