// Two free bodies with surfaces, as one pair of the world (kry-pai-2002 §3.7 applied to each pair;
// issue 5, deliverable 5): the motion of one seen from the other, bounds on how fast their points
// can close over an interval, the conservative advancement step those bounds give, and a
// sort-and-sweep broad phase over bounding spheres. Internal to world.
#pragma once

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "contactsim/dynamics/rigid_body_state.hpp"

namespace contactsim::world_detail {

/// The motion of body b relative to body a, as a rigid motion in a's body frame: the pose
/// E_a⁻¹ E_b with the relative velocities (A's frame plays the world). The distance between the
/// bodies, their closest points (in a's coordinates) and the relative velocity of two coincident
/// material points (pointVelocity) are those of the two bodies.
[[nodiscard]] RigidBodyState relativeState(const RigidBodyState& a, const RigidBodyState& b);

/// What bounds the speed of a free body's points: mass, least principal moment of inertia, the
/// radius of a sphere about the centre of mass holding its surface, and whether it flies
/// (gravity only) or is in a smooth contact with a fixed body (gravity and a passive contact,
/// which does no positive work) over the interval.
struct MotionBound {
  double mass = 1.0;
  Mat3 inertia = Mat3::Identity();  ///< about the centre of mass, body coordinates
  double least_inertia = 1.0;       ///< its least eigenvalue
  double reach = 0.0;
  bool flying = true;
  bool fixed = false;  ///< a fixed body: its points do not move
  /// In a smooth contact with another free body (partner_mass > 0): at the time of the state the
  /// bound starts from, the pair's centre-of-mass velocity (world) and twice its internal kinetic
  /// energy (both bodies' kinetic energy less ½ M V²).
  double partner_mass = 0.0;
  Vec3 pair_velocity = Vec3::Zero();
  double internal_kinetic2 = 0.0;
};

/// The largest speed of any point of the body within `reach` of its centre of mass over
/// [t, t + delta], from its state s at t under gravity of magnitude g. Flying: |v| + g Δ for the
/// centre of mass and ω_max reach with ω_max = √(2 T_rot / I_min) (T_rot is constant without
/// torque). In contact: the energy bound — the kinetic energy grows at most by m g D while the
/// centre of mass travels D ≤ Δ w, so its speed stays below w = g Δ + √(g² Δ² + 2 T₀/m), and a
/// point at r moves at most w √(1 + m r² / I_min) (Cauchy–Schwarz); 1 % over for the integrator's
/// energy error (a contact's RK4 steps keep the energy to about 1e-5 of it, not exactly: the
/// bound is conservative to that error). In a contact with another free body the pair's centre of
/// mass moves at V₀ + g t (only gravity acts on the pair as a whole) and the internal kinetic
/// energy T_int, which uniform gravity does not change, the passive contact does not raise: a
/// point moves at most |V₀| + g Δ + √(2 T_int/m) √(1 + m r²/I_min) (1 % over, as above). Fixed: 0.
[[nodiscard]] double pointSpeedBound(const MotionBound& body, const RigidBodyState& s, double g,
                                     double delta);

/// The largest speed at which a point of a approaches a point of b over [t, t + delta]. Both
/// flying: their relative velocity is constant (the same gravity accelerates both), so
/// |v_a − v_b| + ω_a,max reach_a + ω_b,max reach_b. Otherwise the sum of pointSpeedBound.
[[nodiscard]] double closingSpeedBound(const MotionBound& a, const RigidBodyState& sa,
                                       const MotionBound& b, const RigidBodyState& sb, double g,
                                       double delta);

/// A step Δ over which the bodies close by at most `length`: S(Δ) Δ ≤ length, within 0.1 % of
/// the largest such Δ (S grows with Δ; bodies at rest in contact start at S(0) = 0).
[[nodiscard]] double advancementStep(const MotionBound& a, const RigidBodyState& sa,
                                     const MotionBound& b, const RigidBodyState& sb, double g,
                                     double length);

struct BoundingSphere {
  Vec3 centre = Vec3::Zero();
  double radius = 0.0;
};

/// The index pairs (i < j) of spheres that overlap: sort and sweep along x (the spheres'
/// intervals sorted by their lower ends, each compared only with those whose intervals it meets).
[[nodiscard]] std::vector<std::pair<std::size_t, std::size_t>> overlappingPairs(
    std::span<const BoundingSphere> spheres);

}  // namespace contactsim::world_detail
