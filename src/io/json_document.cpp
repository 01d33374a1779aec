#include "json_document.hpp"

#include <set>
#include <vector>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

// One open object or array while parsing: where the next child goes.
struct OpenContainer {
  bool array = false;
  std::size_t index = 0;  // arrays: the index of the next element
  std::string key;        // objects: the key of the next member
  std::set<std::string> keys;
};

// The JSON pointer of the container on top of `open`.
std::string pointerOf(const std::vector<OpenContainer>& open) {
  std::string path;
  for (std::size_t i = 0; i + 1 < open.size(); ++i) {
    path += "/" + (open[i].array ? toText(open[i].index) : escapePointer(open[i].key));
  }
  return path;
}

// A child of the top container is complete: an array moves on to its next index.
void childDone(std::vector<OpenContainer>& open) {
  if (!open.empty() && open.back().array) {
    ++open.back().index;
  }
}

}  // namespace

std::string escapePointer(const std::string& key) {
  std::string out;
  for (const char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

// Phase 1's reader: nlohmann's SAX events, tracking the open containers, their depth and their
// keys without building anything (nlohmann's parser callback would do the same, but its DOM
// builder rescans a container's members at the end of each child object: quadratic in long
// arrays of objects, 228 s for 300 000 bodies).
namespace {

class DocumentChecker final : public nlohmann::json_sax<nlohmann::json> {
 public:
  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return open(false); }
  bool start_array(std::size_t) override { return open(true); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool key(string_t& key) override {
    OpenContainer& object = open_.back();
    object.key = key;
    if (!object.keys.insert(object.key).second) {
      throw JsonDocumentError(pointerOf(open_) + "/" + escapePointer(object.key),
                              "duplicate key \"" + object.key + "\" in one object");
    }
    return true;
  }
  // nlohmann's messages read "[json.exception.parse_error.101] parse error at line L, column C:
  // ..." or "[json.exception.out_of_range.406] number overflow parsing '1e999'".
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
    std::string message = e.what();
    if (const auto pos = message.find("] "); pos != std::string::npos)
      message = message.substr(pos + 2);
    throw JsonDocumentError("", "invalid JSON: " + message);
  }

 private:
  bool value() {
    childDone(open_);
    return true;
  }
  bool open(bool array) {
    if (static_cast<int>(open_.size()) >= kMaxJsonDepth) {
      throw JsonDocumentError(
          pointerOf(open_) + "/" +
              (open_.back().array ? toText(open_.back().index) : escapePointer(open_.back().key)),
          "objects and arrays nested deeper than " + toText(kMaxJsonDepth) + " levels");
    }
    open_.push_back(OpenContainer{array, 0, {}, {}});
    return true;
  }
  bool close() {
    open_.pop_back();
    childDone(open_);
    return true;
  }

  std::vector<OpenContainer> open_;
};

}  // namespace

// Phase 1 checks the document (syntax, depth, keys) with the SAX reader; phase 2 builds it.
nlohmann::json parseJsonDocument(std::string_view text) {
  DocumentChecker checker;
  nlohmann::json::sax_parse(text, &checker);
  return nlohmann::json::parse(text);
}

}  // namespace contactsim
