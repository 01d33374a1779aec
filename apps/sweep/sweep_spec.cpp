#include "sweep/sweep_spec.hpp"

#include <algorithm>
#include <map>

#include "sweep/sweep_metrics.hpp"
#include "sweep/sweep_values.hpp"

namespace contactsim::sweep {
namespace {

using nlohmann::json;

[[noreturn]] void fail(const std::string& file, const std::string& path, const std::string& what) {
  throw SceneError(file, path, what);
}

std::string text(const json& object, const char* key, const std::string& file,
                 const std::string& path, bool required) {
  if (!object.contains(key)) {
    if (required) {
      fail(file, path, std::string("missing \"") + key + "\"");
    }
    return {};
  }
  const json& v = object.at(key);
  if (!v.is_string() || v.get<std::string>().empty()) {
    fail(file, path + "/" + key, "expected a non-empty string, got " + v.dump());
  }
  return v.get<std::string>();
}

void onlyKeys(const json& object, std::initializer_list<const char*> keys, const std::string& file,
              const std::string& path) {
  for (const auto& item : object.items()) {
    if (std::none_of(keys.begin(), keys.end(), [&](const char* k) { return item.key() == k; })) {
      fail(file, path + "/" + item.key(), "unknown key");
    }
  }
}

json::json_pointer pointerAt(const std::string& pointer, const std::string& file,
                             const std::string& path) {
  try {
    return json::json_pointer(pointer);
  } catch (const json::exception& e) {
    fail(file, path, "not a JSON pointer (RFC 6901): \"" + pointer + "\"");
  }
}

const char* kindOf(const json& v) {
  return v.is_number()    ? "a number"
         : v.is_string()  ? "a string"
         : v.is_boolean() ? "a boolean"
         : v.is_array()   ? "a list"
         : v.is_object()  ? "an object"
                          : "null";
}

// The value must be of the kind the scene has there (a number for a number, a list of as many
// entries for a list); a pointer to nothing must at least have an object above it, whose new key
// the scene loader then judges.
void checkPlace(const json& scene, const std::string& pointer, const json& value,
                const std::string& file, const std::string& pointer_path,
                const std::string& value_path) {
  const json::json_pointer p = pointerAt(pointer, file, pointer_path);
  if (p.empty()) {
    fail(file, pointer_path, "the pointer names the whole scene; name a value inside it");
  }
  if (!scene.contains(p)) {
    if (!scene.contains(p.parent_pointer()) || !scene.at(p.parent_pointer()).is_object()) {
      fail(file, pointer_path, "unknown pointer: the scene has nothing at " + pointer);
    }
    return;
  }
  const json& there = scene.at(p);
  const bool same = (there.is_number() && value.is_number()) ||
                    (there.is_string() && value.is_string()) ||
                    (there.is_boolean() && value.is_boolean()) ||
                    (there.is_array() && value.is_array() && there.size() == value.size()) ||
                    (there.is_object() && value.is_object());
  if (!same) {
    fail(file, value_path,
         std::string("wrong type: the scene has ") + kindOf(there) +
             (there.is_array() ? " of " + std::to_string(there.size()) : std::string()) + " at " +
             pointer + ", got " + value.dump());
  }
}

Parameter parseParameter(const json& entry, const json& scene, const std::string& file,
                         const std::string& path) {
  if (!entry.is_object()) {
    fail(file, path, "expected an object {name, pointer, values | range | random}");
  }
  onlyKeys(entry, {"name", "pointer", "group", "values", "range", "random"}, file, path);
  Parameter p;
  p.spec_path = path;
  // Without a pointer a parameter is a label: a column that names the variants of its group
  // (the impact angle in degrees from which the bar's pose was computed).
  p.pointer = text(entry, "pointer", file, path, false);
  p.name = text(entry, "name", file, path, p.pointer.empty());
  p.name = p.name.empty() ? p.pointer : p.name;
  p.group = text(entry, "group", file, path, false);
  p.values = parameterValues(entry, file, path);
  for (std::size_t k = 0; k < p.values.size() && !p.pointer.empty(); ++k) {
    const std::string value_path =
        entry.contains("values") ? path + "/values/" + std::to_string(k) : path;
    checkPlace(scene, p.pointer, p.values[k], file, path + "/pointer", value_path);
  }
  return p;
}

// The base scene: a path relative to the spec, or the document inline.
void readBaseScene(const json& doc, SweepSpec& spec) {
  if (!doc.contains("scene")) {
    fail(spec.file, "", "missing \"scene\" (a scene file or a scene object)");
  }
  const json& scene = doc.at("scene");
  if (scene.is_string()) {
    const std::filesystem::path path =
        std::filesystem::path(spec.file).parent_path() / scene.get<std::string>();
    spec.scene_origin = path.string();
    try {
      spec.scene = json::parse(readSceneFile(path, spec.limits.max_file_bytes));
    } catch (const json::exception& e) {
      fail(spec.file, "/scene", path.string() + " is not JSON: " + e.what());
    } catch (const SceneError& e) {
      fail(spec.file, "/scene", e.what());
    }
  } else if (scene.is_object()) {
    spec.scene = scene;
    spec.scene_origin = spec.file;
  } else {
    fail(spec.file, "/scene", "expected a scene file name or a scene object");
  }
}

// RFC 6901 §3: '~' as "~0" and '/' as "~1" inside one reference token.
std::string escapePointerToken(const std::string& key) {
  std::string out;
  for (const char c : key) {
    out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
  }
  return out;
}

// The spec's own `set`: fixed values put into the scene before the parameters.
void applySet(const json& doc, SweepSpec& spec) {
  if (!doc.contains("set")) {
    return;
  }
  const json& set = doc.at("set");
  if (!set.is_object()) {
    fail(spec.file, "/set", "expected an object of JSON pointers and values");
  }
  for (const auto& item : set.items()) {
    const std::string path = "/set/" + escapePointerToken(item.key());
    checkPlace(spec.scene, item.key(), item.value(), spec.file, path, path);
    spec.scene[json::json_pointer(item.key())] = item.value();
  }
}

std::string metricsText(const SweepSpec& spec) {
  json list = json::array();
  for (const MetricSpec& m : spec.metrics) {
    list.push_back({m.name, m.type, m.event, m.body, m.column});
  }
  return list.dump() + "\nkeep " + std::to_string(static_cast<int>(spec.keep));
}

// The parameter and value a scene error points at: the parameter whose pointer is a prefix of
// the error's JSON path (else the last parameter).
std::string faultPath(const SweepSpec& spec, const std::string& scene_path) {
  std::size_t best = spec.parameters.size() - 1;
  std::size_t longest = 0;
  for (std::size_t i = 0; i < spec.parameters.size(); ++i) {
    const std::string& p = spec.parameters[i].pointer;
    if (!p.empty() && scene_path.rfind(p, 0) == 0 && p.size() >= longest) {
      best = i;
      longest = p.size();
    }
  }
  return spec.parameters[best].spec_path;
}

}  // namespace

std::string valueText(const json& value) {
  if (value.is_number_integer()) {
    return value.dump();
  }
  if (value.is_number()) {
    return toText(value.get<double>());
  }
  return value.is_string() ? value.get<std::string>() : value.dump();
}

SweepSpec parseSweepSpec(std::string_view text_in, const std::string& file,
                         const SceneLimits& limits) {
  SweepSpec spec;
  spec.file = file;
  spec.limits = limits;
  json doc;
  try {
    doc = json::parse(text_in);
  } catch (const json::exception& e) {
    fail(file, "", std::string("not JSON: ") + e.what());
  }
  if (!doc.is_object()) {
    fail(file, "", "expected a sweep object");
  }
  onlyKeys(
      doc,
      {"format", "version", "name", "description", "scene", "set", "parameters", "metrics", "keep"},
      file, "");
  if (doc.value("format", std::string()) != "contactsim-sweep" ||
      doc.value("version", json(0)) != json(1)) {
    fail(file, doc.contains("format") ? "/version" : "",
         "expected \"format\": \"contactsim-sweep\", \"version\": 1");
  }
  spec.name = text(doc, "name", file, "", true);
  readBaseScene(doc, spec);
  applySet(doc, spec);
  // The base scene, with `set`, must load as it is.
  Scene base;
  try {
    base = parseScene(spec.scene.dump(), spec.scene_origin, spec.limits);
  } catch (const SceneError& e) {
    fail(file, doc.contains("set") ? "/set" : "/scene",
         std::string("the base scene does not load: ") + e.what());
  }
  if (!doc.contains("parameters") || !doc.at("parameters").is_array() ||
      doc.at("parameters").empty()) {
    fail(file, doc.contains("parameters") ? "/parameters" : "",
         "expected \"parameters\", a non-empty list");
  }
  std::map<std::string, std::size_t> names;
  for (std::size_t i = 0; i < doc.at("parameters").size(); ++i) {
    const std::string path = "/parameters/" + std::to_string(i);
    spec.parameters.push_back(parseParameter(doc.at("parameters")[i], spec.scene, file, path));
    if (!names.emplace(spec.parameters.back().name, i).second) {
      fail(file, path + "/name",
           "a second parameter named \"" + spec.parameters.back().name + "\"");
    }
  }
  if (!doc.contains("metrics") || !doc.at("metrics").is_array()) {
    fail(file, doc.contains("metrics") ? "/metrics" : "", "expected \"metrics\", a list");
  }
  for (std::size_t i = 0; i < doc.at("metrics").size(); ++i) {
    const std::string path = "/metrics/" + std::to_string(i);
    spec.metrics.push_back(parseMetric(doc.at("metrics")[i], base, file, path));
    if (!names.emplace(spec.metrics.back().name, i).second) {
      fail(file, path + "/name", "a second column named \"" + spec.metrics.back().name + "\"");
    }
  }
  const std::string keep = doc.value("keep", std::string("none"));
  if (keep != "none" && keep != "summary" && keep != "all") {
    fail(file, "/keep", "expected \"none\", \"summary\" or \"all\", got " + doc.at("keep").dump());
  }
  spec.keep = keep == "all" ? Keep::kAll : keep == "summary" ? Keep::kSummary : Keep::kNone;
  return spec;
}

SweepSpec loadSweepSpec(const std::filesystem::path& file, const SceneLimits& limits) {
  return parseSweepSpec(readSceneFile(file, limits.max_file_bytes), file.string(), limits);
}

std::vector<Variant> expandVariants(const SweepSpec& spec) {
  // Groups in order of first appearance; all members of one group have as many values.
  std::vector<std::vector<std::size_t>> groups;
  std::map<std::string, std::size_t> group_of;
  for (std::size_t i = 0; i < spec.parameters.size(); ++i) {
    const Parameter& p = spec.parameters[i];
    std::string g = p.group;
    if (g.empty()) {  // a group of its own, named so that no spec can name it
      g = std::to_string(i);
      g.insert(g.begin(), '\x01');
    }
    const auto [it, fresh] = group_of.emplace(g, groups.size());
    if (fresh) {
      groups.emplace_back();
    } else if (spec.parameters[groups[it->second].front()].values.size() != p.values.size()) {
      fail(spec.file, p.spec_path + "/group",
           "group \"" + p.group + "\" varies together: its parameters need as many values");
    }
    groups[it->second].push_back(i);
  }
  std::size_t total = 1;
  for (const auto& g : groups) {
    total *= spec.parameters[g.front()].values.size();
    if (total > 1'000'000) {
      fail(spec.file, "/parameters", "more than 1000000 variants");
    }
  }
  const std::string metrics = metricsText(spec);
  std::vector<Variant> variants(total);
  for (std::size_t index = 0; index < total; ++index) {
    Variant& v = variants[index];
    v.index = index;
    v.values.resize(spec.parameters.size());
    std::size_t rest = index;
    for (std::size_t gi = groups.size(); gi-- > 0;) {
      const std::size_t n = spec.parameters[groups[gi].front()].values.size();
      const std::size_t k = rest % n;
      rest /= n;
      for (const std::size_t i : groups[gi]) {
        v.values[i] = spec.parameters[i].values[k];
      }
    }
    // The scene text is made again for the run (variantSceneText): a sweep of many variants
    // holds their values, not their scenes.
    const std::string scene = variantSceneText(spec, v);
    v.key = fnv1aHex(scene + "\n" + metrics + "\n" + json(v.values).dump());
    try {
      (void)parseScene(scene, spec.scene_origin, spec.limits);
    } catch (const SceneError& e) {
      fail(spec.file, faultPath(spec, e.jsonPath()),
           "variant " + std::to_string(index) + " makes a scene the loader rejects: " + e.what());
    }
  }
  return variants;
}

std::string variantSceneText(const SweepSpec& spec, const Variant& variant) {
  json scene = spec.scene;
  for (std::size_t i = 0; i < spec.parameters.size(); ++i) {
    if (!spec.parameters[i].pointer.empty()) {
      scene[json::json_pointer(spec.parameters[i].pointer)] = variant.values[i];
    }
  }
  return scene.dump(2);
}

Scene variantScene(const SweepSpec& spec, const Variant& variant) {
  return parseScene(variantSceneText(spec, variant), spec.scene_origin, spec.limits);
}

}  // namespace contactsim::sweep
