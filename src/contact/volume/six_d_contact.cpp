// Projected block Gauss–Seidel over 6D contact blocks and joint blocks (bouchard-2015 §3, §5,
// §6.1.8): each block solves eq. 1 with every other block held, contacts through PROJECT.
#include "contact/volume/six_d_contact.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include <Eigen/Cholesky>

#include "contact/volume/project_6d.hpp"
#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"
#include "joint_block.hpp"
#include "spatial_block.hpp"
#include "validation.hpp"

namespace contactsim {

namespace {

using volume_detail::JointBlock;
using volume_detail::SpatialBlock;

struct ContactBlock {
  SpatialBlock block;  ///< frame c: the patch frame (n, u, w) at its centre
  Eigen::LLT<Mat6> S_factor;
  Mat6 S_soft = Mat6::Zero();  ///< S_c + D on the normal row (VolumeContact::compliance)
  Eigen::LLT<Mat6> S_soft_factor;
  Twist target = Twist::Zero();  ///< (0, 0, 0, target normal velocity, 0, 0) + the drift
};

void resizeWarmStart(std::vector<Wrench>& wrenches, std::size_t n, const std::string& kind) {
  if (wrenches.size() != n)
    wrenches.assign(n, Wrench::Zero());
  for (std::size_t i = 0; i < n; ++i)
    requireFinite(wrenches[i], "warm-start " + kind + " wrench " + toText(i));
}

}  // namespace

VolumeSolveStats solveVolumeContacts(std::span<VelocityBody> bodies,
                                     std::span<const VolumeContact> contacts,
                                     std::vector<Wrench>& contact_wrenches,
                                     std::span<const BilateralJoint> joints,
                                     std::vector<Wrench>& joint_wrenches,
                                     const SweepOptions& options) {
  options.validate();
  const std::span<const VelocityBody> const_bodies(bodies.data(), bodies.size());
  volume_detail::validateBodies(const_bodies);
  for (std::size_t i = 0; i < contacts.size(); ++i)
    volume_detail::validateContact(const_bodies, contacts[i], "volume contact " + toText(i));
  for (std::size_t i = 0; i < joints.size(); ++i)
    volume_detail::validateJoint(const_bodies, joints[i], "joint " + toText(i));
  resizeWarmStart(contact_wrenches, contacts.size(), "contact");
  resizeWarmStart(joint_wrenches, joints.size(), "joint");

  // Phases timed for bouchard-2015 Table 1: assembly (the blocks' S_c), factorization (their
  // Cholesky factors), solve (warm start and sweeps; joint blocks count as solve).
  using Clock = std::chrono::steady_clock;
  const auto since = [](Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
  };
  VolumeSolveStats stats;
  auto phase = Clock::now();
  // Blocks in their own frames (bouchard-2015 eqs. 2–3), warm starts applied to the velocities.
  std::vector<ContactBlock> contact_blocks(contacts.size());
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const VolumeContact& c = contacts[i];
    contact_blocks[i].block = volume_detail::makeBlock(
        const_bodies, c.body_a, c.body_b, c.patch.frame, c.patch.center, c.patch.center);
  }
  stats.assembly_seconds = since(phase);
  phase = Clock::now();
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    ContactBlock& cb = contact_blocks[i];
    cb.S_factor.compute(cb.block.S);
    if (cb.S_factor.info() != Eigen::Success) {
      throw NumericalError("volume contact " + toText(i) + ": singular Schur complement");
    }
    if (contacts[i].compliance > 0.0) {
      cb.S_soft = cb.block.S;
      cb.S_soft(3, 3) += contacts[i].compliance;
      cb.S_soft_factor.compute(cb.S_soft);
    }
  }
  stats.factorization_seconds = since(phase);
  phase = Clock::now();
  std::vector<Wrench> lambda(contacts.size());
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const VolumeContact& c = contacts[i];
    ContactBlock& cb = contact_blocks[i];
    cb.target(3) = c.target_normal_velocity;  // the linear n row (angular first)
    cb.target.tail<3>() += c.patch.frame.transpose() * c.drift_velocity;
    lambda[i] = clampToPatch(volume_detail::fromWorldAxes(cb.block, contact_wrenches[i]),
                             c.patch.radius_u, c.patch.radius_w, c.friction, c.patch.support);
    volume_detail::applyWrench(cb.block, bodies, lambda[i]);
  }
  std::vector<JointBlock> joint_blocks;
  joint_blocks.reserve(joints.size());
  std::vector<Wrench> joint_lambda(joints.size());
  for (std::size_t i = 0; i < joints.size(); ++i) {
    joint_blocks.push_back(
        volume_detail::makeJointBlock(const_bodies, joints[i], "joint " + toText(i)));
    const JointBlock& jb = joint_blocks.back();
    joint_lambda[i] = volume_detail::fromWorldAxes(jb.block, joint_wrenches[i]);
    for (std::size_t r = 0; r < 6; ++r) {
      if (!jb.constrained[r])
        joint_lambda[i](static_cast<Eigen::Index>(r)) = 0.0;
    }
    volume_detail::applyWrench(jb.block, bodies, joint_lambda[i]);
  }

  stats.contacts.resize(contacts.size());
  // Algorithm 1 as the paper has it: each sweep replaces every block's wrench by PROJECT's, no
  // under-relaxation (issue 26: an earlier window-halving ω, not in the paper, turned the salad's
  // slow warm-started steps into 20 000-sweep stalls; without it their median is 1 sweep).
  for (int sweep = 1; sweep <= options.max_iterations; ++sweep) {
    // bouchard-2015 §6.1.8: the update vector of one sweep, each entry from the latest values.
    double update_squared = 0.0;
    for (std::size_t i = 0; i < joints.size(); ++i) {
      const JointBlock& jb = joint_blocks[i];
      const Wrench updated = volume_detail::solveJoint(
          jb, joint_lambda[i], volume_detail::relativeTwist(jb.block, bodies));
      const Wrench delta = updated - joint_lambda[i];
      joint_lambda[i] = updated;
      volume_detail::applyWrench(jb.block, bodies, delta);
      update_squared += delta.squaredNorm();
    }
    int sliding = 0, separating = 0, rolling = 0, spin_clamped = 0;
    for (std::size_t i = 0; i < contacts.size(); ++i) {
      const VolumeContact& c = contacts[i];
      const ContactBlock& cb = contact_blocks[i];
      // e_c: the relative twist with this block's own wrench removed, less the target.
      const Twist v = volume_detail::relativeTwist(cb.block, bodies);
      const Twist e_c = v - cb.block.S * lambda[i] - cb.target;
      // Algorithm 1's input: the fixed-joint multipliers, S_c λ = −e_c (eqs. 1, 3).
      auto project = [&](const Mat6& S, const Eigen::LLT<Mat6>& factor, const Twist& e) {
        return projectPatchWrench(factor.solve(-e), S, e, c.patch.radius_u, c.patch.radius_w,
                                  c.friction, c.patch.support);
      };
      PatchProjection projection;
      if (c.compliance > 0.0) {
        // §5.7 compliance, implicit: u_n + D λ_n = x/h is the rigid block with S_nn + D and the
        // normal target x/h (the velocity v + D λ_n e_n less S' λ is v − S λ). Its solution
        // stands where it sinks, u_n = x/h − D λ_n > −max_sink and < 0; otherwise the contact
        // holds (that sink has the sign of the rigid solution's D λ_n − x/h for the same e_c)
        // or sinks max_sink.
        Twist e_soft = e_c;
        e_soft(3) -= c.depth_rate;
        projection = project(cb.S_soft, cb.S_soft_factor, e_soft);
        const double sink = c.compliance * projection.wrench(3) - c.depth_rate;
        if (sink > c.max_sink) {
          Twist e_cap = e_c;
          e_cap(3) += c.max_sink;
          projection = project(cb.block.S, cb.S_factor, e_cap);
        } else if (!(sink > 0.0)) {
          projection = project(cb.block.S, cb.S_factor, e_c);
        }
      } else {
        projection = project(cb.block.S, cb.S_factor, e_c);
      }
      const Wrench delta = projection.wrench - lambda[i];
      lambda[i] += delta;
      volume_detail::applyWrench(cb.block, bodies, delta);
      update_squared += delta.squaredNorm();
      stats.contacts[i] = {projection.separating,   projection.sliding, projection.rolling,
                           projection.spin_clamped, projection.cop,     projection.projected_cop};
      sliding += projection.sliding ? 1 : 0;
      separating += projection.separating ? 1 : 0;
      rolling += projection.rolling ? 1 : 0;
      spin_clamped += projection.spin_clamped ? 1 : 0;
    }
    stats.iterations = sweep;
    stats.update_norm = std::sqrt(update_squared);
    stats.sliding = sliding;
    stats.separating = separating;
    stats.rolling = rolling;
    stats.spin_clamped = spin_clamped;
    if (options.record_history)
      stats.history.push_back(stats.update_norm);
    if (!std::isfinite(stats.update_norm))
      throw NumericalError("6D contact solver: non-finite update in sweep " + toText(sweep));
    if (stats.update_norm <= options.tolerance) {
      stats.converged = true;
      break;
    }
  }
  for (std::size_t i = 0; i < contacts.size(); ++i)
    contact_wrenches[i] = volume_detail::toWorldAxes(contact_blocks[i].block, lambda[i]);
  for (std::size_t i = 0; i < joints.size(); ++i)
    joint_wrenches[i] = volume_detail::toWorldAxes(joint_blocks[i].block, joint_lambda[i]);
  stats.solve_seconds = since(phase);
  return stats;
}

VolumeSolveStats solveVolumeContacts(std::span<VelocityBody> bodies,
                                     std::span<const VolumeContact> contacts,
                                     std::vector<Wrench>& contact_wrenches,
                                     const SweepOptions& options) {
  std::vector<Wrench> no_joint_wrenches;
  return solveVolumeContacts(bodies, contacts, contact_wrenches, {}, no_joint_wrenches, options);
}

}  // namespace contactsim
