// The world: one engine over the contact models. A World is a façade over the subsystem that
// simulates its bodies: smooth bodies that fly, collide and hold continuous smooth contacts
// (kry-pai-2002), polyhedra with velocity-level point contacts (preda-florian-2005,
// bouchard-2015 §6), or mesh bodies with 6D patch contacts (bouchard-2015). The subsystems share
// one interface (src/world/subsystem.hpp); one factory picks it from the description.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "contactsim/world/world_description.hpp"

namespace contactsim {
namespace world_detail {
class Subsystem;
}  // namespace world_detail

class World {
 public:
  /// Validates everything (names unique and non-empty, states finite with unit quaternions,
  /// integrator settings, contacts between a free and a fixed body with surfaces, each body in at
  /// most one contact; with point contact, a polyhedron per free body and no two bodies starting
  /// inside each other) and throws InvalidInputError naming the body or field at fault.
  explicit World(WorldDescription description);
  ~World();
  World(World&&) noexcept;
  World& operator=(World&&) noexcept;

  /// Integrates every body to time t, no earlier than the last t asked for (velocity-level
  /// worlds: whole steps, to within half a step of t, so time() may stand past t already). Throws
  /// NumericalError if a state stops being finite. A body whose smooth contact separates continues
  /// in free flight; with collisions enabled, flight ends at the next touch (impact, possibly
  /// continuous contact again). With collisions, flight may run up to one largest step past t
  /// (state(i) at t interpolates it, Hermite) and contacts step past t (dense output). Flight legs
  /// still end one largest step past the times asked for, so the steps taken depend slightly on
  /// them.
  void advanceTo(double t);

  [[nodiscard]] double time() const;
  [[nodiscard]] std::size_t bodyCount() const noexcept { return names_.size(); }
  [[nodiscard]] const std::string& bodyName(std::size_t i) const;
  [[nodiscard]] bool isFixed(std::size_t i) const;
  /// Pose and twist (body frame) of body i now.
  [[nodiscard]] RigidBodyState state(std::size_t i) const;
  /// Kinetic plus potential energy of body i [J] (0 for fixed bodies).
  [[nodiscard]] double energy(std::size_t i) const;
  /// Angular momentum of body i about its centre of mass, world coordinates [kg m²/s].
  [[nodiscard]] Vec3 angularMomentum(std::size_t i) const;
  [[nodiscard]] const IntegratorSettings& integrator() const noexcept { return integrator_; }
  [[nodiscard]] IntegrationStats stats() const;
  /// What happened, in time order per body: impacts, contacts made and ended, patch crossings,
  /// friction mode switches.
  [[nodiscard]] const std::vector<WorldEvent>& events() const;
  /// Every contact now: point, normal, force and, for smooth contacts, q, q̇ and the friction
  /// mode (velocity-level worlds: the contacts of the last step, with its impulses / h).
  [[nodiscard]] std::vector<ContactInfo> contacts() const;
  /// Planar worlds (response-map bodies, ullrich-pai §5): body i's planar state, exactly as the
  /// run time holds it, and the contacts of the last step. Throw InvalidInputError otherwise.
  [[nodiscard]] PlanarBodyState planarState(std::size_t i) const;
  [[nodiscard]] PlanarStep planarStep() const;

 private:
  IntegratorSettings integrator_;
  std::vector<std::string> names_;
  std::vector<bool> fixed_;
  std::unique_ptr<world_detail::Subsystem> subsystem_;
  double last_target_ = 0.0;  ///< the latest time advanceTo was asked for
};

}  // namespace contactsim
