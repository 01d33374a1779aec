// Scene format version 1 (docs/scene-format.md, appendix): the integrator names the contact
// model of the whole world. Also the entry points that read either version.
#include <fstream>
#include <optional>
#include <sstream>
#include <unordered_set>

#include "io/input_file.hpp"
#include "io/json_document.hpp"
#include "scene_limits.hpp"
#include "scene_parts.hpp"

namespace contactsim {
namespace {

using scene_detail::JsonObject;

IntegratorSettings parseIntegrator(JsonObject o) {
  IntegratorSettings s;
  const std::string method = o.string("method");
  if (scene_detail::parseTimeIntegration(o, method, s)) {
  } else if (method == "point-contact") {
    s.method = IntegratorMethod::kPointContact;
    s.step = o.positiveNumber("step");
    scene_detail::parsePointContactSettings(o, s.point_contact);
    o.rejectUnknownKeys({"method", "step", "margin", "baumgarte", "warm_start",
                         "max_points_per_pair", "tolerance", "max_iterations", "cone_projection"});
  } else if (method == "volume-contact") {
    scene_detail::parseVolumeContactIntegrator(o, s);
  } else {
    o.fail("method", "unknown integrator \"" + method +
                         "\" (expected rk4, adaptive-rk4, cash-karp45, semi-implicit-euler, "
                         "point-contact or volume-contact)");
  }
  try {
    s.validate();
  } catch (const InvalidInputError& e) {
    o.failNamingKey(e.what());
  }
  return s;
}

BodyDescription parseBody(JsonObject o, const std::filesystem::path& base, IntegratorMethod method,
                          scene_detail::MeshCache& meshes, scene_detail::SurfaceCache& surfaces,
                          const SceneLimits& limits) {
  const bool point_contact = method == IntegratorMethod::kPointContact;
  const bool volume_contact = method == IntegratorMethod::kVolumeContact;
  o.rejectUnknownKeys({"name", "fixed", "mass", "inertia", "position", "orientation",
                       "angular_velocity", "linear_velocity", "shape", "friction", "force",
                       "torque"});
  BodyDescription body;
  scene_detail::parseBodyIdentity(o, body);
  if (o.has("friction") && !point_contact && !volume_contact) {
    o.fail("friction",
           "a body's friction is for the point-contact integrator (and volume-contact; smooth "
           "contacts take theirs in contacts[i].friction)");
  }
  for (const char* key : {"force", "torque"}) {
    if (o.has(key) && (!volume_contact || body.fixed))
      o.fail(key, "external loads act on free bodies of the volume-contact integrator");
  }
  body.force = o.vec3("force", Vec3::Zero());
  body.torque = o.vec3("torque", Vec3::Zero());
  if (o.has("friction")) {
    body.friction = o.number("friction");
    if (!(*body.friction >= 0.0))
      o.fail("friction", "expected μ ≥ 0");
  }
  if (o.has("shape")) {
    JsonObject shape = o.object("shape");
    const std::string type = shape.string("type");
    if (volume_contact) {
      body.mesh =
          scene_detail::parseMeshShape(shape, o.required("shape").dump(), base, meshes, limits);
    } else if (scene_detail::isMeshOnlyShapeType(type)) {
      shape.fail("type", "\"" + type + "\" shapes need the volume-contact integrator");
    } else if (scene_detail::isPolyhedralShapeType(type) != point_contact) {
      shape.fail("type", point_contact
                             ? "the point-contact integrator takes box, prism, frustum and "
                               "half-space shapes"
                             : "\"" + type + "\" shapes need the point-contact integrator");
    }
    if (volume_contact) {
      // parsed above
    } else if (point_contact) {
      scene_detail::parsePolyhedralShape(shape, body.polyhedron, body.half_space, limits);
    } else {
      std::shared_ptr<const Surface>& surface = surfaces[o.required("shape").dump()];
      if (!surface) {
        surface =
            scene_detail::parseShape(shape, base, limits, /*default_extraordinary=*/"separate");
      }
      body.surface = surface;
    }
  }
  scene_detail::parseBodyMassAndState(o, body);
  return body;
}

Scene parseRoot(const nlohmann::json& json, const std::string& origin,
                const std::filesystem::path& base, const SceneLimits& limits) {
  JsonObject root(json, "", origin);
  root.rejectUnknownKeys({"format", "version", "name", "description", "duration", "gravity",
                          "integrator", "output", "bodies", "contacts", "collisions", "joints"});
  if (root.string("format") != "contactsim-scene") {
    root.fail("format", "expected \"contactsim-scene\"");
  }
  if (const int version = root.integer("version"); version != 1) {
    root.fail("version", "unsupported scene format version " + toText(version) +
                             " (this build reads versions 1 and " + toText(kSceneFormatVersion) +
                             ")");
  }
  Scene scene;
  scene.origin = origin;
  scene.name = scene_detail::parseSceneName(root);
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
  scene_detail::checkRunSize(origin, "/integrator", scene, bodies.size(), limits);
  scene_detail::MeshCache meshes;
  scene_detail::SurfaceCache surfaces;
  std::unordered_set<std::string> names;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const std::string path = root.pathOf("bodies") + "/" + toText(i);
    scene.world.bodies.push_back(scene_detail::namingMemoryAt(origin, path, "this body", [&] {
      return parseBody(JsonObject(bodies[i], path, origin), base, scene.world.integrator.method,
                       meshes, surfaces, limits);
    }));
    if (!names.insert(scene.world.bodies[i].name).second) {
      throw SceneError(origin, path + "/name",
                       "duplicate body name \"" + scene.world.bodies[i].name + "\"");
    }
  }
  scene_detail::parseContacts(root, scene);
  if (root.has("joints")) {
    if (scene.world.integrator.method != IntegratorMethod::kVolumeContact)
      root.fail("joints", "joints need the volume-contact integrator");
    scene_detail::parseJoints(root, scene);
  }
  if (root.has("collisions")) {
    scene.world.collisions = scene_detail::parseCollisions(root.object("collisions"));
  }
  scene_detail::checkShapeSizes(origin, "/collisions", "/integrator", scene, limits);
  scene_detail::probeWorld(scene, "pairs");
  return scene;
}

}  // namespace

namespace scene_detail {
Scene parseSceneVersion2(const nlohmann::json& json, const std::string& origin,
                         const std::filesystem::path& base, const SceneLimits& limits);
}  // namespace scene_detail

Scene parseScene(std::string_view text, const std::string& origin, const SceneLimits& limits) {
  nlohmann::json json;
  try {
    json = parseJsonDocument(text);
  } catch (const JsonDocumentError& e) {
    throw SceneError(origin, e.jsonPath(), e.what());
  }
  const std::filesystem::path base = std::filesystem::path(origin).parent_path();
  if (json.is_object() && json.contains("version") && json["version"] == kSceneFormatVersion)
    return scene_detail::parseSceneVersion2(json, origin, base, limits);
  return parseRoot(json, origin, base, limits);
}

std::string readSceneFile(const std::filesystem::path& file, double max_bytes) {
  try {
    return readInputFile(file, max_bytes);
  } catch (const InputFileError& e) {
    const std::string reason = e.what();
    throw SceneError(
        file.string(), "",
        e.missing() ? "no such scene file (or not a regular file)"
                    : "cannot read the scene file" + (reason.empty() ? reason : ": " + reason));
  }
}

Scene loadSceneFile(const std::filesystem::path& file, const SceneLimits& limits) {
  return parseScene(readSceneFile(file, limits.max_file_bytes), file.string(), limits);
}

}  // namespace contactsim
