#include "json_document.hpp"

#include <set>
#include <vector>

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
    path += "/" + (open[i].array ? std::to_string(open[i].index) : escapePointer(open[i].key));
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

nlohmann::json parseJsonDocument(std::string_view text) {
  using Event = nlohmann::json::parse_event_t;
  std::vector<OpenContainer> open;
  // Phase 1: the callback tracks the open containers, their depth and their keys.
  const nlohmann::json::parser_callback_t watch = [&open](int, Event event,
                                                          nlohmann::json& parsed) {
    switch (event) {
      case Event::object_start:
      case Event::array_start:
        if (static_cast<int>(open.size()) >= kMaxJsonDepth) {
          throw JsonDocumentError(
              pointerOf(open) + "/" +
                  (open.back().array ? std::to_string(open.back().index)
                                     : escapePointer(open.back().key)),
              "objects and arrays nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
        }
        open.push_back(OpenContainer{event == Event::array_start, 0, {}, {}});
        break;
      case Event::key: {
        OpenContainer& object = open.back();
        object.key = parsed.get<std::string>();
        if (!object.keys.insert(object.key).second) {
          throw JsonDocumentError(pointerOf(open) + "/" + escapePointer(object.key),
                                  "duplicate key \"" + object.key + "\" in one object");
        }
        break;
      }
      case Event::object_end:
      case Event::array_end:
        open.pop_back();
        childDone(open);
        break;
      case Event::value:
        childDone(open);
        break;
    }
    return true;
  };
  // Phase 2: parse, turning nlohmann's syntax errors into ours with its position.
  try {
    return nlohmann::json::parse(text, watch);
  } catch (const nlohmann::json::exception& e) {
    // nlohmann's messages read "[json.exception.parse_error.101] parse error at line L, column C:
    // ..." or "[json.exception.out_of_range.406] number overflow parsing '1e999'".
    std::string message = e.what();
    if (const auto pos = message.find("] "); pos != std::string::npos) {
      message = message.substr(pos + 2);
    }
    throw JsonDocumentError("", "invalid JSON: " + message);
  }
}

}  // namespace contactsim
