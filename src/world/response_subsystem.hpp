// Planar map bodies in a 3D world: the response model of ullrich-pai §5 (ResponseWorld) behind the
// World façade. A planar body lives in the plane z = 0: its pose is the position (x, y, 0) of its
// map's body-frame origin and a rotation by θ about z, its world velocities are (vx, vy, 0) and
// (0, 0, ω). Masses, energies and momenta are per metre of out-of-plane thickness (the maps are
// plane-strain solutions). Internal to world.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "subsystem.hpp"
#include "world/response_world.hpp"

namespace contactsim::world_detail {

/// The planar state a 3D state embeds; throws InvalidInputError naming `what` unless the state
/// lies in the plane (z = 0, a rotation about z only, no velocity out of the plane).
[[nodiscard]] PlanarBodyState planarState(const RigidBodyState& state, const std::string& what);

/// Response-map bodies and fixed half-planes, stepped by ResponseWorld at the maps' Δt.
class ResponseSubsystem final : public Subsystem {
 public:
  /// Throws InvalidInputError naming the body at fault: a body neither a free map body nor a
  /// fixed half-plane, a state out of the plane, gravity out of the plane, an integrator step
  /// that differs from the maps' Δt (relative 1e-12), friction that differs between pairs.
  explicit ResponseSubsystem(const WorldDescription& description);

  /// Whole steps of Δt up to within half a step of t.
  void advanceTo(double t) override;
  [[nodiscard]] double time() const override { return world_->time(); }
  [[nodiscard]] RigidBodyState state(std::size_t i) const override;
  /// ½ m |v_c|² + ½ I ω² − m g·x_c [J/m].
  [[nodiscard]] double energy(std::size_t i) const override;
  /// (0, 0, I ω) about the centroid [kg m²/s per m].
  [[nodiscard]] Vec3 angularMomentum(std::size_t i) const override;
  [[nodiscard]] IntegrationStats stats() const override { return stats_; }
  [[nodiscard]] const std::vector<WorldEvent>& events() const override { return events_; }
  [[nodiscard]] std::optional<PlanarBodyState> planarState(std::size_t i) const override;
  [[nodiscard]] std::optional<PlanarStep> planarStep() const override;
  [[nodiscard]] std::vector<ContactInfo> contacts() const override;

  /// The run time itself (contact records, per-step solves), for white-box tests.
  [[nodiscard]] const ResponseWorld& responseWorld() const { return *world_; }
  /// The index of description body i in responseWorld() (nothing for a half-plane).
  [[nodiscard]] std::optional<std::size_t> mapBody(std::size_t i) const { return index_.at(i); }

 private:
  std::unique_ptr<ResponseWorld> world_;
  std::vector<std::optional<std::size_t>> index_;  // each body's index in world_, if a map body
  std::vector<RigidBodyState> fixed_states_;       // the half-planes' poses
  std::vector<PlanarBodyState> fixed_planar_;      // and in the plane
  std::vector<std::size_t> body_of_;               // description index of world_'s body k
  std::vector<std::size_t> plane_of_;              // description index of world_'s half-plane k
  Vec2 gravity_ = Vec2::Zero();
  double step_ = 0.0;
  IntegrationStats stats_;
  std::vector<WorldEvent> events_;
};

}  // namespace contactsim::world_detail
