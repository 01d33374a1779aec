// Test helpers for error messages: what an InvalidInputError says, and whether a text names a part.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "contactsim/error.hpp"

namespace contactsim::test_support {

/// The message of the InvalidInputError that `make` throws ("" and a test failure if none).
inline std::string errorOf(const std::function<void()>& make) {
  try {
    make();
  } catch (const InvalidInputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no InvalidInputError";
  return "";
}

inline ::testing::AssertionResult contains(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << "\"" << text << "\" lacks \"" << part << "\"";
}

}  // namespace contactsim::test_support
