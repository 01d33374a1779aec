// The experiment of ullrich-pai §1.1 / Stoianovici & Hurmuzlu 1996 as a function: drop a map body
// with a given orientation onto the fixed block and measure its coefficient of restitution.
//
// The block is the half-plane y ≤ 0 (normal +y). The body starts with its lowest outline vertex on
// the surface (rigid penetration 0, so contact begins in the first step) and its centroid moving
// at (tangential_speed, −normal_speed). Gravity is off: the impact lasts micro- to milliseconds
// and e is a property of the impact alone. The run ends when every contact history has been
// released (the surfaces are apart and relaxed).
#pragma once

#include <cstddef>
#include <memory>

#include "contactsim/bem/response_map.hpp"
#include "contactsim/math/planar_body.hpp"
#include "contactsim/world/world_description.hpp"

namespace contactsim {

struct ImpactSetup {
  double angle = 0.0;             ///< θ of the body frame [rad]
  double normal_speed = 1.0;      ///< approach speed of the centroid toward the block > 0 [m/s]
  double tangential_speed = 0.0;  ///< centroid velocity along +x [m/s]
  double angular_velocity = 0.0;  ///< [rad/s]
  double friction = 0.0;          ///< Coulomb μ ≥ 0
  ResponseScheme scheme = ResponseScheme::kEndOfStep;  ///< the contacts' time stepping
  std::size_t max_steps = 10'000'000;

  /// Throws InvalidInputError naming the field.
  void validate() const;
};

struct ImpactRestitutionResult {
  /// e = −u_n⁺/u_n⁻ of the material point that touched first (its normal velocity right after the
  /// last step with a contact force, against the one before impact).
  double restitution = 0.0;
  double pre_impact_normal_velocity = 0.0;   ///< u_n⁻ < 0 [m/s]
  double post_impact_normal_velocity = 0.0;  ///< u_n⁺ [m/s]
  double contact_duration = 0.0;  ///< from the start to the end of the last step with force [s]
  double peak_force = 0.0;        ///< largest total normal force of a step [N/m]
  Vec2 impulse = Vec2::Zero();    ///< Σ of the contacts' impulses (ContactRecord) [N s/m]
  double contact_work = 0.0;      ///< Σ of the contact records' work [J/m] (∫F dδ, trapezoid)
  /// Σ h f·J(v_k + v_{k+1})/2: the work of the contact forces on the rigid body, which equals the
  /// change of its kinetic energy for the run time's scheme (gravity is off) [J/m].
  double work_on_body = 0.0;
  double kinetic_energy_before = 0.0;  ///< [J/m]
  double kinetic_energy_after = 0.0;   ///< at separation [J/m]
  std::size_t contact_vertex = 0;      ///< the outline vertex that touched first
  std::size_t steps = 0;               ///< steps run
  bool separated = false;              ///< false: max_steps ran out first
  PlanarBodyState state_after;         ///< right after the last step with force
  PlanarMassProperties mass;
};

/// Throws InvalidInputError for an invalid map (as ResponseWorld::addBody) or setup, or when the
/// lowest vertex does not approach the block (u_n⁻ ≥ 0).
ImpactRestitutionResult measureImpactRestitution(std::shared_ptr<const ResponseMap> map,
                                                 const ImpactSetup& setup);

}  // namespace contactsim
