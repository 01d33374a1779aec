// Scene format version 1 (docs/scene-format.md).
#include <fstream>
#include <optional>
#include <sstream>

#include "contactsim/scene/scene.hpp"
#include "json_reader.hpp"
#include "mesh_shape_loader.hpp"
#include "shape_loader.hpp"
#include "volume_contact_loader.hpp"

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
    s.adaptive.locate_events = o.boolean("locate_events", false);
    if (!embedded) {
      s.adaptive.step_doubling = o.boolean("step_doubling", false);
    }
    s.adaptive.absolute_tolerance = o.positiveNumber("absolute_tolerance", 1e-9);
    s.adaptive.relative_tolerance = o.positiveNumber("relative_tolerance", 1e-9);
    if (embedded) {
      o.rejectUnknownKeys({"method", "min_step", "max_step", "initial_step", "absolute_tolerance",
                           "relative_tolerance", "locate_events"});
    } else {
      o.rejectUnknownKeys({"method", "min_step", "max_step", "initial_step", "locate_events",
                           "step_doubling", "absolute_tolerance", "relative_tolerance"});
    }
  } else if (method == "point-contact") {
    s.method = IntegratorMethod::kPointContact;
    s.step = o.positiveNumber("step");
    PointContactSettings& p = s.point_contact;
    p.margin = o.number("margin", p.margin);
    p.baumgarte = o.number("baumgarte", p.baumgarte);
    p.warm_start = o.boolean("warm_start", p.warm_start);
    p.max_points_per_pair = scene_detail::parsePointsPerPair(o, p.max_points_per_pair);
    p.solver.tolerance = o.number("tolerance", p.solver.tolerance);
    if (o.has("max_iterations"))
      p.solver.max_iterations = o.integer("max_iterations");
    p.solver.cone_projection = scene_detail::parseConeProjection(o);
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

BodyDescription parseBody(JsonObject o, const std::filesystem::path& base, IntegratorMethod method,
                          scene_detail::MeshCache& meshes, scene_detail::SurfaceCache& surfaces) {
  const bool point_contact = method == IntegratorMethod::kPointContact;
  const bool volume_contact = method == IntegratorMethod::kVolumeContact;
  o.rejectUnknownKeys({"name", "fixed", "mass", "inertia", "position", "orientation",
                       "angular_velocity", "linear_velocity", "shape", "friction", "force",
                       "torque"});
  BodyDescription body;
  body.name = o.string("name");
  if (!isValidBodyName(body.name)) {
    o.fail("name", "expected a non-empty body name of letters, digits, '_', '-' and '.', got \"" +
                       body.name + "\"");
  }
  body.fixed = o.boolean("fixed", false);
  if (body.fixed) {
    for (const char* key : {"mass", "inertia", "angular_velocity", "linear_velocity"}) {
      if (o.has(key))
        o.fail(key, "a fixed body has no " + std::string(key));
    }
  }
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
  body.friction = o.number("friction", body.friction);
  if (!(body.friction >= 0.0))
    o.fail("friction", "expected μ ≥ 0");
  if (o.has("shape")) {
    JsonObject shape = o.object("shape");
    const std::string type = shape.string("type");
    if (volume_contact) {
      body.mesh = scene_detail::parseMeshShape(shape, o.required("shape").dump(), base, meshes);
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
      scene_detail::parsePolyhedralShape(shape, body.polyhedron, body.half_space);
    } else {
      std::shared_ptr<const Surface>& surface = surfaces[o.required("shape").dump()];
      if (!surface) {
        surface = scene_detail::parseShape(shape, base);
      }
      body.surface = surface;
    }
  }
  if (!body.fixed) {
    const double mass = o.positiveNumber("mass");
    // Polyhedra may leave the inertia to uniform density.
    const Mat3 inertia =
        body.polyhedron && !o.has("inertia")
            ? Mat3(mass / body.polyhedron->volume() * body.polyhedron->unitDensityInertia())
        : body.mesh && !o.has("inertia")
            ? meshMassProperties(*body.mesh, mass / body.mesh->volume()).inertia
            : parseInertia(o);
    try {
      body.mass_properties = MassProperties(mass, inertia);
    } catch (const InvalidInputError& e) {
      o.fail("inertia", e.what());
    }
  }
  const Vec3 p = o.vec3("position", Vec3::Zero());
  const Quat q = o.quaternion("orientation", Quat::Identity());
  const Vec3 w = o.vec3("angular_velocity", Vec3::Zero());
  const Vec3 v = o.vec3("linear_velocity", Vec3::Zero());
  body.initial_state = RigidBodyState::fromWorldVelocities(p, q, w, v);
  return body;
}

FrictionParameters parseFriction(JsonObject o) {
  o.rejectUnknownKeys({"mu", "mu_static", "slip_threshold", "mu_rolling", "mu_spinning",
                       "mu_spin_static", "spin_threshold"});
  FrictionParameters f;
  f.mu = o.number("mu", f.mu);
  f.mu_static = o.number("mu_static", f.mu_static);
  f.slip_threshold = o.positiveNumber("slip_threshold", f.slip_threshold);
  f.mu_rolling = o.number("mu_rolling", f.mu_rolling);
  f.mu_spinning = o.number("mu_spinning", f.mu_spinning);
  f.mu_spin_static = o.number("mu_spin_static", f.mu_spin_static);
  f.spin_threshold = o.positiveNumber("spin_threshold", f.spin_threshold);
  try {
    f.validate();
  } catch (const InvalidInputError& e) {
    o.fail("", e.what());
  }
  return f;
}

std::size_t bodyIndex(const Scene& scene, const JsonObject& o, const nlohmann::json& name,
                      const std::string& path) {
  if (!name.is_string())
    throw SceneError(o.file(), path, "expected a body name");
  for (std::size_t i = 0; i < scene.world.bodies.size(); ++i) {
    if (scene.world.bodies[i].name == name.get<std::string>())
      return i;
  }
  throw SceneError(o.file(), path, "no body named \"" + name.get<std::string>() + "\"");
}

SmoothContactDescription parseContact(JsonObject o, const Scene& scene) {
  o.rejectUnknownKeys({"type", "bodies", "patches", "q", "qdot", "pose", "mode", "friction",
                       "boundary_epsilon", "impulse"});
  if (o.string("type") != "smooth") {
    o.fail("type",
           "unknown contact type (this build has \"smooth\": kry-pai-2002 contact evolution)");
  }
  SmoothContactDescription c;
  const nlohmann::json& bodies = o.required("bodies");
  if (!bodies.is_array() || bodies.size() != 2)
    o.fail("bodies", "expected [free body, fixed body]");
  c.free_body = bodyIndex(scene, o, bodies[0], o.pathOf("bodies") + "/0");
  c.fixed_body = bodyIndex(scene, o, bodies[1], o.pathOf("bodies") + "/1");
  if (o.has("patches")) {
    const std::vector<double> p = o.numbers("patches", 2);
    c.initial.patch1 = static_cast<int>(p[0]);
    c.initial.patch2 = static_cast<int>(p[1]);
    if (c.initial.patch1 != p[0] || c.initial.patch2 != p[1])
      o.fail("patches", "expected two patch indices");
  }
  if (o.has("pose") == o.has("q")) {
    o.fail("", "give either q (contact coordinates) or pose (the free body's pose), not both");
  }
  if (o.has("q")) {
    const std::vector<double> q = o.numbers("q", 5);
    c.initial.q = Vec5(q.data());
    if (o.has("qdot")) {
      const std::vector<double> qdot = o.numbers("qdot", 5);
      c.initial.qdot = Vec5(qdot.data());
    }
  } else {
    JsonObject pose = o.object("pose");
    pose.rejectUnknownKeys({"position", "orientation", "angular_velocity", "linear_velocity"});
    const Vec3 p = pose.vec3("position");
    const Quat q = pose.quaternion("orientation", Quat::Identity());
    c.initial_pose =
        RigidBodyState::fromWorldVelocities(p, q, pose.vec3("angular_velocity", Vec3::Zero()),
                                            pose.vec3("linear_velocity", Vec3::Zero()));
    if (o.has("qdot") || o.has("patches"))
      o.fail("pose", "with a pose, q, qdot and patches are found, not given");
  }
  const std::string mode = o.string("mode", "sliding");
  if (mode == "sliding") {
    c.initial.mode = FrictionMode::kSliding;
  } else if (mode == "rolling") {
    c.initial.mode = FrictionMode::kRolling;
  } else if (mode == "rolling-no-spin") {
    c.initial.mode = FrictionMode::kRollingNoSpin;
  } else {
    o.fail("mode",
           "unknown friction mode \"" + mode + "\" (expected sliding, rolling or rolling-no-spin)");
  }
  if (o.has("friction"))
    c.friction = parseFriction(o.object("friction"));
  c.boundary_epsilon = o.number("boundary_epsilon", 0.0);
  if (o.has("impulse")) {
    JsonObject impulse = o.object("impulse");
    impulse.rejectUnknownKeys({"point", "vector"});
    c.initial_impulse =
        SmoothContactDescription::Impulse{impulse.vec3("point"), impulse.vec3("vector")};
  }
  return c;
}

Scene parseRoot(const nlohmann::json& json, const std::string& origin,
                const std::filesystem::path& base) {
  JsonObject root(json, "", origin);
  root.rejectUnknownKeys({"format", "version", "name", "description", "duration", "gravity",
                          "integrator", "output", "bodies", "contacts", "collisions", "joints"});
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
  scene_detail::MeshCache meshes;
  scene_detail::SurfaceCache surfaces;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const std::string path = root.pathOf("bodies") + "/" + std::to_string(i);
    scene.world.bodies.push_back(parseBody(JsonObject(bodies[i], path, origin), base,
                                           scene.world.integrator.method, meshes, surfaces));
    for (std::size_t j = 0; j < i; ++j) {
      if (scene.world.bodies[j].name == scene.world.bodies[i].name) {
        throw SceneError(origin, path + "/name",
                         "duplicate body name \"" + scene.world.bodies[i].name + "\"");
      }
    }
  }
  if (root.has("contacts")) {
    const nlohmann::json& contacts = root.required("contacts");
    if (!contacts.is_array())
      root.fail("contacts", "expected an array of contacts");
    for (std::size_t i = 0; i < contacts.size(); ++i) {
      const std::string path = root.pathOf("contacts") + "/" + std::to_string(i);
      scene.world.smooth_contacts.push_back(
          parseContact(JsonObject(contacts[i], path, origin), scene));
      // The pose and twist of a body in a smooth contact follow from q and q̇.
      const std::size_t b = scene.world.smooth_contacts.back().free_body;
      for (const char* key : {"position", "orientation", "angular_velocity", "linear_velocity"}) {
        if (bodies[b].contains(key)) {
          throw SceneError(origin, root.pathOf("bodies") + "/" + std::to_string(b) + "/" + key,
                           "the pose and velocity of a body in a smooth contact come from the "
                           "contact's q and qdot");
        }
      }
    }
  }
  if (root.has("joints")) {
    const nlohmann::json& joints = root.required("joints");
    if (scene.world.integrator.method != IntegratorMethod::kVolumeContact)
      root.fail("joints", "joints need the volume-contact integrator");
    if (!joints.is_array())
      root.fail("joints", "expected an array of joints");
    for (std::size_t i = 0; i < joints.size(); ++i) {
      const std::string path = root.pathOf("joints") + "/" + std::to_string(i);
      scene.world.joints.push_back(
          scene_detail::parseJoint(JsonObject(joints[i], path, origin), scene));
    }
  }
  if (root.has("collisions")) {
    JsonObject o = root.object("collisions");
    o.rejectUnknownKeys({"restitution", "tangential_restitution", "friction", "contact_speed",
                         "tolerance", "tessellation", "contact_friction", "irregular_radius",
                         "bounce_speed"});
    CollisionSettings& c = scene.world.collisions;
    c.enabled = true;
    c.impact.restitution = o.number("restitution", c.impact.restitution);
    c.impact.tangential_restitution =
        o.number("tangential_restitution", c.impact.tangential_restitution);
    c.impact.friction = o.number("friction", c.impact.friction);
    c.contact_speed = o.number("contact_speed", c.contact_speed);
    c.tolerance = o.number("tolerance", c.tolerance);
    c.tessellation = o.has("tessellation") ? o.integer("tessellation") : c.tessellation;
    c.irregular_radius = o.number("irregular_radius", c.irregular_radius);
    c.bounce_speed = o.number("bounce_speed", c.bounce_speed);
    if (o.has("contact_friction")) {
      c.friction = parseFriction(o.object("contact_friction"));
    }
    try {
      c.validate();
    } catch (const InvalidInputError& e) {
      throw SceneError(origin, "/collisions", e.what());
    }
  }
  // Physical consistency the parser cannot see (a contact point outside its patch, a fixed body
  // that moves, a singular contact) is found by building the world once.
  try {
    World probe(scene.world);
  } catch (const InvalidInputError& e) {
    const std::string message = e.what();
    std::string path = "/";
    for (const auto& [prefix, key] :
         {std::pair<std::string, std::string>{"smooth contact ", "contacts"},
          {"body ", "bodies"},
          {"joint ", "joints"}}) {
      if (message.rfind(prefix, 0) == 0) {
        path =
            "/" + key + "/" +
            message.substr(prefix.size(),
                           message.find_first_not_of("0123456789", prefix.size()) - prefix.size());
      }
    }
    throw SceneError(origin, path, message);
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
  return parseRoot(json, origin, std::filesystem::path(origin).parent_path());
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
