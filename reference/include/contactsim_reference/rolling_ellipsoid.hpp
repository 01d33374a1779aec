// An independent formulation of rolling without slipping: an ellipsoid centred at its centre of
// mass on the plane z = 0, in maximal coordinates (position, orientation, velocities) with the
// no-slip constraint v + ω × r = 0 eliminated through its contact force, integrated by RK4.
// Written from Newton–Euler and the ellipsoid's support point alone, to check the reduced
// coordinates of kry-pai-2002 (tests/contact/smooth).
#pragma once

#include "contactsim/dynamics/mass_properties.hpp"
#include "contactsim/dynamics/rigid_body_state.hpp"

namespace contactsim::reference {

class RollingEllipsoid {
 public:
  /// Semi-axes along the body axes; the state's twist is (ω, v) in body coordinates.
  RollingEllipsoid(const Vec3& radii, MassProperties body, double gravity);

  /// Lowest point of the ellipsoid relative to its centre, body coordinates, for world-down m
  /// (unit, body coordinates): r = −A² m / √(mᵀ A² m).
  [[nodiscard]] Vec3 contactPoint(const Vec3& m_body) const;

  /// One RK4 step of size h.
  [[nodiscard]] RigidBodyState step(const RigidBodyState& s, double h) const;

 private:
  using State = Eigen::Matrix<double, 13, 1>;  // p, q (x, y, z, w), ω_b, v (world)
  [[nodiscard]] State derivative(const State& x) const;

  Vec3 radii2_;
  MassProperties body_;
  double g_;
};

}  // namespace contactsim::reference
