// Mass, inertia tensor and spatial inertia of a rigid body about its centre of mass.
#pragma once

#include "contactsim/math/spatial.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim {

/// Validated mass properties in the body frame, whose origin is the centre of mass. The inertia
/// tensor may have products of inertia (the body frame need not be principal); the principal
/// moments and axes are computed once at construction.
class MassProperties {
 public:
  /// Throws InvalidInputError for a non-finite or non-positive mass, or an inertia tensor that
  /// is not finite, not symmetric (relative 1e-9), not positive definite, or violates the
  /// triangle inequality of principal moments (no physical body has I₁ > I₂ + I₃).
  MassProperties(double mass, const Mat3& inertia);

  /// Diagonal inertia diag(Ixx, Iyy, Izz) in a principal body frame.
  static MassProperties principal(double mass, const Vec3& moments);

  [[nodiscard]] double mass() const noexcept { return mass_; }
  /// Inertia tensor about the centre of mass in body coordinates [kg m²].
  [[nodiscard]] const Mat3& inertia() const noexcept { return inertia_; }
  /// Its inverse, computed once at construction.
  [[nodiscard]] const Mat3& inverseInertia() const noexcept { return inertia_inverse_; }
  /// R I Rᵀ and R I⁻¹ Rᵀ: the tensors in world axes for the body rotation R (body → world).
  [[nodiscard]] Mat3 worldInertia(const Mat3& R) const { return R * inertia_ * R.transpose(); }
  [[nodiscard]] Mat3 worldInverseInertia(const Mat3& R) const {
    return R * inertia_inverse_ * R.transpose();
  }
  /// Principal moments, ascending.
  [[nodiscard]] const Vec3& principalMoments() const noexcept { return principal_moments_; }
  /// Rotation whose columns are the principal axes (right-handed), in body coordinates:
  /// inertia() = R diag(principalMoments()) Rᵀ.
  [[nodiscard]] const Mat3& principalAxes() const noexcept { return principal_axes_; }

  /// Spatial inertia M = diag(I, m 1) at the centre of mass, angular-first (kry-pai-2002 eq. 15).
  [[nodiscard]] Mat6 spatialInertia() const;
  /// M φ without forming M.
  [[nodiscard]] Vec6 momentum(const Twist& phi) const;
  /// M⁻¹ f without forming M.
  [[nodiscard]] Twist solve(const Wrench& f) const;
  /// ½ φᵀ M φ.
  [[nodiscard]] double kineticEnergy(const Twist& phi) const;

 private:
  double mass_;
  Mat3 inertia_;
  Mat3 inertia_inverse_;
  Vec3 principal_moments_;
  Mat3 principal_axes_;
};

/// K = m⁻¹ 1 − [r] I_w⁻¹ [r]: the velocity change of the material point at r from the centre of
/// mass per unit impulse applied there (world axes). Zero for a fixed body (m⁻¹ = 0, I_w⁻¹ = 0).
/// The collision matrix of an impact and the Delassus block of a point contact sum it over the
/// two bodies.
inline Mat3 pointMobility(double inverse_mass, const Mat3& inverse_inertia_world, const Vec3& r) {
  const Mat3 rx = skew(r);
  return inverse_mass * Mat3::Identity() - rx * inverse_inertia_world * rx;
}

}  // namespace contactsim
