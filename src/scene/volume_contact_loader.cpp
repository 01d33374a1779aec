#include "volume_contact_loader.hpp"

namespace contactsim::scene_detail {

std::size_t parsePointsPerPair(JsonObject& o, std::size_t fallback) {
  if (!o.has("max_points_per_pair"))
    return fallback;
  const int points = o.integer("max_points_per_pair");
  if (points < 1)
    o.fail("max_points_per_pair", "expected at least 1 point per pair");
  return static_cast<std::size_t>(points);
}

ConeProjection parseConeProjection(JsonObject& o) {
  const std::string projection = o.string("cone_projection", "slip");
  if (projection == "scalar")
    return ConeProjection::kScalarRows;
  if (projection != "slip" && projection != "impulse")
    o.fail("cone_projection",
           "expected \"slip\" (Coulomb), \"impulse\" (bouchard-2015 §5.2) or \"scalar\" "
           "(vanilla PGS on scalar rows with box friction)");
  return projection == "slip" ? ConeProjection::kSlipDirection : ConeProjection::kImpulseDirection;
}

void parseVolumeContactSettings(JsonObject& o, VolumeContactSettings& v) {
  v.resolution = o.positiveNumber("resolution");
  v.target_volume = o.number("target_volume", v.target_volume);
  v.compliance = o.number("compliance", v.compliance);
  v.relaxation = o.number("relaxation", v.relaxation);
  v.warm_start = o.boolean("warm_start", v.warm_start);
  v.initial_volume_tolerance = o.number("initial_volume_tolerance", v.initial_volume_tolerance);
  v.solver.tolerance = o.number("tolerance", v.solver.tolerance);
  if (o.has("max_iterations"))
    v.solver.max_iterations = o.integer("max_iterations");
  v.baumgarte = o.number("baumgarte", v.baumgarte);
  v.slop = o.number("slop", v.slop);
  v.max_points_per_pair = parsePointsPerPair(o, v.max_points_per_pair);
  v.cone_projection = parseConeProjection(o);
}

void parseVolumeContactIntegrator(JsonObject& o, IntegratorSettings& s) {
  s.method = IntegratorMethod::kVolumeContact;
  s.step = o.positiveNumber("step");
  VolumeContactSettings& v = s.volume_contact;
  const std::string model = o.string("contact_model", "6d");
  if (model == "6d") {
    v.model = ContactModel::k6D;
  } else if (model == "point") {
    v.model = ContactModel::kPoint;
  } else {
    o.fail("contact_model", "expected \"6d\" (bouchard-2015 patches) or \"point\" (the baseline)");
  }
  parseVolumeContactSettings(o, v);
  o.rejectUnknownKeys({"method", "step", "resolution", "target_volume", "compliance", "relaxation",
                       "warm_start", "initial_volume_tolerance", "tolerance", "max_iterations",
                       "contact_model", "baumgarte", "slop", "max_points_per_pair",
                       "cone_projection"});
}

namespace {

std::size_t bodyNamed(const Scene& scene, const JsonObject& o, const nlohmann::json& name,
                      const std::string& path) {
  if (name.is_string()) {
    for (std::size_t i = 0; i < scene.world.bodies.size(); ++i) {
      if (scene.world.bodies[i].name == name.get<std::string>())
        return i;
    }
    throw SceneError(o.file(), path, "no body named \"" + name.get<std::string>() + "\"");
  }
  throw SceneError(o.file(), path, "expected a body name");
}

}  // namespace

JointDescription parseJoint(JsonObject o, const Scene& scene) {
  o.rejectUnknownKeys({"name", "type", "bodies", "anchor", "axis", "stabilization", "drive"});
  JointDescription j;
  j.name = o.string("name", "");
  const std::string type = o.string("type");
  if (type == "fixed") {
    j.type = JointType::kFixed;
  } else if (type == "spherical") {
    j.type = JointType::kSpherical;
  } else if (type == "revolute") {
    j.type = JointType::kRevolute;
  } else {
    o.fail("type", "unknown joint type \"" + type + "\" (expected fixed, spherical or revolute)");
  }
  const nlohmann::json& bodies = o.required("bodies");
  if (!bodies.is_array() || bodies.empty() || bodies.size() > 2)
    o.fail("bodies", "expected [body] (joined to the world) or [body, body]");
  j.body_a = bodyNamed(scene, o, bodies[0], o.pathOf("bodies") + "/0");
  if (bodies.size() == 2)
    j.body_b = bodyNamed(scene, o, bodies[1], o.pathOf("bodies") + "/1");
  j.anchor = o.vec3("anchor");
  if (j.type == JointType::kRevolute) {
    j.axis = o.vec3("axis");
    if (!(j.axis.norm() > 0.0))
      o.fail("axis", "expected a non-zero axis");
  } else if (o.has("axis")) {
    o.fail("axis", "only a revolute joint has an axis");
  }
  j.stabilization = o.number("stabilization", j.stabilization);
  if (!(j.stabilization >= 0.0 && j.stabilization <= 1.0))
    o.fail("stabilization", "expected a fraction in [0, 1]");
  if (o.has("drive")) {
    if (j.type != JointType::kRevolute)
      o.fail("drive", "only a revolute joint takes a drive");
    JsonObject d = o.object("drive");
    d.rejectUnknownKeys({"target_angle", "stiffness", "damping", "max_torque"});
    JointDrive drive;
    drive.target_angle = d.number("target_angle", 0.0);
    drive.stiffness = d.number("stiffness", 0.0);
    drive.damping = d.number("damping", 0.0);
    drive.max_torque = d.positiveNumber("max_torque", drive.max_torque);
    if (drive.stiffness < 0.0)
      d.fail("stiffness", "expected ≥ 0");
    if (drive.damping < 0.0)
      d.fail("damping", "expected ≥ 0");
    j.drive = drive;
  }
  return j;
}

}  // namespace contactsim::scene_detail
