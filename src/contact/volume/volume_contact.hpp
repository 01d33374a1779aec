// One 6D patch contact between two bodies (bouchard-2015 §3, §5): the patch of their intersection
// volume, Coulomb friction for the force and, through the four-corner pressure model of §5.6, for
// the spinning torque.
#pragma once

#include <cstddef>

#include "collision/contact_patch.hpp"

namespace contactsim {

/// A 6D contact: one block of six scalar constraints at the patch centre (bouchard-2015 §5).
///
/// Its wrench λ, in world axes with the torque about patch.center and the angular part first
/// (docs/CONVENTIONS.md), acts on A as +λ and on B as −λ. It is feasible when the normal force is
/// repulsive (f·n ≥ 0), the force is in the Coulomb cone (‖f_t‖ ≤ μ f_n, §5.2), the centre of
/// pressure lies in the patch ellipse (§5.3–5.4) and the spinning torque about the centre of
/// pressure is below the four-corner bound of eq. 13 (§5.6).
struct VolumeContact {
  std::size_t body_a = 0;
  std::size_t body_b = 0;
  /// Centre, frame (n, u, w) with n from B into A, ellipse radii along u and w; volume and
  /// gradient are used only by post-stabilization (§5.7).
  ContactPatch patch;
  double friction = 0.0;  ///< μ ≥ 0: Coulomb cone (§5.2) and spinning bound (eq. 13)
  /// The relative normal velocity of A w.r.t. B at the patch centre that the contact aims for
  /// while it pushes (as FrictionalContact::target_normal_velocity): 0 for resting contact.
  double target_normal_velocity = 0.0;
  /// §5.7 compliance below the target volume, a spring that only gives way (0: rigid). With
  /// D = c/h² [1/kg] (c [m/N] the compliance, h the step), x = V/‖g‖ the depth: the contact sinks
  /// until its depth at the end of the step is c times its normal force λ_n/h, i.e. its normal
  /// row is u_n = x/h − D λ_n (implicit in λ_n), while that sinks (u_n < 0) and by no more than
  /// `max_sink`; otherwise it holds at target_normal_velocity.
  double compliance = 0.0;
  double depth_rate = 0.0;  ///< x/h [m/s]
  double max_sink = 0.0;    ///< [m/s] ≥ 0, the sink that brings V, linearised, to e in the step
  /// The relative linear velocity (world) at the patch centre the contact aims for in addition:
  /// the position update's rotation drift taken back (world/velocity_world_bodies.hpp,
  /// rotationDriftVelocity).
  Vec3 drift_velocity = Vec3::Zero();
};

}  // namespace contactsim
