#include "json_reader.hpp"

#include <cctype>
#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>

namespace contactsim::scene_detail {

namespace {

std::string typeName(const nlohmann::json& v) {
  return v.type_name();
}

}  // namespace

JsonObject::JsonObject(const nlohmann::json& value, std::string path, const std::string& file)
    : value_(value), path_(std::move(path)), file_(file) {
  if (!value_.is_object()) {
    throw SceneError(file_, path_, "expected an object, got " + typeName(value_));
  }
}

std::string JsonObject::pathOf(const std::string& key) const {
  return path_ + "/" + escapePointer(key);
}

void JsonObject::fail(const std::string& key, const std::string& message) const {
  throw SceneError(file_, key.empty() ? path_ : pathOf(key), message);
}

// A key is named where it stands as a whole word (not inside "max_step" for "step").
void JsonObject::failNamingKey(const std::string& message) const {
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::size_t best = std::string::npos;
  std::string key;
  for (const auto& item : value_.items()) {
    for (std::size_t at = message.find(item.key()); at != std::string::npos;
         at = message.find(item.key(), at + 1)) {
      const std::size_t end = at + item.key().size();
      if ((at > 0 && word(message[at - 1])) || (end < message.size() && word(message[end])))
        continue;
      if (at < best) {
        best = at;
        key = item.key();
      }
      break;
    }
  }
  fail(key, message);
}

const nlohmann::json& JsonObject::required(const std::string& key) {
  const auto it = value_.find(key);
  if (it == value_.end()) {
    throw SceneError(file_, path_, "missing required key \"" + key + "\"");
  }
  return *it;
}

double JsonObject::toNumber(const nlohmann::json& value, const std::string& path) const {
  if (!value.is_number()) {
    throw SceneError(file_, path, "expected a number, got " + typeName(value));
  }
  const double x = value.get<double>();
  if (!std::isfinite(x)) {
    throw SceneError(file_, path, "expected a finite number");
  }
  return x;
}

double JsonObject::number(const std::string& key) {
  return toNumber(required(key), pathOf(key));
}

double JsonObject::number(const std::string& key, double fallback) {
  return has(key) ? number(key) : fallback;
}

double JsonObject::positiveNumber(const std::string& key) {
  const double x = number(key);
  if (!(x > 0.0)) {
    std::ostringstream s;
    s << "expected a positive number, got " << x;
    fail(key, s.str());
  }
  return x;
}

double JsonObject::positiveNumber(const std::string& key, double fallback) {
  return has(key) ? positiveNumber(key) : fallback;
}

int JsonObject::integer(const std::string& key) {
  const nlohmann::json& v = required(key);
  if (!v.is_number_integer()) {
    fail(key, "expected an integer, got " + typeName(v));
  }
  // Refused, not wrapped: 4294967297 must not read as 1.
  const bool fits = v.is_number_unsigned()
                        ? v.get<std::uint64_t>() <= std::numeric_limits<int>::max()
                        : v.get<std::int64_t>() >= std::numeric_limits<int>::min() &&
                              v.get<std::int64_t>() <= std::numeric_limits<int>::max();
  if (!fits) {
    fail(key, "integer " + v.dump() + " out of range (at most " +
                  toText(std::numeric_limits<int>::max()) + " in magnitude)");
  }
  return v.get<int>();
}

std::vector<int> JsonObject::wholeNumbers(const std::string& key, std::size_t size,
                                          const std::string& what) {
  std::vector<int> out;
  for (const double v : numbers(key, size)) {
    if (!(std::trunc(v) == v && v >= std::numeric_limits<int>::min() &&
          v <= std::numeric_limits<int>::max()))
      fail(key, "expected " + what + ", got " + toText(v));
    out.push_back(static_cast<int>(v));
  }
  return out;
}

std::string JsonObject::string(const std::string& key) {
  const nlohmann::json& v = required(key);
  if (!v.is_string()) {
    fail(key, "expected a string, got " + typeName(v));
  }
  return v.get<std::string>();
}

std::string JsonObject::string(const std::string& key, const std::string& fallback) {
  return has(key) ? string(key) : fallback;
}

Vec3 JsonObject::vec3(const std::string& key) {
  return toVec3(required(key), pathOf(key));
}

Vec3 JsonObject::toVec3(const nlohmann::json& v, const std::string& path) const {
  if (!v.is_array() || v.size() != 3) {
    throw SceneError(file_, path,
                     "expected an array of 3 numbers, got " +
                         (v.is_array() ? "an array of " + toText(v.size()) : typeName(v)));
  }
  Vec3 x;
  for (int i = 0; i < 3; ++i) {
    x(i) = toNumber(v[static_cast<std::size_t>(i)], path + "/" + toText(i));
  }
  return x;
}

Vec3 JsonObject::vec3(const std::string& key, const Vec3& fallback) {
  return has(key) ? vec3(key) : fallback;
}

std::vector<double> JsonObject::numbers(const std::string& key, std::size_t size) {
  const nlohmann::json& v = required(key);
  if (!v.is_array() || v.size() != size) {
    fail(key, "expected an array of " + toText(size) + " numbers");
  }
  std::vector<double> out;
  for (std::size_t i = 0; i < size; ++i)
    out.push_back(toNumber(v[i], pathOf(key) + "/" + toText(i)));
  return out;
}

bool JsonObject::boolean(const std::string& key, bool fallback) {
  if (!has(key))
    return fallback;
  const nlohmann::json& v = required(key);
  if (!v.is_boolean())
    fail(key, "expected true or false, got " + typeName(v));
  return v.get<bool>();
}

Mat3 JsonObject::mat3(const nlohmann::json& value, const std::string& path) const {
  if (!value.is_array() || value.size() != 3) {
    throw SceneError(file_, path, "expected 3 rows of 3 numbers");
  }
  Mat3 A;
  for (std::size_t r = 0; r < 3; ++r) {
    const nlohmann::json& row = value[r];
    const std::string row_path = path + "/" + toText(r);
    if (!row.is_array() || row.size() != 3) {
      throw SceneError(file_, row_path, "expected a row of 3 numbers");
    }
    for (std::size_t c = 0; c < 3; ++c) {
      A(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) =
          toNumber(row[c], row_path + "/" + toText(c));
    }
  }
  return A;
}

Quat JsonObject::quaternion(const std::string& key, const Quat& fallback) {
  if (!has(key)) {
    return fallback;
  }
  const nlohmann::json& v = required(key);
  if (!v.is_array() || v.size() != 4) {
    fail(key, "expected a unit quaternion [w, x, y, z]");
  }
  double c[4];
  for (std::size_t i = 0; i < 4; ++i) {
    c[i] = toNumber(v[i], pathOf(key) + "/" + toText(i));
  }
  const Quat q(c[0], c[1], c[2], c[3]);
  if (std::abs(q.norm() - 1.0) > 1e-6) {
    std::ostringstream s;
    s << "expected a unit quaternion [w, x, y, z] (norm 1 within 1e-6), got norm " << q.norm();
    fail(key, s.str());
  }
  return q.normalized();
}

JsonObject JsonObject::object(const std::string& key) {
  return JsonObject(required(key), pathOf(key), file_);
}

void JsonObject::rejectUnknownKeys(const std::set<std::string>& allowed) const {
  for (const auto& item : value_.items()) {
    if (allowed.count(item.key()) == 0) {
      std::string list;
      for (const std::string& k : allowed) {
        list += (list.empty() ? "" : ", ") + k;
      }
      fail(item.key(), "unknown key \"" + item.key() + "\" (allowed here: " + list + ")");
    }
  }
}

}  // namespace contactsim::scene_detail
