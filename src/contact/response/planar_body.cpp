#include "contactsim/contact/response/planar_body.hpp"

#include <cmath>
#include <sstream>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim {

void PlanarBodyState::validate(const std::string& what) const {
  requireFinite(position, what + " position");
  requireFinite(angle, what + " angle");
  requireFinite(velocity, what + " velocity");
  requireFinite(angular_velocity, what + " angular velocity");
}

double kineticEnergy(const PlanarBodyState& s, const PlanarMassProperties& m) {
  return 0.5 * m.mass * centroidVelocity(s, m).squaredNorm() +
         0.5 * m.inertia * s.angular_velocity * s.angular_velocity;
}

Vec2 linearMomentum(const PlanarBodyState& s, const PlanarMassProperties& m) {
  return m.mass * centroidVelocity(s, m);
}

double angularMomentum(const PlanarBodyState& s, const PlanarMassProperties& m, const Vec2& p) {
  return m.inertia * s.angular_velocity +
         m.mass * cross2(centroidPosition(s, m) - p, centroidVelocity(s, m));
}

PlanarBodyState stateFromCentroid(const PlanarMassProperties& m, const Vec2& centroid, double angle,
                                  const Vec2& centroid_velocity, double angular_velocity) {
  PlanarBodyState s;
  s.angle = angle;
  s.angular_velocity = angular_velocity;
  const Vec2 c_world = rotation2(angle) * m.centroid;  // origin → centroid, world axes
  s.position = centroid - c_world;
  s.velocity = centroid_velocity - crossZ(angular_velocity, c_world);
  return s;
}

}  // namespace contactsim
