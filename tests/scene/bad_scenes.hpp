// The bad scene files of the bad-input catalogue (tests/data/bad_inputs/catalogue.json): each
// with the JSON path and the words its error message must contain. Shared by the loader test and
// the CLI test; python/tests/test_bad_inputs.py runs the whole catalogue against the CLI.
#pragma once

#include <nlohmann/json.hpp>

#include <fstream>
#include <string>
#include <vector>

namespace contactsim::testing {

struct BadScene {
  std::string file;       ///< name in tests/data/bad_scenes, without ".json"
  std::string json_path;  ///< JSON pointer the error must name
  std::string words;      ///< words the message must contain
};

/// The catalogue's cases that name a file of tests/data/bad_scenes.
inline const std::vector<BadScene>& badScenes() {
  static const std::vector<BadScene> k = [] {
    std::ifstream in(std::string(CONTACTSIM_TEST_DATA_DIR) + "/bad_inputs/catalogue.json");
    const nlohmann::json catalogue = nlohmann::json::parse(in);
    std::vector<BadScene> scenes;
    const std::string prefix = "bad_scenes/";
    for (const nlohmann::json& c : catalogue.at("cases")) {
      if (!c.contains("scene_file"))
        continue;
      const std::string file = c.at("scene_file").get<std::string>();
      scenes.push_back({file.substr(prefix.size(), file.size() - prefix.size() - 5),
                        c.at("json_path").get<std::string>(), c.at("message").get<std::string>()});
    }
    return scenes;
  }();
  return k;
}

inline std::string badScenePath(const BadScene& s) {
  return std::string(CONTACTSIM_TEST_DATA_DIR) + "/bad_scenes/" + s.file + ".json";
}

}  // namespace contactsim::testing
