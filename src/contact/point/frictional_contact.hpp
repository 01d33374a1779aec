// Frictional point contacts at the velocity level, solved by projected block Gauss–Seidel over one
// 3×3 block per contact with a Coulomb cone: the "point-based method" bouchard-2015 compares its 6D
// contact against (§6, Tables 1–2, Figs. 15–16), with the cone projection and re-solve of §5.2
// (eqs. 4–6) reduced to a point contact (eq. 10). The bodies, sweep controls and stats are those of
// contact/velocity, shared with the 6D solver.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "contact/velocity/velocity_body.hpp"
#include "contactsim/contact/parameters.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim {

/// One point contact: the impulse on A is +λ (world), on B −λ, with λ·n ≥ 0 and the tangential
/// part in the Coulomb cone ‖λ_t‖ ≤ μ λ_n.
struct FrictionalContact {
  std::size_t body_a = 0;
  std::size_t body_b = 0;
  Vec3 point = Vec3::Zero();    ///< world [m]
  Vec3 normal = Vec3::UnitZ();  ///< unit, from B into A
  double friction = 0.0;        ///< μ ≥ 0
  /// The relative normal velocity the contact aims for when it pushes (Signorini at the velocity
  /// level: u_n ≥ target, λ_n ≥ 0, complementary). 0 for resting contact; −gap/h lets a gap close
  /// within the step; +β·depth/h pushes a penetration out.
  double target_normal_velocity = 0.0;
  /// The relative velocity (world) the contact aims for in addition: 0 for the plain
  /// velocity-level contact; the worlds set the tangential part of the position update's rotation
  /// drift taken back (world/velocity_world_bodies.hpp, pointDriftVelocity), so that points held
  /// together stay together over the step, not only at its end velocities.
  Vec3 drift_velocity = Vec3::Zero();
};

/// Solves for the contact impulses and applies them to the bodies' velocities. `impulses` (world
/// coordinates, one per contact) is the warm start on entry — resized with zeros when its size
/// differs — and the solution on return. Throws InvalidInputError naming the contact for bad
/// indices, a contact between two fixed bodies, a non-unit normal, μ < 0 or non-finite input.
BlockPgsStats solveFrictionalContacts(std::span<VelocityBody> bodies,
                                      std::span<const FrictionalContact> contacts,
                                      std::vector<Vec3>& impulses,
                                      const BlockPgsOptions& options = {});

}  // namespace contactsim
