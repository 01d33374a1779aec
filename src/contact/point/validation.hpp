// Input checks shared by the two point-contact problems (contact_matrix.cpp: resting contacts,
// frictional_contact.cpp: velocity-level impulses): the bodies' common fields and each contact's
// pair, point and normal. Messages name the body or contact by index.
#pragma once

#include <cmath>
#include <span>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim::point_detail {

inline constexpr double kUnitTolerance = 1e-9;

/// Body has inverse_mass, inverse_inertia, com, velocity, omega; `kind` names it ("contact body").
template <class Body>
void validateBodies(std::span<const Body> bodies, const std::string& kind) {
  for (std::size_t k = 0; k < bodies.size(); ++k) {
    const Body& b = bodies[k];
    const std::string what = kind + " " + std::to_string(k);
    if (!(b.inverse_mass >= 0.0) || !std::isfinite(b.inverse_mass)) {
      throw InvalidInputError(what + ": inverse mass must be finite and ≥ 0");
    }
    requireFinite(b.inverse_inertia, what + " inverse inertia");
    requireFinite(b.com, what + " centre of mass");
    requireFinite(b.velocity, what + " velocity");
    requireFinite(b.omega, what + " angular velocity");
  }
}

/// Two distinct bodies in range, not both fixed (contacts here, 6D patches and joints in
/// contact/volume).
template <class Body>
void validatePair(std::span<const Body> bodies, std::size_t body_a, std::size_t body_b,
                  const std::string& what) {
  if (body_a >= bodies.size() || body_b >= bodies.size() || body_a == body_b) {
    throw InvalidInputError(what + ": bodies (" + std::to_string(body_a) + ", " +
                            std::to_string(body_b) + ") must be two distinct bodies of " +
                            std::to_string(bodies.size()));
  }
  if (bodies[body_a].isFixed() && bodies[body_b].isFixed()) {
    throw InvalidInputError(what + ": both bodies are fixed");
  }
}

/// Contact has body_a, body_b, point, normal: two distinct bodies in range, not both fixed, a
/// finite point and a unit normal.
template <class Body, class Contact>
void validateContact(std::span<const Body> bodies, const Contact& c, const std::string& what) {
  validatePair(bodies, c.body_a, c.body_b, what);
  requireFinite(c.point, what + " point");
  requireFinite(c.normal, what + " normal");
  if (std::abs(c.normal.norm() - 1.0) > kUnitTolerance) {
    throw InvalidInputError(what + ": normal must be a unit vector (norm " +
                            std::to_string(c.normal.norm()) + ")");
  }
}

}  // namespace contactsim::point_detail
