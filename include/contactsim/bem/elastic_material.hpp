// An isotropic linear elastic material in plane strain (ullrich-pai §2.2, eq. 1).
#pragma once

namespace contactsim {

/// Young's modulus E [Pa], Poisson's ratio ν, density ρ [kg/m³].
struct ElasticMaterial {
  double youngs_modulus = 210e9;
  double poisson_ratio = 0.3;
  double density = 7850.0;

  /// Throws InvalidInputError naming the parameter unless E > 0, −1 < ν < 0.5 and ρ > 0, all
  /// finite.
  void validate() const;

  /// Lamé's μ = E / (2(1 + ν)).
  [[nodiscard]] double shearModulus() const;
  /// Lamé's λ = E ν / ((1 + ν)(1 − 2ν)) (plane strain).
  [[nodiscard]] double lameLambda() const;
  /// Plane-strain P-wave speed c_p = √((λ + 2μ)/ρ).
  [[nodiscard]] double pressureWaveSpeed() const;
  /// S-wave speed c_s = √(μ/ρ).
  [[nodiscard]] double shearWaveSpeed() const;
};

/// Steel as the bar of ullrich-pai §4 (NOTES.md: E = 210 GPa, ν = 0.3, ρ = 7850 kg/m³).
inline constexpr ElasticMaterial kSteel{210e9, 0.3, 7850.0};

}  // namespace contactsim
