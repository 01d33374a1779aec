// The net contact force on a body from World::contacts, for the statics and Newton checks of
// the world tests.
#pragma once

#include <vector>

#include "contactsim/world/world.hpp"

namespace contactsim::test {

/// The contacts that touch body i.
inline std::vector<ContactInfo> contactsOn(const std::vector<ContactInfo>& contacts,
                                           std::size_t i) {
  std::vector<ContactInfo> on;
  for (const ContactInfo& c : contacts) {
    if (c.body_a == i || c.body_b == i)
      on.push_back(c);
  }
  return on;
}

/// The sum of the contact forces on body i (as body_a, or the opposite as body_b).
inline Vec3 forceOn(const std::vector<ContactInfo>& contacts, std::size_t i) {
  Vec3 f = Vec3::Zero();
  for (const ContactInfo& c : contacts) {
    if (c.body_a == i)
      f += c.force;
    if (c.body_b == i)
      f -= c.force;
  }
  return f;
}

}  // namespace contactsim::test
