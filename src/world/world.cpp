#include "contactsim/world/world.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

#include "contactsim/collision/surface_proximity.hpp"
#include "contactsim/contact/smooth/contact_from_pose.hpp"
#include "contactsim/dynamics/rk4.hpp"
#include "contactsim/dynamics/state_interpolation.hpp"
#include "contactsim/math/checks.hpp"
#include "time_of_impact.hpp"
#include "velocity_world_bodies.hpp"
#include "world_body.hpp"

namespace contactsim {

World::World(WorldDescription description)
    : integrator_(description.integrator), gravity_(description.gravity) {
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
    auto body = std::make_unique<Body>();
    body->name = b.name;
    body->fixed = b.fixed;
    body->surface = b.surface;
    body->state = b.initial_state;
    if (b.fixed) {
      body->state.twist.setZero();
    } else {
      body->system.emplace(b.mass_properties, description.gravity);
      if (integrator_.method != IntegratorMethod::kPointContact) {
        body->driver.emplace(integrator_.adaptiveParameters());
      }
    }
    bodies_.push_back(std::move(body));
  }
  if (integrator_.method == IntegratorMethod::kVolumeContact) {
    buildVolumeContactWorld(description);  // world_volume_contact.cpp
    return;
  }
  if (!description.joints.empty())
    throw InvalidInputError("joints need the volume-contact integrator");
  if (integrator_.method == IntegratorMethod::kPointContact) {
    buildPointContactWorld(description);
    return;
  }
  for (std::size_t i = 0; i < description.bodies.size(); ++i) {
    const BodyDescription& b = description.bodies[i];
    if (b.polyhedron || b.half_space) {
      throw InvalidInputError("body " + std::to_string(i) + " ('" + b.name +
                              "'): polyhedra and half-spaces belong to the point-contact "
                              "integrator");
    }
  }
  // Smooth contacts: RK4 with the world's steps (a fixed step is min = max).
  AdaptiveStepParameters& contact_steps = contact_steps_;
  switch (integrator_.method) {
    case IntegratorMethod::kRk4:
      contact_steps.min_step = contact_steps.max_step = integrator_.step;
      break;
    case IntegratorMethod::kAdaptiveRk4:
      contact_steps = integrator_.adaptiveParameters();
      break;
    default:
      if (!description.smooth_contacts.empty() || description.collisions.enabled) {
        throw InvalidInputError(std::string("smooth contacts and collisions integrate with rk4 or "
                                            "adaptive-rk4 (kry-pai-2002 §3.7), not ") +
                                toString(integrator_.method));
      }
  }
  std::set<std::size_t> in_contact;
  for (std::size_t c = 0; c < description.smooth_contacts.size(); ++c) {
    const SmoothContactDescription& d = description.smooth_contacts[c];
    const std::string what = "smooth contact " + std::to_string(c);
    if (d.free_body >= bodies_.size() || d.fixed_body >= bodies_.size()) {
      throw InvalidInputError(what + ": body index out of range");
    }
    const BodyDescription& free = description.bodies[d.free_body];
    const BodyDescription& fixed = description.bodies[d.fixed_body];
    if (free.fixed || !fixed.fixed) {
      throw InvalidInputError(what + ": needs a free body ('" + free.name +
                              "') first and a fixed body ('" + fixed.name + "') second");
    }
    if (!free.surface || !fixed.surface) {
      throw InvalidInputError(what + ": both bodies need a shape");
    }
    if (!in_contact.insert(d.free_body).second) {
      throw InvalidInputError(what + ": body '" + free.name + "' is already in a smooth contact");
    }
    SmoothContactSetup setup;
    setup.surface1 = free.surface;
    setup.mass1 = free.mass_properties;
    setup.surface2 = fixed.surface;
    setup.E_w_2 = fixed.initial_state.pose();
    setup.gravity = description.gravity;
    setup.friction = d.friction;
    setup.integrator = contact_steps;
    setup.boundary_epsilon = d.boundary_epsilon;
    try {
      const SmoothContactState initial =
          d.initial_pose ? contactStateFromPose(setup, d.initial_pose->pose(),
                                                d.initial_pose->twist, d.initial.mode)
                         : d.initial;
      auto contact = std::make_unique<SmoothContact>(setup, initial);
      if (d.initial_impulse) {
        const Vec3 j = contact->worldPose().linear().transpose() * d.initial_impulse->impulse_world;
        contact->applyImpulse(spatial(d.initial_impulse->point_body.cross(j), j));
      }
      bodies_[d.free_body]->contact = std::move(contact);
      bodies_[d.free_body]->support = d.fixed_body;
    } catch (const InvalidInputError& e) {
      throw InvalidInputError(what + ": " + e.what());
    }
  }
  buildCollisions(description);
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
                            std::to_string(irregular_radius));
  }
  requirePositive(bounce_speed, "collisions: bounce speed [m/s]");
  if (tessellation < 1 || tessellation > 64) {
    throw InvalidInputError("collisions: tessellation must lie in 1..64, got " +
                            std::to_string(tessellation));
  }
}

void World::buildCollisions(const WorldDescription& description) {
  collisions_ = description.collisions;
  if (!collisions_.enabled) {
    return;
  }
  collisions_.validate();
  obstacles_ = std::make_unique<Obstacles>();
  std::map<const Surface*, std::shared_ptr<const ProximityShape>> shapes;
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    Body& b = *bodies_[i];
    if (!b.surface) {
      continue;
    }
    // Bodies of one shape (a field of identical obstacles) share its tessellation and tree.
    auto& shape = shapes[b.surface.get()];
    if (!shape) {
      shape = std::make_shared<const ProximityShape>(b.surface, collisions_.tessellation);
    }
    if (b.fixed) {
      obstacles_->shapes.push_back(shape);
      obstacles_->list.push_back({shape.get(), b.state.pose()});
      obstacles_->body.push_back(i);
    } else {
      b.proximity = shape;
    }
  }
  // Bodies that start inside an obstacle are an error, not a silent push-out.
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    const auto& body = bodies_[i];
    if (!body->proximity) {
      continue;
    }
    const std::string what = "body " + std::to_string(i) + " ('" + body->name + "')";
    const Frame pose = stateAt(*body, time_).pose();
    for (std::size_t k = 0; k < obstacles_->list.size(); ++k) {
      if (obstacles_->body[k] == body->support) {
        continue;  // touched by construction
      }
      const auto& o = obstacles_->list[k];
      const ClosestPoints cp = closestPoints(*body->proximity, pose, *o.shape, o.pose);
      if (cp.converged && cp.distance < -collisions_.tolerance) {
        throw InvalidInputError(what + " starts inside body '" +
                                bodies_[obstacles_->body[k]]->name + "' (overlap " +
                                std::to_string(-cp.distance) + " m)");
      }
      if (!cp.converged && meshDistance(*body->proximity, pose, *o.shape, o.pose) == 0.0) {
        throw InvalidInputError(what + " starts inside body '" +
                                bodies_[obstacles_->body[k]]->name +
                                "' (their tessellations intersect)");
      }
    }
  }
  std::vector<std::size_t> free_with_shapes;
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    if (bodies_[i]->proximity) {
      free_with_shapes.push_back(i);
    }
  }
  if (free_with_shapes.size() >= 2) {
    buildFreePairs(std::move(free_with_shapes));  // world_free_pairs.cpp
  }
}

void World::buildPointContactWorld(const WorldDescription& description) {
  if (!description.smooth_contacts.empty()) {
    throw InvalidInputError("smooth contacts need rk4 or adaptive-rk4, not point-contact");
  }
  PointContactWorldDescription d;
  d.gravity = description.gravity;
  d.settings = integrator_.point_contact;
  d.settings.step = integrator_.step;
  point_index_.assign(description.bodies.size(), std::nullopt);
  for (std::size_t i = 0; i < description.bodies.size(); ++i) {
    const BodyDescription& b = description.bodies[i];
    const std::string what = "body " + std::to_string(i) + " ('" + b.name + "')";
    if (b.surface) {
      throw InvalidInputError(what +
                              ": smooth surfaces belong to the smooth-contact integrators; "
                              "point contact takes polyhedra and half-spaces");
    }
    if (b.half_space) {
      if (!b.fixed)
        throw InvalidInputError(what + ": a half-space must be fixed");
      const Frame E = b.initial_state.pose();
      const Vec3 normal = E.linear() * b.half_space->normal.normalized();
      d.half_spaces.push_back(
          {b.name, normal,
           b.half_space->offset / b.half_space->normal.norm() + normal.dot(E.translation()),
           b.friction});
      continue;
    }
    if (!b.polyhedron) {
      throw InvalidInputError(what + ": point contact needs a polyhedron or half-space shape");
    }
    point_index_[i] = d.bodies.size();
    d.bodies.push_back(
        {b.name, b.polyhedron, b.mass_properties, b.initial_state, b.fixed, b.friction});
  }
  try {
    point_world_ = std::make_unique<PointContactWorld>(std::move(d));
  } catch (const InvalidInputError& e) {
    world_detail::rethrowNamingBody(e, world_detail::namesOf(description.bodies));
  }
  point_stats_.smallest_step = point_stats_.largest_step = integrator_.step;
}

World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

void World::advanceTo(double t) {
  requireFinite(t, "target time");
  if (t < time_) {
    throw InvalidInputError("cannot advance the world backwards, from t = " +
                            std::to_string(time_) + " to " + std::to_string(t));
  }
  if (point_world_) {
    while (point_world_->time() < t - 0.5 * integrator_.step) {
      const PointContactStepStats& s = point_world_->step();
      ++point_stats_.steps;
      point_stats_.solver_sweeps += s.solve.iterations;
      point_stats_.most_contacts = std::max(point_stats_.most_contacts, s.contacts);
      if (!s.solve.converged && s.contacts > 0)
        ++point_stats_.unconverged_solves;
    }
    time_ = std::max(time_, point_world_->time());
    return;
  }
  if (volume_world_) {
    advanceVolumeContactWorld(t);  // world_volume_contact.cpp
    return;
  }
  if (free_pairs_) {
    advanceWithFreePairs(t);  // world_free_pairs.cpp
    return;
  }
  for (auto& body : bodies_) {
    if (!body->fixed) {
      advanceBody(*body, t);
    }
  }
  time_ = t;
}

void World::advanceBody(Body& body, double t, bool through) {
  double now = body.leg ? body.leg->end_time : time_;
  for (;;) {
    if (body.contact && body.contact_touch) {
      // Another fixed body touched within the contact's steps: the contact ends there.
      const Body::ContactTouch touch = *body.contact_touch;
      if (t < touch.time || (t == touch.time && !through)) {
        return;  // state() reads the contact's dense output
      }
      endContact(body, touch.time, stateAt(body, touch.time),
                 "touches '" + bodies_[obstacles_->body[touch.obstacle]]->name + "'");
      now = touch.time;
      // The body still touches the fixed body it was in contact with: a slow impact here bounces
      // (a body holds one contact at a time) rather than starting a contact that the first would
      // at once end again.
      collide(body, touch.obstacle, touch.points, now, /*still_touching=*/true);
      continue;
    }
    if (body.contact) {
      // The contact takes its own steps past t; the state at t comes from dense output.
      const double from = body.contact->time();
      body.contact->advancePast(through ? t + 2e-9 * std::max(1.0, std::abs(t)) : t);
      collectEvents(body);
      // Its steps may carry the body into another fixed body (a ball rolling into a wall): the
      // contact then holds only up to the touch.
      if (body.support && body.proximity && obstacles_->list.size() > 1) {
        if (auto touch = obstacleTouch(body, from, body.contact->time())) {
          body.contact_touch = Body::ContactTouch{touch->time, *touch->obstacle, touch->points};
          continue;
        }
      }
      if (!body.contact->separated() || body.contact->time() > t) {
        return;
      }
      // Released: free flight from the moment of separation.
      now = body.contact->time();
      if (body.contact->stats().accepted_steps == 0) {
        // Separated where it was established (at an open edge of a surface, or an irregular
        // point): the impacts there bounce rather than establish contact again, or they would
        // cycle without time advancing.
        body.bounce_at = now;
      }
      endContact(
          body, now, stateAt(body, now),
          body.proximity ? "with collision detection" : "continues without collision detection");
    }
    if (!body.proximity) {
      advanceFree(body, now, t);
      return;
    }
    if (body.leg) {
      if (t < body.leg->end_time || (t == body.leg->end_time && !through)) {
        return;  // state() interpolates
      }
      // The world has passed the leg's end: take up the flight, or the touch, from there.
      now = body.leg->end_time;
      const std::optional<std::size_t> obstacle = body.leg->obstacle;
      const ClosestPoints points = body.leg->points;
      body.leg.reset();
      if (obstacle) {
        collide(body, *obstacle, points, now);
        continue;
      }
    }
    world_detail::FlightSettings settings = flightSettings();
    settings.gravity = gravity_;
    const world_detail::FlightMap fly = [&](const RigidBodyState& x, double t0, double t1) {
      // advanceFree stretches steps over remainders below 1e-9 s; advancement near a touch asks
      // for shorter flights than that, which one RK4 step does exactly enough.
      if (t1 - t0 < 1e-6) {
        return FreeBodySystem::unpack(rk4Step(*body.system, t0, FreeBodySystem::pack(x), t1 - t0));
      }
      body.state = x;
      advanceFree(body, t0, t1, /*record=*/false);  // a trial: flight records what it keeps
      return body.state;
    };
    const double largest = integrator_.method == IntegratorMethod::kRk4
                               ? integrator_.step
                               : integrator_.adaptive.max_step;
    const RigidBodyState start = body.state;
    const std::size_t first_step = body.step_sizes.size();
    const auto flight =
        world_detail::flyUntilTouch(*body.proximity, start, now, t + largest, obstacles_->list, fly,
                                    settings, body.warm, body.nearest);
    body.state = flight.state;
    body.nearest = flight.nearest;
    // An advancement longer than the integrator's largest step was flown in such steps and a
    // remainder (advanceFree); record it so.
    for (double h : flight.steps) {
      for (; h > largest * (1.0 + 1e-9); h -= largest) {
        recordStep(body, largest);
      }
      recordStep(body, h);
    }
    if (flight.time > now) {
      body.leg =
          Body::FlightLeg{now, start, flight.time, flight.obstacle, flight.points, first_step};
      now = flight.time;
      continue;  // the output at t, or the leg's end
    }
    if (!flight.obstacle) {
      continue;
    }
    collide(body, *flight.obstacle, flight.points, now);
  }
}

void World::endContact(Body& body, double time, const RigidBodyState& state,
                       const std::string& why) {
  ++body.revision;
  if (body.carried) {  // a contact with another free body frees both
    Body& partner = *bodies_[*body.carried];
    // The pair's last search predates the contact: its closest points may lead Newton astray.
    free_pairs_->pairs.erase(std::minmax(*body.carried, *partner.carrier));
    ++partner.revision;
    partner.state = body.contact->body2StateAt(time);
    partner.carrier.reset();
    partner.leg.reset();
    partner.nearest.reset();
    std::fill(partner.warm.begin(), partner.warm.end(), std::nullopt);
    events_.push_back({time, partner.name, "free-flight", "contact with " + body.name + " ends"});
    body.carried.reset();
  }
  body.state = state;
  if (time < body.contact->time()) {
    // The contact has stepped past its end (an impact, a touch of another fixed body): what it
    // logged after it never happened.
    std::erase_if(events_,
                  [&](const WorldEvent& e) { return e.body == body.name && e.time > time; });
  }
  events_.push_back({time, body.name, "free-flight", why});
  // The steps the contact took up to `time`: a contact cut short (an impact, a touch of another
  // fixed body) has stepped past it.
  const SmoothContactStats& taken = body.contact->stats();
  for (std::size_t i = 0; i < taken.step_sizes.size(); ++i) {
    const double start = taken.step_ends[i] - taken.step_sizes[i];
    if (!(start < time - 1e-12 * std::max(1.0, std::abs(time)))) {
      break;  // steps are in time order: the rest began at or after the cut
    }
    const double h = std::min(taken.step_ends[i], time) - start;
    if (h > 0.0) {
      recordStep(body, h);
    }
  }
  body.contact.reset();
  body.support.reset();
  body.contact_touch.reset();
  body.contact_warm.clear();
  body.nearest.reset();
  // The warm closest points are those of the last flight, before the contact moved the body: a
  // Newton guess from there may converge to another, spurious pair.
  std::fill(body.warm.begin(), body.warm.end(), std::nullopt);
}

// kry-pai-2002 §3.7: an impact by the Chatterjee–Ruina law (contact/impact) with K from the free
// body's inertia at the contact point (the obstacle is fixed: infinite mass); continuous contact
// when the bodies come apart slower than contact_speed.
void World::collide(Body& body, std::size_t obstacle, const ClosestPoints& points, double time,
                    bool still_touching) {
  ++body.revision;
  const Body& fixed = *bodies_[obstacles_->body[obstacle]];
  const Vec3 c = points.point1;
  const Vec3& n = points.normal;
  const ImpactBody a = impactBody(body.system->body(), body.state);
  ImpactBody b;
  b.com_world = fixed.state.position;
  const Vec3 u = world_detail::pointVelocity(body.state, c);
  const ImpactResult impact =
      chatterjeeRuinaImpulse(collisionMatrix(a, b, c), u, n, collisions_.impact);
  addVelocityChange(body.state, applyImpulse(a, b, c, impact.impulse).a);
  const double after = n.dot(world_detail::pointVelocity(body.state, c));
  char detail[256];
  std::snprintf(detail, sizeof detail, "with %s: normal speed %.6g -> %.6g m/s (%s)",
                fixed.name.c_str(), -n.dot(u), after, toString(impact.regime));
  events_.push_back({time, body.name, "collision", detail});
  if (after >= collisions_.contact_speed) {
    return;
  }
  SmoothContactSetup setup = collisionContactSetup(body, fixed);
  setup.E_w_2 = fixed.state.pose();
  const bool rolls = rollsAfterImpact(world_detail::pointVelocity(body.state, c), n);
  std::unique_ptr<SmoothContact> contact;
  if (!still_touching && body.bounce_at != time &&
      !nearIrregularPoint(*body.surface, points.patch1, points.st) &&
      !nearIrregularPoint(*fixed.surface, points.patch2, points.uv)) {
    contact = establishContact(setup, body.state, rolls, points, time);
  }
  if (!contact) {
    // kry-pai-2002 §3.6: no continuous contact here; a small bounce instead (a normal impulse
    // on top of the law's, so that the body leaves at bounce_speed), as Mirtich & Canny's
    // micro-collisions, until contact can be restored beyond the irregular point.
    const Mat3 K = collisionMatrix(a, b, c);
    const double extra = (collisions_.bounce_speed - after) / n.dot(K * n);
    addVelocityChange(body.state, applyImpulse(a, b, c, extra * n).a);
    std::snprintf(detail, sizeof detail, "with %s: %s, leaves at %.6g m/s", fixed.name.c_str(),
                  still_touching           ? "a body holds one contact at a time"
                  : body.bounce_at == time ? "at an open edge or irregular point"
                                           : "near an irregular point",
                  n.dot(world_detail::pointVelocity(body.state, c)));
    events_.push_back({time, body.name, "small-bounce", detail});
    return;
  }
  body.contact = std::move(contact);
  body.support = obstacles_->body[obstacle];
  body.events_seen = 0;
  events_.push_back({time, body.name, "contact-on",
                     std::string("with ") + fixed.name + (rolls ? ", rolling" : ", sliding")});
}

// The continuous contact an impact leaves, or nothing where it cannot be set up (its contact
// system singular, near-conforming surfaces, kry-pai-2002 §3.2; or no touching pair found from
// the collision's): the world then bounces as near an irregular point.
std::unique_ptr<SmoothContact> World::establishContact(const SmoothContactSetup& setup,
                                                       const RigidBodyState& state, bool rolls,
                                                       const ClosestPoints& points,
                                                       double time) const {
  try {
    const SmoothContactState s = contactStateFromPose(
        setup, state.pose(), state.twist, rolls ? FrictionMode::kRolling : FrictionMode::kSliding,
        std::max(1e-6, 10.0 * collisions_.tolerance), points.patch1, points.st, points.patch2,
        points.uv);
    auto contact = std::make_unique<SmoothContact>(setup, s, time);
    (void)contact->acceleration();
    return contact;
  } catch (const Error&) {  // singular system, or Newton did not land on a touching pair
    return nullptr;
  }
}

SmoothContactSetup World::collisionContactSetup(const Body& body1, const Body& body2) const {
  SmoothContactSetup setup;
  setup.surface1 = body1.surface;
  setup.mass1 = body1.system->body();
  setup.surface2 = body2.surface;
  setup.gravity = gravity_;
  setup.friction = collisions_.friction;
  setup.integrator = contact_steps_;
  setup.irregular_radius = collisions_.irregular_radius;
  return setup;
}

bool World::rollsAfterImpact(const Vec3& slip, const Vec3& n) const {
  return collisions_.friction.mu > 0.0 &&
         (slip - n * n.dot(slip)).norm() < collisions_.friction.slip_threshold;
}

world_detail::FlightSettings World::flightSettings() const {
  world_detail::FlightSettings settings;
  settings.tolerance = collisions_.tolerance;
  settings.grazing_step = contact_steps_.max_step;
  return settings;
}

bool World::nearIrregularPoint(const Surface& surface, int patch, const Vec2& p) const {
  return surface.irregularDistance(patch, p(0), p(1)) < collisions_.irregular_radius;
}

void World::collectEvents(Body& body) {
  const std::vector<SmoothContactEvent>& e = body.contact->events();
  for (; body.events_seen < e.size(); ++body.events_seen) {
    const SmoothContactEvent& x = e[body.events_seen];
    events_.push_back({x.time, body.name, toString(x.type), x.detail});
  }
}

void World::recordStep(Body& body, double h) {
  ++body.steps;
  body.smallest_step = body.steps == 1 ? h : std::min(body.smallest_step, h);
  body.largest_step = std::max(body.largest_step, h);
  body.step_sizes.push_back(h);
}

void World::advanceFree(Body& body, double t_start, double t_end, bool record) {
  double t = t_start;
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
          x = rk4Step(*body.system, t, x, h);
        } else {
          x = FreeBodySystem::pack(
              semiImplicitEulerStep(*body.system, t, FreeBodySystem::unpack(x), h));
        }
        break;
      }
      case IntegratorMethod::kPointContact:   // stepped by point_world_, never here
      case IntegratorMethod::kVolumeContact:  // stepped by volume_world_, never here
      case IntegratorMethod::kAdaptiveRk4:
      case IntegratorMethod::kCashKarp45: {
        const auto result = body.driver->step(*body.system, t, x, t_end);
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
    if (record) {
      recordStep(body, h);
    }
  }
  body.state = FreeBodySystem::unpack(x);
}

const std::string& World::bodyName(std::size_t i) const {
  return bodies_.at(i)->name;
}

bool World::isFixed(std::size_t i) const {
  return bodies_.at(i)->fixed;
}

RigidBodyState World::state(std::size_t i) const {
  const Body& b = *bodies_.at(i);
  if (point_world_ && point_index_[i])
    return point_world_->state(*point_index_[i]);
  if (volume_world_)
    return volume_world_->state(i);
  return stateAt(b, time_);
}

RigidBodyState World::stateAt(const Body& b, double t) const {
  if (b.carrier)
    return bodies_[*b.carrier]->contact->body2StateAt(t);
  if (!b.contact && b.leg) {
    // A time a rounding error outside the leg (a sum of steps) reads its end.
    const double slack = 1e-12 * std::max(1.0, std::abs(t));
    const double s = t < b.leg->start_time && t > b.leg->start_time - slack ? b.leg->start_time
                     : t > b.leg->end_time && t < b.leg->end_time + slack   ? b.leg->end_time
                                                                            : t;
    return interpolateFlight(b.leg->start, b.leg->start_time, b.state, b.leg->end_time, s);
  }
  if (!b.contact)
    return b.state;
  RigidBodyState s;
  const Frame E = b.contact->worldPoseAt(t);
  s.position = E.translation();
  s.orientation = Quat(E.linear()).normalized();
  s.twist = b.contact->bodyTwistAt(t);
  return s;
}

double World::energy(std::size_t i) const {
  const Body& b = *bodies_.at(i);
  if (b.fixed)
    return 0.0;
  if (point_world_)
    return point_world_->energy(*point_index_[i]);
  if (volume_world_)
    return volume_world_->energy(i);
  if (b.contact && !b.carried)
    return b.contact->energyAt(time_);
  return b.system->energy(state(i));
}

Vec3 World::angularMomentum(std::size_t i) const {
  const Body& b = *bodies_.at(i);
  if (b.fixed)
    return Vec3::Zero();
  const RigidBodyState s = state(i);
  const Mat3& I = b.contact ? b.contact->setup().mass1.inertia() : b.system->body().inertia();
  return s.orientation * (I * angular(s.twist));
}

IntegrationStats World::stats() const {
  if (point_world_ || volume_world_)
    return point_stats_;
  IntegrationStats total;
  for (const auto& b : bodies_) {
    if (b->fixed)
      continue;
    long steps = b->steps;
    long rejected = b->driver ? b->driver->stats().rejected : 0;
    double smallest = b->smallest_step, largest = b->largest_step;
    if (b->contact) {
      const SmoothContactStats& c = b->contact->stats();
      steps += c.accepted_steps;
      rejected += c.rejected_steps;
      for (const double h : c.step_sizes) {
        smallest = smallest == 0.0 ? h : std::min(smallest, h);
        largest = std::max(largest, h);
      }
    }
    total.steps += steps;
    total.rejected += rejected;
    if (steps > 0) {
      total.smallest_step =
          total.smallest_step == 0.0 ? smallest : std::min(total.smallest_step, smallest);
      total.largest_step = std::max(total.largest_step, largest);
    }
    total.step_sizes.insert(total.step_sizes.end(), b->step_sizes.begin(), b->step_sizes.end());
    if (b->contact) {
      const std::vector<double>& c = b->contact->stats().step_sizes;
      total.step_sizes.insert(total.step_sizes.end(), c.begin(), c.end());
    }
  }
  return total;
}

}  // namespace contactsim
