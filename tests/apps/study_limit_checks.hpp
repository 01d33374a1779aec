// A check the figure studies share: a study's own duration is held to the scene limits (issue
// 27) — the run is refused before it starts, at /integrator/max_step, naming --no-limits.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "contactsim/error.hpp"

namespace contactsim::test {

/// Runs `study` and expects it refused by the scene limits at /integrator/max_step.
template <class Study>
void expectHeldToTheSceneLimits(Study&& study) {
  try {
    (void)study();
    ADD_FAILURE() << "no error";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.jsonPath(), "/integrator/max_step");
    EXPECT_NE(std::string(e.what()).find("--no-limits lifts it"), std::string::npos) << e.what();
  }
}

}  // namespace contactsim::test
