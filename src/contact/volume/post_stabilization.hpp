// Post-stabilization of 6D contacts at the position level (bouchard-2015 §5.7, after Cline & Pai
// 2003): after the velocity step, the bodies are moved along the volume gradient so that each
// contact's intersection volume returns towards a target interpenetration volume e.
#pragma once

#include <span>
#include <vector>

#include "contact/velocity/velocity_body.hpp"
#include "contact/volume/volume_contact.hpp"

namespace contactsim {

struct PostStabilizationOptions {
  double target_volume = 0.0;  ///< e [m³] ≥ 0: the interpenetration volume kept (§5.7)
  /// Fraction in (0, 1] of the volume excess removed per correction.
  double relaxation = 1.0;
  /// Compliance α ≥ 0 [1/kg], added to each contact's normal Schur complement entry: a correction
  /// removes the fraction W_nn/(W_nn + α) of the excess when alone. 0: rigid.
  double compliance = 0.0;
  int max_iterations = 100;
  double tolerance = 1e-14;  ///< on the 2-norm of a sweep's multiplier updates [kg m]

  /// Throws InvalidInputError naming the bad field.
  void validate() const;
};

/// A pose correction for one body: com += translation, orientation ← exp(rotation) orientation
/// (world rotation vector). Zero for fixed bodies.
struct PoseCorrection {
  Vec3 translation = Vec3::Zero();  ///< [m], world
  Vec3 rotation = Vec3::Zero();     ///< [rad], world
};

struct PostStabilizationStats {
  int iterations = 0;
  double update_norm = 0.0;
  bool converged = false;
  int active = 0;  ///< contacts with a volume above target and a usable gradient
  int skipped_zero_gradient =
      0;  ///< volume above target but gradient 0 (one body inside the other)
};

/// The pose corrections of bouchard-2015 §5.7, one per body (bodies: inverse masses, world
/// inverse inertias and centres of mass at the current, post-step poses; velocities ignored).
///
/// Formula. Linearise each contact's volume in the bodies' displacements through its gradient
/// g = ∂V/∂x_A (= −‖g‖ n) acting at the patch centre c: δV = −‖g‖ δs, with δs the increase of the
/// normal separation of A from B at c, i.e. the n row of the 6D block's relative twist (same
/// adjoints and Schur complement S as the velocity solve). Cline & Pai's post-stabilization
/// Δq = M⁻¹Jᵀ(JM⁻¹Jᵀ)⁻¹(−C) with C = V − e becomes, per contact, the unilateral problem
///   (S_nn + α) λ + (coupling through shared bodies) = β max(0, V − e)/‖g‖,  λ ≥ 0,
/// solved by projected Gauss–Seidel; the corrections are Δq = M⁻¹ Σ Jᵀ (λ n at c) (+ on A, − on B).
/// A single contact on a fixed body thus moves A by β(V − e)/‖g‖ along n when α = 0 and c lies
/// under A's centre of mass. Contacts at or below the target are not moved (the stabilization
/// never pulls bodies together).
std::vector<PoseCorrection> postStabilize(std::span<const VelocityBody> bodies,
                                          std::span<const VolumeContact> contacts,
                                          const PostStabilizationOptions& options,
                                          PostStabilizationStats* stats = nullptr);

}  // namespace contactsim
