#include "contactsim/world/world_description.hpp"

#include "contactsim/math/checks.hpp"

namespace contactsim {

const char* toString(IntegratorMethod method) {
  switch (method) {
    case IntegratorMethod::kRk4:
      return "rk4";
    case IntegratorMethod::kAdaptiveRk4:
      return "adaptive-rk4";
    case IntegratorMethod::kCashKarp45:
      return "cash-karp45";
    case IntegratorMethod::kSemiImplicitEuler:
      return "semi-implicit-euler";
    case IntegratorMethod::kPointContact:
      return "point-contact";
    case IntegratorMethod::kVolumeContact:
      return "volume-contact";
  }
  return "unknown";
}

RigidBodyState embedPlanarState(const PlanarBodyState& s) {
  return RigidBodyState::fromWorldVelocities(
      Vec3(s.position.x(), s.position.y(), 0.0), Quat(Eigen::AngleAxisd(s.angle, Vec3::UnitZ())),
      Vec3(0.0, 0.0, s.angular_velocity), Vec3(s.velocity.x(), s.velocity.y(), 0.0));
}

const char* toString(ContactModel model) {
  switch (model) {
    case ContactModel::kSmooth:
      return "smooth";
    case ContactModel::kPoint:
      return "point";
    case ContactModel::k6D:
      return "6d";
    case ContactModel::kResponse:
      return "response";
  }
  return "unknown";
}

bool isValidBodyName(std::string_view name) {
  if (name.empty()) {
    return false;
  }
  for (const char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-' || c == '.';
    if (!ok) {
      return false;
    }
  }
  return true;
}

void IntegratorSettings::validate() const {
  switch (method) {
    case IntegratorMethod::kRk4:
    case IntegratorMethod::kSemiImplicitEuler:
      requirePositive(step, std::string(toString(method)) + " integrator step");
      break;
    case IntegratorMethod::kAdaptiveRk4:
    case IntegratorMethod::kCashKarp45:
      adaptiveParameters().validate();
      break;
    case IntegratorMethod::kPointContact: {
      requirePositive(step, "point-contact integrator step");
      PointContactSettings p = point_contact;
      p.step = step;
      p.validate();
      break;
    }
    case IntegratorMethod::kVolumeContact: {
      requirePositive(step, "volume-contact integrator step");
      VolumeContactSettings v = volume_contact;
      v.step = step;
      v.validate();
      break;
    }
  }
}

AdaptiveStepParameters IntegratorSettings::adaptiveParameters() const {
  AdaptiveStepParameters p = adaptive;
  p.method =
      method == IntegratorMethod::kCashKarp45 ? AdaptiveMethod::kCashKarp45 : AdaptiveMethod::kRk4;
  return p;
}

void CollisionSettings::validate() const {
  impact.validate();
  friction.validate();
  requireFinite(contact_speed, "collisions: contact speed");
  if (contact_speed < 0.0) {
    throw InvalidInputError("collisions: contact speed must not be negative");
  }
  requirePositive(tolerance, "collisions: tolerance [m]");
  requireFinite(irregular_radius, "collisions: irregular radius");
  if (irregular_radius < 0.0 || irregular_radius >= 0.5) {
    throw InvalidInputError("collisions: irregular radius must lie in [0, 0.5), got " +
                            toText(irregular_radius));
  }
  requirePositive(bounce_speed, "collisions: bounce speed [m/s]");
  if (tessellation < 1 || tessellation > 64) {
    throw InvalidInputError("collisions: tessellation must lie in 1..64, got " +
                            toText(tessellation));
  }
}

}  // namespace contactsim
