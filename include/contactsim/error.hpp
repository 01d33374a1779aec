// Errors that contactsim reports to its users.
//
// Three tiers, after Drake's drake_assert.h: debug-only asserts for internal invariants,
// always-on checks for states that must never occur, and the exceptions below for anything a
// user can get wrong (scene files, parameters, states). The library never aborts on user input.
#pragma once

#include <charconv>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace contactsim {

/// Base of every exception contactsim throws.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A parameter or state given to the library is invalid (non-positive mass, non-SPD inertia,
/// non-unit quaternion, NaN/Inf, ...). The message names the offending quantity.
class InvalidInputError : public Error {
 public:
  using Error::Error;
};

/// A numerical failure during a computation that started from valid input (a singular system, a
/// state that became NaN). Thrown instead of letting NaN propagate.
class NumericalError : public Error {
 public:
  using Error::Error;
};

/// A scene file is malformed. Carries the file and the JSON pointer (RFC 6901) of the offending
/// value so that tools can point at it; what() reads "FILE: at /json/path: message".
class SceneError : public Error {
 public:
  SceneError(std::string file, std::string json_path, const std::string& message)
      : Error(file + ": at " + (json_path.empty() ? std::string("/") : json_path) + ": " + message),
        file_(std::move(file)),
        json_path_(std::move(json_path)) {}

  [[nodiscard]] const std::string& file() const noexcept { return file_; }
  [[nodiscard]] const std::string& jsonPath() const noexcept { return json_path_; }

 private:
  std::string file_;
  std::string json_path_;
};

/// A number as messages write it: integers exactly, floating point as the shortest text that
/// reads back as the same value (1e-09 and 0.30000000000000004, never 0.000000).
template <class T>
[[nodiscard]] std::string toText(T value) {
  if constexpr (std::is_floating_point_v<T>) {
    char buffer[64];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    return std::string(buffer, end);
  } else {
    return std::to_string(value);
  }
}

}  // namespace contactsim
