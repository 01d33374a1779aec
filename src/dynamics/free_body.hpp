// A rigid body in free flight as an OdeSystem: Newton–Euler in body coordinates (kry-pai-2002
// eq. 15) with uniform gravity and an optional user wrench, the orientation as a unit quaternion.
#pragma once

#include <functional>

#include "contactsim/dynamics/mass_properties.hpp"
#include "contactsim/dynamics/rigid_body_state.hpp"

namespace contactsim {

/// A wrench applied to a body at time t in a given state, about the centre of mass in body
/// coordinates (torque first).
using WrenchField = std::function<Wrench(double t, const RigidBodyState& state)>;

/// A wrench constant in world coordinates: torque about the centre of mass, and force.
WrenchField constantWorldWrench(const Vec3& torque_world, const Vec3& force_world);

class FreeBodySystem {
 public:
  /// Packed state: position (3), quaternion x, y, z, w (4), body twist ω, v (6).
  using State = Eigen::Matrix<double, 13, 1>;

  /// Throws InvalidInputError for non-finite gravity.
  FreeBodySystem(MassProperties body, const Vec3& gravity, WrenchField user_wrench = {});

  /// (ṗ, q̇, φ̇) = (Θ v, ½ q ⊗ (0, ω), M⁻¹(f + [φ]ᵀ M φ)) (kry-pai-2002 eq. 15).
  [[nodiscard]] State derivative(double t, const State& x) const;
  /// Renormalises the quaternion.
  void project(State& x) const;

  /// Total wrench about the centre of mass in body coordinates: gravity plus the user wrench.
  [[nodiscard]] Wrench appliedWrench(double t, const RigidBodyState& state) const;
  /// Kinetic plus gravitational potential energy, −m g·p (zero at the world origin) [J].
  [[nodiscard]] double energy(const RigidBodyState& state) const;

  [[nodiscard]] const MassProperties& body() const noexcept { return body_; }
  [[nodiscard]] const Vec3& gravity() const noexcept { return gravity_; }

  static State pack(const RigidBodyState& state);
  static RigidBodyState unpack(const State& x);

 private:
  MassProperties body_;
  Vec3 gravity_;
  WrenchField user_wrench_;
};

/// One semi-implicit (symplectic) Euler step for velocity-level time stepping: the twist is
/// updated from the wrench at the start of the step, then the pose moves with the new twist, the
/// rotation exactly for that constant body rate.
RigidBodyState semiImplicitEulerStep(const FreeBodySystem& system, double t,
                                     const RigidBodyState& state, double h);

}  // namespace contactsim
