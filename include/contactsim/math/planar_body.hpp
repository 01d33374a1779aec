// Planar rigid bodies (ullrich-pai §2.2, §5): the response maps are plane-strain solutions, so the
// run time moves rigid bodies in the plane and every mass, force, momentum and energy is per metre
// of out-of-plane thickness. Mass properties of uniform polygons, a body's state and its
// kinematics.
//
// Frames: a body's outline and map nodes are given in its body frame, whose origin need not be the
// centroid. The state holds the body-frame origin; the dynamics work at the centroid.
#pragma once

#include <cmath>
#include <span>
#include <string>

#include "contactsim/math/types.hpp"

namespace contactsim {

/// Mass properties per unit thickness of a uniform polygon.
struct PlanarMassProperties {
  double area = 0.0;             ///< [m²]
  double mass = 0.0;             ///< ρ·area [kg/m]
  Vec2 centroid = Vec2::Zero();  ///< body frame [m]
  double inertia = 0.0;  ///< polar moment about the centroid, ρ ∫(x² + y²) dA [kg m²/m]
  double bounding_radius = 0.0;  ///< max distance of an outline point from the centroid [m]
};

/// Area, centroid and polar moment of a simple counter-clockwise polygon of density ρ (Green's
/// theorem over the edges). Throws InvalidInputError for fewer than 3 points, a non-finite point,
/// a clockwise or zero-area outline, or a density that is not positive and finite.
PlanarMassProperties planarMassProperties(std::span<const Vec2> outline, double density);

/// z-component of a × b.
inline double cross2(const Vec2& a, const Vec2& b) {
  return a.x() * b.y() - a.y() * b.x();
}
/// (ω ẑ) × r.
inline Vec2 crossZ(double omega, const Vec2& r) {
  return {-omega * r.y(), omega * r.x()};
}
/// The rotation by θ (counter-clockwise).
inline Eigen::Matrix2d rotation2(double theta) {
  Eigen::Matrix2d R;
  const double c = std::cos(theta);
  const double s = std::sin(theta);
  R << c, -s, s, c;
  return R;
}
/// ẑ × n: the unit tangent a quarter turn counter-clockwise from n.
inline Vec2 perpendicular(const Vec2& n) {
  return {-n.y(), n.x()};
}

/// Pose and velocity of a planar rigid body, world coordinates.
struct PlanarBodyState {
  Vec2 position = Vec2::Zero();   ///< of the body-frame origin [m]
  double angle = 0.0;             ///< θ: body frame → world, counter-clockwise [rad]
  Vec2 velocity = Vec2::Zero();   ///< of the body-frame origin, d(position)/dt [m/s]
  double angular_velocity = 0.0;  ///< ω = dθ/dt [rad/s]

  /// Throws InvalidInputError naming `what` when a value is NaN or infinite.
  void validate(const std::string& what) const;
};

/// World coordinates of a body-frame point.
inline Vec2 worldPoint(const PlanarBodyState& s, const Vec2& body_point) {
  return s.position + rotation2(s.angle) * body_point;
}
/// Body-frame coordinates of a world point.
inline Vec2 bodyPoint(const PlanarBodyState& s, const Vec2& world_point) {
  return rotation2(s.angle).transpose() * (world_point - s.position);
}
/// Velocity of the material point now at `world_point`: v + ω × (p − x).
inline Vec2 pointVelocity(const PlanarBodyState& s, const Vec2& world_point) {
  return s.velocity + crossZ(s.angular_velocity, world_point - s.position);
}
inline Vec2 centroidPosition(const PlanarBodyState& s, const PlanarMassProperties& m) {
  return worldPoint(s, m.centroid);
}
inline Vec2 centroidVelocity(const PlanarBodyState& s, const PlanarMassProperties& m) {
  return pointVelocity(s, centroidPosition(s, m));
}
/// ½ m |v_c|² + ½ I ω² [J/m].
double kineticEnergy(const PlanarBodyState& s, const PlanarMassProperties& m);
/// m v_c [kg m/s per m].
Vec2 linearMomentum(const PlanarBodyState& s, const PlanarMassProperties& m);
/// I ω + m (x_c − p) × v_c: angular momentum about the fixed world point p [kg m²/s per m].
double angularMomentum(const PlanarBodyState& s, const PlanarMassProperties& m, const Vec2& p);

/// The state whose centroid is at `centroid` moving with `centroid_velocity` (world), for a body
/// with the given mass properties: converts to the body-frame origin.
PlanarBodyState stateFromCentroid(const PlanarMassProperties& m, const Vec2& centroid, double angle,
                                  const Vec2& centroid_velocity, double angular_velocity);

}  // namespace contactsim
