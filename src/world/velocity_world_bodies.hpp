// What the velocity-level worlds (PointContactWorld, VolumeContactWorld) share about their bodies:
// the sampled state and energy of a body kept as world position, orientation and velocities, and
// the naming of a body by its index in errors that World passes on.
#pragma once

#include <string>
#include <vector>

#include "contactsim/dynamics/rigid_body_state.hpp"
#include "contactsim/error.hpp"

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
