// SmoothWorld's set-up and what the façade reads: bodies, the smooth contacts given at the start,
// the obstacles and free pairs of the collisions; states, energies and step statistics.
#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "collision/surface_proximity.hpp"
#include "contact/smooth/contact_from_pose.hpp"
#include "contactsim/math/checks.hpp"
#include "dynamics/state_interpolation.hpp"
#include "smooth_contact_info.hpp"
#include "smooth_world_body.hpp"

namespace contactsim::world_detail {

SmoothWorld::SmoothWorld(const WorldDescription& description)
    : integrator_(description.integrator),
      gravity_(description.gravity),
      materials_(std::make_unique<PairMaterials>(description)) {
  // Bodies: fixed ones keep their pose; free ones get their equations of motion and step driver.
  for (const BodyDescription& b : description.bodies) {
    auto body = std::make_unique<Body>();
    body->index = bodies_.size();
    body->name = b.name;
    body->fixed = b.fixed;
    body->surface = b.surface;
    body->state = b.initial_state;
    if (b.fixed) {
      body->state.twist.setZero();
    } else {
      body->system.emplace(b.mass_properties, description.gravity);
      body->driver.emplace(integrator_.adaptiveParameters());
    }
    bodies_.push_back(std::move(body));
  }
  for (std::size_t i = 0; i < description.bodies.size(); ++i) {
    const BodyDescription& b = description.bodies[i];
    if (b.polyhedron || b.half_space) {
      throw InvalidInputError("body " + toText(i) + " ('" + b.name +
                              "'): polyhedra and half-spaces belong to the point-contact "
                              "integrator");
    }
  }
  // Smooth contacts: RK4 with the world's steps (a fixed step is min = max).
  switch (integrator_.method) {
    case IntegratorMethod::kRk4:
      contact_steps_.min_step = contact_steps_.max_step = integrator_.step;
      break;
    case IntegratorMethod::kAdaptiveRk4:
      contact_steps_ = integrator_.adaptiveParameters();
      break;
    default:
      if (!description.smooth_contacts.empty() || description.collisions.enabled) {
        throw InvalidInputError(std::string("smooth contacts and collisions integrate with rk4 or "
                                            "adaptive-rk4 (kry-pai-2002 §3.7), not ") +
                                toString(integrator_.method));
      }
  }
  buildSmoothContacts(description);
  buildCollisions(description);
}

SmoothWorld::~SmoothWorld() = default;

// The contacts a scene starts in: a free body on a fixed one, from contact coordinates or a pose.
void SmoothWorld::buildSmoothContacts(const WorldDescription& description) {
  std::set<std::size_t> in_contact;
  for (const std::size_t c : buildTrees(description)) {  // contacts joining free bodies: trees
    const SmoothContactDescription& d = description.smooth_contacts[c];
    const std::string what = "smooth contact " + toText(c);
    if (d.free_body >= bodies_.size() || d.fixed_body >= bodies_.size()) {
      throw InvalidInputError(what + ": body index out of range");
    }
    const BodyDescription& free = description.bodies[d.free_body];
    const BodyDescription& fixed = description.bodies[d.fixed_body];
    if (free.fixed || !fixed.fixed) {
      throw InvalidInputError(what + ": needs a free body ('" + free.name +
                              "') first and a fixed body ('" + fixed.name + "') second");
    }
    if (!free.surface || !fixed.surface) {
      throw InvalidInputError(what + ": both bodies need a shape");
    }
    if (!in_contact.insert(d.free_body).second) {
      throw InvalidInputError(what + ": body '" + free.name + "' is already in a smooth contact");
    }
    SmoothContactSetup setup;
    setup.surface1 = free.surface;
    setup.mass1 = free.mass_properties;
    setup.surface2 = fixed.surface;
    setup.E_w_2 = fixed.initial_state.pose();
    setup.gravity = description.gravity;
    setup.friction = d.friction;
    setup.integrator = contact_steps_;
    setup.keep_step_sizes = integrator_.keep_step_sizes;
    setup.boundary_epsilon = d.boundary_epsilon;
    try {
      const SmoothContactState initial =
          d.initial_pose ? contactStateFromPose(setup, d.initial_pose->pose(),
                                                d.initial_pose->twist, d.initial.mode)
                         : d.initial;
      auto contact = std::make_unique<SmoothContact>(setup, initial);
      if (d.initial_pose)
        reportProjection(free.name, *d.initial_pose, *contact);
      if (d.initial_impulse) {
        const Vec3 j = contact->worldPose().linear().transpose() * d.initial_impulse->impulse_world;
        contact->applyImpulse(spatial(d.initial_impulse->point_body.cross(j), j));
      }
      bodies_[d.free_body]->contact = std::move(contact);
      bodies_[d.free_body]->support = d.fixed_body;
    } catch (const InvalidInputError& e) {
      throw InvalidInputError(what + ": " + e.what());
    }
  }
}

// Issue 25: the contact keeps only the velocities its constraint allows (kry-pai-2002 eq. 14: no
// relative velocity along the normal; no slip while rolling, no spin without it): what it changed
// of the velocities a pose gave is an event at the start, one per body.
void SmoothWorld::reportProjection(const std::string& body, const RigidBodyState& given,
                                   const SmoothContact& contact) {
  const Mat3 R = contact.worldPose().linear();
  const Twist phi = contact.bodyTwist();
  const Vec3 w0 = given.worldAngularVelocity(), v0 = given.worldLinearVelocity();
  const Vec3 w1 = R * angular(phi), v1 = R * linear(phi);
  const double scale = 1.0 + w0.norm() + v0.norm();
  if ((w1 - w0).norm() + (v1 - v0).norm() <= 1e-9 * scale)
    return;
  char detail[320];
  std::snprintf(
      detail, sizeof detail,
      "onto the contact (%s): linear velocity (%.6g, %.6g, %.6g) -> (%.6g, %.6g, %.6g) m/s, "
      "angular velocity (%.6g, %.6g, %.6g) -> (%.6g, %.6g, %.6g) rad/s",
      toString(contact.state().mode), v0.x(), v0.y(), v0.z(), v1.x(), v1.y(), v1.z(), w0.x(),
      w0.y(), w0.z(), w1.x(), w1.y(), w1.z());
  events_.push_back({0.0, body, "velocity-projected", detail});
}

void SmoothWorld::buildCollisions(const WorldDescription& description) {
  collisions_ = description.collisions;
  if (!collisions_.enabled) {
    return;
  }
  collisions_.validate();
  obstacles_ = std::make_unique<Obstacles>();
  std::map<const Surface*, std::shared_ptr<const ProximityShape>> shapes;
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    Body& b = *bodies_[i];
    if (!b.surface) {
      continue;
    }
    // Bodies of one shape (a field of identical obstacles) share its tessellation and tree.
    auto& shape = shapes[b.surface.get()];
    if (!shape) {
      shape = std::make_shared<const ProximityShape>(b.surface, collisions_.tessellation);
    }
    if (b.fixed) {
      obstacles_->shapes.push_back(shape);
      obstacles_->list.push_back({shape.get(), b.state.pose()});
      obstacles_->body.push_back(i);
    } else {
      b.proximity = shape;
    }
  }
  // Bodies that start inside an obstacle are an error, not a silent push-out.
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    const auto& body = bodies_[i];
    if (!body->proximity || body->tree) {
      continue;
    }
    const std::string what = "body " + toText(i) + " ('" + body->name + "')";
    const Frame pose = stateAt(*body, time_).pose();
    for (std::size_t k = 0; k < obstacles_->list.size(); ++k) {
      if (obstacles_->body[k] == body->support) {
        continue;  // touched by construction
      }
      const auto& o = obstacles_->list[k];
      const ClosestPoints cp = closestPoints(*body->proximity, pose, *o.shape, o.pose);
      if (cp.converged && cp.distance < -collisions_.tolerance) {
        throw InvalidInputError(what + " starts inside body '" +
                                bodies_[obstacles_->body[k]]->name + "' (overlap " +
                                toText(-cp.distance) + " m)");
      }
      if (!cp.converged && meshDistance(*body->proximity, pose, *o.shape, o.pose) == 0.0) {
        throw InvalidInputError(what + " starts inside body '" +
                                bodies_[obstacles_->body[k]]->name +
                                "' (their tessellations intersect)");
      }
    }
  }
  std::vector<std::size_t> free_with_shapes;
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    if (bodies_[i]->proximity && !bodies_[i]->tree) {
      free_with_shapes.push_back(i);
    }
  }
  // A tree's bodies meet nothing but their own contacts while the tree lasts: no other fixed
  // body with a surface (a tree with a free root would fall through the table).
  for (const auto& tree : trees_) {
    for (std::size_t k = 0; k < obstacles_->body.size(); ++k) {
      const std::size_t fixed = obstacles_->body[k];
      if (std::find(tree->parents.begin(), tree->parents.end(), fixed) != tree->parents.end())
        continue;
      throw InvalidInputError("body " + toText(fixed) + " ('" + bodies_[fixed]->name +
                              "'): the contact tree of '" + bodies_[tree->bodies[0]]->name +
                              "' would not collide with it (issue 23: a tree meets only the "
                              "fixed bodies its contacts rest on, yet); rest the tree on it by a "
                              "contact or give it no shape");
    }
  }
  if (!trees_.empty() && !free_with_shapes.empty()) {
    const std::size_t i = free_with_shapes[0];
    throw InvalidInputError("body " + toText(i) + " ('" + bodies_[i]->name +
                            "'): free bodies beside a contact tree do not collide with its bodies "
                            "yet (issue 23); give them no shape or run them in another scene");
  }
  if (free_with_shapes.size() >= 2) {
    buildFreePairs(std::move(free_with_shapes));  // smooth_free_pairs.cpp
  }
}

void SmoothWorld::advanceTo(double t) {
  // Trees advance to t or to a contact's separation; the rest of the world follows them there.
  for (;;) {
    const double split = trees_.empty() ? t : advanceTrees(t);
    if (advanceOutsideTrees(split) < split)
      continue;  // a tree grew there: it advances from then on
    if (split >= t)
      break;
    splitTrees(split);
  }
  // No impact or touch cuts a contact short before the world's time: its steps that ended by
  // then are final, and (without keep_step_sizes) are counted instead of kept.
  for (auto& body : bodies_) {
    if (body->contact)
      body->contact->retireStepsEndingBy(time_);
  }
}

double SmoothWorld::advanceOutsideTrees(double t) {
  if (free_pairs_) {
    advanceWithFreePairs(t);  // smooth_free_pairs.cpp
    return time_;
  } else {
    for (auto& body : bodies_) {
      if (!body->fixed && !body->tree) {
        advanceBody(*body, t);
      }
    }
    time_ = t;
  }
  return t;
}

RigidBodyState SmoothWorld::state(std::size_t i) const {
  const Body& b = *bodies_.at(i);
  return stateAt(b, time_);
}

RigidBodyState SmoothWorld::stateAt(const Body& b, double t) const {
  if (b.tree)  // trees are at the world's time
    return treeBodyState(*trees_[*b.tree], b.index);
  if (b.carrier)
    return bodies_[*b.carrier]->contact->body2StateAt(t);
  if (!b.contact && b.leg) {
    // A time a rounding error outside the leg (a sum of steps) reads its end.
    const double slack = 1e-12 * std::max(1.0, std::abs(t));
    const double s = t < b.leg->start_time && t > b.leg->start_time - slack ? b.leg->start_time
                     : t > b.leg->end_time && t < b.leg->end_time + slack   ? b.leg->end_time
                                                                            : t;
    return interpolateFlight(b.leg->start, b.leg->start_time, b.state, b.leg->end_time, s);
  }
  if (!b.contact)
    return b.state;
  RigidBodyState s;
  const Frame E = b.contact->worldPoseAt(t);
  s.position = E.translation();
  s.orientation = Quat(E.linear()).normalized();
  s.twist = b.contact->bodyTwistAt(t);
  return s;
}

// Each contact from the body that holds it (body 1), at the world's time: its dense output,
// the contact frame and the constraint wrench of kry-pai-2002 eq. 19 turned into the world.
std::vector<ContactInfo> SmoothWorld::contacts() const {
  std::vector<ContactInfo> out;
  for (const auto& b : bodies_) {
    if (!b->contact || b->contact->separated())
      continue;
    out.push_back(smoothContactInfo(*b->contact, time_, b->index,
                                    b->carried ? *b->carried : b->support.value_or(b->index)));
  }
  treeContacts(out);
  planeContacts(out);  // spheres on a plane in closed form (sphere_table.cpp)
  return out;
}

double SmoothWorld::energy(std::size_t i) const {
  const Body& b = *bodies_.at(i);
  if (b.fixed)
    return 0.0;
  if (b.tree) {
    const Tree& tree = *trees_[*b.tree];
    const auto local = std::find(tree.bodies.begin(), tree.bodies.end(), i) - tree.bodies.begin();
    return tree.contact->energy(static_cast<int>(local));
  }
  if (b.contact && !b.carried)
    return b.contact->energyAt(time_);
  return b.system->energy(state(i));
}

Vec3 SmoothWorld::angularMomentum(std::size_t i) const {
  const Body& b = *bodies_.at(i);
  if (b.fixed)
    return Vec3::Zero();
  const RigidBodyState s = state(i);
  const Mat3& I = b.contact ? b.contact->setup().mass1.inertia() : b.system->body().inertia();
  return s.orientation * (I * angular(s.twist));
}

IntegrationStats SmoothWorld::stats() const {
  IntegrationStats total;
  for (const auto& tree : trees_)
    total.steps += tree ? tree->contact->steps() : 0;
  for (const auto& b : bodies_) {
    if (b->fixed)
      continue;
    long steps = b->steps;
    long rejected = b->driver ? b->driver->stats().rejected : 0;
    double smallest = b->smallest_step, largest = b->largest_step;
    if (b->contact) {
      const SmoothContactStats& c = b->contact->stats();
      steps += c.accepted_steps;
      rejected += c.rejected_steps;
      for (const double h : c.step_sizes) {
        smallest = smallest == 0.0 ? h : std::min(smallest, h);
        largest = std::max(largest, h);
      }
      if (c.retired.count > 0) {
        smallest = smallest == 0.0 ? c.retired.smallest : std::min(smallest, c.retired.smallest);
        largest = std::max(largest, c.retired.largest);
      }
    }
    total.steps += steps;
    total.rejected += rejected;
    if (steps > 0) {
      total.smallest_step =
          total.smallest_step == 0.0 ? smallest : std::min(total.smallest_step, smallest);
      total.largest_step = std::max(total.largest_step, largest);
    }
    total.step_sizes.insert(total.step_sizes.end(), b->step_sizes.begin(), b->step_sizes.end());
    total.steps += b->tree_steps;
    if (b->contact) {
      const std::vector<double>& c = b->contact->stats().step_sizes;
      total.step_sizes.insert(total.step_sizes.end(), c.begin(), c.end());
    }
  }
  return total;
}

}  // namespace contactsim::world_detail
