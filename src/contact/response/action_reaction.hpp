// Action–reaction at one contact for one step: ullrich-pai §5.1 step 4, eqs. 7–8, made unilateral.
//
// Each body's surface obeys its map: F^X_{k+1} = F̃^X_{k+1} + F^X_0 (δ^X_{k+1} − δ^X_k), X = A, B,
// where F̃ is the nominal force of the history (step 1) and F_0 = F(t_0) the instantaneous
// response. Given the rigid penetration δ_{k+1}, eq. 7 δ^A + δ^B = δ and eq. 8 F^A = F^B (= F, the
// compressive force; f^A = F n = −f^B) are linear in (δ^A, δ^B, F):
//   F = (δ_{k+1} − δ_free) / C,   C = 1/F^A_0 + 1/F^B_0,
//   δ_free = (δ^A_k − F̃^A/F^A_0) + (δ^B_k − F̃^B/F^B_0),
// δ_free being the total deformation the two surfaces relax to when nothing pushes on them. A
// contact can only push: when δ_{k+1} ≤ δ_free the surfaces are apart, F = 0 and each relaxes to
// its own free value. A rigid fixed body (the block) has δ^B ≡ 0 and no compliance.
#pragma once

namespace contactsim {

/// One body's side of a contact for the step t_k → t_{k+1}.
struct ContactSide {
  double nominal_force = 0.0;            ///< F̃_{k+1} [N/m]
  double instantaneous_stiffness = 0.0;  ///< F_0 = F(t_0) > 0 [N/m per m]
  double deformation = 0.0;              ///< δ_k [m]

  /// 1/F_0 [m per N/m].
  [[nodiscard]] double compliance() const { return 1.0 / instantaneous_stiffness; }
  /// δ_k − F̃/F_0: the deformation at which this surface exerts no force.
  [[nodiscard]] double freeDeformation() const {
    return deformation - nominal_force / instantaneous_stiffness;
  }
  /// δ_{k+1} that makes this side exert `force`: δ_k + (F − F̃)/F_0.
  [[nodiscard]] double deformationFor(double force) const {
    return deformation + (force - nominal_force) / instantaneous_stiffness;
  }
  /// This side's law: F̃ + F_0 (δ_{k+1} − δ_k).
  [[nodiscard]] double forceFor(double new_deformation) const {
    return nominal_force + instantaneous_stiffness * (new_deformation - deformation);
  }
};

/// The solution of eqs. 7–8 for one step.
struct ActionReaction {
  double force = 0.0;          ///< F ≥ 0 [N/m]
  double deformation_a = 0.0;  ///< δ^A_{k+1} [m]
  double deformation_b = 0.0;  ///< δ^B_{k+1} [m] (0 against a rigid body)
  [[nodiscard]] bool inContact() const { return force > 0.0; }
};

/// Combined compliance C and free deformation δ_free of a pair; `b == nullptr`: rigid fixed body.
struct PairCompliance {
  double compliance = 0.0;
  double free_deformation = 0.0;
};
PairCompliance pairCompliance(const ContactSide& a, const ContactSide* b);

/// ullrich-pai §5.1 eqs. 7–8 for a given rigid penetration δ_{k+1} (unilateral, see above).
ActionReaction solveActionReaction(const ContactSide& a, const ContactSide* b, double penetration);

/// The deformations that go with a given force F ≥ 0 (from a solver that found F together with the
/// motion): each side from its own law.
ActionReaction deformationsFor(const ContactSide& a, const ContactSide* b, double force);

}  // namespace contactsim
