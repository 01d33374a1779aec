// Scene format version 2 (docs/scene-format.md): the integrator names only the time integration;
// the contact model of each pair follows from the two shapes (world/resolveContactModels), the
// models' settings live under "models", bodies carry a material, and "pairs" override a pair's
// model and material.
#include <optional>
#include <unordered_set>
#include <utility>

#include "planar_body_loader.hpp"
#include "scene_limits.hpp"
#include "scene_parts.hpp"

namespace contactsim::scene_detail {
namespace {

const char* const kMethods =
    "rk4, adaptive-rk4, cash-karp45 or semi-implicit-euler; the contact model follows from the "
    "shapes";

IntegratorSettings parseIntegrator(JsonObject o) {
  IntegratorSettings s;
  const std::string method = o.string("method");
  if (!parseTimeIntegration(o, method, s))
    o.fail("method", "unknown integrator \"" + method + "\" (expected " + kMethods + ")");
  try {
    s.validate();
  } catch (const InvalidInputError& e) {
    o.failNamingKey(e.what());
  }
  return s;
}

// The acceleration formulation of point contact (preda-florian-2005): "formulation", the LCP
// solver and its PGS controls, the impacts' restitution, the touching distance and resting speed.
void parseAccelerationFormulation(JsonObject& o, PointContactSettings& p) {
  const std::string formulation = o.string("formulation", "velocity");
  if (formulation != "velocity" && formulation != "acceleration")
    o.fail("formulation",
           "expected \"velocity\" (impulses) or \"acceleration\" (the contact "
           "matrix LCP of preda-florian-2005)");
  const bool acceleration = formulation == "acceleration";
  for (const char* key : {"lcp_solver", "pgs_max_iterations", "pgs_tolerance", "restitution",
                          "touch_tolerance", "resting_speed"}) {
    if (o.has(key) && !acceleration)
      o.fail(key, "belongs to \"formulation\": \"acceleration\"");
  }
  if (!acceleration)
    return;
  p.formulation = PointContactSettings::Formulation::kAcceleration;
  const std::string solver = o.string("lcp_solver", "pivoting-then-pgs");
  if (solver == "pgs") {
    p.lcp.strategy = LcpStrategy::kPgs;
  } else if (solver == "pivoting") {
    p.lcp.strategy = LcpStrategy::kPivoting;
  } else if (solver != "pivoting-then-pgs") {
    o.fail("lcp_solver",
           "expected \"pgs\" (Algorithm 1), \"pivoting\" (Lemke) or "
           "\"pivoting-then-pgs\" (§4)");
  }
  if (o.has("pgs_max_iterations"))
    p.lcp.pgs.max_iterations = o.integer("pgs_max_iterations");
  p.lcp.pgs.change_tolerance = o.number("pgs_tolerance", p.lcp.pgs.change_tolerance);
  p.impact.restitution = o.number("restitution", p.impact.restitution);
  p.touch_tolerance = o.number("touch_tolerance", p.touch_tolerance);
  p.resting_speed = o.number("resting_speed", p.resting_speed);
}

// "models": the settings of each contact model.
void parseModels(JsonObject o, WorldDescription& world) {
  o.rejectUnknownKeys({"smooth", "point", "6d", "response"});
  if (o.has("response")) {
    JsonObject response = o.object("response");
    response.rejectUnknownKeys({"scheme"});
    const std::string scheme = response.string("scheme", "end-of-step");
    if (scheme == "trapezoidal")
      world.integrator.response_scheme = ResponseScheme::kTrapezoidal;
    else if (scheme != "end-of-step")
      response.fail("scheme",
                    "expected \"end-of-step\" or \"trapezoidal\", got \"" + scheme + "\"");
  }
  if (o.has("smooth")) {
    JsonObject smooth = o.object("smooth");
    smooth.rejectUnknownKeys({"collisions"});
    if (smooth.has("collisions"))
      world.collisions = parseCollisions(smooth.object("collisions"));
  }
  if (o.has("point")) {
    JsonObject point = o.object("point");
    PointContactSettings& p = world.integrator.point_contact;
    parsePointContactSettings(point, p);
    parseAccelerationFormulation(point, p);
    point.rejectUnknownKeys({"margin", "baumgarte", "warm_start", "max_points_per_pair",
                             "tolerance", "max_iterations", "cone_projection", "formulation",
                             "lcp_solver", "pgs_max_iterations", "pgs_tolerance", "restitution",
                             "touch_tolerance", "resting_speed"});
    try {
      PointContactSettings checked = p;
      checked.step = 1.0;  // the integrator's, checked there
      checked.validate();
    } catch (const InvalidInputError& e) {
      point.failNamingKey(e.what());
    }
  }
  if (o.has("6d")) {
    JsonObject six_d = o.object("6d");
    VolumeContactSettings& v = world.integrator.volume_contact;
    parseVolumeContactSettings(six_d, v);
    six_d.rejectUnknownKeys({"resolution", "target_volume", "compliance", "relaxation",
                             "warm_start", "initial_volume_tolerance", "tolerance",
                             "max_iterations", "baumgarte", "slop", "max_points_per_pair",
                             "cone_projection"});
    try {
      VolumeContactSettings checked = v;
      checked.step = 1.0;
      checked.validate();
    } catch (const InvalidInputError& e) {
      six_d.failNamingKey(e.what());
    }
  }
}

// "friction" μ ≥ 0 and "restitution" e ∈ [0, 1], of a body's material or a pair.
void parseMaterial(JsonObject& o, std::optional<double>& friction,
                   std::optional<double>& restitution) {
  if (o.has("friction")) {
    friction = o.number("friction");
    if (!(*friction >= 0.0))
      o.fail("friction", "expected μ ≥ 0");
  }
  if (o.has("restitution")) {
    restitution = o.number("restitution");
    if (!(*restitution >= 0.0 && *restitution <= 1.0))
      o.fail("restitution", "expected e in [0, 1]");
  }
}

// What one scene shares between bodies with equal shapes.
struct ShapeCaches {
  SceneLimits limits;
  MeshCache meshes;
  SurfaceCache surfaces;
  ResponseMapCache maps;
};

// The shape decides the body's contact model: smooth surfaces, convex polyhedra (box, prism and
// frustum; "representation": "mesh" makes them closed triangle meshes), meshes, or planar bodies
// (response maps and half-planes).
void parseBodyShape(JsonObject& body_object, BodyDescription& body,
                    const std::filesystem::path& base, ShapeCaches& caches) {
  const nlohmann::json& json = body_object.required("shape");
  JsonObject shape = body_object.object("shape");
  const std::string type = shape.string("type");
  if (isPlanarShapeType(type)) {
    parsePlanarShape(shape, json.dump(), body, base, caches.maps, caches.limits);
    return;
  }
  MeshCache& meshes = caches.meshes;
  SurfaceCache& surfaces = caches.surfaces;
  const std::string representation = shape.string("representation", "");
  const bool polyhedral = isPolyhedralShapeType(type);
  if (!representation.empty() && (!polyhedral || type == "half-space"))
    shape.fail("representation", "only box, prism and frustum shapes have a representation");
  if (!representation.empty() && representation != "polyhedron" && representation != "mesh")
    shape.fail("representation", "expected \"polyhedron\" (point contact) or \"mesh\" (6D)");
  if (isMeshOnlyShapeType(type) || representation == "mesh") {
    // As scene format 1's volume-contact shapes: the same keys, the same mesh cache.
    nlohmann::json plain = json;
    plain.erase("representation");
    body.mesh = parseMeshShape(JsonObject(plain, shape.path(), shape.file()), plain.dump(), base,
                               meshes, caches.limits);
  } else if (polyhedral) {
    nlohmann::json plain = json;
    plain.erase("representation");
    parsePolyhedralShape(JsonObject(plain, shape.path(), shape.file()), body.polyhedron,
                         body.half_space, caches.limits);
  } else {
    std::shared_ptr<const Surface>& surface = surfaces[json.dump()];
    if (!surface)
      surface = parseShape(shape, base, caches.limits, /*default_extraordinary=*/"s-patch");
    body.surface = surface;
  }
}

BodyDescription parseBody(JsonObject o, const std::filesystem::path& base, ShapeCaches& caches) {
  o.rejectUnknownKeys({"name", "fixed", "mass", "inertia", "position", "orientation", "angle",
                       "angular_velocity", "linear_velocity", "shape", "material", "force",
                       "torque"});
  BodyDescription body;
  parseBodyIdentity(o, body);
  for (const char* key : {"force", "torque"}) {
    if (o.has(key) && body.fixed)
      o.fail(key, "external loads act on free bodies");
  }
  body.force = o.vec3("force", Vec3::Zero());
  body.torque = o.vec3("torque", Vec3::Zero());
  if (o.has("material")) {
    JsonObject material = o.object("material");
    material.rejectUnknownKeys({"friction", "restitution"});
    parseMaterial(material, body.friction, body.restitution);
  }
  if (o.has("shape"))
    parseBodyShape(o, body, base, caches);
  if (body.response_map || body.half_plane) {
    parsePlanarState(o, body);
    return body;
  }
  if (o.has("angle"))
    o.fail("angle", "only planar bodies (response maps, half-planes) take an angle");
  parseBodyMassAndState(o, body);
  return body;
}

std::optional<ContactModel> parseModel(JsonObject& o) {
  if (!o.has("model"))
    return std::nullopt;
  const std::string model = o.string("model");
  for (const ContactModel m :
       {ContactModel::kSmooth, ContactModel::kPoint, ContactModel::k6D, ContactModel::kResponse}) {
    if (model == toString(m))
      return m;
  }
  o.fail("model",
         "unknown contact model \"" + model + "\" (expected smooth, point, 6d or response)");
}

// One element of "pairs": "bodies" (two names, or "*" for every pair), then any of "model",
// "friction", "restitution".
PairDescription parsePair(JsonObject o, const Scene& scene) {
  o.rejectUnknownKeys({"bodies", "model", "friction", "restitution"});
  PairDescription p;
  const nlohmann::json& bodies = o.required("bodies");
  if (bodies.is_string() && bodies.get<std::string>() == "*") {
    p.any_pair = true;
  } else if (bodies.is_array() && bodies.size() == 2) {
    p.body_a = bodyIndex(scene, o, bodies[0], o.pathOf("bodies") + "/0");
    p.body_b = bodyIndex(scene, o, bodies[1], o.pathOf("bodies") + "/1");
    if (p.body_a == p.body_b)
      o.fail("bodies", "names body \"" + scene.world.bodies[p.body_a].name + "\" twice");
  } else {
    o.fail("bodies", "expected two body names, or \"*\" for every pair");
  }
  p.model = parseModel(o);
  parseMaterial(o, p.friction, p.restitution);
  if (!p.model && !p.friction && !p.restitution)
    o.fail("", "a pair overrides at least one of model, friction and restitution");
  return p;
}

}  // namespace

Scene parseSceneVersion2(const nlohmann::json& json, const std::string& origin,
                         const std::filesystem::path& base, const SceneLimits& limits) {
  JsonObject root(json, "", origin);
  root.rejectUnknownKeys({"format", "version", "name", "description", "duration", "gravity",
                          "integrator", "models", "output", "bodies", "contacts", "pairs",
                          "joints"});
  if (root.string("format") != "contactsim-scene")
    root.fail("format", "expected \"contactsim-scene\"");
  (void)root.integer("version");  // 2, or this parser would not have been chosen
  // The scene: names, time, gravity, integration, the models' settings, outputs.
  Scene scene;
  scene.origin = origin;
  scene.name = parseSceneName(root);
  scene.description = root.string("description", "");
  scene.duration = root.positiveNumber("duration");
  scene.world.gravity = root.vec3("gravity", Vec3(0.0, 0.0, -9.81));
  scene.world.integrator = parseIntegrator(root.object("integrator"));
  if (root.has("models"))
    parseModels(root.object("models"), scene.world);
  if (root.has("output")) {
    JsonObject output = root.object("output");
    output.rejectUnknownKeys({"rate"});
    scene.output.rate = output.positiveNumber("rate", scene.output.rate);
  }
  // Bodies, unique by name, once the run's size is known to be within the limits.
  const nlohmann::json& bodies = root.required("bodies");
  if (!bodies.is_array() || bodies.empty())
    root.fail("bodies", "expected a non-empty array of bodies");
  checkRunSize(origin, "/integrator", scene, bodies.size(), limits);
  ShapeCaches caches;
  caches.limits = limits;
  std::unordered_set<std::string> names;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const std::string path = root.pathOf("bodies") + "/" + toText(i);
    scene.world.bodies.push_back(namingMemoryAt(origin, path, "this body", [&] {
      return parseBody(JsonObject(bodies[i], path, origin), base, caches);
    }));
    if (!names.insert(scene.world.bodies[i].name).second) {
      throw SceneError(origin, path + "/name",
                       "duplicate body name \"" + scene.world.bodies[i].name + "\"");
    }
  }
  checkShapeSizes(origin, "/models/smooth/collisions", "/models/6d", scene, limits);
  // What refers to bodies: initial smooth contacts, pair overrides, joints.
  parseContacts(root, scene);
  if (root.has("pairs")) {
    const nlohmann::json& pairs = root.required("pairs");
    if (!pairs.is_array())
      root.fail("pairs", "expected an array of pair overrides");
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      const std::string path = root.pathOf("pairs") + "/" + toText(i);
      scene.world.pairs.push_back(parsePair(JsonObject(pairs[i], path, origin), scene));
    }
  }
  if (root.has("joints"))
    parseJoints(root, scene);
  // The models the shapes call for, then the world built once.
  probeWorld(scene, "pairs");  // the world resolves the models as below, naming the path of errors
  scene.world = resolveContactModels(std::move(scene.world));
  return scene;
}

}  // namespace contactsim::scene_detail
