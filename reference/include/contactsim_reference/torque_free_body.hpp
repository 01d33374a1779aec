// Exact motion of the angular velocity of a torque-free rigid body (Euler's equations) by Jacobi
// elliptic functions, after Landau & Lifshitz, Mechanics §37.
#pragma once

#include "contactsim/math/types.hpp"

namespace contactsim::reference {

/// Torque-free body with distinct principal moments I₁ < I₂ < I₃ and body-frame angular velocity
/// ω(0) in the principal frame. Solves I ω̇ = (Iω) × ω exactly.
class TorqueFreeBody {
 public:
  /// Throws contactsim::InvalidInputError unless I₁ < I₂ < I₃ and ω(0) is off the separatrix.
  TorqueFreeBody(const Vec3& principal_moments, const Vec3& omega0);

  /// Body-frame angular velocity (principal axes) at time t.
  [[nodiscard]] Vec3 omega(double t) const;
  /// Period of ω(t): 4 K(m) / λ. Between sign changes of ω₂ (the flips) half of it elapses.
  [[nodiscard]] double period() const noexcept { return period_; }
  /// Kinetic energy ½ ωᵀ I ω and squared angular momentum ‖I ω‖², both conserved.
  [[nodiscard]] double energy() const noexcept { return energy_; }
  [[nodiscard]] double angularMomentumSquared() const noexcept { return momentum2_; }
  /// True when ω₃ keeps its sign (L² > 2 E I₂): the motion circulates about the major axis.
  [[nodiscard]] bool aboutMajorAxis() const noexcept { return !swapped_; }

 private:
  Vec3 I_;
  double energy_;
  double momentum2_;
  bool swapped_;    // the solution uses axes (3, 2, 1) (L² < 2 E I₂)
  double sign_;     // sign of the circulating component
  Vec3 amplitude_;  // A₁, A₂, A₃ in the solved axis order
  double lambda_;   // τ = λ t + τ₀
  double tau0_;
  double m_;  // parameter k²
  double period_;
};

}  // namespace contactsim::reference
