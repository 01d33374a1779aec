// Contact trees in the smooth world (issue 23, docs/ARCHITECTURE.md "The contact graph inside an
// island"): scene contacts that join free bodies — a ball on a ball on the table, a ball inside a
// free shell on the table — form trees of smooth contacts, each evolved by one ContactTree in
// reduced coordinates (contact/smooth/contact_tree.hpp). A contact of a tree that separates
// splits it at that instant: the edges left become smaller trees, or one-contact bodies on the
// existing path (a free body on a fixed one), and bodies left with no contact fly and collide as
// any other. Contacts of one free body on a fixed one that join no other free body keep the
// one-contact path (byte-identical outputs).
#include <algorithm>
#include <map>

#include "contact/smooth/contact_from_pose.hpp"
#include "contactsim/math/checks.hpp"
#include "math/disjoint_sets.hpp"
#include "smooth_contact_info.hpp"
#include "smooth_world_body.hpp"

namespace contactsim::world_detail {

namespace {

// The edges in an order where each parent is fixed, a root or an earlier edge's child; throws
// InvalidInputError naming the contact for a body with two parents or a cycle.
template <class IsFixed>
std::vector<std::size_t> treeOrder(const std::vector<SmoothWorld::TreeEdge>& edges,
                                   const IsFixed& fixed) {
  std::map<std::size_t, std::size_t> parent_edge;  // child → edge
  std::map<std::size_t, std::vector<std::size_t>> children;
  for (std::size_t k = 0; k < edges.size(); ++k) {
    if (!parent_edge.emplace(edges[k].child, k).second) {
      throw InvalidInputError(edges[k].what +
                              ": the body already rests on another body; a body touching two "
                              "bodies closes a loop of contacts, which reduced coordinates do not "
                              "handle (give fixed walls half-space or polyhedron shapes to solve "
                              "it at the velocity level, as scenes/v-groove.json does)");
    }
    children[edges[k].parent].push_back(k);
  }
  std::vector<std::size_t> order;
  for (std::size_t k = 0; k < edges.size(); ++k) {
    const std::size_t p = edges[k].parent;
    if (fixed(p) || !parent_edge.contains(p))
      order.push_back(k);  // on a fixed body or a floating root
  }
  for (std::size_t i = 0; i < order.size(); ++i) {
    for (const std::size_t k : children[edges[order[i]].child])
      order.push_back(k);
  }
  if (order.size() != edges.size()) {
    throw InvalidInputError(edges[0].what +
                            ": its bodies' contacts form a cycle (a loop, not supported yet)");
  }
  return order;
}

}  // namespace

std::vector<std::size_t> SmoothWorld::buildTrees(const WorldDescription& description) {
  // Contacts between free bodies join them; their sets hold trees.
  const std::vector<SmoothContactDescription>& contacts = description.smooth_contacts;
  DisjointSets sets(bodies_.size());
  std::vector<bool> joins(bodies_.size(), false);
  for (const SmoothContactDescription& d : contacts) {
    if (d.free_body < bodies_.size() && d.fixed_body < bodies_.size() &&
        !bodies_[d.fixed_body]->fixed && !bodies_[d.free_body]->fixed) {
      sets.join(d.free_body, d.fixed_body);
      joins[d.free_body] = true;
    }
  }
  std::vector<bool> in_tree(bodies_.size(), false);
  for (std::size_t b = 0; b < bodies_.size(); ++b) {
    if (joins[b])
      in_tree[sets.find(b)] = true;
  }
  // The others keep the one-contact path; a tree's contacts are grouped by their set.
  std::vector<std::size_t> single;
  std::map<std::size_t, std::vector<std::size_t>> groups;
  for (std::size_t c = 0; c < contacts.size(); ++c) {
    const SmoothContactDescription& d = contacts[c];
    if (d.free_body < bodies_.size() && in_tree[sets.find(d.free_body)]) {
      groups[sets.find(d.free_body)].push_back(c);
    } else {
      single.push_back(c);
    }
  }
  for (const auto& [set, members] : groups)
    buildTree(description, members);
  return single;
}

void SmoothWorld::buildTree(const WorldDescription& description,
                            const std::vector<std::size_t>& members) {
  std::vector<TreeEdge> edges;
  for (const std::size_t c : members) {
    const SmoothContactDescription& d = description.smooth_contacts[c];
    const std::string what = "smooth contact " + toText(c);
    if (!description.bodies[d.free_body].surface || !description.bodies[d.fixed_body].surface)
      throw InvalidInputError(what + ": both bodies need a shape");
    if (description.bodies[d.free_body].fixed)
      throw InvalidInputError(what + ": needs a free body first");
    if (d.initial_impulse)
      throw InvalidInputError(what + ": an impulse on a contact of a tree is not supported yet");
    if (d.boundary_epsilon != 0.0)
      throw InvalidInputError(what + ": boundary_epsilon on a contact of a tree is not supported");
    edges.push_back({d.free_body, d.fixed_body, d.initial, d.friction,
                     what + " ('" + bodies_[d.free_body]->name + "' on '" +
                         bodies_[d.fixed_body]->name + "')"});
  }
  // The states: given as q, or found from the poses in the tree's order (a free parent's pose
  // from the edges before it, or its own when it is a root).
  const std::vector<std::size_t> order =
      treeOrder(edges, [&](std::size_t b) { return bodies_[b]->fixed; });
  std::vector<TreeEdge> placed;
  for (const std::size_t k : order) {
    TreeEdge e = edges[k];
    const SmoothContactDescription& d = description.smooth_contacts[members[k]];
    if (d.initial_pose) {
      const Body& parent = *bodies_[e.parent];
      RigidBodyState p = parent.state;
      if (!parent.fixed && !placed.empty()) {
        const auto it = std::find_if(placed.begin(), placed.end(),
                                     [&](const TreeEdge& x) { return x.child == e.parent; });
        if (it != placed.end()) {
          const auto tree = makeTree(placed, time_);
          p = treeBodyState(*tree, e.parent);
        }
      }
      SmoothContactSetup s;
      s.surface1 = bodies_[e.child]->surface;
      s.surface2 = parent.surface;
      s.mass1 = bodies_[e.child]->system->body();
      s.E_w_2 = p.pose();
      s.friction = e.friction;
      // Relative to a free parent: the child's twist less the parent's motion carried over.
      const Frame E_c_p = d.initial_pose->pose().inverse(Eigen::Isometry) * p.pose();
      const Twist relative = d.initial_pose->twist - transformTwist(E_c_p, p.twist);
      try {
        e.state = contactStateFromPose(s, d.initial_pose->pose(), relative, d.initial.mode);
      } catch (const InvalidInputError& error) {
        throw InvalidInputError(e.what + ": " + error.what());
      }
    }
    placed.push_back(e);
  }
  trees_.push_back(makeTree(placed, time_));
  for (const std::size_t b : trees_.back()->bodies)
    bodies_[b]->tree = trees_.size() - 1;
}

// A ContactTree of the edges (any order) at time t, its roots' states from the bodies.
std::unique_ptr<SmoothWorld::Tree> SmoothWorld::makeTree(const std::vector<TreeEdge>& edges,
                                                         double t) const {
  const std::vector<std::size_t> order =
      treeOrder(edges, [&](std::size_t b) { return bodies_[b]->fixed; });
  auto tree = std::make_unique<Tree>();
  std::map<std::size_t, int> local;
  const auto number = [&](std::size_t b) {
    const auto [it, added] = local.emplace(b, static_cast<int>(tree->bodies.size()));
    if (added)
      tree->bodies.push_back(b);
    return it->second;
  };
  ContactTreeSetup setup;
  setup.gravity = gravity_;
  setup.step = contact_steps_.max_step;
  ContactTreeState state;
  for (const std::size_t k : order) {
    const TreeEdge& e = edges[k];
    const Body& parent = *bodies_[e.parent];
    ContactTreeSetup::Edge edge;
    edge.parent = parent.fixed ? ContactTreeEdge::kFixed : number(e.parent);
    edge.child = number(e.child);
    edge.surface1 = bodies_[e.child]->surface;
    edge.surface2 = parent.surface;
    edge.E_w_2 = parent.state.pose();
    edge.friction = e.friction;
    setup.edges.push_back(edge);
    state.edges.push_back(e.state);
    tree->parents.push_back(e.parent);
  }
  for (const std::size_t b : tree->bodies) {
    setup.bodies.push_back(bodies_[b]->system->body());
    state.roots.push_back(bodies_[b]->state);  // used for the floating roots only
  }
  try {
    tree->contact = std::make_unique<ContactTree>(std::move(setup), std::move(state), t);
  } catch (const InvalidInputError& error) {
    throw InvalidInputError(edges[order[0]].what + ": " + error.what());
  }
  return tree;
}

RigidBodyState SmoothWorld::treeBodyState(const Tree& tree, std::size_t body) const {
  const auto it = std::find(tree.bodies.begin(), tree.bodies.end(), body);
  return tree.contact->bodyState(static_cast<int>(it - tree.bodies.begin()));
}

double SmoothWorld::advanceTrees(double t) {
  double split = t;
  for (auto& tree : trees_) {
    if (!tree || tree->contact->separatedEdge() >= 0)
      continue;
    try {
      tree->contact->advanceTo(t);
    } catch (const NumericalError& e) {
      throw NumericalError("bodies '" + bodies_[tree->bodies[0]]->name +
                           "' … in a contact tree: " + e.what());
    }
    collectTreeEvents(*tree);
    if (tree->contact->separatedEdge() >= 0)
      split = std::min(split, tree->contact->time());
  }
  return split;
}

void SmoothWorld::collectTreeEvents(Tree& tree) {
  const std::vector<ContactTreeEvent>& events = tree.contact->events();
  for (; tree.events_seen < events.size(); ++tree.events_seen) {
    const ContactTreeEvent& x = events[tree.events_seen];
    const auto k = static_cast<std::size_t>(x.edge);
    const int child = tree.contact->setup().edges[k].child;
    events_.push_back({x.time, bodies_[tree.bodies[static_cast<std::size_t>(child)]]->name,
                       toString(x.type),
                       "on '" + bodies_[tree.parents[k]]->name + "': " + x.detail});
  }
}

// The trees whose contact separated at time t split: the edges left form smaller trees or
// one-contact bodies; bodies with no contact left fly from t.
void SmoothWorld::splitTrees(double t) {
  std::vector<std::size_t> released;
  for (std::size_t i = 0; i < trees_.size(); ++i) {
    if (!trees_[i] || trees_[i]->contact->separatedEdge() < 0 || trees_[i]->contact->time() > t)
      continue;
    const std::unique_ptr<Tree> tree = std::move(trees_[i]);
    const ContactTree& ct = *tree->contact;
    bodies_[tree->bodies[0]]->tree_steps += ct.steps();
    // Every body's state now, and the edges that hold.
    for (const std::size_t b : tree->bodies) {
      Body& body = *bodies_[b];
      body.state = treeBodyState(*tree, b);
      body.tree.reset();
      body.leg.reset();
      body.nearest.reset();
      std::fill(body.warm.begin(), body.warm.end(), std::nullopt);
      ++body.revision;
    }
    // The separated contact leaves its two bodies touching with no normal speed: the child is
    // given 1e-9 m/s along the normal, away, so that rounding (1e-16 m/s) cannot read the pair
    // as closing and collide them at once (an energy change below 1e-9 of its kinetic energy's
    // scale).
    const int parted = ct.separatedEdge();
    const ContactTree::Snapshot snap = ct.snapshot(parted);
    // Without collisions nothing would stop the body that left from passing into the others
    // (issue 25, item 4: never a body through the floor with a clean exit).
    if (!collisions_.enabled) {
      const ContactTreeSetup::Edge& e = ct.setup().edges[static_cast<std::size_t>(parted)];
      throw NumericalError(
          "body '" + bodies_[tree->bodies[static_cast<std::size_t>(e.child)]]->name +
          "' left its contact with '" +
          bodies_[tree->parents[static_cast<std::size_t>(parted)]]->name +
          "' in a contact tree at t = " + toText(t) +
          " (normal force through zero): in a world without collisions nothing would stop it "
          "passing into the other bodies; give the scene models.smooth.collisions");
    }
    Body& parted_child = *bodies_[tree->bodies[static_cast<std::size_t>(
        ct.setup().edges[static_cast<std::size_t>(parted)].child)]];
    const Vec3 away = -snap.frame.linear().col(2);  // body 1's outward normal points at body 2
    parted_child.state.twist.tail<3>() +=
        parted_child.state.orientation.conjugate() * (1e-9 * away);
    std::vector<TreeEdge> left;
    for (std::size_t k = 0; k < ct.setup().edges.size(); ++k) {
      if (static_cast<int>(k) == ct.separatedEdge())
        continue;
      const auto child = tree->bodies[static_cast<std::size_t>(ct.setup().edges[k].child)];
      left.push_back({child, tree->parents[k], ct.state().edges[k], ct.setup().edges[k].friction,
                      "contact of '" + bodies_[child]->name + "'"});
    }
    placeEdges(left, t);
    for (const std::size_t b : tree->bodies) {
      Body& body = *bodies_[b];
      if (!body.tree && !body.contact) {
        events_.push_back({t, body.name, "free-flight", "its contact in a tree separated"});
      }
      if (!body.tree)
        released.push_back(b);
    }
  }
  joinFreePairs(released);
}

// Edges left by a split: a free body on a fixed one that joins no other free body holds a
// one-contact SmoothContact; the others form trees.
void SmoothWorld::placeEdges(const std::vector<TreeEdge>& edges, double t) {
  DisjointSets sets(bodies_.size());
  std::vector<bool> joins(bodies_.size(), false);
  for (const TreeEdge& e : edges) {
    if (!bodies_[e.parent]->fixed) {
      sets.join(e.child, e.parent);
      joins[e.child] = true;
    }
  }
  std::vector<bool> in_tree(bodies_.size(), false);
  for (std::size_t b = 0; b < bodies_.size(); ++b) {
    if (joins[b])
      in_tree[sets.find(b)] = true;
  }
  std::map<std::size_t, std::vector<TreeEdge>> groups;
  for (const TreeEdge& e : edges) {
    if (in_tree[sets.find(e.child)]) {
      groups[sets.find(e.child)].push_back(e);
      continue;
    }
    Body& body = *bodies_[e.child];
    SmoothContactSetup setup = collisionContactSetup(body, *bodies_[e.parent]);
    setup.friction = e.friction;
    body.contact = std::make_unique<SmoothContact>(setup, e.state, t);
    body.support = e.parent;
    body.events_seen = 0;
  }
  for (const auto& [set, group] : groups) {
    trees_.push_back(makeTree(group, t));
    for (const std::size_t b : trees_.back()->bodies)
      bodies_[b]->tree = trees_.size() - 1;
  }
}

// Bodies a tree released join the collisions of free bodies with each other.
void SmoothWorld::joinFreePairs(const std::vector<std::size_t>& released) {
  if (!collisions_.enabled)
    return;
  std::vector<std::size_t> members = free_pairs_ ? free_pairs_->bodies : std::vector<std::size_t>{};
  for (const std::size_t b : released) {
    if (bodies_[b]->proximity && std::find(members.begin(), members.end(), b) == members.end())
      members.push_back(b);
  }
  std::sort(members.begin(), members.end());
  if (free_pairs_) {
    free_pairs_->bodies = members;
    free_pairs_->centred_spheres.reset();
  } else if (members.size() >= 2) {
    buildFreePairs(members);
  }
}

void SmoothWorld::treeContacts(std::vector<ContactInfo>& out) const {
  for (const auto& tree : trees_) {
    if (!tree)
      continue;
    const ContactTree& ct = *tree->contact;
    for (std::size_t k = 0; k < ct.setup().edges.size(); ++k) {
      const ContactTree::Snapshot snap = ct.snapshot(static_cast<int>(k));
      out.push_back(smoothContactInfo(
          snap.frame, snap.acceleration, ct.state().edges[k],
          tree->bodies[static_cast<std::size_t>(ct.setup().edges[k].child)], tree->parents[k]));
    }
  }
}

}  // namespace contactsim::world_detail
