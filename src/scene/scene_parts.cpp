// Scene-file parts shared by format versions 1 and 2 (docs/scene-format.md).
#include "scene_parts.hpp"

#include <utility>

#include "contact/smooth/contact_from_pose.hpp"
#include "contactsim/error.hpp"

namespace contactsim::scene_detail {

bool parseTimeIntegration(JsonObject& o, const std::string& method, IntegratorSettings& s) {
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
  } else {
    return false;
  }
  return true;
}

void parsePointContactSettings(JsonObject& o, PointContactSettings& p) {
  p.margin = o.number("margin", p.margin);
  p.baumgarte = o.number("baumgarte", p.baumgarte);
  p.warm_start = o.boolean("warm_start", p.warm_start);
  p.max_points_per_pair = parsePointsPerPair(o, p.max_points_per_pair);
  p.solver.tolerance = o.number("tolerance", p.solver.tolerance);
  if (o.has("max_iterations"))
    p.solver.max_iterations = o.integer("max_iterations");
  p.solver.cone_projection = parseConeProjection(o);
}

Mat3 parseInertia(JsonObject& body) {
  const nlohmann::json& v = body.required("inertia");
  // Three numbers: principal moments along the body axes; three rows: the full tensor.
  if (v.is_array() && v.size() == 3 && v[0].is_number()) {
    return body.vec3("inertia").asDiagonal();
  }
  return body.mat3(v, body.pathOf("inertia"));
}

std::string parseSceneName(JsonObject& root) {
  const std::string name = root.string("name");
  if (!isValidBodyName(name) || name.front() == '.') {
    root.fail("name",
              "expected a plain scene name (letters, digits, '_', '-', '.', not starting "
              "with '.'): it names the output directory contactsim-out/<name>");
  }
  return name;
}

void parseBodyIdentity(JsonObject& o, BodyDescription& body) {
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
}

void parseBodyMassAndState(JsonObject& o, BodyDescription& body) {
  if (!body.fixed) {
    const double mass = o.positiveNumber("mass");
    // Polyhedra and meshes may leave the inertia to uniform density.
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
}

FrictionParameters parseFriction(JsonObject o) {
  o.rejectUnknownKeys({"mu", "mu_static", "slip_threshold", "mu_rolling", "mu_spinning",
                       "mu_spin_static", "spin_threshold"});
  FrictionParameters f;
  f.mu = o.number("mu", f.mu);
  f.mu_static = o.number("mu_static", f.mu_static);
  f.slip_threshold = o.number("slip_threshold", f.slip_threshold);  // >= 0: validate()
  f.mu_rolling = o.number("mu_rolling", f.mu_rolling);
  f.mu_spinning = o.number("mu_spinning", f.mu_spinning);
  f.mu_spin_static = o.number("mu_spin_static", f.mu_spin_static);
  f.spin_threshold = o.positiveNumber("spin_threshold", f.spin_threshold);
  try {
    f.validate();
  } catch (const InvalidInputError& e) {
    o.failNamingKey(e.what());
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

// `pose.rest`: the free body, turned as given, moved along gravity (−z without gravity) from the
// given position until it rests on the fixed body.
Vec3 restingPositionOf(const Scene& scene, const SmoothContactDescription& c, const Quat& q,
                       const Vec3& start, JsonObject& pose) {
  const BodyDescription& free = scene.world.bodies[c.free_body];
  const BodyDescription& other = scene.world.bodies[c.fixed_body];
  if (!other.fixed || !free.surface || !other.surface) {
    pose.fail("rest", "a body rests only on a fixed body, both with smooth surfaces (\"" +
                          other.name + "\" is " + (other.fixed ? "" : "not fixed") +
                          (other.fixed ? "without a surface" : "") + ")");
  }
  SmoothContactSetup setup;
  setup.surface1 = free.surface;
  setup.surface2 = other.surface;
  setup.E_w_2 = other.initial_state.pose();
  const Vec3 down =
      scene.world.gravity.norm() > 0.0 ? Vec3(scene.world.gravity) : Vec3(-Vec3::UnitZ());
  try {
    return restingPosition(setup, q.normalized(), start, down);
  } catch (const InvalidInputError& e) {
    pose.fail("rest", e.what());
  }
  return start;  // not reached: fail throws
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
    const std::vector<int> p = o.wholeNumbers("patches", 2, "two patch indices");
    c.initial.patch1 = p[0];
    c.initial.patch2 = p[1];
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
    pose.rejectUnknownKeys(
        {"position", "orientation", "angular_velocity", "linear_velocity", "rest"});
    const bool rest = pose.boolean("rest", false);
    const Quat q = pose.quaternion("orientation", Quat::Identity());
    Vec3 p = rest ? pose.vec3("position", Vec3::Zero()) : pose.vec3("position");
    if (rest)
      p = restingPositionOf(scene, c, q, p, pose);
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
  if (!(c.boundary_epsilon >= 0.0))
    o.fail("boundary_epsilon", "expected ε ≥ 0 (how far past a patch edge the contact may step)");
  if (o.has("impulse")) {
    JsonObject impulse = o.object("impulse");
    impulse.rejectUnknownKeys({"point", "vector"});
    c.initial_impulse =
        SmoothContactDescription::Impulse{impulse.vec3("point"), impulse.vec3("vector")};
  }
  return c;
}

void parseContacts(JsonObject& root, Scene& scene) {
  if (!root.has("contacts"))
    return;
  const nlohmann::json& bodies = root.required("bodies");
  const std::string& origin = root.file();
  const nlohmann::json& contacts = root.required("contacts");
  if (!contacts.is_array())
    root.fail("contacts", "expected an array of contacts");
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const std::string path = root.pathOf("contacts") + "/" + toText(i);
    scene.world.smooth_contacts.push_back(
        parseContact(JsonObject(contacts[i], path, origin), scene));
    // The pose and twist of a body in a smooth contact follow from q and q̇.
    const std::size_t b = scene.world.smooth_contacts.back().free_body;
    for (const char* key : {"position", "orientation", "angular_velocity", "linear_velocity"}) {
      if (bodies[b].contains(key)) {
        throw SceneError(origin, root.pathOf("bodies") + "/" + toText(b) + "/" + key,
                         "the pose and velocity of a body in a smooth contact come from the "
                         "contact's q and qdot");
      }
    }
  }
}

void parseJoints(JsonObject& root, Scene& scene) {
  const nlohmann::json& joints = root.required("joints");
  if (!joints.is_array())
    root.fail("joints", "expected an array of joints");
  for (std::size_t i = 0; i < joints.size(); ++i) {
    const std::string path = root.pathOf("joints") + "/" + toText(i);
    scene.world.joints.push_back(parseJoint(JsonObject(joints[i], path, root.file()), scene));
  }
}

CollisionSettings parseCollisions(JsonObject o) {
  o.rejectUnknownKeys({"restitution", "tangential_restitution", "friction", "contact_speed",
                       "tolerance", "tessellation", "contact_friction", "irregular_radius",
                       "bounce_speed"});
  CollisionSettings c;
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
    o.failNamingKey(e.what());
  }
  return c;
}

// Physical consistency the parser cannot see (a contact point outside its patch, a fixed body
// that moves, a singular contact, a pair override the shapes cannot take) is found by building
// the world once; the error names the JSON path of the body, contact, joint or pair at fault.
void probeWorld(const Scene& scene, const std::string& pairs_key) {
  try {
    namingMemoryAt(scene.origin, "/bodies", "the world of these bodies",
                   [&] { World probe(scene.world); });
  } catch (const InvalidInputError& e) {
    const std::string message = e.what();
    std::string path = "/";
    for (const auto& [prefix, key] :
         {std::pair<std::string, std::string>{"smooth contact ", "contacts"},
          {"body ", "bodies"},
          {"joint ", "joints"},
          {"pair ", pairs_key}}) {
      if (message.rfind(prefix, 0) == 0) {
        path =
            "/" + key + "/" +
            message.substr(prefix.size(),
                           message.find_first_not_of("0123456789", prefix.size()) - prefix.size());
      }
    }
    if (message.rfind("integrator", 0) == 0)
      path = "/integrator";
    if (message.rfind("gravity", 0) == 0)
      path = "/gravity";
    throw SceneError(scene.origin, path, message);
  }
}

}  // namespace contactsim::scene_detail
