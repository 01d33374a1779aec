// SmoothWorld's impacts with fixed bodies and the continuous contacts they establish and end
// (kry-pai-2002 §3.6–3.7): the Chatterjee–Ruina impulse, contact establishment from the touching
// pair, small bounces near irregular points, and the end of a contact (separation, impact).
#include <algorithm>
#include <cstdio>

#include "contact/smooth/contact_from_pose.hpp"
#include "smooth_world_body.hpp"

namespace contactsim::world_detail {

void SmoothWorld::endContact(Body& body, double time, const RigidBodyState& state,
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
  recordSteps(body, taken.retired.count, taken.retired.smallest, taken.retired.largest);
  for (std::size_t i = 0; i < taken.step_sizes.size(); ++i) {
    const double start = taken.step_ends[i] - taken.step_sizes[i];
    if (!(start < time - 1e-12 * std::max(1.0, std::abs(time)))) {
      break;  // steps are in time order: the rest began at or after the cut
    }
    // A whole step as it was taken (end − start would round it), the one the cut falls in up
    // to the cut.
    const double h = taken.step_ends[i] <= time ? taken.step_sizes[i] : time - start;
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
void SmoothWorld::collide(Body& body, std::size_t obstacle, const ClosestPoints& points,
                          double time, bool still_touching, const TreeGrowth* growth) {
  ++body.revision;
  const Body& fixed = *bodies_[obstacles_->body[obstacle]];
  const Vec3 c = points.point1;
  const Vec3& n = points.normal;
  const ImpactBody a = impactBody(body.system->body(), body.state);
  ImpactBody b;
  b.com_world = fixed.state.position;
  const double after = impactWithFixed(body, fixed, c, n, time);
  char detail[256];
  if (after >= collisions_.contact_speed) {
    return;
  }
  if (growth && growTree(*growth, time, c, n))
    return;  // a pair in contact came to rest on the fixed body: a tree (smooth_tree_growth.cpp)
  SmoothContactSetup setup = collisionContactSetup(body, fixed);
  setup.E_w_2 = fixed.state.pose();
  const bool rolls = rollsAfterImpact(pointVelocity(body.state, c), n, setup.friction);
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
                  n.dot(pointVelocity(body.state, c)));
    events_.push_back({time, body.name, "small-bounce", detail});
    return;
  }
  body.contact = std::move(contact);
  body.support = obstacles_->body[obstacle];
  body.events_seen = 0;
  events_.push_back({time, body.name, "contact-on",
                     std::string("with ") + fixed.name + (rolls ? ", rolling" : ", sliding")});
}

double SmoothWorld::impactWithFixed(Body& body, const Body& fixed, const Vec3& c, const Vec3& n,
                                    double time) {
  const ImpactBody a = impactBody(body.system->body(), body.state);
  ImpactBody b;
  b.com_world = fixed.state.position;
  const Vec3 u = pointVelocity(body.state, c);
  const ImpactResult impact =
      chatterjeeRuinaImpulse(collisionMatrix(a, b, c), u, n, impactFor(body, fixed));
  addVelocityChange(body.state, applyImpulse(a, b, c, impact.impulse).a);
  const double after = n.dot(pointVelocity(body.state, c));
  char detail[256];
  std::snprintf(detail, sizeof detail, "with %s: normal speed %.6g -> %.6g m/s (%s)",
                fixed.name.c_str(), -n.dot(u), after, toString(impact.regime));
  events_.push_back({time, body.name, "collision", detail});
  return after;
}

// The continuous contact an impact leaves, or nothing where it cannot be set up (its contact
// system singular, near-conforming surfaces, kry-pai-2002 §3.2; or no touching pair found from
// the collision's): the world then bounces as near an irregular point.
std::unique_ptr<SmoothContact> SmoothWorld::establishContact(const SmoothContactSetup& setup,
                                                             const RigidBodyState& state,
                                                             bool rolls,
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

SmoothContactSetup SmoothWorld::collisionContactSetup(const Body& body1, const Body& body2) const {
  SmoothContactSetup setup;
  setup.surface1 = body1.surface;
  setup.mass1 = body1.system->body();
  setup.surface2 = body2.surface;
  setup.gravity = gravity_;
  setup.friction = collisions_.friction;
  setup.friction.mu = materials_->friction(body1.index, body2.index, collisions_.friction.mu);
  setup.integrator = contact_steps_;
  setup.keep_step_sizes = integrator_.keep_step_sizes;
  setup.irregular_radius = collisions_.irregular_radius;
  return setup;
}

ImpactParameters SmoothWorld::impactFor(const Body& a, const Body& b) const {
  ImpactParameters p = collisions_.impact;
  p.restitution = materials_->restitution(a.index, b.index, p.restitution);
  p.friction = materials_->friction(a.index, b.index, p.friction);
  return p;
}

bool SmoothWorld::rollsAfterImpact(const Vec3& slip, const Vec3& n,
                                   const FrictionParameters& friction) {
  return friction.mu > 0.0 && (slip - n * n.dot(slip)).norm() < friction.slip_threshold;
}

bool SmoothWorld::nearIrregularPoint(const Surface& surface, int patch, const Vec2& p) const {
  return surface.irregularDistance(patch, p(0), p(1)) < collisions_.irregular_radius;
}

void SmoothWorld::collectEvents(Body& body) {
  const std::vector<SmoothContactEvent>& e = body.contact->events();
  for (; body.events_seen < e.size(); ++body.events_seen) {
    const SmoothContactEvent& x = e[body.events_seen];
    events_.push_back({x.time, body.name, toString(x.type), x.detail});
  }
}

}  // namespace contactsim::world_detail
