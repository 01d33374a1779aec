// The 6D contact solver of bouchard-2015: velocity-level projected block Gauss–Seidel over one 6D
// block per contact (eq. 1, made feasible by PROJECT, Algorithm 1) and the equality blocks of
// bilateral joints, on body-velocity accumulators, warm started, stopped by the 2-norm of the
// update vector accumulated over a sweep (§6.1.8).
#pragma once

#include <span>
#include <vector>

#include "contact/velocity/velocity_body.hpp"
#include "contact/volume/bilateral_joint.hpp"
#include "contact/volume/patch_ellipse.hpp"
#include "contact/volume/volume_contact.hpp"

namespace contactsim {

/// What the last sweep's PROJECT did at one contact.
struct VolumeContactState {
  bool separating = false;
  bool sliding = false;
  bool rolling = false;
  bool spin_clamped = false;
  Vec2 cop = Vec2::Zero();            ///< d (§5.3) in the patch's (u, w) about its centre [m]
  Vec2 projected_cop = Vec2::Zero();  ///< p (§5.4) [m]
};

/// BlockPgsStats (iterations, update norm, converged, history; sliding and separating count the
/// contacts of the last sweep) plus the 6D modes of the last sweep.
struct VolumeSolveStats : BlockPgsStats {
  int rolling = 0;       ///< contacts whose centre of pressure was projected (§5.4–5.5)
  int spin_clamped = 0;  ///< contacts whose spinning torque hit eq. 13 (§5.6)
  std::vector<VolumeContactState> contacts;  ///< one per contact, the last sweep
};

/// Solves for the contact and joint wrenches and applies them to the bodies' velocities (free
/// velocities on entry, after the step's external impulses; constrained velocities on return).
/// `contact_wrenches` (one per contact: world axes, torque about the patch centre, angular first)
/// and `joint_wrenches` (world axes, torque about anchor_a) are the warm start on entry — resized
/// with zeros when their size differs; a contact's is first clamped to its feasible set — and the
/// solution on return. Each sweep visits the joints, then the contacts; the update norm sums the
/// squared changes of every block's 6D wrench (bouchard-2015 §6.1.8).
/// Throws InvalidInputError naming the body, contact or joint for bad input (indices, a pair of
/// fixed bodies, a non-orthonormal patch frame, negative radii, μ < 0, non-finite values), and
/// NumericalError for a singular block.
VolumeSolveStats solveVolumeContacts(std::span<VelocityBody> bodies,
                                     std::span<const VolumeContact> contacts,
                                     std::vector<Wrench>& contact_wrenches,
                                     std::span<const BilateralJoint> joints,
                                     std::vector<Wrench>& joint_wrenches,
                                     const SweepOptions& options = {});

/// Contacts only.
VolumeSolveStats solveVolumeContacts(std::span<VelocityBody> bodies,
                                     std::span<const VolumeContact> contacts,
                                     std::vector<Wrench>& contact_wrenches,
                                     const SweepOptions& options = {});

}  // namespace contactsim
