// The World façade: validates what every subsystem needs (names, initial states, the integrator),
// builds the subsystem the description calls for, and passes the questions on.
#include "contactsim/world/world.hpp"

#include <cmath>
#include <set>

#include "contactsim/math/checks.hpp"
#include "subsystem.hpp"

namespace contactsim {

World::World(WorldDescription description) : integrator_(description.integrator) {
  // Shared validation: the integrator, gravity, and each body's name and initial state.
  integrator_.validate();
  requireFinite(description.gravity, "gravity");
  std::set<std::string> names;
  for (std::size_t i = 0; i < description.bodies.size(); ++i) {
    BodyDescription& b = description.bodies[i];
    const std::string what = "body " + toText(i) + " ('" + b.name + "')";
    if (!isValidBodyName(b.name)) {
      throw InvalidInputError(what +
                              ": a body name must be non-empty and use only letters, "
                              "digits, '_', '-' and '.'");
    }
    if (!names.insert(b.name).second) {
      throw InvalidInputError(what + ": duplicate body name");
    }
    validateState(b.initial_state, what);
    b.initial_state.orientation.normalize();
    names_.push_back(b.name);
    fixed_.push_back(b.fixed);
  }
  // The subsystem of the contact model, which validates the rest; then each body's energy, which
  // overflows for states finite but absurd (a body 1e308 m up).
  subsystem_ = world_detail::makeSubsystem(description);
  for (std::size_t i = 0; i < names_.size(); ++i) {
    if (!fixed_[i] && !std::isfinite(subsystem_->energy(i))) {
      throw InvalidInputError("body " + toText(i) + " ('" + names_[i] +
                              "'): its energy is not finite (position or velocity too large)");
    }
  }
}

World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

void World::advanceTo(double t) {
  requireFinite(t, "target time");
  // Velocity-level worlds stop at the whole step nearest t, up to half a step past it: a later
  // target short of time() is already reached; only a target before the last one goes back.
  if (t < last_target_) {
    throw InvalidInputError("cannot advance the world backwards, from t = " + toText(last_target_) +
                            " to " + toText(t));
  }
  last_target_ = t;
  subsystem_->advanceTo(t);
}

double World::time() const {
  return subsystem_->time();
}

const std::string& World::bodyName(std::size_t i) const {
  return names_.at(i);
}

bool World::isFixed(std::size_t i) const {
  return fixed_.at(i);
}

RigidBodyState World::state(std::size_t i) const {
  (void)names_.at(i);  // range check
  return subsystem_->state(i);
}

double World::energy(std::size_t i) const {
  return isFixed(i) ? 0.0 : subsystem_->energy(i);
}

Vec3 World::angularMomentum(std::size_t i) const {
  return isFixed(i) ? Vec3::Zero() : subsystem_->angularMomentum(i);
}

IntegrationStats World::stats() const {
  return subsystem_->stats();
}

const std::vector<WorldEvent>& World::events() const {
  return subsystem_->events();
}

std::vector<ContactInfo> World::contacts() const {
  return subsystem_->contacts();
}

PlanarBodyState World::planarState(std::size_t i) const {
  (void)names_.at(i);  // range check
  if (const auto s = subsystem_->planarState(i))
    return *s;
  throw InvalidInputError("body " + toText(i) + " ('" + names_[i] +
                          "'): not a body of a planar world");
}

PlanarStep World::planarStep() const {
  if (auto s = subsystem_->planarStep())
    return std::move(*s);
  throw InvalidInputError("planarStep: not a planar world");
}

}  // namespace contactsim
