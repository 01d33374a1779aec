// One 6D block of the velocity-level solver (bouchard-2015 §3, eqs. 1–3): the relative twist of
// two bodies at a frame c, its Schur complement J M⁻¹ Jᵀ in that frame, and the application of a
// wrench to the bodies' velocity accumulators. Shared by contacts, joints and post-stabilization.
#pragma once

#include <cstddef>
#include <span>

#include "contact/velocity/velocity_body.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim::volume_detail {

/// Frame c has axes R (columns, world); A is constrained at origin_a and B at origin_b (the same
/// point for a contact; the anchors, which drift apart, for a joint). Angular first throughout.
struct SpatialBlock {
  std::size_t body_a = 0;
  std::size_t body_b = 0;
  Mat3 R = Mat3::Identity();
  /// ^c_a Ad: the twist of A (ω and the centre-of-mass velocity, world axes) to the twist of A's
  /// material frame at origin_a in c axes; likewise B.
  Mat6 Ad_c_a = Mat6::Zero();
  Mat6 Ad_c_b = Mat6::Zero();
  /// bouchard-2015 eq. 3: S_c = ^c Ad_a M_a⁻¹ ^c Ad_aᵀ + ^c Ad_b M_b⁻¹ ^c Ad_bᵀ.
  Mat6 S = Mat6::Zero();
};

[[nodiscard]] SpatialBlock makeBlock(std::span<const VelocityBody> bodies, std::size_t body_a,
                                     std::size_t body_b, const Mat3& R, const Vec3& origin_a,
                                     const Vec3& origin_b);

/// The twist of A relative to B in frame c: ^c Ad_a φ_a − ^c Ad_b φ_b.
[[nodiscard]] Twist relativeTwist(const SpatialBlock& block, std::span<const VelocityBody> bodies);

/// Adds the wrench λ (frame c) to A's and −λ to B's velocities: Δφ = ±M⁻¹ ^c Adᵀ λ.
void applyWrench(const SpatialBlock& block, std::span<VelocityBody> bodies, const Wrench& lambda);

/// A wrench in frame c axes about its origin, in world axes about the same point.
[[nodiscard]] Wrench toWorldAxes(const SpatialBlock& block, const Wrench& lambda_c);
[[nodiscard]] Wrench fromWorldAxes(const SpatialBlock& block, const Wrench& lambda_world);

}  // namespace contactsim::volume_detail
