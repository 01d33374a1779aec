// The interface every contact model's simulation offers the World façade, and the one factory that
// picks the subsystem for a description. Internal to world.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "contactsim/world/world_description.hpp"

namespace contactsim::world_detail {

/// One contact model's simulation of all the bodies of a world, indexed as in the description.
/// The façade has validated the bodies' names and initial states before a subsystem is built.
class Subsystem {
 public:
  virtual ~Subsystem() = default;
  /// Integrates every body to time t ≥ time(); what "to t" means (whole velocity-level steps,
  /// dense output past t) is the subsystem's, see World::advanceTo.
  virtual void advanceTo(double t) = 0;
  [[nodiscard]] virtual double time() const = 0;
  /// Pose and twist (body frame) of body i now.
  [[nodiscard]] virtual RigidBodyState state(std::size_t i) const = 0;
  /// Kinetic plus potential energy of free body i [J].
  [[nodiscard]] virtual double energy(std::size_t i) const = 0;
  /// Angular momentum of free body i about its centre of mass, world coordinates [kg m²/s].
  [[nodiscard]] virtual Vec3 angularMomentum(std::size_t i) const = 0;
  [[nodiscard]] virtual IntegrationStats stats() const = 0;
  [[nodiscard]] virtual const std::vector<WorldEvent>& events() const = 0;
  /// The contacts now (World::contacts).
  [[nodiscard]] virtual std::vector<ContactInfo> contacts() const = 0;
  /// Planar subsystems: body i's planar state and the last step's contacts (nothing otherwise).
  [[nodiscard]] virtual std::optional<PlanarBodyState> planarState(std::size_t) const {
    return std::nullopt;
  }
  [[nodiscard]] virtual std::optional<PlanarStep> planarStep() const { return std::nullopt; }
};

/// The factory: the subsystem that simulates `description` (its bodies validated, quaternions
/// normalised). The only place that chooses between the contact models.
[[nodiscard]] std::unique_ptr<Subsystem> makeSubsystem(const WorldDescription& description);

}  // namespace contactsim::world_detail
