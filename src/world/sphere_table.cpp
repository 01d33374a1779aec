// Free bodies that are all exact spheres about their centres of mass (equal principal moments) on
// one fixed plane against gravity — the billiard break (issue 30): event to event in closed form
// (world/sphere_on_plane.hpp) instead of the rounds of smooth_free_pairs.cpp over smooth contacts
// integrated by RK4. Each sphere flies, slides or rolls; its centre is a polynomial of degree ≤ 2
// in time, so its own next event (landing on the plane, the slip stopping, leaving the square
// above the plane) is a root of a quadratic, and its first touch of another sphere the first root
// of a quartic (math/polynomial_roots.hpp). As in sphere_flights.cpp each sphere keeps its earliest
// touch, sought again only when its motion or its partner's changes. Impacts are those of the
// rounds: between spheres SmoothWorld::collidePair (Chatterjee–Ruina with both inertias), with the
// plane the same law against a fixed body, a contact from there when the sphere leaves slower
// than contact_speed (kry-pai-2002 §3.7), rolling where its slip is below slip_threshold. A sphere
// struck while on the plane leaves its contact and meets the plane again at once, as in the
// rounds. Serial: the result does not depend on the number of threads. A slow impact between two
// spheres (a contact between free bodies), a sphere leaving the square that the plane's edge would
// carry (fallsClearOfEdge) or an impact on a sphere past the edge hands the world to the rounds for
// good; a sphere that falls clear of the edge flies on in closed form, never to land.
#include <limits>
#include <memory>

#include "contactsim/contact/parameters.hpp"
#include "smooth_world_body.hpp"
#include "sphere_on_plane.hpp"
#include "sphere_pairs.hpp"

namespace contactsim::world_detail {
namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();
// Touches and square exits are sought this far ahead of a motion's start at most [s].
constexpr double kHorizon = 1e6;

}  // namespace

struct SmoothWorld::SpheresOnPlane {
  bool off = false;       // not such a world, or handed to the rounds
  std::size_t table = 0;  // the plane's body
  PlaneInWorld plane;
  struct Member {
    SphereMotion motion;
    SphereConstants sphere;
    double mu = 0.0;     // Coulomb coefficient with the plane
    long revision = -1;  // the body's revision `motion` and `touch` were found for
    double leaves = kNever;
    double touch = kNever;
    std::size_t partner = 0;
    long partner_revision = -1;
    bool beyond = false;  // past the plane's edge, falling clear of it
  };
  std::vector<Member> members;      // as bodies
  std::vector<std::size_t> bodies;  // free_pairs_->bodies when they were set up
};

bool SmoothWorld::onlySpheresOnPlane() {
  if (!spheres_on_plane_) {
    spheres_on_plane_ = std::make_shared<SpheresOnPlane>();
    SpheresOnPlane& s = *spheres_on_plane_;
    s.off = true;
    if (obstacles_->list.size() != 1) {
      return false;
    }
    const Body& table = *bodies_[obstacles_->body[0]];
    const auto* chart = dynamic_cast<const ChartSurface*>(table.surface.get());
    if (!chart || !chart->planeForm()) {
      return false;
    }
    s.table = table.index;
    s.plane = PlaneInWorld::of(*chart->planeForm(), table.state.pose());
    // Gravity along −n, so that a sphere on it is pressed with m g_n and nothing pulls it along.
    const double g_n = -gravity_.dot(s.plane.normal);
    const FrictionParameters& f = collisions_.friction;
    if (!(g_n > 0.0) || (gravity_ + g_n * s.plane.normal).norm() > 1e-12 * g_n ||
        f.mu_rolling != 0.0 || f.mu_spinning != 0.0 || f.mu_spin_static != 0.0) {
      return false;
    }
    for (const std::size_t i : free_pairs_->bodies) {
      const Body& body = *bodies_[i];
      const std::optional<SphereForm>& sphere = sphereOf(*body.proximity);
      const MassProperties& mass = body.system->body();
      const double I = mass.principalMoments().x();
      if (!sphere || !sphere->center.isZero() ||
          (mass.inertia() - I * Mat3::Identity()).norm() > 1e-12 * I || body.contact ||
          body.carrier || body.carried || body.contact_touch || body.leg) {
        return false;
      }
      const Vec3 x = body.state.position - s.plane.origin;
      if (s.plane.height(body.state.position) < sphere->radius - collisions_.tolerance ||
          std::abs(x.dot(s.plane.axis_x)) >= s.plane.half_extent ||
          std::abs(x.dot(s.plane.axis_y)) >= s.plane.half_extent) {
        return false;
      }
    }
    // Every sphere from its state now, in flight (a sphere resting on the plane meets it at once).
    for (const std::size_t i : free_pairs_->bodies) {
      const Body& body = *bodies_[i];
      SpheresOnPlane::Member m;
      const MassProperties& mass = body.system->body();
      m.sphere = {mass.mass(), mass.principalMoments().x(), sphereOf(*body.proximity)->radius};
      m.mu = materials_->friction(body.index, s.table, collisions_.friction.mu);
      m.motion = SphereMotion::flying(time_, body.state, gravity_);
      m.motion.setFlyingEnd(s.plane, m.sphere.radius, collisions_.tolerance);
      s.members.push_back(m);  // its touches are sought at the first advance (revision −1)
    }
    s.bodies = free_pairs_->bodies;
    s.off = false;
  }
  SpheresOnPlane& s = *spheres_on_plane_;
  if (!s.off && s.bodies != free_pairs_->bodies) {
    s.off = true;  // other free bodies have joined (a contact tree split): the rounds take them
  }
  return !s.off;
}

bool SmoothWorld::advanceSpheresOnPlane(double t) {
  SpheresOnPlane& s = *spheres_on_plane_;
  const std::vector<std::size_t>& bodies = free_pairs_->bodies;
  const std::size_t n = bodies.size();
  std::vector<SpheresOnPlane::Member>& members = s.members;
  Body& table = *bodies_[s.table];
  // A new motion for member p from its body's state at the world's time.
  const auto fly = [&](std::size_t p) {
    SpheresOnPlane::Member& m = members[p];
    m.motion = SphereMotion::flying(time_, bodies_[bodies[p]]->state, gravity_);
    m.motion.setFlyingEnd(s.plane, m.sphere.radius, collisions_.tolerance);
  };
  const auto touchOf = [&](std::size_t p, std::size_t q) {
    const SphereMotion& a = members[p].motion;
    const SphereMotion& b = members[q].motion;
    const double until = std::min({a.end(), b.end(), time_ + kHorizon});
    return sphereMotionsTouch(a, b, time_, until,
                              members[p].sphere.radius + members[q].sphere.radius,
                              collisions_.tolerance);
  };
  const auto offer = [&](std::size_t p, std::size_t q, double when) {
    SpheresOnPlane::Member& m = members[p];
    if (when < m.touch || (when == m.touch && q < m.partner)) {
      m.touch = when;
      m.partner = q;
      m.partner_revision = bodies_[bodies[q]]->revision;
    }
  };
  const auto rescan = [&](std::size_t p) {
    members[p].touch = kNever;
    for (std::size_t q = 0; q < n; ++q) {
      if (q != p) {
        offer(p, q, touchOf(p, q));
      }
    }
  };
  // Every body's state at the world's time (the rounds read them there, as do the samples).
  const auto settle = [&](double when) {
    for (std::size_t p = 0; p < n; ++p) {
      bodies_[bodies[p]]->state = members[p].motion.stateAt(when);
    }
  };
  std::vector<std::size_t> changed;
  for (;;) {
    // The members whose motion changed (all, at first) are sought for their touches again.
    changed.clear();
    for (std::size_t p = 0; p < n; ++p) {
      if (members[p].revision != bodies_[bodies[p]]->revision) {
        changed.push_back(p);
      }
    }
    for (const std::size_t p : changed) {
      SpheresOnPlane::Member& m = members[p];
      m.revision = bodies_[bodies[p]]->revision;
      m.leaves = m.beyond
                     ? kNever
                     : m.motion.leavesSquare(s.plane, std::min(m.motion.end(), time_ + kHorizon));
      rescan(p);
    }
    for (std::size_t q = 0; q < n; ++q) {
      if (std::find(changed.begin(), changed.end(), q) != changed.end()) {
        continue;
      }
      SpheresOnPlane::Member& m = members[q];
      if (m.touch < kNever && m.partner_revision != bodies_[bodies[m.partner]]->revision) {
        rescan(q);  // its earliest touch was with a sphere whose motion has changed since
        continue;
      }
      for (const std::size_t p : changed) {
        offer(q, p, touchOf(q, p));
      }
    }
    // The earliest event: a sphere's own (the lower member first on ties) before any touch.
    std::size_t own = 0, pair = 0;
    for (std::size_t k = 1; k < n; ++k) {
      const auto ends = [&](std::size_t p) {
        return std::min(members[p].motion.end(), members[p].leaves);
      };
      own = ends(k) < ends(own) ? k : own;
      pair = members[k].touch < members[pair].touch ? k : pair;
    }
    const double own_time = std::min(members[own].motion.end(), members[own].leaves);
    const double when = std::min(own_time, members[pair].touch);
    if (!(when <= t)) {
      break;
    }
    time_ = when;
    if (own_time <= members[pair].touch) {
      SpheresOnPlane::Member& m = members[own];
      Body& body = *bodies_[bodies[own]];
      body.state = m.motion.stateAt(time_);
      if (m.leaves <= m.motion.end()) {
        // Over the plane's edge: a sphere falling clear of it flies on, never to land; one the
        // edge would carry hands the world to the rounds.
        SphereMotion flight = SphereMotion::flying(time_, body.state, gravity_);
        if (!fallsClearOfEdge(flight, s.plane, m.sphere.radius,
                              m.motion.phase() != SpherePhase::kFlying, kHorizon)) {
          settle(time_);
          s.off = true;
          return false;
        }
        flight.setNeverLands();
        m.motion = flight;
        m.beyond = true;
        ++body.revision;
        events_.push_back({time_, body.name, "free-flight", "over the edge of " + table.name});
        continue;
      }
      ++body.revision;
      if (m.motion.phase() == SpherePhase::kSliding) {
        // The slip has stopped: rolling from here (kry-pai-2002 eq. 35 holds: no force along the
        // plane is needed to keep it).
        m.motion = SphereMotion::onPlane(time_, body.state, /*roll=*/true, m.sphere, s.plane,
                                         gravity_, m.mu);
        events_.push_back({time_, body.name, "mode-switch",
                           std::string(toString(FrictionMode::kSliding)) + " -> " +
                               toString(FrictionMode::kRolling)});
        continue;
      }
      // Landing: the Chatterjee–Ruina impulse against the fixed plane, as SmoothWorld::collide.
      const Vec3& nrm = s.plane.normal;
      const Vec3 c = body.state.position - m.sphere.radius * nrm;
      const double after = impactWithFixed(body, table, c, nrm, time_);
      if (after >= collisions_.contact_speed) {
        fly(own);
        if (m.motion.end() > time_) {
          continue;  // a bounce
        }
        // A flight too short to move the time on (contact_speed 0, a speed within rounding):
        // on the plane, or landings would repeat without end.
      }
      FrictionParameters friction = collisions_.friction;
      friction.mu = m.mu;
      const bool rolls = rollsAfterImpact(pointVelocity(body.state, c), nrm, friction);
      m.motion = SphereMotion::onPlane(time_, body.state, rolls, m.sphere, s.plane, gravity_, m.mu);
      body.state = m.motion.stateAt(time_);
      events_.push_back({time_, body.name, "contact-on",
                         "with " + table.name + (rolls ? ", rolling" : ", sliding")});
      continue;
    }
    // Two spheres touch: as the rounds' pairTouch(i, j) with i < j, `first` is j, the normal
    // from i to j.
    const std::size_t p = std::min(pair, members[pair].partner);
    const std::size_t q = std::max(pair, members[pair].partner);
    Body& A = *bodies_[bodies[p]];
    Body& B = *bodies_[bodies[q]];
    A.state = members[p].motion.stateAt(time_);
    B.state = members[q].motion.stateAt(time_);
    const ClosestPoints cp = sphereClosestPoints(*sphereOf(*B.proximity), B.state.pose(),
                                                 *sphereOf(*A.proximity), A.state.pose());
    collidePair(PairTouch{time_, bodies[q], bodies[p], cp.point1, cp.normal, cp, std::nullopt});
    if (A.carried || A.carrier || B.carried || B.carrier || members[p].beyond ||
        members[q].beyond) {
      // A contact between the two, or a sphere past the edge struck (its flight might come back
      // over the square): the rounds take the world from here.
      for (std::size_t k = 0; k < n; ++k) {
        if (k != p && k != q) {
          bodies_[bodies[k]]->state = members[k].motion.stateAt(time_);
        }
      }
      s.off = true;
      return false;
    }
    // Both leave the plane (if on it) and fly from the impact: a sphere on the plane meets it
    // again at once.
    fly(p);
    fly(q);
  }
  time_ = t;
  settle(t);
  return true;
}

void SmoothWorld::planeContacts(std::vector<ContactInfo>& out) const {
  if (!spheres_on_plane_ || spheres_on_plane_->off) {
    return;
  }
  const SpheresOnPlane& s = *spheres_on_plane_;
  for (std::size_t p = 0; p < s.members.size(); ++p) {
    const SpheresOnPlane::Member& m = s.members[p];
    if (m.motion.phase() == SpherePhase::kFlying) {
      continue;
    }
    // The plane presses with N = m g_n along n; sliding adds Coulomb friction m a.
    const Vec3& n = s.plane.normal;
    ContactInfo c;
    c.body_a = free_pairs_->bodies[p];
    c.body_b = s.table;
    c.model = ContactModel::kSmooth;
    c.point = m.motion.centre(time_) - m.sphere.radius * n;
    c.normal = n;
    c.normal_force = -m.sphere.mass * gravity_.dot(n);
    c.force = c.normal_force * n + m.sphere.mass * m.motion.acceleration();
    out.push_back(c);
  }
}

}  // namespace contactsim::world_detail
