// Bilateral joints as blocks of the 6D solver (bouchard-2015 §3: "we refer to the constraints
// between bodies as joints"; §6.1.6: fingers on rotary joints): a joint is a set of scalar equality
// constraints on the relative twist of two bodies at an anchor, solved unconstrained (eq. 1).
#pragma once

#include <cstddef>

#include "contactsim/contact/parameters.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim {

/// A joint for one solve, in world coordinates at the current poses. The joint frame is carried
/// by both bodies: (anchor_a, frame_a) as attached to A and (anchor_b, frame_b) as attached to B;
/// without drift they coincide. Its wrench λ (world axes, torque about anchor_a, angular first)
/// acts on A at anchor_a as +λ and on B at anchor_b as −λ.
struct BilateralJoint {
  JointType type = JointType::kFixed;
  std::size_t body_a = 0;
  std::size_t body_b = 0;        ///< a fixed body joins A to the world
  Vec3 anchor_a = Vec3::Zero();  ///< [m], world
  Vec3 anchor_b = Vec3::Zero();  ///< [m], world
  /// Orthonormal right-handed joint axes in world coordinates; column 0 is the revolute axis.
  Mat3 frame_a = Mat3::Identity();
  Mat3 frame_b = Mat3::Identity();
  /// Baumgarte drift correction [1/s]: the constrained relative velocity aims at −rate × the
  /// position error (anchor_a − anchor_b; the rotation of frame_b onto frame_a, or of axis b onto
  /// axis a for a revolute joint). β/h for a fraction β of the drift removed per step h; 0: none.
  double stabilization_rate = 0.0;
};

}  // namespace contactsim
