// Input checks shared by the velocity-level problems of contact/point (resting contacts and
// frictional impulses) and contact/volume (6D patches and joints): the bodies' common fields and
// each constraint's pair of bodies. Messages name the body or constraint by index.
#pragma once

#include <cmath>
#include <span>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim::velocity_detail {

/// Body has inverse_mass, inverse_inertia, com, velocity, omega; `kind` names it ("contact body").
template <class Body>
void validateBodies(std::span<const Body> bodies, const std::string& kind) {
  for (std::size_t k = 0; k < bodies.size(); ++k) {
    const Body& b = bodies[k];
    // The common case first, without building the message.
    if (b.inverse_mass >= 0.0 && std::isfinite(b.inverse_mass) && b.inverse_inertia.allFinite() &&
        b.com.allFinite() && b.velocity.allFinite() && b.omega.allFinite())
      continue;
    const std::string what = kind + " " + toText(k);
    if (!(b.inverse_mass >= 0.0) || !std::isfinite(b.inverse_mass)) {
      throw InvalidInputError(what + ": inverse mass must be finite and ≥ 0");
    }
    requireFinite(b.inverse_inertia, what + " inverse inertia");
    requireFinite(b.com, what + " centre of mass");
    requireFinite(b.velocity, what + " velocity");
    requireFinite(b.omega, what + " angular velocity");
  }
}

/// Two distinct bodies in range, not both fixed (point contacts, 6D patches and joints).
template <class Body>
void validatePair(std::span<const Body> bodies, std::size_t body_a, std::size_t body_b,
                  const std::string& what) {
  if (body_a >= bodies.size() || body_b >= bodies.size() || body_a == body_b) {
    throw InvalidInputError(what + ": bodies (" + toText(body_a) + ", " + toText(body_b) +
                            ") must be two distinct bodies of " + toText(bodies.size()));
  }
  if (bodies[body_a].isFixed() && bodies[body_b].isFixed()) {
    throw InvalidInputError(what + ": both bodies are fixed");
  }
}

}  // namespace contactsim::velocity_detail
