// Free bodies against each other (issue 5, deliverable 5): each pair of free bodies with surfaces
// is in free flight, in an impact, or — through one of them — in the contact that body holds with
// a fixed one. The bodies advance together: every round, each body's flight leg or contact steps
// reach past the world's time (SmoothWorld::advanceBody), the round's horizon is the earliest of
// their ends, and within it each pair whose bounding spheres can meet (sort and sweep) is searched
// for its first touch by the advancement of kry-pai-2002 §3.7 on the pair's relative motion
// (world/time_of_impact.hpp, with the pair's own speed bound: world/free_pairs.hpp). Reading the
// bodies' states within their legs and steps (Hermite interpolation, dense output) commits
// nothing, so a trial past the touch costs nothing to take back. The earliest touch of any pair
// is an impact by the Chatterjee–Ruina law with both bodies' inertias in K.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <sstream>
#include <tuple>
#include <utility>

#include "collision/surface_proximity.hpp"
#include "contact/smooth/contact_from_pose.hpp"
#include "dynamics/state_interpolation.hpp"
#include "free_pairs.hpp"
#include "smooth_world_body.hpp"
#include "sphere_pairs.hpp"

namespace contactsim::world_detail {

const SmoothWorld::Body* SmoothWorld::contactPartner(const Body& body) const {
  if (body.carried)
    return bodies_[*body.carried].get();
  if (body.carrier)
    return bodies_[*body.carrier].get();
  return nullptr;
}

MotionBound SmoothWorld::motionBoundAt(const Body& body, double t) const {
  const MassProperties& mass = body.system->body();
  MotionBound m;
  m.mass = mass.mass();
  m.inertia = mass.inertia();
  m.least_inertia = mass.principalMoments().minCoeff();
  m.reach = body.proximity->boundingRadius() + 2.0 * body.proximity->tessellationError();
  m.flying = !body.contact && !body.carrier;
  if (const Body* partner = contactPartner(body)) {
    const MassProperties& mp = partner->system->body();
    const RigidBodyState s = stateAt(body, t), sp = stateAt(*partner, t);
    m.partner_mass = mp.mass();
    const double total = m.mass + m.partner_mass;
    m.pair_velocity =
        (m.mass * s.worldLinearVelocity() + m.partner_mass * sp.worldLinearVelocity()) / total;
    m.internal_kinetic2 =
        std::max(0.0, 2.0 * (mass.kineticEnergy(s.twist) + mp.kineticEnergy(sp.twist)) -
                          total * m.pair_velocity.squaredNorm());
  }
  return m;
}

void SmoothWorld::buildFreePairs(std::vector<std::size_t> bodies) {
  free_pairs_ = std::make_unique<FreePairs>();
  free_pairs_->bodies = std::move(bodies);
  checkFreeBodiesApart();
}

// Bodies that start inside each other are an error, not a silent push-out; bodies that start in
// touch collide at once if they approach.
void SmoothWorld::checkFreeBodiesApart() const {
  const std::vector<std::size_t>& members = free_pairs_->bodies;
  for (std::size_t p = 0; p < members.size(); ++p) {
    const Body& a = *bodies_[members[p]];
    for (std::size_t q = p + 1; q < members.size(); ++q) {
      const Body& b = *bodies_[members[q]];
      const RigidBodyState sa = stateAt(a, time_), sb = stateAt(b, time_);
      const double errors = a.proximity->tessellationError() + b.proximity->tessellationError();
      if ((sa.position - sb.position).norm() >
          a.proximity->boundingRadius() + b.proximity->boundingRadius() + 2.0 * errors) {
        continue;  // their bounding spheres are apart
      }
      const ClosestPoints cp = closestPoints(*a.proximity, sa.pose(), *b.proximity, sb.pose());
      // From a cold start Newton may land on a pair facing each other through both bodies: trust
      // it only where the meshes come close.
      if (cp.mesh_distance - 2.0 * errors > collisions_.tolerance) {
        continue;
      }
      const bool inside =
          cp.converged ? cp.distance < -collisions_.tolerance : cp.mesh_distance == 0.0;
      if (inside) {
        std::ostringstream m;
        m << "free bodies '" << a.name << "' and '" << b.name << "' start inside each other";
        if (cp.converged) {
          m << " (overlap " << -cp.distance << " m)";
        } else {
          m << " (their tessellations intersect)";
        }
        throw InvalidInputError(m.str());
      }
    }
  }
}

void SmoothWorld::advanceWithFreePairs(double t) {
  const std::vector<std::size_t>& members = free_pairs_->bodies;
  const double g = gravity_.norm();
  for (;;) {
    // A gas of flying spheres goes from touch to touch instead (sphere_flights.cpp).
    if (onlyFlyingSpheres()) {
      if (advanceFlyingSpheres(t)) {
        break;
      }
      continue;
    }
    // Spheres on one plane go from event to event in closed form (sphere_table.cpp).
    if (!obstacles_->list.empty() && onlySpheresOnPlane()) {
      if (advanceSpheresOnPlane(t)) {
        break;
      }
      continue;
    }
    free_pairs_->flights.clear();
    // Every body's leg or contact steps reach past the world's time (a touch of a fixed body at
    // the world's time is taken now); the round reaches the earliest of their ends. A body is
    // advanced only once the world has reached its end: states between the world's time and the
    // end of its leg or steps must stay readable.
    const auto end = [](const Body& body) {
      return body.contact_touch ? body.contact_touch->time
             : body.contact     ? body.contact->time()
             : body.leg         ? body.leg->end_time
                                : -1.0;
    };
    // Body 2 of a contact between free bodies moves with the body that holds the contact; a
    // contact that ends frees it, to fly from there (the second pass).
    for (int pass = 0; pass < 2; ++pass) {
      for (const std::size_t i : members) {
        Body& body = *bodies_[i];
        if (!body.carrier && end(body) <= time_) {
          advanceBody(body, time_, /*through=*/true);
        }
      }
    }
    double horizon = t;
    for (const std::size_t i : members) {
      const Body& body = *bodies_[i];
      horizon = std::min(horizon, end(body.carrier ? *bodies_[*body.carrier] : body));
    }
    // Broad phase: spheres about each body that hold it over the whole round.
    const double delta = horizon - time_;
    std::vector<BoundingSphere> spheres;
    spheres.reserve(members.size());
    for (const std::size_t i : members) {
      const Body& body = *bodies_[i];
      const RigidBodyState s = stateAt(body, time_);
      const MotionBound m = motionBoundAt(body, time_);
      spheres.push_back(
          {s.position, m.reach + pointSpeedBound(m, s, g, delta) * delta + collisions_.tolerance});
    }
    std::optional<PairTouch> first;
    for (const auto& [p, q] : overlappingPairs(spheres)) {
      if (auto touch = pairTouch(members[p], members[q], time_, first ? first->time : horizon)) {
        if (!first || touch->time < first->time) {
          first = touch;
        }
      }
    }
    // Bodies in a contact with each other do not fly: their touches of fixed bodies are searched
    // here, on the contact's dense output.
    for (const std::size_t i : members) {
      if (contactPartner(*bodies_[i]) && !obstacles_->list.empty()) {
        if (auto touch = obstacleTouch(*bodies_[i], time_, first ? first->time : horizon)) {
          if (!first || touch->time < first->time) {
            first = touch;
            first->first = i;
          }
        }
      }
    }
    if (!first) {
      time_ = horizon;
      if (horizon >= t) {
        break;
      }
      continue;
    }
    time_ = first->time;
    if (first->obstacle) {
      Body& body = *bodies_[first->first];
      const std::optional<TreeGrowth> growth =
          landingGrowth(body, obstacles_->body[*first->obstacle], first->points);
      leaveForImpact(body, first->time, bodies_[obstacles_->body[*first->obstacle]]->name);
      // It still touches the free body it was in contact with: a tree, or one contact at a time.
      collide(body, *first->obstacle, first->points, first->time, /*still_touching=*/true,
              growth ? &*growth : nullptr);
      if (std::exchange(tree_grew_, false))
        return;  // the world's time is the touch's: the new tree advances from there
    } else {
      collidePair(*first);
      if (std::exchange(tree_grew_, false))
        return;  // the world's time is the touch's: the new tree advances from there
    }
  }
  // Free bodies without surfaces fly through everything.
  for (auto& body : bodies_) {
    if (!body->fixed && !body->proximity) {
      advanceBody(*body, t);
    }
  }
  time_ = t;
}

// The first touch of bodies i and j within [t0, t1], searched on the motion of j relative to i
// (free_pairs.hpp): conservative advancement bounded by the pair's closing speed, Newton steps in
// time near the touch and regula falsi after an overshoot, all on states read from the bodies'
// legs and steps.
std::optional<SmoothWorld::PairTouch> SmoothWorld::pairTouch(std::size_t i, std::size_t j,
                                                             double t0, double t1) {
  const Body& a = *bodies_[i];
  const Body& b = *bodies_[j];
  if (a.carried == j || b.carried == i) {
    return std::nullopt;  // in contact with each other
  }
  const MotionBound ma = motionBoundAt(a, t0), mb = motionBoundAt(b, t0);
  const bool shared = contactPartner(a) || contactPartner(b);  // energy shared with a third body
  const double g = gravity_.norm();
  // Two flying exact spheres centred at their centres of mass (world/sphere_pairs.hpp): under one
  // gravity their centres move at a constant relative velocity, so the first touch is the root of
  // a quadratic, and the closest points there are the centres' line.
  const std::optional<SphereForm>& sphere_a = sphereOf(*a.proximity);
  const std::optional<SphereForm>& sphere_b = sphereOf(*b.proximity);
  if (ma.flying && mb.flying && !shared && sphere_a && sphere_b && sphere_a->center.isZero() &&
      sphere_b->center.isZero()) {
    const RigidBodyState sa = stateAt(a, t0), sb = stateAt(b, t0);
    const std::optional<double> tau = sphereTouchTime(
        sb.position - sa.position, sb.worldLinearVelocity() - sa.worldLinearVelocity(),
        sphere_a->radius + sphere_b->radius, collisions_.tolerance, t1 - t0);
    if (!tau) {
      return std::nullopt;
    }
    const double t = t0 + *tau;
    const ClosestPoints cp =
        sphereClosestPoints(*sphere_b, stateAt(b, t).pose(), *sphere_a, stateAt(a, t).pose());
    return PairTouch{t, j, i, cp.point1, cp.normal, cp, std::nullopt};
  }
  FreePairs::Pair& pair = free_pairs_->pairs[{i, j}];
  // Neither body has changed its motion since the last search ended at pair.time: from the
  // distance there, the pair's speed bound from the states there shows whether they can touch
  // by t1. If not, nothing to search.
  const bool known = !shared && pair.revision_a == a.revision && pair.revision_b == b.revision &&
                     pair.time <= t0 && pair.flying_a == ma.flying && pair.flying_b == mb.flying;
  if (known) {
    const double span = t1 - pair.time;
    const double closes = closingSpeedBound(ma, pair.a, mb, pair.b, g, span) * span;
    if (pair.nearest.distance - closes > collisions_.tolerance) {
      return std::nullopt;
    }
  }
  FlightSettings settings = flightSettings();  // gravity: the pair's own bound
  // Both bodies' states at the last time read: the advancement asks for them where the flight
  // has just been evaluated.
  struct Read {
    double time = std::numeric_limits<double>::quiet_NaN();
    RigidBodyState a, b;
  } read;
  const auto statesAt = [&](double t) -> const Read& {
    if (read.time != t) {
      read = {t, stateAt(a, t), stateAt(b, t)};
    }
    return read;
  };
  settings.advancement = [&](double t, double length) {
    const Read& r = statesAt(t);
    if (shared) {
      return advancementStep(motionBoundAt(a, t), r.a, motionBoundAt(b, t), r.b, g, length);
    }
    return advancementStep(ma, r.a, mb, r.b, g, length);
  };
  const FlightMap relative = [&](const RigidBodyState&, double, double t_end) {
    const Read& r = statesAt(t_end);
    return relativeState(r.a, r.b);
  };
  const Obstacle obstacle{a.proximity.get(), Frame::Identity()};
  std::optional<NearestObstacle> start;
  if (known && pair.time == t0) {
    start = pair.nearest;  // the last search ended here
  }
  FlightResult flight;
  try {
    flight = flyUntilTouch(*b.proximity, relative({}, t0, t0), t0, t1, std::span(&obstacle, 1),
                           relative, settings, pair.warm, start);
  } catch (const NumericalError& e) {
    throw NumericalError("free bodies '" + a.name + "' and '" + b.name + "': " + e.what());
  }
  if (!flight.obstacle) {
    pair.revision_a = a.revision;
    pair.revision_b = b.revision;
    pair.time = t1;
    pair.nearest = *flight.nearest;
    pair.a = stateAt(a, t1);
    pair.b = stateAt(b, t1);
    pair.flying_a = ma.flying;
    pair.flying_b = mb.flying;
    return std::nullopt;
  }
  const Frame Ea = stateAt(a, flight.time).pose();
  return PairTouch{
      flight.time,   j,           i, Ea * flight.points.point1, Ea.linear() * flight.points.normal,
      flight.points, std::nullopt};
}

std::optional<SmoothWorld::PairTouch> SmoothWorld::obstacleTouch(Body& body, double t0, double t1) {
  // The contact's own fixed body is touched all along: the others.
  std::vector<Obstacle> others;
  std::vector<std::size_t> index;
  for (std::size_t k = 0; k < obstacles_->list.size(); ++k) {
    if (obstacles_->body[k] != body.support) {
      others.push_back(obstacles_->list[k]);
      index.push_back(k);
    }
  }
  if (others.empty() || !(t1 > t0)) {
    return std::nullopt;
  }
  std::vector<std::optional<ClosestPoints>>& warm = body.support ? body.contact_warm : body.warm;
  warm.resize(others.size());
  FlightSettings settings = flightSettings();
  MotionBound fixed;
  fixed.fixed = true;
  fixed.flying = false;
  const double g = gravity_.norm();
  settings.advancement = [&](double t, double length) {
    return advancementStep(fixed, {}, motionBoundAt(body, t), stateAt(body, t), g, length);
  };
  const FlightMap at = [&](const RigidBodyState&, double, double t_end) {
    return stateAt(body, t_end);
  };
  FlightResult flight;
  try {
    flight = flyUntilTouch(*body.proximity, at({}, t0, t0), t0, t1, others, at, settings, warm);
  } catch (const NumericalError& e) {
    throw NumericalError("body '" + body.name + "' in contact: " + e.what());
  }
  if (!flight.obstacle) {
    return std::nullopt;
  }
  PairTouch touch;
  touch.time = flight.time;
  touch.points = flight.points;
  touch.obstacle = index[*flight.obstacle];
  return touch;
}

// The state at `time` becomes the body's own: its flight leg ends there (the steps recorded past
// it were never taken), or it leaves its smooth contact.
void SmoothWorld::leaveForImpact(Body& body, double time, const std::string& other) {
  ++body.revision;
  const RigidBodyState s = stateAt(body, time);
  if (body.carrier) {
    leaveForImpact(*bodies_[*body.carrier], time, other);  // ends the contact, frees this body
  }
  if (body.contact) {
    endContact(body, time, s, "struck by '" + other + "'");
    return;
  }
  if (body.leg) {
    double elapsed = body.leg->start_time;
    std::size_t k = body.leg->first_step;
    while (k < body.step_sizes.size() && elapsed + body.step_sizes[k] <= time) {
      elapsed += body.step_sizes[k++];
    }
    body.steps -= static_cast<long>(body.step_sizes.size() - k);
    // The steps dropped may have held the smallest or largest: then those are found again.
    const auto first_dropped = body.step_sizes.begin() + static_cast<std::ptrdiff_t>(k);
    const auto dropped = std::minmax_element(first_dropped, body.step_sizes.end());
    const bool extreme =
        first_dropped != body.step_sizes.end() &&
        (*dropped.first <= body.smallest_step || *dropped.second >= body.largest_step);
    body.step_sizes.resize(k);
    if (extreme) {
      // Over the steps kept and those retired before the leg.
      const auto kept = std::minmax_element(body.step_sizes.begin(), body.step_sizes.end());
      double smallest = body.step_sizes.empty() ? 0.0 : *kept.first;
      double largest = body.step_sizes.empty() ? 0.0 : *kept.second;
      if (body.retired > 0) {
        smallest = body.step_sizes.empty() ? body.retired_smallest
                                           : std::min(smallest, body.retired_smallest);
        largest = std::max(largest, body.retired_largest);
      }
      body.smallest_step = smallest;
      body.largest_step = largest;
    }
    if (time - elapsed > 1e-12 * std::max(1.0, std::abs(time))) {
      recordStep(body, time - elapsed);
    }
    body.leg.reset();
  }
  body.state = s;
  body.nearest.reset();
}

// kry-pai-2002 §3.7 with both bodies free: the Chatterjee–Ruina impulse with K from both
// inertias at the contact point (contact/impact), +P on `first`, −P on `second`.
void SmoothWorld::collidePair(const PairTouch& touch) {
  Body& A = *bodies_[touch.first];
  Body& B = *bodies_[touch.second];
  FreePairs& pairs = *free_pairs_;
  pairs.impacts_at_one_time =
      touch.time == pairs.last_impact_time ? pairs.impacts_at_one_time + 1 : 1;
  pairs.last_impact_time = touch.time;
  if (pairs.impacts_at_one_time > 100000) {
    throw NumericalError("free bodies: more than 100000 impacts at t = " + toText(touch.time) +
                         " (last between '" + A.name + "' and '" + B.name + "')");
  }
  // Only two flying bodies may start a contact with each other; a flying body may also come to
  // rest on a body resting on a fixed one (a contact tree).
  const bool both_flying = !A.contact && !A.carrier && !B.contact && !B.carrier;
  const std::optional<TreeGrowth> growth = treeGrowth(A, B, touch);
  leaveForImpact(A, touch.time, B.name);
  leaveForImpact(B, touch.time, A.name);
  const Vec3& c = touch.point;
  const Vec3& n = touch.normal;
  const ImpactBody a = impactBody(A.system->body(), A.state);
  const ImpactBody b = impactBody(B.system->body(), B.state);
  const auto relative = [&]() -> Vec3 {
    return pointVelocity(A.state, c) - pointVelocity(B.state, c);
  };
  const Vec3 u = relative();
  const Mat3 K = collisionMatrix(a, b, c);
  const ImpactResult impact = chatterjeeRuinaImpulse(K, u, n, impactFor(A, B));
  const auto apply = [&](const Vec3& P) {
    const ImpactVelocityChanges dv = applyImpulse(a, b, c, P);
    addVelocityChange(A.state, dv.a);
    addVelocityChange(B.state, dv.b);
  };
  apply(impact.impulse);
  const double after = n.dot(relative());
  char detail[256];
  std::snprintf(detail, sizeof detail, "with %s: normal speed %.6g -> %.6g m/s (%s)",
                B.name.c_str(), -n.dot(u), after, toString(impact.regime));
  events_.push_back({touch.time, A.name, "collision", detail});
  if (after >= collisions_.contact_speed) {
    return;
  }
  // Continuous contact from here: the residual normal approach is dropped by a plastic normal
  // impulse on both (momentum kept), as kry-pai-2002 §3.7 drops it against a fixed body.
  const double plastic = -after / n.dot(K * n);
  apply(plastic * n);
  if (both_flying && establishPairContact(touch)) {
    return;
  }
  if (growth && growTree(*growth, touch.time, touch.point, touch.normal)) {
    return;
  }
  apply(-plastic * n);
  // No continuous contact here: a small bounce, as near an irregular point.
  apply((collisions_.bounce_speed - after) / n.dot(K * n) * n);
  std::snprintf(detail, sizeof detail, "with %s: %s, leaves at %.6g m/s", B.name.c_str(),
                both_flying ? "no continuous contact here" : "a body holds one contact at a time",
                n.dot(relative()));
  events_.push_back({touch.time, A.name, "small-bounce", detail});
}

// kry-pai-2002 §3.7 with both bodies free: the contact of `first` (body 1) with `second`
// (body 2, SmoothContactSetup::mass2) from the closest points of the touch, sliding (the contact
// switches into no-slip by itself, by the plastic projection, if the slip is below the
// threshold). Refused where the contact cannot be set up (singular, near an irregular point) or
// would not push: a pair in free fall with nothing pressing it together separates at once.
bool SmoothWorld::establishPairContact(const PairTouch& touch) {
  Body& A = *bodies_[touch.first];
  Body& B = *bodies_[touch.second];
  const ClosestPoints& points = touch.points;
  if (A.bounce_at == touch.time || B.bounce_at == touch.time ||
      nearIrregularPoint(*A.surface, points.patch1, points.st) ||
      nearIrregularPoint(*B.surface, points.patch2, points.uv)) {
    return false;
  }
  SmoothContactSetup setup = collisionContactSetup(A, B);
  setup.mass2 = B.system->body();
  // As SmoothWorld::collide: no-slip friction at once where the bodies' points slip slower than the
  // threshold, by the pair's plastic projection onto the no-slip constraints (momenta kept).
  const bool rolls =
      rollsAfterImpact(pointVelocity(A.state, touch.point) - pointVelocity(B.state, touch.point),
                       touch.normal, setup.friction);
  std::unique_ptr<SmoothContact> contact;
  try {
    SmoothContactState s =
        contactStateFromStates(setup, A.state, B.state, FrictionMode::kSliding,
                               std::max(1e-6, 10.0 * collisions_.tolerance), points.patch1,
                               points.st, points.patch2, points.uv);
    if (rolls) {
      const SmoothContact sliding(setup, s, touch.time);
      const ContactKinematics k =
          contactKinematics(sliding.geometry(s.patch1, s.patch2, s.q), s.qdot);
      std::tie(s.qdot, s.body2.twist) = stickingVelocity(k, setup.mass1, *setup.mass2, s.qdot,
                                                         s.body2.twist, FrictionMode::kRolling);
      s.mode = FrictionMode::kRolling;
    }
    contact = std::make_unique<SmoothContact>(setup, s, touch.time);
    if (!(contact->acceleration().normal_force > 0.0)) {
      return false;
    }
  } catch (const Error&) {  // singular system, or Newton did not land on a touching pair
    return false;
  }
  A.contact = std::move(contact);
  A.events_seen = 0;
  A.carried = touch.second;
  B.carrier = touch.first;
  events_.push_back({touch.time, A.name, "contact-on",
                     "with " + B.name + (rolls ? " (free), rolling" : " (free), sliding")});
  return true;
}

}  // namespace contactsim::world_detail
