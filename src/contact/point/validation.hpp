// Input checks shared by the two point-contact problems (contact_matrix.cpp: resting contacts,
// frictional_contact.cpp: velocity-level impulses): each contact's pair, point and normal; the
// bodies' checks are those of contact/velocity. Messages name the contact by index.
#pragma once

#include <cmath>
#include <span>
#include <string>
#include <type_traits>

#include "contact/velocity/validation.hpp"
#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim::point_detail {

inline constexpr double kUnitTolerance = 1e-9;

/// Contact has body_a, body_b, point, normal: two distinct bodies in range, not both fixed, a
/// finite point and a unit normal. `name` is the contact's name in messages, or a callable that
/// makes it (made only when a check fails: the solvers validate every contact of every call).
template <class Body, class Contact, class Name>
void validateContact(std::span<const Body> bodies, const Contact& c, const Name& name) {
  if (c.body_a < bodies.size() && c.body_b < bodies.size() && c.body_a != c.body_b &&
      !(bodies[c.body_a].isFixed() && bodies[c.body_b].isFixed()) && c.point.allFinite() &&
      c.normal.allFinite() && std::abs(c.normal.norm() - 1.0) <= kUnitTolerance)
    return;
  std::string what;
  if constexpr (std::is_invocable_v<const Name&>) {
    what = name();
  } else {
    what = name;
  }
  velocity_detail::validatePair(bodies, c.body_a, c.body_b, what);
  requireFinite(c.point, what + " point");
  requireFinite(c.normal, what + " normal");
  if (std::abs(c.normal.norm() - 1.0) > kUnitTolerance) {
    throw InvalidInputError(what + ": normal must be a unit vector (norm " +
                            toText(c.normal.norm()) + ")");
  }
}

}  // namespace contactsim::point_detail
