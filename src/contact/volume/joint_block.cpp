// Bilateral joints (fixed, spherical, revolute) as equality blocks of the 6D block Gauss–Seidel
// (bouchard-2015 §3 eq. 1, §6.1.6), with Baumgarte drift correction.
#include "joint_block.hpp"

#include <Eigen/Cholesky>

#include "contactsim/error.hpp"

namespace contactsim::volume_detail {

namespace {

// Rows of the angular-first twist (ω about axes 0, 1, 2; v along axes 0, 1, 2) each type locks.
std::array<bool, 6> constrainedRows(JointType type) {
  switch (type) {
    case JointType::kFixed:
      return {true, true, true, true, true, true};
    case JointType::kSpherical:
      return {false, false, false, true, true, true};
    case JointType::kRevolute:
      return {false, true, true, true, true, true};  // free about axis 0
  }
  return {};
}

/// The rotation error in world coordinates: the rotation vector taking B's joint frame onto A's
/// (fixed), or B's axis onto A's, axis_b × axis_a (revolute, first order in the misalignment).
Vec3 rotationError(const BilateralJoint& j) {
  if (j.type == JointType::kRevolute)
    return j.frame_b.col(0).cross(j.frame_a.col(0));
  const Eigen::AngleAxisd error(Mat3(j.frame_a * j.frame_b.transpose()));
  return error.angle() * error.axis();
}

}  // namespace

JointBlock makeJointBlock(std::span<const VelocityBody> bodies, const BilateralJoint& joint,
                          const std::string& what) {
  JointBlock out;
  out.block =
      makeBlock(bodies, joint.body_a, joint.body_b, joint.frame_a, joint.anchor_a, joint.anchor_b);
  out.constrained = constrainedRows(joint.type);
  // Free rows replaced by identity rows (and zero right-hand sides): one fixed-size solve.
  Mat6 S_rows = out.block.S;
  for (int i = 0; i < 6; ++i) {
    if (!out.constrained[static_cast<std::size_t>(i)]) {
      S_rows.row(i).setZero();
      S_rows.col(i).setZero();
      S_rows(i, i) = 1.0;
    }
  }
  const Eigen::LLT<Mat6> llt(S_rows);
  if (llt.info() != Eigen::Success)
    throw NumericalError(what + ": the constrained rows are dependent (singular Schur complement)");
  out.S_inverse = llt.solve(Mat6::Identity());
  // Baumgarte: the constrained relative velocity aims at −rate × the position error.
  const Mat3 Rt = joint.frame_a.transpose();
  const Twist error = spatial(Rt * rotationError(joint), Rt * (joint.anchor_a - joint.anchor_b));
  for (std::size_t i = 0; i < 6; ++i) {
    const auto row = static_cast<Eigen::Index>(i);
    out.target(row) = out.constrained[i] ? -joint.stabilization_rate * error(row) : 0.0;
  }
  return out;
}

Wrench solveJoint(const JointBlock& joint, const Wrench& lambda_current,
                  const Twist& relative_twist) {
  // bouchard-2015 eq. 1 for the joint's rows: S λ = −e with e = v_free − target.
  Twist rhs = joint.target - (relative_twist - joint.block.S * lambda_current);
  for (std::size_t i = 0; i < 6; ++i) {
    if (!joint.constrained[i])
      rhs(static_cast<Eigen::Index>(i)) = 0.0;
  }
  return joint.S_inverse * rhs;
}

}  // namespace contactsim::volume_detail
