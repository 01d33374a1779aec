// The implicit contact solve of one response-map step (ullrich-pai §5.1 steps 2–4 with Coulomb
// friction as §5.1 suggests, several contacts superposed as §5.2).
//
// Scheme (the θ-method in the contact forces; F_k the force of the step before, 0 for a new
// contact). The bodies move by
//   v_{k+1} = v*_k + h M⁻¹ Σ_c J_cᵀ ((1 − θ) F_{c,k} + θ F_{c,k+1}) (n_c, t_c),  v*_k = v_k + h g,
//   x_{k+1} = x_k + h ((1 − θ) v_k + θ v_{k+1})   (and the angle with ω likewise).
// The rigid penetration at the end of the step is linear in the new velocities,
//   δ_{k+1} = δ_k − h ((1 − θ) u_n(v_k) + θ u_n(v_{k+1}))   (u_n: relative normal velocity of
//                                     the contact points, positive when they separate),
// and the normal force is the unilateral solution of eqs. 7–8 (action_reaction.hpp):
//   F = max(0, (δ_{k+1} − δ_free)/C).
// Together this is a linear complementarity problem in F with the matrix C·1 + θ² h² W (W =
// J M⁻¹ Jᵀ, the contact points' inverse effective masses, rotation included), symmetric positive
// definite, so projected Gauss–Seidel converges. Why implicit: F_0 = 1/C, the instantaneous
// response, is the stiffest part of a map (the first sample of a step response is an impedance
// ρ c_p ℓ/Δt); taken explicitly the step would be stable only for Δt < 2 √(m_eff C). For θ ≥ ½
// the step is stable for any Δt.
// - θ = 1 (the default: symplectic Euler with the force at the end of the step) damps: an elastic
//   impact loses ≈ π ω_c Δt/2 of its restitution (ω_c = √(F_0/m_eff)), first order in Δt, and a
//   body resting on a map settles.
// - θ = ½ (the trapezoidal rule) is second order and keeps the energy of the contact's spring: an
//   elastic impact's restitution converges as Δt² (issue 26: the bar's restitution curve), but
//   nothing damps the contact's vibration, so a body resting on an undamped map rings.
//
// Friction (Coulomb, as GPS94a that ullrich-pai §5.1 cites): the tangential force T makes the
// relative tangential velocity of the contact points zero at the end of the step (stick) unless
// that needs |T| > μ F; then |T| = μ F against the slip (slide). There is no tangential compliance
// (no tangential map), so a stuck contact does not spring back.
//
// Per sweep each contact solves its normal row exactly given the others (the 1×1 problem
// C F + h² W_nn F = δ_k − δ_free − h u_n^{others}, clamped at 0), then its tangential row given
// its new normal force. Sweeps repeat until no force changes by more than tolerance × the largest
// force.
#pragma once

#include <cstddef>
#include <optional>
#include <span>

#include "contactsim/math/planar_body.hpp"

namespace contactsim {

/// A body in one step's solve: world velocities of its centroid, updated in place.
struct PlanarVelocity {
  double inverse_mass = 0.0;     ///< 0: fixed
  double inverse_inertia = 0.0;  ///< about the centroid
  Vec2 velocity = Vec2::Zero();  ///< of the centroid [m/s]
  double angular_velocity = 0.0;
};

/// One contact of the step. On input the forces are the warm start; on output the solution.
struct ResponseContactRow {
  std::size_t body_a = 0;
  std::optional<std::size_t> body_b;   ///< nothing: the fixed rigid half-plane
  Vec2 normal = Vec2::UnitY();         ///< unit, from B to A
  Vec2 lever_a = Vec2::Zero();         ///< contact point on A − A's centroid (world)
  Vec2 lever_b = Vec2::Zero();         ///< contact point on B − B's centroid (world)
  double penetration = 0.0;            ///< δ_k, rigid, at the start of the step [m]
  double free_deformation = 0.0;       ///< δ_free (action_reaction.hpp) [m]
  double compliance = 0.0;             ///< C > 0 [m per N/m]
  double friction = 0.0;               ///< μ ≥ 0
  double normal_force = 0.0;           ///< F_{k+1} ≥ 0 on A along n [N/m]
  double tangential_force = 0.0;       ///< T_{k+1} on A along t = ẑ × n [N/m]
  double start_normal_velocity = 0.0;  ///< u_n(v_k), at the step's start (used when θ < 1) [m/s]

  [[nodiscard]] Vec2 tangent() const { return perpendicular(normal); }
};

struct ResponseSolverOptions {
  int max_sweeps = 500;
  /// Stop when no force changes by more than this × the largest force in a sweep.
  double tolerance = 1e-13;
  /// θ ∈ [½, 1] of the scheme above: the step's impulse is h((1 − θ) F_k + θ F_{k+1}).
  double theta = 1.0;
  /// Throws InvalidInputError naming the field.
  void validate() const;
};

struct ResponseSolverStats {
  int sweeps = 0;
  bool converged = true;
  double last_change = 0.0;  ///< largest force change of the last sweep [N/m]
};

/// Relative velocity of the contact points of `row` (A's minus B's), world.
Vec2 relativeVelocity(std::span<const PlanarVelocity> bodies, const ResponseContactRow& row);

/// Solves the rows for this step's forces and applies their impulses h((1 − θ)(F_k n + T_k t) +
/// θ(F n + T t)) to the bodies' velocities (which enter as v* and leave as v_{k+1}); the rows'
/// forces enter as F_k, T_k (0 for a new contact). Throws NumericalError if a velocity
/// becomes non-finite.
ResponseSolverStats solveResponseContacts(std::span<PlanarVelocity> bodies,
                                          std::span<ResponseContactRow> rows, double h,
                                          const ResponseSolverOptions& options = {});

}  // namespace contactsim
