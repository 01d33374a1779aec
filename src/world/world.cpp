#include "contactsim/world/world.hpp"

#include <algorithm>
#include <set>

#include "contactsim/dynamics/rk4.hpp"
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
  }
}

AdaptiveStepParameters IntegratorSettings::adaptiveParameters() const {
  AdaptiveStepParameters p = adaptive;
  p.method =
      method == IntegratorMethod::kCashKarp45 ? AdaptiveMethod::kCashKarp45 : AdaptiveMethod::kRk4;
  return p;
}

World::World(WorldDescription description) : integrator_(description.integrator) {
  integrator_.validate();
  requireFinite(description.gravity, "gravity");
  std::set<std::string> names;
  for (std::size_t i = 0; i < description.bodies.size(); ++i) {
    BodyDescription& b = description.bodies[i];
    const std::string what = "body " + std::to_string(i) + " ('" + b.name + "')";
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
    bodies_.push_back(Body{b.name, FreeBodySystem(b.mass_properties, description.gravity),
                           b.initial_state,
                           AdaptiveDriver<FreeBodySystem>(integrator_.adaptiveParameters())});
  }
}

void World::advanceTo(double t) {
  requireFinite(t, "target time");
  if (t < time_) {
    throw InvalidInputError("cannot advance the world backwards, from t = " +
                            std::to_string(time_) + " to " + std::to_string(t));
  }
  for (Body& body : bodies_) {
    advanceBody(body, t);
  }
  time_ = t;
}

void World::advanceBody(Body& body, double t_end) {
  double t = time_;
  FreeBodySystem::State x = FreeBodySystem::pack(body.state);
  // Steps that would leave less than this remainder are stretched to end exactly at t_end.
  const double slack = 1e-9 * std::max(1.0, std::abs(t_end));
  while (t_end - t > slack) {
    double h = 0.0;
    switch (integrator_.method) {
      case IntegratorMethod::kRk4:
      case IntegratorMethod::kSemiImplicitEuler: {
        h = (t_end - t) < integrator_.step + slack ? t_end - t : integrator_.step;
        if (integrator_.method == IntegratorMethod::kRk4) {
          x = rk4Step(body.system, t, x, h);
        } else {
          x = FreeBodySystem::pack(
              semiImplicitEulerStep(body.system, t, FreeBodySystem::unpack(x), h));
        }
        break;
      }
      case IntegratorMethod::kAdaptiveRk4:
      case IntegratorMethod::kCashKarp45: {
        const auto result = body.driver.step(body.system, t, x, t_end);
        h = result.h;
        x = result.x;
        break;
      }
    }
    if (!x.allFinite()) {
      throw NumericalError("body '" + body.name + "' state became non-finite at t = " +
                           std::to_string(t + h) + " (step " + std::to_string(h) + " s)");
    }
    t += h;
    ++body.steps;
    body.smallest_step = body.steps == 1 ? h : std::min(body.smallest_step, h);
    body.largest_step = std::max(body.largest_step, h);
  }
  body.state = FreeBodySystem::unpack(x);
}

double World::energy(std::size_t i) const {
  return bodies_.at(i).system.energy(state(i));
}

Vec3 World::angularMomentum(std::size_t i) const {
  const RigidBodyState& s = state(i);
  return s.orientation * (bodies_.at(i).system.body().inertia() * angular(s.twist));
}

IntegrationStats World::stats() const {
  IntegrationStats total;
  for (const Body& b : bodies_) {
    total.steps += b.steps;
    total.rejected += b.driver.stats().rejected;
    if (b.steps > 0) {
      total.smallest_step = total.smallest_step == 0.0
                                ? b.smallest_step
                                : std::min(total.smallest_step, b.smallest_step);
      total.largest_step = std::max(total.largest_step, b.largest_step);
    }
  }
  return total;
}

}  // namespace contactsim
