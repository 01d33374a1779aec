#include "time_of_impact.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "contactsim/error.hpp"
#include "sphere_pairs.hpp"

namespace contactsim::world_detail {
namespace {

using Nearest = NearestObstacle;

// The smallest distance to any obstacle: the smooth one by Newton where the meshes come within
// `near` of each other, else a lower bound from the meshes' distance (enough for conservative
// advancement far away). One mesh query per obstacle: closestPoints reports the meshes' distance
// it checks its pair against; none once the bounding spheres are more than `near` apart, whose
// gap then bounds the distance.
//
// Broad phase: each surface lies within its tessellation's bounding sphere grown by the
// tessellation error, so the spheres' gap bounds an obstacle's distance from below. Visited
// nearest sphere first, an obstacle whose sphere gap is no less than the best distance found so
// far cannot be nearer, and is skipped with all that follow: among many obstacles, only those
// whose spheres come near the body are queried. Two exact spheres take the closed form instead of
// the meshes and Newton.
Nearest nearest(const ProximityShape& shape, const RigidBodyState& state,
                std::span<const Obstacle> obstacles,
                std::vector<std::optional<ClosestPoints>>& warm) {
  Nearest best;
  const Frame E = state.pose();
  const double near = 0.25 * shape.boundingRadius();
  const double reach = shape.boundingRadius() + 2.0 * shape.tessellationError();
  const std::optional<SphereForm>& sphere = sphereOf(shape);
  std::vector<std::pair<double, std::size_t>> order(obstacles.size());
  for (std::size_t i = 0; i < obstacles.size(); ++i) {
    const Obstacle& o = obstacles[i];
    // Each error counted twice, as in the mesh bound below (the error is a sampled estimate).
    const double gap = (o.pose.translation() - state.position).norm() - reach -
                       o.shape->boundingRadius() - 2.0 * o.shape->tessellationError();
    order[i] = {gap, i};
  }
  std::sort(order.begin(), order.end());
  for (const auto& [gap, i] : order) {
    if (gap >= best.distance) {
      break;
    }
    if (gap > near) {
      // Far apart: the spheres' gap is the lower bound, without a mesh query (the gaps of the
      // obstacles after this one are no smaller).
      best = {gap, i, {}, false};
      break;
    }
    const Obstacle& o = obstacles[i];
    if (sphere && sphereOf(*o.shape)) {
      // Two exact spheres: the closed form (world/sphere_pairs.hpp), exact at any distance.
      const ClosestPoints cp = sphereClosestPoints(*sphere, E, *sphereOf(*o.shape), o.pose);
      if (cp.distance < best.distance) {
        best = {cp.distance, i, cp, true};
      }
      continue;
    }
    ClosestPoints cp = closestPoints(shape, E, *o.shape, o.pose, warm[i]);
    const double bound =
        cp.mesh_distance - 2.0 * (shape.tessellationError() + o.shape->tessellationError());
    if (bound > near) {
      warm[i].reset();
      if (bound < best.distance) {
        best = {bound, i, {}, false};
      }
      continue;
    }
    if (!cp.converged && warm[i]) {
      cp = closestPoints(shape, E, *o.shape, o.pose);
    }
    if (!cp.converged) {
      // Newton failed from both guesses: fall back on the (conservative) mesh bound.
      warm[i].reset();
      if (bound < best.distance) {
        best = {std::max(bound, 0.0), i, cp, false};
      }
      continue;
    }
    warm[i] = cp;
    if (cp.distance < best.distance) {
      best = {cp.distance, i, cp, true};
    }
  }
  return best;
}

double approachSpeed(const RigidBodyState& state, const ClosestPoints& cp) {
  return -cp.normal.dot(pointVelocity(state, cp.point1));
}

}  // namespace

Vec3 pointVelocity(const RigidBodyState& state, const Vec3& p) {
  return state.worldLinearVelocity() + state.worldAngularVelocity().cross(p - state.position);
}

FlightResult flyUntilTouch(const ProximityShape& shape, const RigidBodyState& start, double t0,
                           double t1, std::span<const Obstacle> obstacles, const FlightMap& fly,
                           const FlightSettings& settings,
                           std::vector<std::optional<ClosestPoints>>& warm,
                           const std::optional<NearestObstacle>& start_nearest) {
  FlightResult out{t0, start, std::nullopt, {}, {}, std::nullopt};
  if (obstacles.empty()) {
    out.state = fly(start, t0, t1);
    out.time = t1;
    out.steps.push_back(t1 - t0);
    return out;
  }
  warm.resize(obstacles.size());
  const double tol = settings.tolerance;
  const double radius = shape.boundingRadius();
  const double g = settings.gravity.norm();
  double t = t0;
  RigidBodyState x = start;
  // Overlap a step may end in without counting as passing through: the touch tolerance, or the
  // overlap the flight starts with (a contact that separated may leave another part of the body
  // slightly inside, one contact point being all the evolution keeps apart). Flight never lets
  // it grow; an impact resolves it.
  double allowed = tol;
  for (int iteration = 0; iteration < settings.max_iterations; ++iteration) {
    const Nearest n =
        iteration == 0 && start_nearest ? *start_nearest : nearest(shape, x, obstacles, warm);
    const double approach = n.exact ? approachSpeed(x, n.points) : 0.0;
    // At the start, or when a step found the body deeper than it ended (the nearest pair moved
    // to another part of the body) and not approaching there: fly out of that overlap, never
    // letting it grow. Approaching, an impact resolves it below.
    if (n.exact && n.distance < -allowed && (iteration == 0 || approach <= 0.0)) {
      if (n.distance < -settings.max_start_overlap) {
        std::ostringstream m;
        m << "the body overlaps obstacle " << n.obstacle << " by " << -n.distance
          << " m at t = " << t;
        throw NumericalError(m.str());
      }
      allowed = tol - n.distance;
    }
    if (n.exact && n.distance <= tol && approach > 0.0) {
      out.time = t;
      out.state = x;
      out.obstacle = n.obstacle;
      out.points = n.points;
      return out;
    }
    if (t >= t1) {
      out.time = t1;
      out.state = x;
      out.nearest = n;
      return out;
    }
    // Conservative advancement: no point of the body moves faster than u over the step.
    const double v = x.worldLinearVelocity().norm() + x.worldAngularVelocity().norm() * radius;
    // Every point moves at most v Δ + ½ g Δ² in a step Δ (gravity the only force in flight):
    // the Δ that makes that the gap.
    const auto within = [&](double length) {
      if (settings.advancement) {
        return settings.advancement(t, length);
      }
      return g > 0.0 ? 2.0 * length / (v + std::sqrt(v * v + 2.0 * g * length))
                     : length / std::max(v, 1e-300);
    };
    double step = within(std::max(n.distance, tol));
    // Steps that skip the advancement's bound (trial and Newton steps, checked only where they
    // end) move no point farther than `reach`, so they cannot pass through anything thicker.
    const double reach = 0.1 * radius;
    const double reach_step = within(reach);
    if (n.exact && approach <= 0.0 && n.distance < reach &&
        step < std::min({settings.grazing_step, reach_step, t1 - t})) {
      // Close and not approaching (grazing, just separated, or in a small bounce): conservative
      // steps would be gap / speed, tiny while the gap opens only slowly. Try a whole grazing
      // step (within reach), halved until it ends outside.
      double trial = std::min({settings.grazing_step, reach_step, t1 - t});
      // Separating at s against gravity's normal part g_n, the gap d + s τ − ½ g_n τ² closes
      // again at τ*: try three quarters of it, which ends apart while the model holds (a small
      // bounce lasts 2 s / g_n), rather than halving down from a longer trial.
      const double g_n = -settings.gravity.dot(n.points.normal);
      if (g_n > 0.0 && approach < 0.0) {
        const double s = -approach;
        const double closes = (s + std::sqrt(s * s + 2.0 * g_n * std::max(n.distance, 0.0))) / g_n;
        trial = std::min(trial, std::max(0.75 * closes, step));
      }
      for (;;) {
        const RigidBodyState candidate = fly(x, t, t + trial);
        std::vector<std::optional<ClosestPoints>> warm_candidate = warm;
        const Nearest m = nearest(shape, candidate, obstacles, warm_candidate);
        if (!(m.exact && m.distance < -allowed) || trial < 1e-12) {
          out.steps.push_back(trial);
          t += trial;
          x = candidate;
          warm = std::move(warm_candidate);
          break;
        }
        trial *= 0.5;
      }
      continue;
    }
    // Close and approaching: try the Newton step in time, distance over approach speed.
    if (n.exact && approach > 0.0 && n.distance < reach) {
      const double newton = std::min({n.distance / approach, reach_step, t1 - t});
      const RigidBodyState candidate = fly(x, t, t + newton);
      std::vector<std::optional<ClosestPoints>> warm_candidate = warm;
      const Nearest m = nearest(shape, candidate, obstacles, warm_candidate);
      if (!(m.exact && m.distance < -allowed)) {
        out.steps.push_back(newton);
        t += newton;
        x = candidate;
        warm = std::move(warm_candidate);
        continue;
      }
      // Overshot: regula falsi (Illinois) on the signed distance between t (d > 0) and t + newton.
      double ta = t, tb = t + newton, da = n.distance, db = m.distance;
      RigidBodyState xa = x;
      int side = 0;
      bool landed = false;
      std::optional<Nearest> c_deep = m;  // the overlapping end of the bracket
      RigidBodyState x_deep = candidate;
      double t_deep = tb;
      for (int k = 0; k < 60 && !landed; ++k) {
        const double tc = tb - db * (tb - ta) / (db - da);
        const RigidBodyState xc = fly(xa, ta, tc);
        std::vector<std::optional<ClosestPoints>> warm_c = warm;
        const Nearest c = nearest(shape, xc, obstacles, warm_c);
        const bool collapsed = tb - ta < 1e-15 * std::max(1.0, std::abs(tb));
        if (collapsed && std::abs(c.distance) > tol) {
          // A jump, not a root: the nearest pair changed at ta. The deep side is c, or what
          // was found at tb.
          if (c.distance < 0.0) {
            c_deep = c, x_deep = xc, t_deep = tc;
          }
          break;
        }
        if (std::abs(c.distance) <= tol || collapsed) {
          out.steps.push_back(tc - t);
          t = tc;
          x = xc;
          warm = std::move(warm_c);
          landed = true;
          continue;
        }
        if (c.distance > 0.0) {
          ta = tc;
          da = c.distance;
          xa = xc;
          warm = std::move(warm_c);
          if (side == 1) {
            db *= 0.5;
          }
          side = 1;
        } else {
          tb = tc;
          db = c.distance;
          c_deep = c, x_deep = xc, t_deep = tc;
          if (side == -1) {
            da *= 0.5;
          }
          side = -1;
        }
      }
      if (!landed && c_deep && c_deep->exact && approachSpeed(x_deep, c_deep->points) > 0.0 &&
          !(ta - t > 1e-12 * std::max(1.0, std::abs(t)))) {
        // The jump is at t itself: another part of the body, which the nearest pair at t did
        // not show, already touches and approaches. That is the touch; its impact resolves the
        // (small) overlap, as for any approaching overlap.
        out.time = t_deep;
        out.state = x_deep;
        out.obstacle = c_deep->obstacle;
        out.points = c_deep->points;
        return out;
      }
      if (!landed) {
        // No root: the signed distance jumped inside the bracket (the nearest pair moved to
        // another part of the body, or Newton failed there). Keep the last time known apart;
        // from the start, take the conservative step, which cannot pass through.
        const double safe = ta > t ? ta - t : std::min(step, t1 - t);
        x = ta > t ? xa : fly(x, t, t + safe);
        out.steps.push_back(safe);
        t += safe;
      }
      continue;
    }
    step = std::min(step, t1 - t);
    x = fly(x, t, t + step);
    out.steps.push_back(step);
    t += step;
  }
  throw NumericalError("free flight: conservative advancement did not reach a touch or t = " +
                       toText(t1) + " within " + toText(settings.max_iterations) + " iterations");
}

}  // namespace contactsim::world_detail
