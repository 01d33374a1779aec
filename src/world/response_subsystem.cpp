// Planar map bodies behind the World façade (response_subsystem.hpp): the description's bodies
// handed to ResponseWorld (ullrich-pai §5), stepped at the maps' Δt and read back in 3D.
#include "response_subsystem.hpp"

#include <cmath>
#include <sstream>
#include <string>

#include "contact_models.hpp"
#include "contactsim/error.hpp"
#include "response_scheme.hpp"

namespace contactsim::world_detail {

namespace {

std::string bodyLabel(std::size_t i, const BodyDescription& b) {
  return "body " + toText(i) + " ('" + b.name + "')";
}

// The single μ of a planar world: ResponseWorld has one coefficient for every contact.
double worldFriction(const WorldDescription& d) {
  const PairMaterials materials(d);
  std::optional<double> mu;
  for (std::size_t i = 0; i < d.bodies.size(); ++i) {
    for (std::size_t j = i + 1; j < d.bodies.size(); ++j) {
      if (d.bodies[i].half_plane && d.bodies[j].half_plane)
        continue;  // two half-planes never touch
      const double value = materials.friction(i, j, 0.0);
      if (mu && *mu != value) {
        std::ostringstream s;
        s << "pair of " << bodyLabel(i, d.bodies[i]) << " and " << bodyLabel(j, d.bodies[j])
          << ": friction " << value << " differs from the world's other pairs (" << *mu
          << "); the response model has one Coulomb coefficient for every contact";
        throw InvalidInputError(s.str());
      }
      mu = value;
    }
  }
  return mu.value_or(0.0);
}

}  // namespace

PlanarBodyState planarState(const RigidBodyState& state, const std::string& what) {
  const Vec3 v = state.worldLinearVelocity();
  const Vec3 w = state.worldAngularVelocity();
  const Quat& q = state.orientation;
  constexpr double kTolerance = 1e-12;
  if (std::abs(state.position.z()) > kTolerance || std::abs(q.x()) > kTolerance ||
      std::abs(q.y()) > kTolerance || std::abs(v.z()) > kTolerance ||
      std::abs(w.x()) > kTolerance || std::abs(w.y()) > kTolerance) {
    throw InvalidInputError(what +
                            ": a planar body lies in the plane z = 0, turned about z only, "
                            "moving in the plane and spinning about z");
  }
  PlanarBodyState s;
  s.position = state.position.head<2>();
  s.angle = 2.0 * std::atan2(q.z(), q.w());
  s.velocity = v.head<2>();
  s.angular_velocity = w.z();
  return s;
}

ResponseSubsystem::ResponseSubsystem(const WorldDescription& description)
    : step_(description.integrator.step) {
  if (!description.smooth_contacts.empty())
    throw InvalidInputError("smooth contacts need smooth bodies, not planar response-map bodies");
  if (std::abs(description.gravity.z()) > 0.0) {
    throw InvalidInputError("gravity: a planar world's gravity lies in the plane (z = 0), got " +
                            toText(description.gravity.z()) + " m/s² along z");
  }
  gravity_ = description.gravity.head<2>();
  ResponseWorldOptions options;
  options.gravity = gravity_;
  options.friction = worldFriction(description);
  options.record = false;
  options.solver.theta = responseTheta(description.integrator.response_scheme);
  world_ = std::make_unique<ResponseWorld>(options);
  index_.assign(description.bodies.size(), std::nullopt);
  for (std::size_t i = 0; i < description.bodies.size(); ++i) {
    const BodyDescription& b = description.bodies[i];
    const std::string what = bodyLabel(i, b);
    fixed_states_.push_back(b.initial_state);
    fixed_states_.back().twist.setZero();
    const PlanarBodyState state =
        b.planar_state ? *b.planar_state : world_detail::planarState(b.initial_state, what);
    fixed_planar_.push_back(state);
    if (b.half_plane) {
      if (!b.fixed)
        throw InvalidInputError(what + ": a half-plane must be fixed");
      // {x : n·x ≤ offset} in body coordinates, carried into the world by the body's pose.
      const double length = b.half_plane->normal.norm();
      if (!(length > 0.0 && std::isfinite(length)))
        throw InvalidInputError(what + ": a half-plane's normal must be finite and non-zero");
      const Vec2 n = b.half_plane->normal / length;
      const Vec2 point_body = (b.half_plane->offset / length) * n;
      try {
        world_->addHalfPlane({worldPoint(state, point_body), rotation2(state.angle) * n});
        plane_of_.push_back(i);
      } catch (const InvalidInputError& e) {
        throw InvalidInputError(what + ": " + e.what());
      }
      continue;
    }
    if (!b.response_map) {
      throw InvalidInputError(what +
                              ": a planar world holds response-map bodies and fixed half-planes");
    }
    if (b.fixed) {
      throw InvalidInputError(what +
                              ": a response-map body is free; the fixed bodies of a planar world "
                              "are half-planes");
    }
    // ullrich-pai §5.1: the run time steps at the maps' Δt, so the integrator's step must be it.
    const double dt = b.response_map->time_step;
    if (!(std::abs(step_ - dt) <= 1e-12 * dt)) {
      std::ostringstream s;
      s.precision(12);
      s << "integrator: step " << step_ << " s differs from the time step " << dt << " s of body "
        << i << " ('" << b.name
        << "')'s response map; planar map bodies step at their maps' time step";
      throw InvalidInputError(s.str());
    }
    try {
      index_[i] = world_->addBody(b.response_map, state);
      body_of_.push_back(i);
    } catch (const InvalidInputError& e) {
      throw InvalidInputError(what + ": " + e.what());
    }
  }
  if (world_->bodyCount() == 0)
    throw InvalidInputError("a planar world needs at least one free response-map body");
  stats_.smallest_step = stats_.largest_step = step_;
}

void ResponseSubsystem::advanceTo(double t) {
  while (world_->time() < t - 0.5 * step_) {
    world_->step();
    ++stats_.steps;
    stats_.solver_sweeps += world_->lastSolve().sweeps;
    stats_.most_contacts = std::max(stats_.most_contacts, world_->lastStep().size());
    if (!world_->lastSolve().converged && !world_->lastStep().empty())
      ++stats_.unconverged_solves;
  }
}

RigidBodyState ResponseSubsystem::state(std::size_t i) const {
  if (!index_.at(i))
    return fixed_states_.at(i);
  return embedPlanarState(world_->state(*index_[i]));
}

double ResponseSubsystem::energy(std::size_t i) const {
  if (!index_.at(i))
    return 0.0;
  const PlanarBodyState& s = world_->state(*index_[i]);
  const PlanarMassProperties& m = world_->massProperties(*index_[i]);
  return kineticEnergy(s, m) - m.mass * gravity_.dot(centroidPosition(s, m));
}

std::optional<PlanarBodyState> ResponseSubsystem::planarState(std::size_t i) const {
  if (!index_.at(i))
    return fixed_planar_.at(i);
  return world_->state(*index_[i]);
}

std::optional<PlanarStep> ResponseSubsystem::planarStep() const {
  PlanarStep step;
  step.live_contacts = world_->liveContacts();
  for (const ContactRecord& r : world_->lastStep()) {
    const std::size_t other =
        r.kind == ResponseContactKind::kHalfPlane ? plane_of_.at(r.other) : body_of_.at(r.other);
    step.contacts.push_back({body_of_.at(r.body_a), other, r.point, r.normal, r.normal_force,
                             r.tangential_force, r.work, r.impulse});
  }
  return step;
}

// The planar contacts of the last step in the plane z = 0, per metre of thickness: the force
// F n + F_t (ẑ × n) on the map body.
std::vector<ContactInfo> ResponseSubsystem::contacts() const {
  std::vector<ContactInfo> out;
  const PlanarStep step = *planarStep();
  for (const PlanarContact& p : step.contacts) {
    ContactInfo c;
    c.body_a = p.body;
    c.body_b = p.other;
    c.model = ContactModel::kResponse;
    c.point = Vec3(p.point.x(), p.point.y(), 0.0);
    c.normal = Vec3(p.normal.x(), p.normal.y(), 0.0);
    // As the velocity-level models: the step's impulse over its step (the end-of-step force, or
    // with the trapezoidal scheme the mean of the step's two).
    c.force = Vec3(p.impulse.x(), p.impulse.y(), 0.0) / step_;
    c.normal_force = c.force.dot(c.normal);
    out.push_back(c);
  }
  return out;
}

Vec3 ResponseSubsystem::angularMomentum(std::size_t i) const {
  if (!index_.at(i))
    return Vec3::Zero();
  const PlanarBodyState& s = world_->state(*index_[i]);
  return Vec3(0.0, 0.0, world_->massProperties(*index_[i]).inertia * s.angular_velocity);
}

}  // namespace contactsim::world_detail
