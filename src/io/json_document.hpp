// Reading JSON documents defensively (scene files, response-map files): the nesting depth is
// bounded, so that a hostile file cannot exhaust the stack of whatever walks the tree later, and a
// key repeated within one object is refused (nlohmann would keep the last silently). Errors carry
// the JSON pointer of the offending place; nlohmann's own syntax errors keep its line and column.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

namespace contactsim {

/// Objects and arrays may nest this deep, the document itself being depth 1.
inline constexpr int kMaxJsonDepth = 64;

class JsonDocumentError : public std::runtime_error {
 public:
  JsonDocumentError(std::string json_path, const std::string& message)
      : std::runtime_error(message), json_path_(std::move(json_path)) {}
  /// The JSON pointer of the offending place ("" for the document: syntax errors).
  [[nodiscard]] const std::string& jsonPath() const { return json_path_; }

 private:
  std::string json_path_;
};

/// Escapes a key for a JSON pointer (RFC 6901: ~ → ~0, / → ~1).
std::string escapePointer(const std::string& key);

/// Parses `text`; throws JsonDocumentError for invalid JSON ("invalid JSON: ..."), nesting beyond
/// kMaxJsonDepth or a duplicate key.
nlohmann::json parseJsonDocument(std::string_view text);

}  // namespace contactsim
