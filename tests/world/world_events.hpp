// The world's events of one type, and worlds that cannot be built, for the world tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "contactsim/error.hpp"
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

/// Building the world `d` describes fails with an InvalidInputError whose message has `words`.
inline void expectInvalidWorld(WorldDescription d, const std::string& words) {
  try {
    World world(std::move(d));
    ADD_FAILURE() << "no error";
  } catch (const InvalidInputError& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

}  // namespace contactsim::testing_support
