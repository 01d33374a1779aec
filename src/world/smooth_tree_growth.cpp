// Growing contact trees (issue 23, item 2: "an impact that would establish a second contact on a
// body adds it as an edge when the result is still a tree"). A flying body that comes to rest on
// a body resting on a fixed one — a ball settling in a shell that stands on the table — gets its
// contact as a second edge, fixed — resting body — flying body, instead of the small bounces of
// one contact at a time (kry-pai-2002 §7: contacts are generalised joints of a tree). The pair's
// impulse is the Chatterjee–Ruina law's with the plastic normal one on top, as for two flying
// bodies (SmoothWorld::collidePair); the resting body's velocity is then written on its contact
// with the fixed body and the flying one's relative to it on the new contact, both by the contact
// constraints (kry-pai-2002 eq. 14: the plastic projections of §3.7).
#include <algorithm>
#include <cstdio>

#include "contact/smooth/contact_from_pose.hpp"
#include "smooth_world_body.hpp"

namespace contactsim::world_detail {

bool SmoothWorld::mayGrow(std::size_t a, std::size_t b, std::size_t support) const {
  for (const auto& tree : trees_) {
    if (tree)
      return false;  // the world's only tree: trees do not share the world's advance yet
  }
  for (const std::size_t i : free_pairs_->bodies) {
    if (i != a && i != b)
      return false;  // no other free body to collide with it
  }
  for (const std::size_t fixed : obstacles_->body) {
    if (fixed != support)
      return false;  // nor another fixed body
  }
  return true;
}

std::optional<SmoothWorld::TreeGrowth> SmoothWorld::treeGrowth(const Body& a, const Body& b,
                                                               const PairTouch& touch) const {
  // One flies, the other holds a contact with a fixed body (not a pair contact).
  const auto flying = [](const Body& x) { return !x.contact && !x.carrier && !x.tree; };
  const auto resting = [](const Body& x) {
    return x.contact && x.support && !x.carried && !x.carrier && !x.tree;
  };
  const Body* rest = flying(a) && resting(b) ? &b : flying(b) && resting(a) ? &a : nullptr;
  if (!rest || !mayGrow(a.index, b.index, *rest->support))
    return std::nullopt;
  const Body& fly = rest == &a ? b : a;
  const SmoothContactState& s = rest->contact->state();
  TreeGrowth g;
  g.resting = rest->index;
  g.flying = fly.index;
  g.support = *rest->support;
  // The resting body's contact as it was; the new one from the touch (first holds patch1).
  g.lower = {rest->contact->setup().friction,
             s.mode,
             s.patch1,
             s.patch2,
             s.q.head<2>(),
             s.q.segment<2>(2)};
  const bool fly_first = touch.first == fly.index;
  const ClosestPoints& p = touch.points;
  g.upper = {collisionContactSetup(fly, *rest).friction,
             std::nullopt,
             fly_first ? p.patch1 : p.patch2,
             fly_first ? p.patch2 : p.patch1,
             fly_first ? p.st : p.uv,
             fly_first ? p.uv : p.st};
  return g;
}

std::optional<SmoothWorld::TreeGrowth> SmoothWorld::landingGrowth(
    const Body& body, std::size_t fixed, const ClosestPoints& points) const {
  // The body holds a contact with a free partner, or is held by one.
  const Body* holder = body.contact && body.carried ? &body
                       : body.carrier               ? bodies_[*body.carrier].get()
                                                    : nullptr;
  if (!holder || !holder->contact)
    return std::nullopt;
  const Body& partner = holder == &body ? *bodies_[*body.carried] : *holder;
  if (partner.tree || body.tree || !mayGrow(body.index, partner.index, fixed))
    return std::nullopt;
  const SmoothContactState& s = holder->contact->state();
  TreeGrowth g;
  g.resting = body.index;
  g.flying = partner.index;
  g.support = fixed;
  g.lower = {collisionContactSetup(body, *bodies_[fixed]).friction,
             std::nullopt,
             points.patch1,
             points.patch2,
             points.st,
             points.uv};
  // The pair's contact, written with the partner as child: its body 1 is the holder.
  const bool partner_holds = holder == &partner;
  g.upper = {holder->contact->setup().friction,
             s.mode,
             partner_holds ? s.patch1 : s.patch2,
             partner_holds ? s.patch2 : s.patch1,
             partner_holds ? Vec2(s.q.head<2>()) : Vec2(s.q.segment<2>(2)),
             partner_holds ? Vec2(s.q.segment<2>(2)) : Vec2(s.q.head<2>())};
  return g;
}

bool SmoothWorld::growTree(const TreeGrowth& growth, double time, const Vec3& point,
                           const Vec3& normal) {
  Body& rest = *bodies_[growth.resting];
  Body& fly = *bodies_[growth.flying];
  const Body& fixed = *bodies_[growth.support];
  const TreeGrowth::Seed& lo = growth.lower;
  const TreeGrowth::Seed& up = growth.upper;
  if (nearIrregularPoint(*rest.surface, lo.child_patch, lo.child_point) ||
      nearIrregularPoint(*fixed.surface, lo.parent_patch, lo.parent_point) ||
      nearIrregularPoint(*fly.surface, up.child_patch, up.child_point) ||
      nearIrregularPoint(*rest.surface, up.parent_patch, up.parent_point)) {
    return false;
  }
  const double tolerance = std::max(1e-6, 10.0 * collisions_.tolerance);
  TreeEdge lower{growth.resting, growth.support, {}, lo.friction, "contact of '" + rest.name + "'"};
  TreeEdge upper{growth.flying, growth.resting, {}, up.friction, "contact of '" + fly.name + "'"};
  const double energy_before = rest.system->energy(rest.state) + fly.system->energy(fly.state);
  // No-slip where the touch's slip is below the threshold (an edge without a mode of its own).
  const auto modeOf = [&](const TreeGrowth::Seed& seed, const Vec3& slip) {
    return seed.mode.value_or(rollsAfterImpact(slip, normal, seed.friction)
                                  ? FrictionMode::kRolling
                                  : FrictionMode::kSliding);
  };
  try {
    // The resting body on its support, from where the impulse left it.
    SmoothContactSetup below = collisionContactSetup(rest, fixed);
    below.friction = lo.friction;
    below.E_w_2 = fixed.state.pose();
    lower.state = contactStateFromPose(
        below, rest.state.pose(), rest.state.twist, modeOf(lo, pointVelocity(rest.state, point)),
        tolerance, lo.child_patch, lo.child_point, lo.parent_patch, lo.parent_point);
    const SmoothContact resting_contact(below, lower.state, time);
    RigidBodyState rest_after = rest.state;
    rest_after.twist = resting_contact.bodyTwist();
    // The flying body on the resting one, relative to it.
    SmoothContactSetup above = collisionContactSetup(fly, rest);
    above.friction = up.friction;
    above.mass2 = rest.system->body();
    const FrictionMode mode =
        modeOf(up, pointVelocity(fly.state, point) - pointVelocity(rest_after, point));
    upper.state =
        contactStateFromStates(above, fly.state, rest_after, mode, tolerance, up.child_patch,
                               up.child_point, up.parent_patch, up.parent_point);
    auto tree = makeTree({lower, upper}, time);
    const ContactTreeAcceleration a = tree->contact->acceleration();
    if (!(a.edges[0].normal_force > 0.0) || !(a.edges[1].normal_force > 0.0))
      return false;  // nothing presses one of the contacts: the bodies bounce instead
    // The projections onto the contacts are plastic only while they change little: a pair landing
    // fast with no restitution left the partner moving at metres per second against the stopped
    // body, and writing that on the contact added 3.3 J. Such a landing bounces as before.
    if (tree->contact->energy() > energy_before + 1e-9 * std::max(1.0, std::abs(energy_before)))
      return false;
    rest.state = rest_after;
    trees_.push_back(std::move(tree));
  } catch (const Error&) {  // a singular system, or Newton did not land on a touching pair
    return false;
  }
  // The two bodies leave the free pairs for the tree, whose steps start at the touch.
  for (const std::size_t b : trees_.back()->bodies) {
    Body& body = *bodies_[b];
    body.tree = trees_.size() - 1;
    body.leg.reset();
    body.nearest.reset();
    ++body.revision;
  }
  std::erase_if(free_pairs_->bodies,
                [&](std::size_t i) { return i == growth.resting || i == growth.flying; });
  free_pairs_->pairs.clear();
  free_pairs_->centred_spheres.reset();
  const Tree& t = *trees_.back();
  const double energy_after = t.contact->energy();
  char detail[256];
  std::snprintf(detail, sizeof detail,
                "with %s (free, on %s): a contact tree, %s; the plastic projections took %.3g J",
                rest.name.c_str(), fixed.name.c_str(),
                t.contact->state().edges[1].mode == FrictionMode::kRolling ? "rolling" : "sliding",
                energy_before - energy_after);
  events_.push_back(
      {time, rest.name, "contact-on", "with " + fixed.name + ", at the root of a contact tree"});
  events_.push_back({time, fly.name, "contact-on", detail});
  tree_grew_ = true;
  return true;
}

}  // namespace contactsim::world_detail
