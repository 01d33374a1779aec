#include "world/response_world.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "contact/response/action_reaction.hpp"
#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim {
namespace {

/// One body's side of a contact for this step: the map's response at the contact's place, and
/// the history's nominal force and latest deformation (none yet for a new contact).
ContactSide sideOf(const ResponseMap& map, const ResponseWeights& w,
                   const DeformationHistory* history) {
  ContactSide s;
  s.instantaneous_stiffness = interpolatedResponse(map, w, 0);
  if (history != nullptr) {
    // ullrich-pai §5.1 step 1: the nominal force of the penetration history up to t_k.
    s.nominal_force = history->nominalForce(map, w);
    s.deformation = history->deformation();
  }
  return s;
}

std::string mapName(const ResponseMap& map) {
  return "map \"" + map.name + "\"";
}

}  // namespace

struct ResponseWorld::Pending {
  Key key;
  ResponseContactRow row;
  ContactSide side_a;
  ContactSide side_b;
  Vec2 point_a = Vec2::Zero();
  std::size_t samples = 1;  ///< N_f of the longer map of the contact
};

void ResponseWorldOptions::validate() const {
  requireFinite(gravity, "response world gravity");
  if (!(std::isfinite(friction) && friction >= 0.0)) {
    throw InvalidInputError("response world friction coefficient must be finite and >= 0, got " +
                            toText(friction));
  }
  if (!(std::isfinite(release_tolerance) && release_tolerance >= 0.0)) {
    throw InvalidInputError("response world release_tolerance must be finite and >= 0, got " +
                            toText(release_tolerance));
  }
  if (!(passivity_tolerance >= 0.0)) {  // +∞: unchecked
    throw InvalidInputError("response world passivity_tolerance must be >= 0, got " +
                            toText(passivity_tolerance));
  }
  solver.validate();
}

ResponseWorld::ResponseWorld(const ResponseWorldOptions& options) : options_(options) {
  options_.validate();
}

std::size_t ResponseWorld::addBody(std::shared_ptr<const ResponseMap> map,
                                   const PlanarBodyState& state) {
  const std::string what = "response world body " + toText(bodies_.size());
  if (!map) {
    throw InvalidInputError(what + ": no response map");
  }
  try {
    map->validate();
  } catch (const InvalidInputError& e) {
    throw InvalidInputError(what + ": " + e.what());
  }
  state.validate(what);
  for (std::size_t j = 0; j < map->nodes.size(); ++j) {
    if (!(map->nodes[j].force[0] > 0.0)) {
      std::ostringstream s;
      s << what << ": " << mapName(*map) << " node " << j
        << " has F(t_0) = " << map->nodes[j].force[0]
        << "; the action-reaction solve (ullrich-pai eqs. 7-8) needs a positive instantaneous "
           "response";
      throw InvalidInputError(s.str());
    }
  }
  if (!bodies_.empty() && std::abs(map->time_step - time_step_) > 1e-12 * time_step_) {
    std::ostringstream s;
    s.precision(17);
    s << what << ": " << mapName(*map) << " has time step " << map->time_step
      << " s but the world steps at " << time_step_ << " s (body 0's " << mapName(*bodies_[0].map)
      << "); the run-time convolution (ullrich-pai 5.1 step 1) needs every map sampled at the "
         "same time step";
    throw InvalidInputError(s.str());
  }
  Body body{map, planarMassProperties(map->outline, map->material.density), OutlineResponse(*map),
            state, !firstReflexVertex(map->outline).has_value()};
  bodies_.push_back(std::move(body));
  if (bodies_.size() >= 2) {
    for (std::size_t i = 0; i < bodies_.size(); ++i) {
      if (const auto v = firstReflexVertex(bodies_[i].map->outline)) {
        const std::string message = "response world body " + toText(i) + ": " +
                                    mapName(*bodies_[i].map) + " outline turns clockwise at " +
                                    "vertex " + toText(*v) +
                                    "; contact between two map bodies needs convex outlines";
        bodies_.pop_back();
        throw InvalidInputError(message);
      }
    }
  }
  time_step_ = bodies_.front().map->time_step;
  return bodies_.size() - 1;
}

std::size_t ResponseWorld::addHalfPlane(const HalfPlane& plane) {
  plane.validate("response world half-plane " + toText(planes_.size()));
  planes_.push_back(plane);
  return planes_.size() - 1;
}

const PlanarBodyState& ResponseWorld::state(std::size_t body) const {
  return bodies_.at(body).state;
}

bool ResponseWorld::lastStepPushed() const {
  return std::any_of(last_step_.begin(), last_step_.end(),
                     [](const ContactRecord& r) { return !r.impulse.isZero(0.0); });
}

const PlanarMassProperties& ResponseWorld::massProperties(std::size_t body) const {
  return bodies_.at(body).mass;
}

const ResponseMap& ResponseWorld::map(std::size_t body) const {
  return *bodies_.at(body).map;
}

// The maps are step responses of passive bodies (ullrich-pai §3: linear elastodynamics), so a
// contact that starts at rest can give back at most the energy its normal force put in. A map
// whose Δt resolves frequencies its mesh does not can hold a growing mode (the restitution
// study's README): such a map returns more, and the run would otherwise go on, gaining energy,
// to absurd but finite velocities.
void ResponseWorld::checkPassive(Live& live, double work_in, const Key& key) {
  live.stored += work_in;
  live.peak_stored = std::max(live.peak_stored, live.stored);
  live.throughput += std::abs(work_in);
  const double round_off = 64.0 * std::numeric_limits<double>::epsilon() * live.throughput;
  const double tolerance = options_.passivity_tolerance;
  if (std::isfinite(tolerance) && !(live.stored >= -tolerance * live.peak_stored - round_off)) {
    throw NumericalError(
        "response map of body " + toText(key.a) + " is not passive: its contact " +
        (key.kind == ResponseContactKind::kHalfPlane ? "at outline vertex " + toText(key.vertex)
                                                     : "with body " + toText(key.other)) +
        " has given back " + toText(live.peak_stored - live.stored) + " J/m of the " +
        toText(live.peak_stored) + " J/m it stored (t = " + toText(time_) +
        " s): a map computed with a time step too fine for its boundary mesh can hold such a "
        "growing mode; use a coarser time step or a finer mesh");
  }
}

void ResponseWorld::gather(std::vector<Pending>& pending,
                           std::span<const PlanarVelocity> free_velocities,
                           const std::vector<std::vector<Vec2>>& outlines) const {
  const double h = time_step_;
  auto finish = [&](Pending& c, const Live* live, bool two_bodies) {
    const PairCompliance p = pairCompliance(c.side_a, two_bodies ? &c.side_b : nullptr);
    c.row.compliance = p.compliance;
    c.row.free_deformation = p.free_deformation;
    c.row.friction = options_.friction;
    if (live != nullptr) {
      c.row.normal_force = live->normal_force;
      c.row.tangential_force = live->tangential_force;
    }
    pending.push_back(c);
  };
  // Map bodies against half-planes: every outline vertex is a contact point.
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    const Body& body = bodies_[i];
    const Vec2 centroid = centroidPosition(body.state, body.mass);
    for (std::size_t p = 0; p < planes_.size(); ++p) {
      const HalfPlane& plane = planes_[p];
      for (std::size_t v = 0; v < outlines[i].size(); ++v) {
        Pending c;
        c.key = {ResponseContactKind::kHalfPlane, i, p, v};
        c.point_a = outlines[i][v];
        c.samples = body.map->sampleCount();
        c.row.body_a = i;
        c.row.normal = plane.normal;
        c.row.lever_a = c.point_a - centroid;
        // ullrich-pai §5.1 step 3: the rigid penetration along the normal.
        c.row.penetration = halfPlanePenetration(plane, c.point_a);
        const auto it = live_.find(c.key);
        const Live* live = it == live_.end() ? nullptr : &it->second;
        if (live == nullptr &&
            !(c.row.penetration - h * relativeVelocity(free_velocities, c.row).dot(plane.normal) >
              0.0)) {
          continue;  // stays apart under the free motion
        }
        const ResponseWeights w = body.outline.weightsAt(body.outline.vertexArcLength(v));
        c.side_a = sideOf(*body.map, w, live != nullptr ? &live->a : nullptr);
        finish(c, live, false);
      }
    }
  }
  // Pairs of map bodies: one contact at the deepest point.
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    for (std::size_t j = i + 1; j < bodies_.size(); ++j) {
      const Body& A = bodies_[i];
      const Body& B = bodies_[j];
      const Key key{ResponseContactKind::kBodies, i, j, 0};
      const auto it = live_.find(key);
      const Live* live = it == live_.end() ? nullptr : &it->second;
      const Vec2 ca = centroidPosition(A.state, A.mass);
      const Vec2 cb = centroidPosition(B.state, B.mass);
      if (live == nullptr) {
        const PlanarVelocity& va = free_velocities[i];
        const PlanarVelocity& vb = free_velocities[j];
        const double reach =
            A.mass.bounding_radius + B.mass.bounding_radius +
            h * (va.velocity.norm() + std::abs(va.angular_velocity) * A.mass.bounding_radius +
                 vb.velocity.norm() + std::abs(vb.angular_velocity) * B.mass.bounding_radius);
        if ((ca - cb).norm() > reach) {
          continue;
        }
      }
      const PolygonContact g = deepestPoint(outlines[i], outlines[j]);
      Pending c;
      c.key = key;
      c.point_a = g.point_a;
      c.samples = std::max(A.map->sampleCount(), B.map->sampleCount());
      c.row.body_a = i;
      c.row.body_b = j;
      c.row.normal = g.normal;
      c.row.lever_a = g.point_a - ca;
      c.row.lever_b = g.point_b - cb;
      // ullrich-pai §5.1 step 3: δ = (ũ^B − ũ^A)·n, positive when the rigid outlines overlap.
      c.row.penetration = g.penetration;
      if (live == nullptr &&
          !(g.penetration - h * relativeVelocity(free_velocities, c.row).dot(g.normal) > 0.0)) {
        continue;
      }
      const ResponseWeights wa =
          A.outline.weightsAt(A.outline.arcLength(bodyPoint(A.state, g.point_a)));
      const ResponseWeights wb =
          B.outline.weightsAt(B.outline.arcLength(bodyPoint(B.state, g.point_b)));
      c.side_a = sideOf(*A.map, wa, live != nullptr ? &live->a : nullptr);
      c.side_b = sideOf(*B.map, wb, live != nullptr ? &live->b : nullptr);
      finish(c, live, true);
    }
  }
}

void ResponseWorld::step() {
  if (bodies_.empty()) {
    throw InvalidInputError("response world: step() needs at least one map body");
  }
  const double h = time_step_;
  // The bodies at t_k: velocities at the start (for the work) and after gravity (the free motion).
  std::vector<PlanarVelocity> start(bodies_.size());
  std::vector<std::vector<Vec2>> outlines(bodies_.size());
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    const Body& b = bodies_[i];
    start[i] = {1.0 / b.mass.mass, 1.0 / b.mass.inertia, centroidVelocity(b.state, b.mass),
                b.state.angular_velocity};
    for (const Vec2& p : b.map->outline) {
      outlines[i].push_back(worldPoint(b.state, p));
    }
  }
  std::vector<PlanarVelocity> velocities = start;
  for (PlanarVelocity& v : velocities) {
    v.velocity += h * options_.gravity;
  }
  std::vector<Pending> pending;
  gather(pending, velocities, outlines);

  // ullrich-pai §5.1 steps 2–4, solved together and implicitly (response_contact_solver.hpp).
  std::vector<ResponseContactRow> rows;
  rows.reserve(pending.size());
  for (const Pending& c : pending) {
    rows.push_back(c.row);
    rows.back().start_normal_velocity = relativeVelocity(start, c.row).dot(c.row.normal);
  }
  last_solve_ = solveResponseContacts(velocities, rows, h, options_.solver);

  // Positions with the θ-weighted velocities (θ = 1: symplectic Euler).
  const double th = options_.solver.theta;
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    Body& b = bodies_[i];
    const Vec2 mean_v = (1.0 - th) * start[i].velocity + th * velocities[i].velocity;
    const double mean_w =
        (1.0 - th) * start[i].angular_velocity + th * velocities[i].angular_velocity;
    const Vec2 centroid = centroidPosition(b.state, b.mass) + h * mean_v;
    b.state = stateFromCentroid(b.mass, centroid, b.state.angle + h * mean_w,
                                velocities[i].velocity, velocities[i].angular_velocity);
  }
  time_ += h;

  // ullrich-pai §5.1 step 4: each side's deformation for the solved force, into its history.
  last_step_.clear();
  for (std::size_t c = 0; c < pending.size(); ++c) {
    const Pending& p = pending[c];
    const ResponseContactRow& row = rows[c];
    auto it = live_.find(p.key);
    if (it == live_.end()) {
      if (!(row.normal_force > 0.0)) {
        continue;  // a candidate that did not touch leaves no history
      }
      it = live_.emplace(p.key, Live{DeformationHistory(p.samples), DeformationHistory(p.samples)})
               .first;
    }
    Live& live = it->second;
    const bool two_bodies = row.body_b.has_value();
    const ActionReaction ar =
        deformationsFor(p.side_a, two_bodies ? &p.side_b : nullptr, row.normal_force);
    const Vec2 t = row.tangent();
    const Vec2 u_new = relativeVelocity(velocities, row);
    const Vec2 u_old = relativeVelocity(start, row);
    const double penetration =
        row.penetration - h * ((1.0 - th) * u_old.dot(row.normal) + th * u_new.dot(row.normal));

    ContactRecord r;
    r.time = time_;
    r.kind = p.key.kind;
    r.body_a = p.key.a;
    r.other = p.key.other;
    r.vertex = p.key.vertex;
    r.point = p.point_a;
    r.normal = row.normal;
    r.normal_force = row.normal_force;
    r.force_a = p.side_a.forceFor(ar.deformation_a);
    r.force_b = two_bodies ? p.side_b.forceFor(ar.deformation_b) : row.normal_force;
    r.tangential_force = row.tangential_force;
    r.impulse = h * ((1.0 - th) * (live.normal_force * row.normal + live.tangential_force * t) +
                     th * (row.normal_force * row.normal + row.tangential_force * t));
    r.deformation_a = ar.deformation_a;
    r.deformation_b = ar.deformation_b;
    r.penetration = penetration;
    r.work = -0.5 * (live.normal_force + row.normal_force) * (penetration - row.penetration) +
             h * row.tangential_force * 0.5 * (u_old.dot(t) + u_new.dot(t));
    r.in_contact = row.normal_force > 0.0;
    last_step_.push_back(r);
    const double deformation = ar.deformation_a + ar.deformation_b;
    checkPassive(live,
                 0.5 * (live.normal_force + row.normal_force) * (deformation - live.deformation),
                 p.key);
    live.deformation = deformation;

    live.a.push(ar.deformation_a);
    if (two_bodies) {
      live.b.push(ar.deformation_b);
    }
    live.normal_force = row.normal_force;
    live.tangential_force = row.tangential_force;
    live.free_steps = r.in_contact ? 0 : live.free_steps + 1;
    // Forget a contact that has been free for the whole sampled window and either relaxed or
    // opened a gap: the map has no memory beyond its window (its continuation k only serves
    // contacts that persist), so relaxing further would extrapolate.
    const double tol = options_.release_tolerance;
    const bool relaxed =
        live.a.residual() <= tol * live.a.peak() && live.b.residual() <= tol * live.b.peak();
    if (live.free_steps >= p.samples && (relaxed || penetration < 0.0)) {
      live_.erase(it);
    }
  }
  if (options_.record) {
    records_.insert(records_.end(), last_step_.begin(), last_step_.end());
  }
}

}  // namespace contactsim
