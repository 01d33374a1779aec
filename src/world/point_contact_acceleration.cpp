// The acceleration formulation of PointContactWorld (preda-florian-2005 in time): impacts by the
// Chatterjee–Ruina law at the step's start, then the frictionless resting contacts' forces from
// the contact matrix a = A f + b (appendix eqs. 3–9) as an LCP solved by solveLcp (Algorithm 1,
// with pivoting first, §4), the bodies integrated by semi-implicit Euler or RK4 with the forces of
// every stage solved anew.
#include <cmath>
#include <string>

#include "contact/point/contact_matrix.hpp"
#include "contactsim/error.hpp"
#include "contactsim/math/quaternion.hpp"
#include "world/point_contact_world.hpp"

namespace contactsim {

// The accelerations of a body (world coordinates).
struct PointContactWorld::Motion {
  Vec3 linear = Vec3::Zero();
  Vec3 angular = Vec3::Zero();
};

namespace {

// World velocity of the material point p of a body (zero for half-spaces: index past the bodies).
template <class Bodies>
Vec3 pointVelocity(const Bodies& bodies, std::size_t i, const Vec3& p) {
  if (i >= bodies.size())
    return Vec3::Zero();
  return bodies[i].velocity + bodies[i].omega.cross(p - bodies[i].position);
}

}  // namespace

// kry-pai-2002 §3.7's impact law at every touching contact that closes faster than the resting
// speed, sweep by sweep until none does (a body resting on another passes an impact on).
int PointContactWorld::collideTouching() {
  std::vector<Generated> generated;
  generateContacts(generated);
  const auto impactBodyOf = [&](std::size_t i, const Vec3& p) {
    ImpactBody b;
    b.com_world = i < bodies_.size() ? bodies_[i].position : p;
    if (i < bodies_.size() && !bodies_[i].fixed) {
      const Mat3 R = bodies_[i].orientation.toRotationMatrix();
      b.inverse_mass = 1.0 / bodies_[i].mass.mass();
      b.inverse_inertia_world = bodies_[i].mass.worldInverseInertia(R);
    }
    return b;
  };
  int impacts = 0;
  for (int sweep = 0; sweep < 1000; ++sweep) {
    bool any = false;
    for (const Generated& g : generated) {
      const Vec3& p = g.contact.point;
      const Vec3& n = g.contact.normal;
      const Vec3 u = pointVelocity(bodies_, g.a, p) - pointVelocity(bodies_, g.b, p);
      if (g.separation > settings_.touch_tolerance || n.dot(u) >= -settings_.resting_speed)
        continue;
      const ImpactBody a = impactBodyOf(g.a, p), b = impactBodyOf(g.b, p);
      const Vec3 P =
          chatterjeeRuinaImpulse(collisionMatrix(a, b, p), u, n, settings_.impact).impulse;
      const ImpactVelocityChanges dv = applyImpulse(a, b, p, P);
      Body& A = bodies_[g.a];
      A.velocity += dv.a.linear;
      A.omega += dv.a.angular;
      if (g.b < bodies_.size() && !bodies_[g.b].fixed) {
        bodies_[g.b].velocity += dv.b.linear;
        bodies_[g.b].omega += dv.b.angular;
      }
      ++impacts;
      any = true;
    }
    if (!any)
      break;
  }
  return impacts;
}

// The bodies' accelerations now: gravity, the gyroscopic torque and the resting contacts' forces
// (touching, not separating faster than the resting speed) from the LCP. `record`: keep the
// problem, its solution and the contacts as the step's.
std::vector<PointContactWorld::Motion> PointContactWorld::accelerations(bool record) {
  // Contact bodies: the real ones, then one fixed stand-in per half-space.
  std::vector<ContactBody> bodies;
  for (const Body& b : bodies_) {
    if (b.fixed) {
      bodies.push_back(makeFixedContactBody(b.position));
      continue;
    }
    const RigidBodyState s =
        RigidBodyState::fromWorldVelocities(b.position, b.orientation, b.omega, b.velocity);
    bodies.push_back(makeContactBody(b.mass, s, b.mass.mass() * gravity_));
  }
  for (std::size_t k = 0; k < half_spaces_.size(); ++k)
    bodies.push_back(makeFixedContactBody());
  // Resting contacts.
  std::vector<Generated> generated;
  generateContacts(generated);
  std::vector<PointContact> contacts;
  for (const Generated& g : generated) {
    const Vec3& p = g.contact.point;
    const Vec3 u = pointVelocity(bodies_, g.a, p) - pointVelocity(bodies_, g.b, p);
    if (g.separation <= settings_.touch_tolerance &&
        g.contact.normal.dot(u) <= settings_.resting_speed)
      contacts.push_back({g.a, g.b, p, g.contact.normal});
  }
  // Their forces, f ≥ 0, a = A f + b ≥ 0, f·a = 0.
  VecX f = VecX::Zero(static_cast<Eigen::Index>(contacts.size()));
  if (!contacts.empty()) {
    const ContactProblem problem = assembleContactProblem(bodies, contacts);
    const LcpSolution solution = solveLcp(problem.A, problem.b, settings_.lcp);
    f = solution.f;
    if (record) {
      last_.lcp = solution.stats;
      last_.lcp_used_pivoting = solution.used_pivoting;
      last_lcp_ = {problem.A, problem.b, f};
    }
  } else if (record) {
    last_lcp_ = {};
  }
  if (record) {
    last_.contacts = contacts.size();
    contacts_.clear();
    for (std::size_t i = 0; i < contacts.size(); ++i) {
      const PointContact& c = contacts[i];
      contacts_.push_back({c.body_a, c.body_b, c.point, c.normal, 0.0,
                           settings_.step * f[static_cast<Eigen::Index>(i)] * c.normal});
    }
  }
  const std::vector<BodyAcceleration> a = bodyAccelerations(bodies, contacts, f);
  std::vector<Motion> motion(bodies_.size());
  for (std::size_t i = 0; i < bodies_.size(); ++i)
    motion[i] = {a[i].linear, a[i].angular};
  return motion;
}

void PointContactWorld::stepAcceleration() {
  const double h = settings_.step;
  last_ = {};
  // Impacts first: velocities jump so that no touching contact closes.
  last_.impacts = collideTouching();
  if (!settings_.rk4) {
    // Semi-implicit Euler: velocities from the accelerations, positions from the new velocities.
    const std::vector<Motion> a = accelerations(true);
    for (std::size_t i = 0; i < bodies_.size(); ++i) {
      Body& b = bodies_[i];
      if (b.fixed)
        continue;
      b.velocity += h * a[i].linear;
      b.omega += h * a[i].angular;
      b.position += h * b.velocity;
      b.orientation = (quaternionExp(h * b.omega) * b.orientation).normalized();
    }
  } else {
    // RK4 on (x, v, ω), each stage's contact forces solved at the stage's state; the orientation
    // turns by the exponential map of the stages' weighted angular velocity.
    const std::vector<Body> start = bodies_;
    std::vector<Vec3> dx(bodies_.size(), Vec3::Zero()), dv = dx, dw = dx, rotation = dx;
    const double weights[4] = {1.0, 2.0, 2.0, 1.0};
    const double offsets[4] = {0.0, 0.5, 0.5, 1.0};
    std::vector<Motion> a;
    for (int stage = 0; stage < 4; ++stage) {
      if (stage > 0) {
        // The stage's state: the start advanced by offsets[stage] h along the last derivative.
        const double c = offsets[stage] * h;
        const std::vector<Body> previous = bodies_;
        for (std::size_t i = 0; i < bodies_.size(); ++i) {
          Body& b = bodies_[i];
          const Body& s = start[i];
          if (b.fixed)
            continue;
          b.position = s.position + c * previous[i].velocity;
          b.orientation = (quaternionExp(c * previous[i].omega) * s.orientation).normalized();
          b.velocity = s.velocity + c * a[i].linear;
          b.omega = s.omega + c * a[i].angular;
        }
      }
      a = accelerations(stage == 0);
      for (std::size_t i = 0; i < bodies_.size(); ++i) {
        dx[i] += weights[stage] * bodies_[i].velocity;
        rotation[i] += weights[stage] * bodies_[i].omega;
        dv[i] += weights[stage] * a[i].linear;
        dw[i] += weights[stage] * a[i].angular;
      }
    }
    for (std::size_t i = 0; i < bodies_.size(); ++i) {
      Body& b = bodies_[i];
      b = start[i];
      if (b.fixed)
        continue;
      b.position += h / 6.0 * dx[i];
      b.orientation = (quaternionExp(h / 6.0 * rotation[i]) * b.orientation).normalized();
      b.velocity += h / 6.0 * dv[i];
      b.omega += h / 6.0 * dw[i];
    }
  }
  for (const Body& b : bodies_) {
    if (!b.position.allFinite() || !b.velocity.allFinite() || !b.omega.allFinite())
      throw NumericalError("body '" + b.name + "' left the finite numbers at t = " + toText(time_));
  }
  time_ += h;
}

}  // namespace contactsim
