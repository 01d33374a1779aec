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

std::optional<SmoothWorld::TreeGrowth> SmoothWorld::treeGrowth(const Body& a, const Body& b) const {
  // One flies, the other holds a contact with a fixed body (not a pair contact).
  const auto flying = [](const Body& x) { return !x.contact && !x.carrier && !x.tree; };
  const auto resting = [](const Body& x) {
    return x.contact && x.support && !x.carried && !x.carrier && !x.tree;
  };
  const Body* rest = flying(a) && resting(b) ? &b : flying(b) && resting(a) ? &a : nullptr;
  if (!rest)
    return std::nullopt;
  // The tree must be the world's only one, and meet no other free body: trees neither collide
  // with bodies outside them nor share the world's advance with another tree that may split.
  for (const auto& tree : trees_) {
    if (tree)
      return std::nullopt;
  }
  for (const std::size_t i : free_pairs_->bodies) {
    if (i != a.index && i != b.index)
      return std::nullopt;
  }
  for (const std::size_t fixed : obstacles_->body) {
    if (fixed != *rest->support)
      return std::nullopt;  // nor with fixed bodies other than its support
  }
  const SmoothContactState& s = rest->contact->state();
  TreeGrowth g;
  g.resting = rest->index;
  g.flying = rest == &a ? b.index : a.index;
  g.support = *rest->support;
  g.friction = rest->contact->setup().friction;
  g.mode = s.mode;
  g.patch1 = s.patch1;
  g.patch2 = s.patch2;
  g.st = s.q.head<2>();
  g.uv = s.q.segment<2>(2);
  return g;
}

bool SmoothWorld::growTree(const PairTouch& touch, const TreeGrowth& growth) {
  Body& rest = *bodies_[growth.resting];
  Body& fly = *bodies_[growth.flying];
  const Body& fixed = *bodies_[growth.support];
  const ClosestPoints& points = touch.points;
  // The touching points on each body (touch.first holds patch1).
  const bool fly_first = touch.first == growth.flying;
  const int fly_patch = fly_first ? points.patch1 : points.patch2;
  const int rest_patch = fly_first ? points.patch2 : points.patch1;
  const Vec2 fly_st = fly_first ? points.st : points.uv;
  const Vec2 rest_st = fly_first ? points.uv : points.st;
  if (nearIrregularPoint(*fly.surface, fly_patch, fly_st) ||
      nearIrregularPoint(*rest.surface, rest_patch, rest_st)) {
    return false;
  }
  const double tolerance = std::max(1e-6, 10.0 * collisions_.tolerance);
  TreeEdge lower{
      growth.resting, growth.support, {}, growth.friction, "contact of '" + rest.name + "'"};
  TreeEdge upper{growth.flying, growth.resting, {}, {}, "contact of '" + fly.name + "'"};
  const double energy_before = rest.system->energy(rest.state) + fly.system->energy(fly.state);
  try {
    // The resting body on its support again, from where the impulse left it.
    SmoothContactSetup below = collisionContactSetup(rest, fixed);
    below.friction = growth.friction;
    below.E_w_2 = fixed.state.pose();
    lower.state =
        contactStateFromPose(below, rest.state.pose(), rest.state.twist, growth.mode, tolerance,
                             growth.patch1, growth.st, growth.patch2, growth.uv);
    const SmoothContact resting_contact(below, lower.state, touch.time);
    RigidBodyState rest_after = rest.state;
    rest_after.twist = resting_contact.bodyTwist();
    // The flying body on the resting one: no-slip where its slip is below the threshold.
    SmoothContactSetup above = collisionContactSetup(fly, rest);
    above.mass2 = rest.system->body();
    upper.friction = above.friction;
    const bool rolls = rollsAfterImpact(
        pointVelocity(fly.state, touch.point) - pointVelocity(rest_after, touch.point),
        touch.normal, above.friction);
    upper.state = contactStateFromStates(above, fly.state, rest_after,
                                         rolls ? FrictionMode::kRolling : FrictionMode::kSliding,
                                         tolerance, fly_patch, fly_st, rest_patch, rest_st);
    auto tree = makeTree({lower, upper}, touch.time);
    const ContactTreeAcceleration a = tree->contact->acceleration();
    if (!(a.edges[0].normal_force > 0.0) || !(a.edges[1].normal_force > 0.0))
      return false;  // nothing presses one of the contacts: the bodies bounce instead
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
  events_.push_back({touch.time, rest.name, "contact-on",
                     "with " + fixed.name + " again, at the root of a contact tree"});
  events_.push_back({touch.time, fly.name, "contact-on", detail});
  tree_grew_ = true;
  return true;
}

}  // namespace contactsim::world_detail
