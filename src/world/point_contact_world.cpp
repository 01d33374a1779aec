// Velocity-level stepping of convex polyhedra with frictional point contacts (symplectic Euler:
// velocities first, impulses, then positions with the new velocities).
#include "world/point_contact_world.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "collision/convex_contact.hpp"
#include "collision/manifold_reduction.hpp"
#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"
#include "contactsim/math/quaternion.hpp"
#include "contactsim/world/world.hpp"
#include "velocity_world_bodies.hpp"

namespace contactsim {

void PointContactSettings::validate() const {
  auto require = [](bool ok, const std::string& message) {
    if (!ok)
      throw InvalidInputError("point-contact settings: " + message);
  };
  require(std::isfinite(step) && step > 0.0, "step must be > 0, got " + toText(step));
  require(std::isfinite(margin) && margin >= 0.0, "margin must be ≥ 0, got " + toText(margin));
  require(std::isfinite(baumgarte) && baumgarte >= 0.0 && baumgarte <= 1.0,
          "baumgarte must be in [0, 1], got " + toText(baumgarte));
  require(std::isfinite(initial_penetration_tolerance) && initial_penetration_tolerance >= 0.0,
          "initial_penetration_tolerance must be ≥ 0");
  require(std::isfinite(weld_fraction) && weld_fraction >= 0.0 && weld_fraction < 1.0,
          "weld_fraction must be in [0, 1), got " + toText(weld_fraction));
  require(max_points_per_pair >= 1, "max_points_per_pair must be ≥ 1");
  solver.validate();
  if (formulation == Formulation::kAcceleration) {
    require(std::isfinite(touch_tolerance) && touch_tolerance > 0.0,
            "touch_tolerance must be > 0 [m]");
    require(std::isfinite(resting_speed) && resting_speed > 0.0, "resting_speed must be > 0");
    lcp.pgs.validate();
    impact.validate();
  }
}

namespace {

constexpr double kUnitTolerance = 1e-9;

}  // namespace

PointContactWorld::PointContactWorld(PointContactWorldDescription description)
    : gravity_(description.gravity),
      settings_(description.settings),
      half_spaces_(std::move(description.half_spaces)) {
  requireFinite(gravity_, "gravity");
  settings_.validate();
  for (std::size_t i = 0; i < description.bodies.size(); ++i) {
    PolyhedronBodyDescription& d = description.bodies[i];
    const std::string what = "body '" + d.name + "'";
    if (!isValidBodyName(d.name)) {
      throw InvalidInputError("body " + toText(i) + ": invalid name '" + d.name + "'");
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (description.bodies[j].name == d.name) {
        throw InvalidInputError("two bodies are named '" + d.name + "'");
      }
    }
    if (!d.shape)
      throw InvalidInputError(what + ": has no shape");
    validateState(d.initial_state, what);
    if (d.fixed && !d.initial_state.twist.isZero(0.0)) {
      throw InvalidInputError(what + ": a fixed body cannot move");
    }
    if (!(d.friction >= 0.0) || !std::isfinite(d.friction)) {
      throw InvalidInputError(what + ": friction must be ≥ 0");
    }
    const RigidBodyState& s = d.initial_state;
    bodies_.push_back({d.name, d.shape, d.mass_properties, d.fixed, d.friction, s.position,
                       s.orientation.normalized(), s.worldLinearVelocity(),
                       s.worldAngularVelocity()});
  }
  for (std::size_t k = 0; k < half_spaces_.size(); ++k) {
    HalfSpaceDescription& h = half_spaces_[k];
    const std::string what = "half-space '" + h.name + "'";
    requireFinite(h.normal, what + " normal");
    if (std::abs(h.normal.norm() - 1.0) > kUnitTolerance) {
      throw InvalidInputError(what + ": normal must be a unit vector (norm " +
                              toText(h.normal.norm()) + ")");
    }
    if (!std::isfinite(h.offset))
      throw InvalidInputError(what + ": offset must be finite");
    if (!(h.friction >= 0.0) || !std::isfinite(h.friction)) {
      throw InvalidInputError(what + ": friction must be ≥ 0");
    }
  }
  for (const auto& [pair, mu] : description.pair_friction) {
    if (pair.first >= pair.second || pair.second >= bodies_.size() + half_spaces_.size())
      throw InvalidInputError("pair friction: no pair (" + toText(pair.first) + ", " +
                              toText(pair.second) + ")");
    if (!(mu >= 0.0) || !std::isfinite(mu))
      throw InvalidInputError("pair friction: friction must be ≥ 0");
  }
  pair_friction_ = std::move(description.pair_friction);
  // Bodies must not start inside each other: that would be silently pushed apart.
  std::vector<Generated> initial;
  generateContacts(initial);
  for (const Generated& g : initial) {
    const double depth = -g.separation;
    if (depth > settings_.initial_penetration_tolerance) {
      const std::size_t b = g.b;
      const std::string other = b < bodies_.size()
                                    ? "body '" + bodies_[b].name + "'"
                                    : "half-space '" + half_spaces_[b - bodies_.size()].name + "'";
      throw InvalidInputError("body '" + bodies_[g.a].name + "' starts " + toText(depth) +
                              " m inside " + other);
    }
  }
}

double PointContactWorld::pairFriction(std::size_t a, std::size_t b, double mu_a,
                                       double mu_b) const {
  const auto it = pair_friction_.find({a, b});
  return it != pair_friction_.end() ? it->second : std::sqrt(mu_a * mu_b);
}

Frame PointContactWorld::pose(const Body& body) const {
  return makeFrame(body.orientation, body.position);
}

// The manifold of every pair closer than the margin, broad phase by bounding spheres.
void PointContactWorld::generateContacts(std::vector<Generated>& out) const {
  out.clear();
  const double margin = settings_.margin;
  auto add = [&](std::size_t a, std::size_t b, double friction, double radius,
                 std::vector<ContactPoint> manifold) {
    const std::vector<ContactPoint> points = reduceManifold(
        std::move(manifold), settings_.max_points_per_pair, settings_.weld_fraction * radius);
    for (const ContactPoint& p : points) {
      FrictionalContact c;
      c.body_a = a;
      c.body_b = b;
      c.point = p.point;
      c.normal = p.normal;
      c.friction = friction;
      out.push_back({a, b, c, p.separation});
    }
  };
  for (std::size_t a = 0; a < bodies_.size(); ++a) {
    const Body& A = bodies_[a];
    const Frame pose_a = pose(A);
    const Vec3 centre_a = pose_a * A.shape->centroid();
    for (std::size_t b = a + 1; b < bodies_.size(); ++b) {
      const Body& B = bodies_[b];
      if (A.fixed && B.fixed)
        continue;
      const Frame pose_b = pose(B);
      // Broad phase: bounding spheres about the centroids.
      const double reach = A.shape->radius() + B.shape->radius() + margin;
      if ((pose_b * B.shape->centroid() - centre_a).squaredNorm() > reach * reach)
        continue;
      add(a, b, pairFriction(a, b, A.friction, B.friction),
          std::min(A.shape->radius(), B.shape->radius()),
          collide(*A.shape, pose_a, *B.shape, pose_b, margin));
    }
    if (A.fixed)
      continue;
    for (std::size_t k = 0; k < half_spaces_.size(); ++k) {
      const HalfSpaceDescription& h = half_spaces_[k];
      if (h.normal.dot(centre_a) - h.offset > A.shape->radius() + margin)
        continue;
      add(a, bodies_.size() + k, pairFriction(a, bodies_.size() + k, A.friction, h.friction),
          A.shape->radius(), collideHalfSpace(*A.shape, pose_a, h.normal, h.offset, margin));
    }
  }
}

Vec3 PointContactWorld::warmStart(const Generated& g) {
  const Body& a = bodies_[g.a];
  const Vec3 local = a.orientation.conjugate() * (g.contact.point - a.position);
  double radius = a.shape->radius();
  if (g.b < bodies_.size())
    radius = std::min(radius, bodies_[g.b].shape->radius());
  const std::optional<Vec3> impulse =
      warm_.nearest({g.a, g.b}, local, settings_.warm_start_fraction * radius);
  if (!impulse)
    return Vec3::Zero();
  ++last_.warm_started;
  return *impulse;
}

const PointContactStepStats& PointContactWorld::step() {
  if (settings_.formulation == PointContactSettings::Formulation::kAcceleration) {
    stepAcceleration();  // point_contact_acceleration.cpp
    return last_;
  }
  const double h = settings_.step;
  // Velocities under gravity and the gyroscopic torque (explicit), then the solver's bodies: the
  // real ones followed by one fixed stand-in per half-space.
  std::vector<VelocityBody> velocity_bodies(bodies_.size() + half_spaces_.size());
  for (std::size_t i = 0; i < bodies_.size(); ++i)
    velocity_bodies[i] = world_detail::predictedVelocities(bodies_[i], gravity_, h);

  std::vector<Generated> generated;
  generateContacts(generated);
  std::vector<FrictionalContact> contacts;
  std::vector<Vec3> impulses;
  contacts.reserve(generated.size());
  impulses.reserve(generated.size());
  last_ = {};
  for (Generated& g : generated) {
    const double separation = g.separation;
    // A gap may close within the step; a penetration is pushed out by a fraction per step.
    g.contact.target_normal_velocity =
        separation >= 0.0 ? -separation / h : -settings_.baumgarte * separation / h;
    g.contact.drift_velocity = world_detail::pointDriftVelocity(
        velocity_bodies[g.a], velocity_bodies[g.b], g.contact.point, g.contact.normal, h);
    contacts.push_back(g.contact);
    impulses.push_back(settings_.warm_start ? warmStart(g) : Vec3::Zero());
  }
  last_.contacts = contacts.size();
  last_.solve = solveFrictionalContacts(velocity_bodies, contacts, impulses, settings_.solver);

  warm_.clear();
  contacts_.clear();
  for (std::size_t i = 0; i < generated.size(); ++i) {
    const Body& a = bodies_[generated[i].a];
    warm_.remember({generated[i].a, generated[i].b},
                   a.orientation.conjugate() * (contacts[i].point - a.position), impulses[i]);
    const FrictionalContact& c = contacts[i];
    contacts_.push_back(
        {c.body_a, c.body_b, c.point, c.normal, generated[i].separation, impulses[i]});
  }
  for (std::size_t i = 0; i < bodies_.size(); ++i)
    world_detail::moveWithVelocities(bodies_[i], velocity_bodies[i], h, time_);
  time_ += h;
  return last_;
}

void PointContactWorld::advanceTo(double t) {
  if (!std::isfinite(t))
    throw InvalidInputError("advanceTo: time must be finite");
  while (time_ < t - 0.5 * settings_.step)
    step();
}

const std::string& PointContactWorld::bodyName(std::size_t i) const {
  return bodies_.at(i).name;
}

bool PointContactWorld::isFixed(std::size_t i) const {
  return bodies_.at(i).fixed;
}

RigidBodyState PointContactWorld::state(std::size_t i) const {
  return world_detail::stateOf(bodies_.at(i));
}

double PointContactWorld::energy(std::size_t i) const {
  return world_detail::energyOf(bodies_.at(i), gravity_);
}

}  // namespace contactsim
