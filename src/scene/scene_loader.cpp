// Scene format version 1 (docs/scene-format.md).
#include <fstream>
#include <optional>
#include <sstream>

#include "contactsim/scene/scene.hpp"
#include "json_reader.hpp"

namespace contactsim {
namespace {

using scene_detail::JsonObject;

IntegratorSettings parseIntegrator(JsonObject o) {
  IntegratorSettings s;
  const std::string method = o.string("method");
  if (method == "rk4" || method == "semi-implicit-euler") {
    s.method = method == "rk4" ? IntegratorMethod::kRk4 : IntegratorMethod::kSemiImplicitEuler;
    s.step = o.positiveNumber("step");
    o.rejectUnknownKeys({"method", "step"});
  } else if (method == "adaptive-rk4" || method == "cash-karp45") {
    const bool embedded = method == "cash-karp45";
    s.method = embedded ? IntegratorMethod::kCashKarp45 : IntegratorMethod::kAdaptiveRk4;
    s.adaptive.min_step = o.positiveNumber("min_step");
    s.adaptive.max_step = o.positiveNumber("max_step");
    s.adaptive.initial_step = o.positiveNumber("initial_step", 0.0);
    if (embedded) {
      s.adaptive.absolute_tolerance = o.positiveNumber("absolute_tolerance", 1e-9);
      s.adaptive.relative_tolerance = o.positiveNumber("relative_tolerance", 1e-9);
      o.rejectUnknownKeys({"method", "min_step", "max_step", "initial_step", "absolute_tolerance",
                           "relative_tolerance"});
    } else {
      o.rejectUnknownKeys({"method", "min_step", "max_step", "initial_step"});
    }
  } else {
    o.fail("method", "unknown integrator \"" + method +
                         "\" (expected rk4, adaptive-rk4, cash-karp45 or semi-implicit-euler)");
  }
  try {
    s.validate();
  } catch (const InvalidInputError& e) {
    o.fail("", e.what());
  }
  return s;
}

Mat3 parseInertia(JsonObject& body) {
  const nlohmann::json& v = body.required("inertia");
  // Three numbers: principal moments along the body axes; three rows: the full tensor.
  if (v.is_array() && v.size() == 3 && v[0].is_number()) {
    return body.vec3("inertia").asDiagonal();
  }
  return body.mat3(v, body.pathOf("inertia"));
}

BodyDescription parseBody(JsonObject o) {
  o.rejectUnknownKeys({"name", "mass", "inertia", "position", "orientation", "angular_velocity",
                       "linear_velocity"});
  const std::string name = o.string("name");
  if (!isValidBodyName(name)) {
    o.fail("name", "expected a non-empty body name of letters, digits, '_', '-' and '.', got \"" +
                       name + "\"");
  }
  const double mass = o.positiveNumber("mass");
  const Mat3 inertia = parseInertia(o);
  std::optional<MassProperties> mass_properties;
  try {
    mass_properties.emplace(mass, inertia);
  } catch (const InvalidInputError& e) {
    o.fail("inertia", e.what());
  }
  const Vec3 p = o.vec3("position", Vec3::Zero());
  const Quat q = o.quaternion("orientation", Quat::Identity());
  const Vec3 w = o.vec3("angular_velocity", Vec3::Zero());
  const Vec3 v = o.vec3("linear_velocity", Vec3::Zero());
  return BodyDescription{name, *mass_properties, RigidBodyState::fromWorldVelocities(p, q, w, v)};
}

Scene parseRoot(const nlohmann::json& json, const std::string& origin) {
  JsonObject root(json, "", origin);
  root.rejectUnknownKeys({"format", "version", "name", "description", "duration", "gravity",
                          "integrator", "output", "bodies"});
  if (root.string("format") != "contactsim-scene") {
    root.fail("format", "expected \"contactsim-scene\"");
  }
  if (const int version = root.integer("version"); version != kSceneFormatVersion) {
    root.fail("version", "unsupported scene format version " + std::to_string(version) +
                             " (this build reads version " + std::to_string(kSceneFormatVersion) +
                             ")");
  }
  Scene scene;
  scene.origin = origin;
  scene.name = root.string("name");
  if (scene.name.empty()) {
    root.fail("name", "expected a non-empty scene name");
  }
  scene.description = root.string("description", "");
  scene.duration = root.positiveNumber("duration");
  scene.world.gravity = root.vec3("gravity", Vec3(0.0, 0.0, -9.81));
  scene.world.integrator = parseIntegrator(root.object("integrator"));
  if (root.has("output")) {
    JsonObject output = root.object("output");
    output.rejectUnknownKeys({"rate"});
    scene.output.rate = output.positiveNumber("rate", scene.output.rate);
  }
  const nlohmann::json& bodies = root.required("bodies");
  if (!bodies.is_array() || bodies.empty()) {
    root.fail("bodies", "expected a non-empty array of bodies");
  }
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const std::string path = root.pathOf("bodies") + "/" + std::to_string(i);
    scene.world.bodies.push_back(parseBody(JsonObject(bodies[i], path, origin)));
    for (std::size_t j = 0; j < i; ++j) {
      if (scene.world.bodies[j].name == scene.world.bodies[i].name) {
        throw SceneError(origin, path + "/name",
                         "duplicate body name \"" + scene.world.bodies[i].name + "\"");
      }
    }
  }
  return scene;
}

}  // namespace

Scene parseScene(std::string_view text, const std::string& origin) {
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    // nlohmann's messages read "[json.exception.parse_error.101] parse error at line L, column C:
    // ..." or "[json.exception.out_of_range.406] number overflow parsing '1e999'".
    std::string message = e.what();
    if (const auto pos = message.find("] "); pos != std::string::npos) {
      message = message.substr(pos + 2);
    }
    throw SceneError(origin, "", "invalid JSON: " + message);
  }
  return parseRoot(json, origin);
}

Scene loadSceneFile(const std::filesystem::path& file) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) {
    throw SceneError(file.string(), "", "no such scene file (or not a regular file)");
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    throw SceneError(file.string(), "", "cannot open the scene file");
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    throw SceneError(file.string(), "", "cannot read the scene file");
  }
  return parseScene(text.str(), file.string());
}

}  // namespace contactsim
