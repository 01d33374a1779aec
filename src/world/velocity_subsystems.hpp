// The velocity-level subsystems: a world's bodies stepped by PointContactWorld (polyhedra and
// half-spaces, frictional point contacts; preda-florian-2005, bouchard-2015 §6) or by
// VolumeContactWorld (closed meshes with 6D patch contacts or the point-based baseline, and
// joints; bouchard-2015). Internal to world.
#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "mixed_world.hpp"
#include "subsystem.hpp"
#include "world/point_contact_world.hpp"
#include "world/volume_contact_world.hpp"

namespace contactsim::world_detail {

/// Solver sweeps of a step and whether its solve converged: the block Gauss–Seidel of the
/// velocity level, or (point contact's acceleration formulation) the LCP's sweeps or pivots.
inline std::pair<long, bool> solveOf(const PointContactStepStats& s) {
  const bool lcp_done = s.lcp.termination == LcpTermination::kConverged ||
                        s.lcp.termination == LcpTermination::kSolved;
  return {s.solve.iterations + s.lcp.iterations, s.solve.converged || lcp_done};
}
inline std::pair<long, bool> solveOf(const VolumeContactStepStats& s) {
  return {s.solve.iterations, s.solve.converged};
}

/// What the two velocity-level subsystems share: whole steps of `World` (PointContactWorld or
/// VolumeContactWorld) up to within half a step of the time asked for, counted alike, and each
/// body's inertia for its angular momentum.
template <class World>
class VelocitySubsystem : public Subsystem {
 public:
  void advanceTo(double t) override {
    while (world_->time() < t - 0.5 * step_) {
      const auto& s = world_->step();
      const auto [sweeps, converged] = solveOf(s);
      ++stats_.steps;
      stats_.solver_sweeps += sweeps;
      stats_.most_contacts = std::max(stats_.most_contacts, s.contacts);
      if (!converged && s.contacts > 0)
        ++stats_.unconverged_solves;
      if constexpr (requires(World & w) { w.takeEvents(); }) {
        for (WorldEvent& e : world_->takeEvents())
          events_.push_back(std::move(e));
      }
    }
    time_ = std::max(time_, world_->time());
  }
  [[nodiscard]] double time() const override { return time_; }
  [[nodiscard]] Vec3 angularMomentum(std::size_t i) const override {
    const RigidBodyState s = state(i);
    return s.orientation * (inertia_.at(i) * angular(s.twist));
  }
  [[nodiscard]] IntegrationStats stats() const override { return stats_; }
  [[nodiscard]] const std::vector<WorldEvent>& events() const override { return events_; }

 protected:
  explicit VelocitySubsystem(double step) : step_(step) {
    stats_.smallest_step = stats_.largest_step = step;
  }

  std::unique_ptr<World> world_;
  std::vector<Mat3> inertia_;  // body coordinates, by the façade's index
  double step_;

 private:
  double time_ = 0.0;
  IntegrationStats stats_;
  std::vector<WorldEvent> events_;
};

/// Polyhedra and fixed half-spaces; half-spaces have no body in PointContactWorld.
class PointSubsystem final : public VelocitySubsystem<PointContactWorld> {
 public:
  explicit PointSubsystem(const WorldDescription& description);
  [[nodiscard]] RigidBodyState state(std::size_t i) const override;
  [[nodiscard]] double energy(std::size_t i) const override;
  [[nodiscard]] std::vector<ContactInfo> contacts() const override;

 private:
  std::vector<std::optional<std::size_t>> index_;  // each body's index in world_, if any
  std::vector<std::size_t> body_of_;               // the description's index of each world_ body
  std::vector<std::size_t> half_space_body_;       // …and of each of world_'s half-spaces
  std::vector<RigidBodyState> fixed_states_;       // the half-spaces' poses
};

/// Bodies bounded by closed triangle meshes, each with its index kept.
class VolumeSubsystem final : public VelocitySubsystem<VolumeContactWorld> {
 public:
  explicit VolumeSubsystem(const WorldDescription& description);
  [[nodiscard]] RigidBodyState state(std::size_t i) const override;
  [[nodiscard]] double energy(std::size_t i) const override;
  [[nodiscard]] std::vector<ContactInfo> contacts() const override;
};

/// Smooth surfaces, polyhedra and half-spaces in one world (issue 22): MixedWorld, with the
/// description's indices.
class MixedSubsystem final : public VelocitySubsystem<MixedWorld> {
 public:
  explicit MixedSubsystem(const WorldDescription& description);
  [[nodiscard]] RigidBodyState state(std::size_t i) const override { return world_->state(i); }
  [[nodiscard]] double energy(std::size_t i) const override { return world_->energy(i); }
  [[nodiscard]] std::vector<ContactInfo> contacts() const override;
};

}  // namespace contactsim::world_detail
