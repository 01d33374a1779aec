// Free bodies that are all flying exact spheres about their centres of mass, with no fixed body to
// meet (issue 30: a gas of balls): touch to touch instead of rounds. Under one gravity the centres
// of two flying spheres move at a constant relative velocity, so each pair's first touch is the
// root of a quadratic (world/sphere_pairs.hpp), known from the moment either body's motion last
// changed. Each body keeps its earliest touch; the world takes the earliest of all, advances the
// two bodies' flight legs to it (one largest step per leg, as the rounds of
// smooth_free_pairs.cpp take them, so that the legs and their interpolation are the same) and
// collides them (SmoothWorld::collidePair); only the touches of the two bodies struck, and of
// those whose earliest touch was with one of them, are sought again, among all bodies. The other
// bodies' legs are not advanced until the world reaches the time asked for: a round per leg end,
// each visiting every body, is what made the cost grow as N² (a thousand balls end a leg at a
// thousand different times in every millisecond). The bodies' flights up to the time asked for
// run in parallel (TBB), each body's alone.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <limits>
#include <utility>

#include "smooth_world_body.hpp"
#include "sphere_pairs.hpp"

namespace contactsim::world_detail {
namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

}  // namespace

bool SmoothWorld::onlyFlyingSpheres() const {
  FreePairs& pairs = *free_pairs_;
  if (!obstacles_->list.empty()) {
    return false;
  }
  if (!pairs.centred_spheres) {
    bool centred = true;
    for (const std::size_t i : pairs.bodies) {
      const std::optional<SphereForm>& sphere = sphereOf(*bodies_[i]->proximity);
      centred = centred && sphere && sphere->center.isZero();
    }
    pairs.centred_spheres = centred;
  }
  if (!*pairs.centred_spheres) {
    return false;
  }
  for (const std::size_t i : pairs.bodies) {
    const Body& body = *bodies_[i];
    if (body.contact || body.carrier || body.carried || body.contact_touch) {
      return false;
    }
  }
  return true;
}

bool SmoothWorld::advanceFlyingSpheres(double t) {
  FreePairs& pairs = *free_pairs_;
  const std::vector<std::size_t>& members = pairs.bodies;
  const std::size_t n = members.size();
  std::vector<FreePairs::Flight>& flights = pairs.flights;
  flights.resize(n);
  // Every member flies a leg reaching its state's time or past; legs of one largest step each,
  // from where the last one ended (a body with none, after an impact, starts one at the world's
  // time, where its state is).
  const auto legTo = [&](Body& body, double T) {
    if (!body.leg) {
      advanceBody(body, time_, /*through=*/true);
    }
    while (body.leg->end_time < T) {
      advanceBody(body, body.leg->end_time, /*through=*/true);
    }
  };
  // The centre of member p at T ≥ its flight's time, and its velocity: constant acceleration,
  // which the flight's RK4 steps integrate exactly (to rounding).
  const auto centreAt = [&](std::size_t p, double T) {
    const FreePairs::Flight& f = flights[p];
    const double s = T - f.time;
    return std::pair<Vec3, Vec3>{f.position + s * f.velocity + 0.5 * s * s * gravity_,
                                 f.velocity + s * gravity_};
  };
  // The first touch of members p and q from the world's time on (both flights start no later).
  const auto touchOf = [&](std::size_t p, std::size_t q) {
    const auto [xp, vp] = centreAt(p, time_);
    const auto [xq, vq] = centreAt(q, time_);
    const std::optional<double> tau = sphereTouchTime(
        xq - xp, vq - vp, flights[p].radius + flights[q].radius, collisions_.tolerance, kNever);
    return tau ? time_ + *tau : kNever;
  };
  const auto offer = [&](std::size_t p, std::size_t q, double when) {
    FreePairs::Flight& f = flights[p];
    // Ties go to the lower partner index, as the rounds' pair order would have it.
    if (when < f.touch || (when == f.touch && q < f.partner)) {
      f.touch = when;
      f.partner = q;
      f.partner_revision = bodies_[members[q]]->revision;
    }
  };
  const auto rescan = [&](std::size_t p) {
    flights[p].touch = kNever;
    for (std::size_t q = 0; q < n; ++q) {
      if (q != p) {
        offer(p, q, touchOf(p, q));
      }
    }
  };
  for (;;) {
    // The members whose motion changed (all, at first) start their flights at the world's time.
    std::vector<std::size_t> changed;
    for (std::size_t p = 0; p < n; ++p) {
      Body& body = *bodies_[members[p]];
      if (flights[p].revision != body.revision) {
        legTo(body, time_);
        const RigidBodyState s = stateAt(body, time_);
        flights[p] = {body.revision, time_, s.position, s.worldLinearVelocity(),
                      sphereOf(*body.proximity)->radius};
        changed.push_back(p);
      }
    }
    for (const std::size_t p : changed) {
      rescan(p);
    }
    for (std::size_t q = 0; q < n; ++q) {
      FreePairs::Flight& f = flights[q];
      if (f.revision != bodies_[members[q]]->revision ||
          std::find(changed.begin(), changed.end(), q) != changed.end()) {
        continue;
      }
      if (f.touch < kNever && f.partner_revision != bodies_[members[f.partner]]->revision) {
        rescan(q);  // its earliest touch was with a body whose motion has changed since
        continue;
      }
      for (const std::size_t p : changed) {
        offer(q, p, touchOf(q, p));
      }
    }
    // The earliest touch of all (the lower member first on ties).
    std::size_t p = 0;
    for (std::size_t k = 1; k < n; ++k) {
      if (flights[k].touch < flights[p].touch) {
        p = k;
      }
    }
    const double when = flights[p].touch;
    if (!(when <= t)) {
      break;
    }
    // As the rounds' pairTouch(i, j) with i < j: `first` is j, the normal from i to j.
    const std::size_t i = members[std::min(p, flights[p].partner)];
    const std::size_t j = members[std::max(p, flights[p].partner)];
    Body& a = *bodies_[i];
    Body& b = *bodies_[j];
    legTo(a, when);
    legTo(b, when);
    const ClosestPoints cp = sphereClosestPoints(*sphereOf(*b.proximity), stateAt(b, when).pose(),
                                                 *sphereOf(*a.proximity), stateAt(a, when).pose());
    time_ = when;
    collidePair(PairTouch{when, j, i, cp.point1, cp.normal, cp, std::nullopt});
    if (a.contact || a.carrier || a.carried || b.contact || b.carrier || b.carried) {
      // An impact slow enough to start a contact between them: the rounds take over from here,
      // every other body's leg reaching the world's time as they expect.
      for (const std::size_t k : members) {
        Body& body = *bodies_[k];
        if (!body.contact && !body.carrier) {
          legTo(body, time_);
        }
      }
      flights.clear();
      return false;
    }
    legTo(a, time_);
    legTo(b, time_);
  }
  // The flights up to t, body by body on all cores: each body's steps depend on its own state
  // alone, so the result does not depend on the number of threads.
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 8),
                    [&](const tbb::blocked_range<std::size_t>& range) {
                      for (std::size_t k = range.begin(); k != range.end(); ++k) {
                        legTo(*bodies_[members[k]], t);
                      }
                    });
  time_ = t;
  return true;
}

}  // namespace contactsim::world_detail
