// SmoothWorld's free flight: fixed-step or adaptive integration of free bodies, flight legs that
// run ahead of the world's time, and the advancement to the first touch of a fixed obstacle
// (kry-pai-2002 §3.7, world/time_of_impact.hpp); a body's contact steps and the touches that end
// them.
#include <algorithm>
#include <cmath>

#include "collision/surface_proximity.hpp"
#include "contactsim/error.hpp"
#include "dynamics/rk4.hpp"
#include "smooth_world_body.hpp"

namespace contactsim::world_detail {
namespace {

// Issue 27, defect 6: a diverging body named with the time, the scale of its last finite state
// and the likely cause. RK4's stability region reaches about 2.8 along the imaginary axis, so a
// spin ω needs steps with ω h well below that.
std::string divergence(const std::string& name, const RigidBodyState& last, double t, double h) {
  const double spin = last.worldAngularVelocity().norm();
  const std::string cause =
      spin * h > 1.0 ? "the step is too large for its spin (ω h = " + toText(spin * h) +
                           "; keep it below 1): lower the step"
                     : "its speed or position is beyond what double precision can integrate";
  return "body '" + name + "' diverged in the step from t = " + toText(t) + " s (step " +
         toText(h) + " s); its last finite state: |ω| = " + toText(spin) +
         " rad/s, |v| = " + toText(last.worldLinearVelocity().norm()) +
         " m/s, |p| = " + toText(last.position.norm()) + " m; likely cause: " + cause;
}

}  // namespace

void SmoothWorld::advanceBody(Body& body, double t, bool through) {
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
      try {
        body.contact->advancePast(through ? t + 2e-9 * std::max(1.0, std::abs(t)) : t);
      } catch (const NumericalError& e) {
        throw NumericalError("body '" + body.name + "' in contact: " + e.what());
      }
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
      if (!body.proximity && body.support && body.contact->separated()) {
        // Watched from the contact's last pair of points (Newton follows it as the body flies).
        const Body& fixed = *bodies_[*body.support];
        const SmoothContactState& last = body.contact->state();
        ClosestPoints warm;
        warm.patch1 = last.patch1;
        warm.patch2 = last.patch2;
        warm.st = last.q.head<2>();
        warm.uv = last.q.segment<2>(2);
        body.left = Body::Left{
            *body.support,
            now,
            std::make_shared<const ProximityShape>(body.surface, collisions_.tessellation),
            std::make_shared<const ProximityShape>(fixed.surface, collisions_.tessellation),
            warm,
            now};
      }
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
      checkLeftBody(body, t);
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
    FlightSettings settings = flightSettings();
    settings.gravity = gravity_;
    const FlightMap fly = [&](const RigidBodyState& x, double t0, double t1) {
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
    retireSteps(body);  // what came before this leg is final
    const std::size_t first_step = body.step_sizes.size();
    const auto flight = flyUntilTouch(*body.proximity, start, now, t + largest, obstacles_->list,
                                      fly, settings, body.warm, body.nearest);
    body.state = flight.state;
    body.nearest = flight.nearest;
    const bool leg = flight.time > now;
    if (leg) {
      body.leg =
          Body::FlightLeg{now, start, flight.time, flight.obstacle, flight.points, first_step};
    }
    // An advancement longer than the integrator's largest step was flown in such steps and a
    // remainder (advanceFree); record it so (a leg's steps stay open to a rollback).
    for (double h : flight.steps) {
      for (; h > largest * (1.0 + 1e-9); h -= largest) {
        recordStep(body, largest);
      }
      recordStep(body, h);
    }
    if (leg) {
      now = flight.time;
      continue;  // the output at t, or the leg's end
    }
    if (!flight.obstacle) {
      continue;
    }
    collide(body, *flight.obstacle, flight.points, now);
  }
}

// Issue 25: a body that separated from a fixed body in a world without collisions flies on
// through everything; passing into the body it has just left is reported, never silent.
void SmoothWorld::checkLeftBody(Body& body, double t) const {
  if (!body.left || !body.surface)
    return;
  Body::Left& left = *body.left;
  const Body& fixed = *bodies_[left.body];
  ClosestPoints cp =
      closestPoints(*left.mine, body.state.pose(), *left.theirs, fixed.state.pose(), left.warm);
  if (!cp.converged)  // lost from the last pair: start again from the tessellations
    cp = closestPoints(*left.mine, body.state.pose(), *left.theirs, fixed.state.pose());
  // Inside: Newton's signed distance below −1 µm, or (Newton lost) intersecting tessellations.
  const bool inside = cp.converged ? cp.distance < -1e-6 : cp.mesh_distance == 0.0;
  if (cp.converged)
    left.warm = cp;
  if (!inside) {
    left.checked = t;
    return;
  }
  throw NumericalError(
      "body '" + body.name + "' has passed into '" + fixed.name +
      "' between t = " + toText(left.checked) + " s and t = " + toText(t) + " s (depth " +
      toText(cp.converged ? -cp.distance : 0.0) + " m): its contact with '" + fixed.name +
      "' separated at t = " + toText(left.time) +
      " s and the scene has no collisions to stop it; enable models.smooth.collisions");
}

FlightSettings SmoothWorld::flightSettings() const {
  FlightSettings settings;
  settings.tolerance = collisions_.tolerance;
  settings.grazing_step = contact_steps_.max_step;
  return settings;
}

void SmoothWorld::recordStep(Body& body, double h) const {
  ++body.steps;
  body.smallest_step = body.steps == 1 ? h : std::min(body.smallest_step, h);
  body.largest_step = std::max(body.largest_step, h);
  body.step_sizes.push_back(h);
  if (!body.leg)
    retireSteps(body);
}

void SmoothWorld::recordSteps(Body& body, long count, double smallest, double largest) const {
  if (count == 0)
    return;
  body.smallest_step = body.steps == 0 ? smallest : std::min(body.smallest_step, smallest);
  body.largest_step = std::max(body.largest_step, largest);
  body.steps += count;
  foldRetired(body, count, smallest, largest);
}

void SmoothWorld::foldRetired(Body& body, long count, double smallest, double largest) {
  body.retired_smallest = body.retired == 0 ? smallest : std::min(body.retired_smallest, smallest);
  body.retired_largest = std::max(body.retired_largest, largest);
  body.retired += count;
}

void SmoothWorld::retireSteps(Body& body) const {
  if (integrator_.keep_step_sizes)
    return;
  for (const double h : body.step_sizes)
    foldRetired(body, 1, h, h);
  body.step_sizes.clear();
}

void SmoothWorld::advanceFree(Body& body, double t_start, double t_end, bool record) {
  double t = t_start;
  FreeBodySystem::State x = FreeBodySystem::pack(body.state);
  // Steps that would leave less than this remainder are stretched to end exactly at t_end.
  const double slack = 1e-9 * std::max(1.0, std::abs(t_end));
  while (t_end - t > slack) {
    double h = 0.0;
    const FreeBodySystem::State last = x;  // the last finite state, for the message below
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
      case IntegratorMethod::kPointContact:   // a velocity-level subsystem, never here
      case IntegratorMethod::kVolumeContact:  // a velocity-level subsystem, never here
      case IntegratorMethod::kAdaptiveRk4:
      case IntegratorMethod::kCashKarp45: {
        const auto result = body.driver->step(*body.system, t, x, t_end);
        h = result.h;
        x = result.x;
        break;
      }
    }
    if (!x.allFinite())
      throw NumericalError(divergence(body.name, FreeBodySystem::unpack(last), t, h));
    t += h;
    if (record) {
      recordStep(body, h);
    }
  }
  body.state = FreeBodySystem::unpack(x);
}

}  // namespace contactsim::world_detail
