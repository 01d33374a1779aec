// Strict reading of one JSON object of a scene file: typed getters that throw SceneError with the
// JSON pointer of the offending value, and a final check that rejects unknown keys.
#pragma once

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "contactsim/error.hpp"
#include "contactsim/math/types.hpp"
#include "io/json_document.hpp"

namespace contactsim::scene_detail {

class JsonObject {
 public:
  /// Throws SceneError unless `value` is an object.
  JsonObject(const nlohmann::json& value, std::string path, const std::string& file);

  [[nodiscard]] bool has(const std::string& key) const { return value_.contains(key); }
  /// The value at key, marked as read; throws when missing.
  [[nodiscard]] const nlohmann::json& required(const std::string& key);

  [[nodiscard]] double number(const std::string& key);
  [[nodiscard]] double number(const std::string& key, double fallback);
  [[nodiscard]] double positiveNumber(const std::string& key);
  [[nodiscard]] double positiveNumber(const std::string& key, double fallback);
  [[nodiscard]] int integer(const std::string& key);
  [[nodiscard]] std::string string(const std::string& key);
  [[nodiscard]] std::string string(const std::string& key, const std::string& fallback);
  [[nodiscard]] Vec3 vec3(const std::string& key, const Vec3& fallback);
  /// A JSON value (at `path`) that must be an array of 3 finite numbers.
  [[nodiscard]] Vec3 toVec3(const nlohmann::json& value, const std::string& path) const;
  /// An array of exactly `size` finite numbers.
  [[nodiscard]] std::vector<double> numbers(const std::string& key, std::size_t size);
  /// An array of exactly `size` whole numbers that fit an int (5 and 5.0 alike); otherwise fails
  /// at key with "expected <what>" — never a cast of a number out of int's range.
  [[nodiscard]] std::vector<int> wholeNumbers(const std::string& key, std::size_t size,
                                              const std::string& what);
  [[nodiscard]] bool boolean(const std::string& key, bool fallback);
  [[nodiscard]] Vec3 vec3(const std::string& key);
  /// A 3×3 matrix as three rows of three numbers.
  [[nodiscard]] Mat3 mat3(const nlohmann::json& value, const std::string& path) const;
  /// Unit quaternion [w, x, y, z]; the norm must be 1 to within 1e-6.
  [[nodiscard]] Quat quaternion(const std::string& key, const Quat& fallback);
  [[nodiscard]] JsonObject object(const std::string& key);

  /// Throws SceneError naming the first key that no getter asked for, and the allowed keys.
  void rejectUnknownKeys(const std::set<std::string>& allowed) const;

  [[noreturn]] void fail(const std::string& key, const std::string& message) const;
  /// Fails at the key of this object that `message` names first (a settings check's message,
  /// "tessellation must lie in 1..64"), or at the object when it names none.
  [[noreturn]] void failNamingKey(const std::string& message) const;
  [[nodiscard]] std::string pathOf(const std::string& key) const;
  [[nodiscard]] const std::string& path() const noexcept { return path_; }
  [[nodiscard]] const std::string& file() const noexcept { return file_; }

 private:
  [[nodiscard]] double toNumber(const nlohmann::json& value, const std::string& path) const;

  const nlohmann::json& value_;
  std::string path_;
  std::string file_;
};

}  // namespace contactsim::scene_detail
