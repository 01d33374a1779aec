// Dynamics of a tree of smooth contacts (issue 23). kry-pai-2002 §1 and §7: "our contacts are
// essentially generalized joints in a kinematic system … the composite rigid body method and
// articulated body method can be applied directly". Each edge is one contact in reduced
// coordinates q_k = (s, t, u, v, ψ) between a child body (body 1 of the contact, surface c(s, t))
// and its parent (body 2: a free body nearer the root, or a fixed body); the child's twist is
// φ_b = X_k φ_p + H₁ q̇_k (eq. 14 with X_k = Ad(E_b_p)), and each edge's constraint wrench obeys its
// mode's friction law F_k f_k = 0 (eqs. 26–27; ContactJoint).
//
// The accelerations come from Featherstone's articulated-body algorithm (Featherstone 1987, ch. 7;
// "Rigid Body Dynamics Algorithms" 2008, §7.3) with the joint equation Sᵀ f = τ replaced by the
// contact's F f = 0: for a friction law F need not be Sᵀ, so the articulated inertias handed to
// the parents, (1 − I S (F I S)⁻¹ F) I, are not symmetric; the recursion is otherwise the same and
// its cost linear in the number of bodies. With one edge to a fixed body it is eq. 28 itself.
#pragma once

#include <vector>

#include "contact/smooth/contact_dynamics.hpp"

namespace contactsim {

/// A free body of a contact tree.
struct ContactTreeBody {
  const MassProperties* mass = nullptr;  ///< about its centre of mass, body frame there
  Wrench f_ext = Wrench::Zero();         ///< external wrench, body frame (gravity, say)
  /// A floating root's twist ^bφ(w, b) (a body that is no edge's child); ignored for the others,
  /// whose twists follow from their edges.
  Twist twist = Twist::Zero();
};

/// One contact of the tree: its body 1 is `child`, its body 2 is `parent` (kFixed: a fixed body).
struct ContactTreeEdge {
  static constexpr int kFixed = -1;
  int child = 0;
  int parent = kFixed;
  const ContactKinematics* kinematics = nullptr;  ///< at (q_k, q̇_k)
  Vec5 qdot = Vec5::Zero();                       ///< on the mode's constraints (eq. 30)
  FrictionMode mode = FrictionMode::kSliding;
  const FrictionParameters* friction = nullptr;
  Eigen::Vector2d slip_direction_hint = Eigen::Vector2d::UnitX();  ///< as contactAcceleration's
  bool hold_direction = false;
};

struct ContactTreeAcceleration {
  /// Per edge: q̈_k, the relative twist ^bφ(p, b), the constraint wrench on the child in its
  /// contact frame, the normal force, relative angular and slip velocities (body2_acceleration
  /// unused: see `accelerations`).
  std::vector<ContactAcceleration> edges;
  std::vector<Twist> twists;         ///< per body: ^bφ(w, b)
  std::vector<Twist> accelerations;  ///< per body: φ̇_b in its body frame
};

/// The tree's accelerations and constraint wrenches. `edges` in topological order: each edge's
/// parent is fixed, a floating root, or the child of an earlier edge, and each body is the child
/// of at most one edge. Throws InvalidInputError for edges that do not form such a tree and
/// NumericalError where a contact's system is singular (near-conforming contact, kry-pai-2002
/// §3.2) or a result is not finite.
ContactTreeAcceleration contactTreeAcceleration(const std::vector<ContactTreeBody>& bodies,
                                                const std::vector<ContactTreeEdge>& edges);

}  // namespace contactsim
