// The velocity-level subsystems: a world's bodies handed to PointContactWorld or
// VolumeContactWorld, stepped in whole steps, and read back by the World's indices.
#include "velocity_subsystems.hpp"

#include <algorithm>
#include <string>

#include "contact_models.hpp"
#include "velocity_world_bodies.hpp"

namespace contactsim::world_detail {

namespace {

// μ of a body of the velocity-level models that gives none.
constexpr double kDefaultFriction = 0.5;

std::string bodyLabel(std::size_t i, const BodyDescription& b) {
  return "body " + toText(i) + " ('" + b.name + "')";
}

}  // namespace

// Polyhedra become PointContactWorld's bodies; fixed half-spaces its half-spaces, in world
// coordinates (normal·x ≤ offset).
PointSubsystem::PointSubsystem(const WorldDescription& description)
    : VelocitySubsystem(description.integrator.step) {
  if (!description.smooth_contacts.empty()) {
    throw InvalidInputError("smooth contacts need rk4 or adaptive-rk4, not point-contact");
  }
  PointContactWorldDescription d;
  d.gravity = description.gravity;
  d.settings = description.integrator.point_contact;
  d.settings.step = step_;
  const PairMaterials materials(description);
  const std::vector<std::optional<double>>& mu = materials.bodyFriction();
  index_.assign(description.bodies.size(), std::nullopt);
  std::vector<std::optional<std::size_t>> half_space(description.bodies.size());
  for (std::size_t i = 0; i < description.bodies.size(); ++i) {
    const BodyDescription& b = description.bodies[i];
    fixed_states_.push_back(b.initial_state);
    fixed_states_.back().twist.setZero();
    inertia_.push_back(b.mass_properties.inertia());
    if (b.surface) {
      throw InvalidInputError(bodyLabel(i, b) +
                              ": smooth surfaces belong to the smooth-contact integrators; "
                              "point contact takes polyhedra and half-spaces");
    }
    if (b.half_space) {
      if (!b.fixed)
        throw InvalidInputError(bodyLabel(i, b) + ": a half-space must be fixed");
      const Frame E = b.initial_state.pose();
      const Vec3 normal = E.linear() * b.half_space->normal.normalized();
      half_space[i] = d.half_spaces.size();
      half_space_body_.push_back(i);
      d.half_spaces.push_back(
          {b.name, normal,
           b.half_space->offset / b.half_space->normal.norm() + normal.dot(E.translation()),
           mu[i].value_or(kDefaultFriction)});
      continue;
    }
    if (!b.polyhedron) {
      throw InvalidInputError(bodyLabel(i, b) +
                              ": point contact needs a polyhedron or half-space shape");
    }
    index_[i] = d.bodies.size();
    body_of_.push_back(i);
    d.bodies.push_back({b.name, b.polyhedron, b.mass_properties, b.initial_state, b.fixed,
                        mu[i].value_or(kDefaultFriction)});
  }
  // Pair overrides, by PointContactWorld's indices (half-space k after the bodies).
  for (const auto& [pair, value] : materials.pairFriction()) {
    const auto at = [&](std::size_t i) {
      return index_[i] ? *index_[i] : d.bodies.size() + half_space[i].value_or(0);
    };
    if (index_[pair.first] || index_[pair.second])
      d.pair_friction[std::minmax(at(pair.first), at(pair.second))] = value;
  }
  try {
    world_ = std::make_unique<PointContactWorld>(std::move(d));
  } catch (const InvalidInputError& e) {
    rethrowNamingBody(e, namesOf(description.bodies));
  }
}

RigidBodyState PointSubsystem::state(std::size_t i) const {
  return index_.at(i) ? world_->state(*index_[i]) : fixed_states_.at(i);
}

double PointSubsystem::energy(std::size_t i) const {
  return world_->energy(*index_.at(i));
}

namespace {

// A velocity-level contact record as a mean force over the step h.
ContactInfo contactInfo(const PointContactRecord& r, std::size_t a, std::size_t b, double h) {
  ContactInfo c;
  c.body_a = a;
  c.body_b = b;
  c.model = r.patch ? ContactModel::k6D : ContactModel::kPoint;
  c.point = r.point;
  c.normal = r.normal;
  c.force = r.impulse / h;
  c.torque = r.torque_impulse / h;
  c.normal_force = c.force.dot(c.normal);
  return c;
}

}  // namespace

// The last step's contacts with their impulses as mean forces over the step, in the
// description's indices (half-space k of world_ after its bodies).
std::vector<ContactInfo> PointSubsystem::contacts() const {
  std::vector<ContactInfo> out;
  for (const PointContactRecord& r : world_->contacts()) {
    out.push_back(contactInfo(r, body_of_.at(r.body_a),
                              r.body_b < body_of_.size()
                                  ? body_of_[r.body_b]
                                  : half_space_body_.at(r.body_b - body_of_.size()),
                              step_));
  }
  return out;
}

MixedSubsystem::MixedSubsystem(const WorldDescription& description)
    : VelocitySubsystem(description.integrator.step) {
  for (const BodyDescription& b : description.bodies)
    inertia_.push_back(b.mass_properties.inertia());
  world_ = std::make_unique<MixedWorld>(description);
}

// The contacts of the last step, already in the description's indices.
std::vector<ContactInfo> MixedSubsystem::contacts() const {
  std::vector<ContactInfo> out;
  for (const PointContactRecord& r : world_->contacts())
    out.push_back(contactInfo(r, r.body_a, r.body_b, step_));
  for (ContactInfo& c : world_->continuousContacts())
    out.push_back(std::move(c));
  return out;
}

// Every body of the description becomes a body of VolumeContactWorld, with the same index.
VolumeSubsystem::VolumeSubsystem(const WorldDescription& description)
    : VelocitySubsystem(description.integrator.step) {
  if (!description.smooth_contacts.empty() || description.collisions.enabled) {
    throw InvalidInputError(
        "smooth contacts and collisions need rk4 or adaptive-rk4, not volume-contact");
  }
  VolumeContactWorldDescription d;
  d.gravity = description.gravity;
  d.settings = description.integrator.volume_contact;
  d.settings.step = step_;
  d.joints = description.joints;
  const PairMaterials materials(description);
  d.pair_friction = materials.pairFriction();
  for (std::size_t i = 0; i < description.bodies.size(); ++i) {
    const BodyDescription& b = description.bodies[i];
    if (b.surface || b.polyhedron || b.half_space) {
      throw InvalidInputError(bodyLabel(i, b) +
                              ": volume contact takes closed triangle meshes (smooth "
                              "surfaces, polyhedra and half-spaces belong to other "
                              "integrators)");
    }
    inertia_.push_back(b.mass_properties.inertia());
    d.bodies.push_back({b.name, b.mesh, b.mass_properties, b.initial_state, b.fixed,
                        materials.bodyFriction()[i].value_or(kDefaultFriction), b.force, b.torque});
  }
  try {
    world_ = std::make_unique<VolumeContactWorld>(std::move(d));
  } catch (const InvalidInputError& e) {
    if (std::string(e.what()).rfind("joint ", 0) == 0)
      throw;
    rethrowNamingBody(e, namesOf(description.bodies));
  }
}

RigidBodyState VolumeSubsystem::state(std::size_t i) const {
  return world_->state(i);
}

double VolumeSubsystem::energy(std::size_t i) const {
  return world_->energy(i);
}

// The last step's 6D patches (wrench about the patch centre) or points, as mean forces over the
// step; the bodies keep the description's indices.
std::vector<ContactInfo> VolumeSubsystem::contacts() const {
  std::vector<ContactInfo> out;
  for (const VolumeContactRecord& r : world_->contacts()) {
    ContactInfo c;
    c.body_a = r.body_a;
    c.body_b = r.body_b;
    c.model = world_->settings().model;
    c.point = r.point;
    c.normal = r.normal;
    c.force = linear(r.impulse) / step_;
    c.torque = angular(r.impulse) / step_;
    c.normal_force = c.force.dot(c.normal);
    out.push_back(c);
  }
  return out;
}

}  // namespace contactsim::world_detail
