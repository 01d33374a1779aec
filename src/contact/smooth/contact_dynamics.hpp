// Constrained dynamics of one smooth contact between a free body 1 and a fixed or free body 2
// (kry-pai-2002 §3.3–3.4; both free: eq. 28 with the pair's effective inertia): q̈ and the
// constraint wrench in the frictionless, sliding (eqs. 21–28), no-slip (eqs. 29–34) and
// no-slip-no-spin (eqs. 36–39) modes, with the thesis' rolling and spinning friction torques
// (kry-2000 eqs. 4.27–4.29).
//
// One formulation serves every mode: the mode constrains some rows of ^{1c}φ(2, 1) = H_c q̇
// (none; slip (v_x, v_y); slip and spin (ω_z, v_x, v_y)), which makes some contact coordinates
// dependent, and leaves as many wrench rows for the constraint force to satisfy, F f_c = 0
// (eq. 26): F's rows require zero torque and zero tangential force, or the friction law.
#pragma once

#include "contact/smooth/contact_kinematics.hpp"
#include "contactsim/contact/parameters.hpp"
#include "contactsim/dynamics/mass_properties.hpp"

namespace contactsim {

struct ContactAcceleration {
  Vec5 qddot;
  Twist phi;         ///< twist of body 1 in its body frame, ^1φ(2, 1)
  Wrench wrench_1c;  ///< constraint wrench on body 1 in frame 1c: torque about the contact point,
                     ///< force
  double normal_force;  ///< f_n = −(wrench_1c)_z: positive when the surfaces push apart
  Vec3 relative_angular_velocity;  ///< ω of body 1 relative to body 2, frame 1c
  Vec3 slip_velocity;  ///< velocity of body 1's material point at the contact relative to body 2,
                       ///< frame 1c (z = 0)
  Twist body2_acceleration = Twist::Zero();  ///< free body 2: φ̇₂ in its body frame; fixed: 0
};

/// Body 2 of a contact when it is free too: its mass properties (about its centre of mass, body
/// frame there), its twist ^2φ(w, 2) and the external wrench on it, both in its body frame.
struct FreeBody2 {
  const MassProperties* mass = nullptr;
  Twist twist = Twist::Zero();
  Wrench f_ext = Wrench::Zero();
};

/// q̇ with the coordinates the mode makes dependent recomputed from the independent ones (eq. 30
/// and eq. 37): (ṡ, ṫ) for kRolling, (ṡ, ṫ, ψ̇) for kRollingNoSpin; unchanged for kSliding.
/// Throws NumericalError where the dependent block is singular.
Vec5 constrainedVelocity(const ContactKinematics& k, const Vec5& qdot, FrictionMode mode);

/// q̇ as a switch into `mode` leaves it: the velocity nearest to q̇ in the kinetic-energy metric
/// A = H₁ᵀ M H₁ that meets the mode's constraints (the rows of H_c it fixes at zero), i.e. the
/// velocity after a plastic impulse on those rows: q̇ − A⁻¹Lᵀ (L A⁻¹ Lᵀ)⁻¹ L q̇. Its kinetic
/// energy never exceeds q̇'s (an A-orthogonal projection), where eq. 30's recomputation of the
/// dependent coordinates from the independent ones can add energy. Unchanged for kSliding.
Vec5 stickingVelocity(const ContactKinematics& k, const MassProperties& body1, const Vec5& qdot,
                      FrictionMode mode);

/// The same with body 2 free too: the pair's velocities (q̇, φ₂) and the constraints of `mode`
/// on them, in the metric of both bodies' kinetic energy (pairVelocityMetric).
std::pair<Vec5, Twist> stickingVelocity(const ContactKinematics& k, const MassProperties& body1,
                                        const MassProperties& body2, const Vec5& qdot,
                                        const Twist& twist2, FrictionMode mode);

/// The kinetic energy of two free bodies in contact as a quadratic form in their velocities
/// (q̇, φ₂): ½ (q̇, φ₂)ᵀ A (q̇, φ₂), with body 1's twist H₁ q̇ + Ad(E_1_2) φ₂.
Eigen::Matrix<double, 11, 11> pairVelocityMetric(const ContactKinematics& k,
                                                 const MassProperties& body1,
                                                 const MassProperties& body2);

/// One smooth contact as a generalised joint between its two bodies (kry-pai-2002 §1 and §7: "our
/// contacts are essentially generalized joints"; eq. 20 per edge of a contact tree, issue 23): the
/// accelerations its mode allows, q̈ = T ṙ + q̈_p (q̈_p keeps the constrained rows of H_c at zero,
/// eqs. 30 and 37 differentiated), and the N rows F of the constraint wrench f on body 1 (body-1
/// frame) that the friction law fixes, F f = 0 (eqs. 26–27 with kry-2000 eqs. 4.27–4.29).
struct ContactJoint {
  using Basis = Eigen::Matrix<double, 5, Eigen::Dynamic, Eigen::ColMajor, 5, 5>;
  using Rows = Eigen::Matrix<double, Eigen::Dynamic, 6, Eigen::RowMajor, 5, 6>;
  Basis T;       ///< 5 × N: q̈ per independent acceleration ṙ
  Vec5 qddot_p;  ///< the particular acceleration of the mode's constraints
  Rows F;        ///< N × 6: the friction law's rows, F f = 0
};

/// The joint at (q, q̇) in `mode` (arguments as contactAcceleration's). Fills a's relative
/// velocities (phi, relative_angular_velocity, slip_velocity); throws NumericalError where the
/// mode's constraints are singular.
ContactJoint contactJoint(const ContactKinematics& k, const Vec5& qdot, FrictionMode mode,
                          const FrictionParameters& friction,
                          const Eigen::Vector2d& slip_direction_hint, bool hold_direction,
                          ContactAcceleration& a);

/// q̈ and the constraint wrench at (q, q̇) for a free body 1 (mass properties about its centre of
/// mass, body frame at the centre of mass) under the external wrench f_ext (body-1 frame). While
/// sliding at (almost) zero slip speed the friction acts along −slip_direction_hint (thesis
/// §4.4.4), and a slip turned against the hint keeps the hint's friction; with hold_direction the
/// friction acts along −slip_direction_hint whatever the slip (a step that reaches the slip's stop,
/// contact_events.cpp). Throws NumericalError when the system is singular or too ill-conditioned
/// (near-conforming contact, kry-pai-2002 §3.2).
ContactAcceleration contactAcceleration(const ContactKinematics& k, const Vec5& qdot,
                                        const MassProperties& body1, const Wrench& f_ext,
                                        FrictionMode mode, const FrictionParameters& friction,
                                        const Eigen::Vector2d& slip_direction_hint,
                                        bool hold_direction = false);

/// The same with body 2 free too (both bodies' Newton–Euler equations, the constraint wrench on
/// body 1 and its opposite on body 2): q̈, the wrench, and body 2's acceleration. The field phi
/// stays the relative twist ^1φ(2, 1); body 1's own twist is φ₁ = Ad(E_1_2) φ₂ + φ.
ContactAcceleration contactAcceleration(const ContactKinematics& k, const Vec5& qdot,
                                        const MassProperties& body1, const Wrench& f_ext1,
                                        const FreeBody2& body2, FrictionMode mode,
                                        const FrictionParameters& friction,
                                        const Eigen::Vector2d& slip_direction_hint,
                                        bool hold_direction = false);

}  // namespace contactsim
