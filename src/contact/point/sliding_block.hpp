// The sliding solution of one frictional point block: Coulomb's law with maximal dissipation
// (the friction impulse opposes the slip it leaves) as the trust-region problem on the friction
// disk — used by the block Gauss–Seidel of frictional_contact.cpp where the fixed-point iteration
// on the slip direction does not settle (small slips against an anisotropic block: it can swap
// between two directions, and the step then alternates between them).
#pragma once

#include <optional>

#include "contactsim/math/types.hpp"

namespace contactsim::point_detail {

/// For one block with Delassus matrix W (contact frame n, t₁, t₂; symmetric positive definite),
/// relative velocity `free` without this contact's impulse, normal target velocity `target` and
/// friction μ > 0: the impulse λ = (λ_n, λ_t) with the normal row exact, e₁ᵀ(free + Wλ) = target,
/// ‖λ_t‖ ≤ μ λ_n and the slip u_t = (free + Wλ)_t opposite λ_t where it is on the circle
/// (u_t = −γ λ_t, γ ≥ 0). λ_t solves min ½ λ_tᵀ W_tt λ_t + λ_tᵀ c over ‖λ_t‖ ≤ μ λ_n
/// (c = free_t + W_tn λ_n): the secular equation ‖(W_tt + γI)⁻¹c‖ = μ λ_n by safeguarded Newton
/// (Moré & Sorensen 1983); λ_n by safeguarded Newton on the normal row (the minimiser's
/// derivative in λ_n in closed form) until it holds to round-off. Empty if no root is bracketed
/// (the caller keeps its own answer).
std::optional<Vec3> slidingImpulse(const Mat3& W, const Vec3& free, double target, double mu);

}  // namespace contactsim::point_detail
