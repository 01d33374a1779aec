// The world's events of one type, for the world tests.
#pragma once

#include <string>
#include <vector>

#include "contactsim/world/world.hpp"

namespace contactsim::testing_support {

inline std::vector<WorldEvent> eventsOfType(const World& world, const std::string& type) {
  std::vector<WorldEvent> out;
  for (const auto& e : world.events()) {
    if (e.type == type) {
      out.push_back(e);
    }
  }
  return out;
}

}  // namespace contactsim::testing_support
