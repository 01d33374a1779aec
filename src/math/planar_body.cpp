#include "contactsim/math/planar_body.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim {

PlanarMassProperties planarMassProperties(std::span<const Vec2> outline, double density) {
  requirePositive(density, "planar body density [kg/m^3]");
  if (outline.size() < 3) {
    throw InvalidInputError("planar body outline needs at least 3 points, got " +
                            toText(outline.size()));
  }
  for (std::size_t i = 0; i < outline.size(); ++i) {
    requireFinite(outline[i], "planar body outline point " + toText(i));
  }
  // Green's theorem over the edges (a_i, a_{i+1}) with c_i = a_i × a_{i+1}:
  // A = ½ Σ c_i, A x̄ = ⅙ Σ c_i (a_i + a_{i+1}), ∫|x|² dA = 1/12 Σ c_i (|a_i|² + a_i·a_{i+1} +
  // |a_{i+1}|²). Coordinates are taken relative to the first point to limit cancellation.
  const Vec2 o = outline[0];
  double twice_area = 0.0;
  Vec2 first = Vec2::Zero();
  double second = 0.0;
  for (std::size_t i = 0; i < outline.size(); ++i) {
    const Vec2 a = outline[i] - o;
    const Vec2 b = outline[(i + 1) % outline.size()] - o;
    const double c = cross2(a, b);
    twice_area += c;
    first += c * (a + b);
    second += c * (a.squaredNorm() + a.dot(b) + b.squaredNorm());
  }
  const double area = 0.5 * twice_area;
  if (!(area > 0.0)) {
    std::ostringstream s;
    s << "planar body outline must be counter-clockwise with positive area, got signed area "
      << area << " m^2";
    throw InvalidInputError(s.str());
  }
  PlanarMassProperties m;
  m.area = area;
  m.mass = density * area;
  const Vec2 centroid_rel = first / (6.0 * area);
  m.centroid = o + centroid_rel;
  // Parallel axes: ∫|x − x̄|² dA = ∫|x|² dA − A |x̄|² (x relative to o).
  m.inertia = density * (second / 12.0 - area * centroid_rel.squaredNorm());
  for (const Vec2& p : outline) {
    m.bounding_radius = std::max(m.bounding_radius, (p - m.centroid).norm());
  }
  return m;
}

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
