// Scene format 1 → 2 (`contactsim migrate`, docs/scene-format.md): the integrator keeps only the
// time integration, the contact model's options move under "models", a body's friction into its
// material, mesh bodies' box/prism/frustum shapes say "representation": "mesh", the point baseline
// on meshes becomes a pair override of every pair, Loop shapes say "extraordinary": "separate".
#include <algorithm>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "contactsim/error.hpp"
#include "contactsim/scene/scene.hpp"

namespace contactsim {
namespace {

using Json = nlohmann::ordered_json;

// `object` without `keys` (an empty object when nothing is left).
Json without(const Json& object, std::initializer_list<const char*> keys) {
  Json rest = object;
  for (const char* key : keys)
    rest.erase(key);
  return rest;
}

// A relative OBJ path, read from `from`, as seen from `to`.
void rebase(Json& shape, const std::filesystem::path& from, const std::filesystem::path& to) {
  if (!shape.is_object() || !shape.contains("obj") || !shape["obj"].is_string())
    return;
  const std::filesystem::path file = shape["obj"].get<std::string>();
  if (file.is_absolute() ||
      std::filesystem::weakly_canonical(from) == std::filesystem::weakly_canonical(to))
    return;
  const std::filesystem::path absolute = std::filesystem::absolute(from / file);
  shape["obj"] =
      std::filesystem::relative(absolute, std::filesystem::absolute(to)).generic_string();
}

// JSON with two-space indentation and arrays of plain values (vectors, quaternions) on one line.
void write(const Json& value, int indent, std::string& out) {
  const auto scalar = [](const Json& v) { return !v.is_object() && !v.is_array(); };
  const std::string pad(static_cast<std::size_t>(indent + 2), ' ');
  if (value.is_array() && std::all_of(value.begin(), value.end(), scalar)) {
    out += "[";
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (i > 0)
        out += ", ";
      out += value[i].dump();
    }
    out += "]";
  } else if (value.is_array() || value.is_object()) {
    const bool object = value.is_object();
    if (value.empty()) {
      out += object ? "{}" : "[]";
      return;
    }
    out += object ? "{\n" : "[\n";
    bool first = true;
    for (auto it = value.begin(); it != value.end(); ++it) {
      if (!first)
        out += ",\n";
      out += pad;
      first = false;
      if (object) {
        out += Json(it.key()).dump();
        out += ": ";
      }
      write(*it, indent + 2, out);
    }
    out += "\n";
    out.append(static_cast<std::size_t>(indent), ' ');
    out += object ? "}" : "]";
  } else {
    out += value.dump();
  }
}

}  // namespace

std::string migrateScene(std::string_view text, const std::string& origin,
                         const std::filesystem::path& destination_directory,
                         const SceneLimits& limits) {
  // Only a valid format-1 scene is migrated: its errors name the file and path as `run` would.
  (void)parseScene(text, origin, limits);
  const Json v1 = Json::parse(text);
  if (v1.value("version", 0) != 1)
    throw SceneError(origin, "/version", "already scene format version 2; nothing to migrate");
  const std::string method = v1["integrator"]["method"].get<std::string>();
  const bool point = method == "point-contact";
  const bool volume = method == "volume-contact";
  // The integrator and the models' settings.
  Json integrator = v1["integrator"];
  Json models = Json::object();
  Json pairs = Json::array();
  if (point || volume) {
    integrator = Json{{"method", "semi-implicit-euler"}, {"step", v1["integrator"]["step"]}};
    Json settings = without(v1["integrator"], {"method", "step", "contact_model"});
    if (!settings.empty())
      models[point ? "point" : "6d"] = settings;
    if (volume && v1["integrator"].value("contact_model", "6d") == "point")
      pairs.push_back(Json{{"bodies", "*"}, {"model", "point"}});
  }
  if (v1.contains("collisions"))
    models["smooth"] = Json{{"collisions", v1["collisions"]}};
  // Bodies: friction into the material; OBJ paths from the new file's directory; meshes said so.
  const std::filesystem::path from = std::filesystem::path(origin).parent_path();
  Json bodies = Json::array();
  for (Json body : v1["bodies"]) {
    Json out = Json::object();
    for (auto& [key, value] : body.items()) {
      if (key == "friction") {
        out["material"] = Json{{"friction", value}};
      } else if (key == "shape") {
        Json shape = value;
        rebase(shape, from, destination_directory);
        const std::string type = shape.value("type", "");
        if (volume && (type == "box" || type == "prism" || type == "frustum"))
          shape["representation"] = "mesh";
        // Format 1 kept Stam's parameterisation at extraordinary vertices (kry-pai-2002 §3.6);
        // format 2's default is S-patches.
        if (type == "loop" && !shape.contains("extraordinary"))
          shape["extraordinary"] = "separate";
        out["shape"] = shape;
      } else {
        out[key] = value;
      }
    }
    bodies.push_back(out);
  }
  // The format-2 document, keys in the order of docs/scene-format.md.
  Json v2 = Json::object();
  v2["format"] = "contactsim-scene";
  v2["version"] = kSceneFormatVersion;
  for (const char* key : {"name", "description", "duration", "gravity"}) {
    if (v1.contains(key))
      v2[key] = v1[key];
  }
  v2["integrator"] = integrator;
  if (!models.empty())
    v2["models"] = models;
  if (v1.contains("output"))
    v2["output"] = v1["output"];
  v2["bodies"] = bodies;
  for (const char* key : {"contacts", "joints"}) {
    if (v1.contains(key))
      v2[key] = v1[key];
  }
  if (!pairs.empty())
    v2["pairs"] = pairs;
  std::string out;
  write(v2, 0, out);
  return out + "\n";
}

}  // namespace contactsim
