// Instantaneous rigid-body impact at one contact point: the algebraic collision law of
// Chatterjee & Ruina 1998, J. Appl. Mech. 65(4), "A new algebraic rigid-body collision law based on
// impulse space considerations" (../shared/papers/NOTES.md), the collision matrix K of two bodies
// (Δu = K P), and the velocity jumps an impulse P causes.
//
// Sign conventions: body A receives +P at the world point c, body B receives −P; n is the unit
// normal pointing from B to A; u is the velocity of A's material point at c relative to B's, so
// u·n < 0 means the bodies approach. All vectors are in world coordinates.
#pragma once

#include "contactsim/contact/parameters.hpp"
#include "contactsim/dynamics/mass_properties.hpp"
#include "contactsim/dynamics/rigid_body_state.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim {

/// Which branch of the law produced the impulse.
enum class ImpactRegime {
  kSeparating,    ///< u·n ≥ 0: no impact, zero impulse
  kFrictionless,  ///< μ = 0 or e_t = −1: P = (1 + e) P_I
  kSticking,      ///< candidate P̂ lies in the friction cone and is used
  kSliding,       ///< P̂ outside the cone: P on the cone boundary (the κ branch)
};
const char* toString(ImpactRegime regime);

struct ImpactResult {
  Vec3 impulse = Vec3::Zero();  ///< P on body A [N s], world coordinates (−P on body B)
  ImpactRegime regime = ImpactRegime::kSeparating;
};

/// The impulse of the Chatterjee–Ruina law for collision matrix K (symmetric positive definite,
/// Δu = K P), pre-impact relative contact velocity u and unit normal n (from B to A).
/// The post-impact normal velocity is always −e u·n, and kinetic energy never increases.
/// Throws InvalidInputError for non-finite input, |n| ≠ 1 (tolerance 1e-9), K not symmetric
/// positive definite, or invalid parameters.
[[nodiscard]] ImpactResult chatterjeeRuinaImpulse(const Mat3& K, const Vec3& u, const Vec3& n,
                                                  const ImpactParameters& p);

/// One body as the impact sees it, in world coordinates. A fixed body has inverse_mass 0 and
/// zero inverse inertia (the default).
struct ImpactBody {
  double inverse_mass = 0.0;                  ///< 1/m [1/kg], ≥ 0
  Mat3 inverse_inertia_world = Mat3::Zero();  ///< I⁻¹ about the centre of mass, world coordinates
  Vec3 com_world = Vec3::Zero();              ///< centre of mass [m]
};

/// The ImpactBody of a free body: I_w⁻¹ = Θ I⁻¹ Θᵀ with Θ = state.pose().linear().
[[nodiscard]] ImpactBody impactBody(const MassProperties& mass, const RigidBodyState& state);

/// Collision matrix of a contact at world point c: K = Σ_{A,B} (1/m 1 − [r]× I_w⁻¹ [r]×) with
/// r = c − com. Throws InvalidInputError for a negative or non-finite inverse mass or non-finite
/// input.
[[nodiscard]] Mat3 collisionMatrix(const ImpactBody& a, const ImpactBody& b, const Vec3& c);

/// Jump of one body's velocities, world coordinates: Δv of the centre of mass and Δω.
struct VelocityChange {
  Vec3 linear = Vec3::Zero();   ///< Δv [m/s]
  Vec3 angular = Vec3::Zero();  ///< Δω [rad/s]
};

struct ImpactVelocityChanges {
  VelocityChange a;  ///< body A, which receives +P
  VelocityChange b;  ///< body B, which receives −P
};

/// Velocity jumps of A and B from the impulse P applied at world point c (+P on A, −P on B):
/// Δv = P/m, Δω = I_w⁻¹ (r × P). Consistent with collisionMatrix: Δu = K P.
[[nodiscard]] ImpactVelocityChanges applyImpulse(const ImpactBody& a, const ImpactBody& b,
                                                 const Vec3& c, const Vec3& P);

/// Adds a world-frame velocity change to a state whose twist is in body coordinates.
void addVelocityChange(RigidBodyState& state, const VelocityChange& change);

}  // namespace contactsim
