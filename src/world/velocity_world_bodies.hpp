// What the velocity-level worlds (PointContactWorld, VolumeContactWorld) share about their bodies:
// the sampled state and energy of a body kept as world position, orientation and velocities, and
// the naming of a body by its index in errors that World passes on.
#pragma once

#include <string>
#include <vector>

#include "contact/velocity/velocity_body.hpp"
#include "contactsim/dynamics/rigid_body_state.hpp"
#include "contactsim/error.hpp"
#include "contactsim/math/quaternion.hpp"

namespace contactsim::world_detail {

/// B has `position`, `orientation`, `velocity` and `omega` (world).
template <class B>
RigidBodyState stateOf(const B& body) {
  return RigidBodyState::fromWorldVelocities(body.position, body.orientation, body.omega,
                                             body.velocity);
}

/// Kinetic plus potential energy −m g·p; 0 for a fixed body. B also has `fixed` and `mass`.
template <class B>
double energyOf(const B& body, const Vec3& gravity) {
  if (body.fixed)
    return 0.0;
  const Mat3 inertia = body.mass.worldInertia(body.orientation.toRotationMatrix());
  return 0.5 * body.mass.mass() * body.velocity.squaredNorm() +
         0.5 * body.omega.dot(inertia * body.omega) - body.mass.mass() * gravity.dot(body.position);
}

/// Symplectic Euler's first half for a free body B (`mass`, `fixed`, pose and world velocities):
/// its velocities after gravity and the explicit gyroscopic torque over h, as the contact
/// solver's body; a fixed body keeps zero inverse mass.
template <class B>
VelocityBody predictedVelocities(const B& body, const Vec3& gravity, double h) {
  VelocityBody vb;
  vb.com = body.position;
  if (body.fixed)
    return vb;
  const Mat3 R = body.orientation.toRotationMatrix();
  const Mat3 inertia = body.mass.worldInertia(R);
  vb.inverse_mass = 1.0 / body.mass.mass();
  vb.inverse_inertia = body.mass.worldInverseInertia(R);
  vb.velocity = body.velocity + h * gravity;
  vb.omega = body.omega - h * (vb.inverse_inertia * body.omega.cross(inertia * body.omega));
  return vb;
}

/// Symplectic Euler's second half: the solved velocities, then the pose moved with them over h.
/// Throws NumericalError naming the body when the state leaves the finite numbers at time t.
template <class B>
void moveWithVelocities(B& body, const VelocityBody& solved, double h, double t) {
  if (body.fixed)
    return;
  body.velocity = solved.velocity;
  body.omega = solved.omega;
  body.position += h * body.velocity;
  body.orientation = (quaternionExp(h * body.omega) * body.orientation).normalized();
  if (!body.position.allFinite() || !body.velocity.allFinite() || !body.omega.allFinite() ||
      !body.orientation.coeffs().allFinite()) {
    throw NumericalError("body '" + body.name + "' left the finite numbers at t = " + toText(t));
  }
}

/// The drift target of a contact at `point` between A and B (FrictionalContact::drift_velocity,
/// VolumeContact::drift_velocity), from their predicted velocities over a step h.
///
/// moveWithVelocities moves a body's centre by h v and turns it by exp(hω) about the centre, which
/// carries a material point at r from the centre by h (v + ω×r) + ½h² ω×(ω×r) + O(h³). A contact
/// solved at the velocity level zeroes only the first term at the point; the second, towards the
/// rotation axis, is left over on every step, and over a pivot it adds up: a cube pivoting onto
/// its face about its edge (μ = 1, 1 ms steps) slid that edge 2.9e-5 m, all of it this drift
/// (issue 26). Aiming for −½h (ω_A×(ω_A×r_A) − ω_B×(ω_B×r_B)) takes it back, to O(h³) per step
/// (the solved ω differs from the predicted one by O(h)).
///
/// The 6D contact aims for all of it: it exists only while V > 0, and without the normal part the
/// rigid 6D edge (α = 0) lifted out of its sliver on 5 of 118 steps. Point contacts aim for the
/// tangential part only (pointDriftVelocity): their normal rows close a gap or a depth on the
/// next step (−gap/h, Baumgarte), and aiming for the normal part too let the point-based salad
/// heap (VolumeContactWorld's point model) blow up to 360 m/s by 3 s.
inline Vec3 rotationDriftVelocity(const VelocityBody& a, const VelocityBody& b, const Vec3& point,
                                  double h) {
  const Vec3 r_a = point - a.com;
  const Vec3 r_b = point - b.com;
  return -0.5 * h * (a.omega.cross(a.omega.cross(r_a)) - b.omega.cross(b.omega.cross(r_b)));
}

/// rotationDriftVelocity's tangential part, for a point contact with unit `normal`.
inline Vec3 pointDriftVelocity(const VelocityBody& a, const VelocityBody& b, const Vec3& point,
                               const Vec3& normal, double h) {
  const Vec3 drift = rotationDriftVelocity(a, b, point, h);
  return drift - normal * normal.dot(drift);
}

/// The `name` of each element of a range of body descriptions.
template <class Range>
std::vector<std::string> namesOf(const Range& bodies) {
  std::vector<std::string> names;
  for (const auto& b : bodies)
    names.push_back(b.name);
  return names;
}

/// Rethrows `error` with the first body its message names by "'name'" prefixed as
/// "body i ('name'): ", as every other World error names bodies; unchanged if it names none.
[[noreturn]] inline void rethrowNamingBody(const InvalidInputError& error,
                                           const std::vector<std::string>& names) {
  const std::string message = error.what();
  std::size_t first = message.size(), index = 0;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::size_t at = message.find("'" + names[i] + "'");
    if (at < first) {
      first = at;
      index = i;
    }
  }
  if (first == message.size())
    throw error;
  throw InvalidInputError("body " + toText(index) + " ('" + names[index] + "'): " + message);
}

}  // namespace contactsim::world_detail
