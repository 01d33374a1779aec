// Velocity-level stepping of a mixed world (mixed_world.hpp): symplectic Euler as
// PointContactWorld, with the contacts of mixed_contacts.cpp and the islands of islands.cpp.
#include "mixed_world.hpp"

#include <algorithm>
#include <cmath>

#include "contactsim/error.hpp"
#include "island_solve.hpp"
#include "velocity_world_bodies.hpp"

namespace contactsim::world_detail {

namespace {

std::string bodyLabel(std::size_t i, const std::string& name) {
  return "body " + toText(i) + " ('" + name + "')";
}

// The contact pairs of a step, for the island builder.
std::vector<std::pair<std::size_t, std::size_t>> pairsOf(
    const std::vector<PointContactRecord>& records) {
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (const PointContactRecord& r : records)
    pairs.emplace_back(r.body_a, r.body_b);
  return pairs;
}

}  // namespace

MixedWorld::MixedWorld(const WorldDescription& description)
    : gravity_(description.gravity),
      settings_(description.integrator.point_contact),
      resolution_(description.integrator.volume_contact.resolution),
      impact_(description.collisions.impact),
      contact_speed_(description.collisions.contact_speed),
      materials_(description),
      collisions_(description.collisions) {
  // Settings: the scene's step h and the point model's margin, stabilisation and solver.
  settings_.step = description.integrator.step;
  settings_.validate();
  if (!description.smooth_contacts.empty() || !description.joints.empty()) {
    throw InvalidInputError(
        "a world of smooth and polyhedral bodies is stepped at the velocity level: start its "
        "smooth bodies apart from their supports (no 'contacts'), and it takes no joints");
  }
  // Bodies: each one's shape — a smooth surface (with its tessellation and BVH), a polyhedron,
  // or a fixed half-space.
  for (std::size_t i = 0; i < description.bodies.size(); ++i) {
    const BodyDescription& d = description.bodies[i];
    Body b;
    b.name = d.name;
    b.fixed = d.fixed;
    b.mass = d.mass_properties;
    if (d.surface) {
      b.smooth = std::make_shared<ProximityShape>(d.surface, description.collisions.tessellation);
      b.surface = d.surface;
    } else if (d.polyhedron) {
      b.polyhedron = d.polyhedron;
    } else if (d.half_space) {
      if (!d.fixed)
        throw InvalidInputError(bodyLabel(i, d.name) + ": a half-space must be fixed");
      b.half_space = d.half_space;
      b.half_space->offset /= d.half_space->normal.norm();
      b.half_space->normal.normalize();
    } else if (!d.mesh) {
      throw InvalidInputError(bodyLabel(i, d.name) +
                              ": a body of a mixed world needs a smooth surface, a polyhedron, "
                              "a half-space or a closed triangle mesh");
    }
    const RigidBodyState& s = d.initial_state;
    b.position = s.position;
    b.orientation = s.orientation.normalized();
    b.velocity = s.worldLinearVelocity();
    b.omega = s.worldAngularVelocity();
    bodies_.push_back(std::move(b));
    names_.push_back(d.name);
  }
  prepareMeshes(description);
  // Bodies must not start inside each other: that would be silently pushed apart.
  const std::vector<Generated> initial = generateContacts();
  for (const Generated& g : initial) {
    if (-g.separation > settings_.initial_penetration_tolerance) {
      const std::size_t a = g.contact.body_a, b = g.contact.body_b;
      throw InvalidInputError(bodyLabel(a, names_[a]) + ": starts " + toText(-g.separation) +
                              " m inside " + bodyLabel(b, names_[b]));
    }
  }
  for (const GeneratedPatch& p : patches_) {
    if (p.depth > settings_.initial_penetration_tolerance) {
      const std::size_t a = p.contact.body_a, b = p.contact.body_b;
      throw InvalidInputError(bodyLabel(a, names_[a]) + ": starts " + toText(p.depth) +
                              " m (mean depth of the overlap) inside " + bodyLabel(b, names_[b]));
    }
  }
  for (const Body& b : bodies_)
    fixed_.push_back(b.fixed);
  islands_ = buildIslands(fixed_, {});
}

std::optional<Vec3> MixedWorld::warmStart(const Generated& g) const {
  const Body& a = bodies_[g.contact.body_a];
  const Vec3 local = a.orientation.conjugate() * (g.contact.point - a.position);
  const double radius = std::min(reach(a), reach(bodies_[g.contact.body_b]));
  return warm_.nearest({g.contact.body_a, g.contact.body_b}, local,
                       settings_.warm_start_fraction * radius);
}

const PointContactStepStats& MixedWorld::step() {
  const double h = settings_.step;
  // 1. Contacts of the poses now and the impacts of those closing within the step;
  // 2. velocities under gravity and the gyroscopic torque; 3. impulses, island by island in
  // parallel; 4. poses with the new velocities; 5. islands of this step's contacts.
  std::vector<Generated> generated = generateContacts();
  handBackNear(generated);
  last_ = {};
  last_.impacts = collideClosing(generated);
  std::vector<VelocityBody> velocity_bodies;
  velocity_bodies.reserve(bodies_.size());
  for (const Body& body : bodies_)
    velocity_bodies.push_back(predictedVelocities(body, gravity_, h));

  std::vector<FrictionalContact> contacts;
  std::vector<Vec3> impulses;
  for (Generated& g : generated) {
    // A gap may close within the step; a penetration is pushed out by a fraction per step.
    g.contact.target_normal_velocity =
        g.separation >= 0.0 ? -g.separation / h : -settings_.baumgarte * g.separation / h;
    contacts.push_back(g.contact);
    const std::optional<Vec3> warm = settings_.warm_start ? warmStart(g) : std::nullopt;
    last_.warm_started += warm ? 1 : 0;
    impulses.push_back(warm.value_or(Vec3::Zero()));
  }
  // The 6D patches: pushed out of their overlap by the Baumgarte fraction, warm started by last
  // step's wrench of the pair moved to the new centre (τ + (c_old − c_new) × f).
  std::vector<VolumeContact> patches;
  std::vector<Wrench> wrenches;
  for (GeneratedPatch& p : patches_) {
    p.contact.target_normal_velocity = settings_.baumgarte * p.depth / h;
    Wrench warm = Wrench::Zero();
    const auto last = patch_warm_.find({p.contact.body_a, p.contact.body_b});
    if (settings_.warm_start && last != patch_warm_.end()) {
      const Vec3 f = linear(last->second.second);
      warm = spatial(Vec3(angular(last->second.second)) +
                         (last->second.first - p.contact.patch.center).cross(f),
                     f);
      ++last_.warm_started;
    }
    patches.push_back(p.contact);
    wrenches.push_back(warm);
  }
  last_.contacts = contacts.size() + patches.size();
  last_.solve = solveByIslands(velocity_bodies, fixed_, contacts, impulses, patches, wrenches,
                               settings_.solver);

  warm_.clear();
  records_.clear();
  for (std::size_t k = 0; k < generated.size(); ++k) {
    const FrictionalContact& c = contacts[k];
    const Body& a = bodies_[c.body_a];
    warm_.remember({c.body_a, c.body_b}, a.orientation.conjugate() * (c.point - a.position),
                   impulses[k]);
    records_.push_back(
        {c.body_a, c.body_b, c.point, c.normal, generated[k].separation, impulses[k]});
  }
  patch_warm_.clear();
  for (std::size_t k = 0; k < patches.size(); ++k) {
    const VolumeContact& c = patches[k];
    patch_warm_[{c.body_a, c.body_b}] = {c.patch.center, wrenches[k]};
    records_.push_back({c.body_a, c.body_b, c.patch.center, c.patch.normal(), -patches_[k].depth,
                        Vec3(linear(wrenches[k])), true, Vec3(angular(wrenches[k]))});
  }
  for (std::size_t i = 0; i < bodies_.size(); ++i)
    moveWithVelocities(bodies_[i], velocity_bodies[i], h, time_);
  time_ += h;
  advanceContinuous();

  IslandPartition islands = buildIslands(fixed_, pairsOf(records_));
  for (WorldEvent& e : partitionEvents(islands_, islands, time_, names_))
    events_.push_back(std::move(e));
  islands_ = std::move(islands);
  beginContinuous();
  return last_;
}

RigidBodyState MixedWorld::state(std::size_t i) const {
  return stateOf(bodies_.at(i));
}

double MixedWorld::energy(std::size_t i) const {
  return energyOf(bodies_.at(i), gravity_);
}

}  // namespace contactsim::world_detail
