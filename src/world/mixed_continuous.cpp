// Continuous smooth contact inside a mixed world (mixed_world.hpp; issue 22: "a smooth body
// leaving a velocity-level island returns to flight or to continuous contact by the existing
// establishment rule"). A free smooth body whose only contact after a step is with a fixed smooth
// body, pressing (positive normal impulse) and closing slower than the collisions' contact speed,
// is handed to a SmoothContact (kry-pai-2002 §3: reduced coordinates, RK4 at the frame step,
// exact events) from its pose and twist (contactStateFromPose, as SmoothWorld establishes
// contact after an impact: rolling where the slip is below the threshold); the velocity level
// takes it back when another body comes within the margin or the contact separates.
#include <cstdio>

#include "contact/smooth/contact_from_pose.hpp"
#include "mixed_world.hpp"
#include "smooth_contact_info.hpp"

namespace contactsim::world_detail {

namespace {

constexpr const char* kSwitch = "model-switch";

// The largest gap at which the velocity level's resting contact is taken as touching [m].
constexpr double kTouchTolerance = 1e-5;

Frame poseOf(const MixedWorld::Body& body) {
  return makeFrame(body.orientation, body.position);
}

// Writes a pose and body-frame twist into a body's world pose and velocities.
void setState(MixedWorld::Body& body, const Frame& pose, const Twist& twist) {
  RigidBodyState s;
  s.position = pose.translation();
  s.orientation = Quat(pose.linear()).normalized();
  s.twist = twist;
  body.position = s.position;
  body.orientation = s.orientation;
  body.velocity = s.worldLinearVelocity();
  body.omega = s.worldAngularVelocity();
}

}  // namespace

void MixedWorld::endContinuous(std::size_t body, const std::string& why) {
  events_.push_back(
      {time_, bodies_[body].name, kSwitch, "smooth contact -> velocity level (" + why + ")"});
  continuous_.erase(body);
}

// Before a step: a continuous body with a contact to any body but its support goes back to the
// velocity level (its state is already the contact's); the others' contacts with their support
// are the continuous contact's, not the solver's.
void MixedWorld::handBackNear(std::vector<Generated>& contacts) {
  for (auto it = continuous_.begin(); it != continuous_.end();) {
    const std::size_t body = it->first, support = it->second.support;
    ++it;
    for (const Generated& g : contacts) {
      const std::size_t a = g.contact.body_a, b = g.contact.body_b;
      if ((a == body && b != support) || (b == body && a != support)) {
        endContinuous(body, "'" + bodies_[a == body ? b : a].name + "' within the margin");
        break;
      }
    }
  }
  std::erase_if(contacts, [&](const Generated& g) {
    const auto touches = [&](std::size_t i, std::size_t j) {
      const auto it = continuous_.find(i);
      return it != continuous_.end() && it->second.support == j;
    };
    return touches(g.contact.body_a, g.contact.body_b) ||
           touches(g.contact.body_b, g.contact.body_a);
  });
}

// After a step's velocity level: each continuous contact to the step's end, its events logged,
// its body's state written back; a separated contact leaves its body in flight.
void MixedWorld::advanceContinuous() {
  for (auto it = continuous_.begin(); it != continuous_.end();) {
    const std::size_t i = it->first;
    Continuous& c = it->second;
    ++it;
    c.contact->advanceTo(time_);
    const std::vector<SmoothContactEvent>& e = c.contact->events();
    for (; c.events_seen < e.size(); ++c.events_seen)
      events_.push_back({e[c.events_seen].time, bodies_[i].name, toString(e[c.events_seen].type),
                         e[c.events_seen].detail});
    setState(bodies_[i], c.contact->worldPoseAt(time_), c.contact->bodyTwistAt(time_));
    if (c.contact->separated())
      endContinuous(i, "separated");
  }
}

// After a step: free smooth bodies resting or rolling alone on a fixed smooth body.
void MixedWorld::beginContinuous() {
  std::vector<int> count(bodies_.size(), 0);
  for (const PointContactRecord& r : records_) {
    ++count[r.body_a];
    ++count[r.body_b];
  }
  for (const PointContactRecord& r : records_) {
    const bool a_free = !bodies_[r.body_a].fixed;
    const std::size_t i = a_free ? r.body_a : r.body_b, j = a_free ? r.body_b : r.body_a;
    Body& body = bodies_[i];
    const Body& support = bodies_[j];
    if (body.fixed || !support.fixed || !body.smooth || !support.smooth || count[i] != 1 ||
        continuous_.count(i) != 0)
      continue;
    // The contact point's velocity now, its lever arm from the centre where the step began.
    const Vec3 n = a_free ? r.normal : Vec3(-r.normal);
    const Vec3 slip = body.velocity +
                      body.omega.cross(r.point - (body.position - settings_.step * body.velocity));
    if (!(r.impulse.dot(r.normal) > 0.0) || std::abs(r.separation) > kTouchTolerance ||
        std::abs(slip.dot(n)) > collisions_.contact_speed)
      continue;
    const auto memory = newton_.find({r.body_a, r.body_b});
    if (memory == newton_.end() || !memory->second.smooth_pair)
      continue;
    const ClosestPoints& cp = *memory->second.smooth_pair;
    SmoothContactSetup setup;
    setup.surface1 = body.surface;
    setup.mass1 = body.mass;
    setup.surface2 = support.surface;
    setup.E_w_2 = poseOf(support);
    setup.gravity = gravity_;
    setup.friction = collisions_.friction;
    setup.friction.mu = materials_.friction(i, j, collisions_.friction.mu);
    setup.integrator.min_step = setup.integrator.max_step = settings_.step;
    setup.irregular_radius = collisions_.irregular_radius;
    setup.keep_step_sizes = false;
    const bool rolls =
        setup.friction.mu > 0.0 && (slip - n * n.dot(slip)).norm() < setup.friction.slip_threshold;
    const FrictionMode mode = rolls ? FrictionMode::kRolling : FrictionMode::kSliding;
    // The closest points' parameters, body 1 the free body (pairs were found in index order).
    const bool free_first = r.body_a == i;
    const auto contactAt = [&](const Vec3& velocity, const Vec3& omega) {
      const RigidBodyState state =
          RigidBodyState::fromWorldVelocities(body.position, body.orientation, omega, velocity);
      const SmoothContactState s =
          contactStateFromPose(setup, state.pose(), state.twist, mode, kTouchTolerance,
                               free_first ? cp.patch1 : cp.patch2, free_first ? cp.st : cp.uv,
                               free_first ? cp.patch2 : cp.patch1, free_first ? cp.uv : cp.st);
      auto contact = std::make_unique<SmoothContact>(setup, s, time_);
      (void)contact->acceleration();
      return contact;
    };
    try {
      // The contact at the exact closest points, then the plastic impulse there that leaves the
      // material point no normal velocity (and, rolling, no slip): the twist nearest the body's
      // in the kinetic-energy metric that the contact's mode allows (taking the reduced
      // coordinates' rates of the twist as it is added up to 5e-3 J of the rattleback's 10 J
      // among the boxes). The contact's pose touches: the velocity level's gap or overlap
      // (≤ kTouchTolerance) closed moves the centre, and the potential energy that costs is
      // taken from the kinetic (the twist scaled), so the hand-over keeps the energy.
      const std::unique_ptr<SmoothContact> first = contactAt(body.velocity, body.omega);
      const ContactInfo at = smoothContactInfo(*first, time_, i, j);
      const Vec3 arm = at.point - body.position;
      const Mat3 R = body.orientation.toRotationMatrix();
      const Mat3 inverse_inertia = body.mass.worldInverseInertia(R);
      const double m = body.mass.mass();
      const Mat3 K = pointMobility(1.0 / m, inverse_inertia, arm);
      const Vec3 u = body.velocity + body.omega.cross(arm);
      const Vec3 impulse =
          rolls ? Vec3(-K.ldlt().solve(u))
                : Vec3(-(at.normal.dot(u) / at.normal.dot(K * at.normal)) * at.normal);
      Vec3 velocity = body.velocity + impulse / m;
      Vec3 omega = body.omega + inverse_inertia * arm.cross(impulse);
      const double kinetic =
          0.5 * m * velocity.squaredNorm() + 0.5 * omega.dot(body.mass.worldInertia(R) * omega);
      const double lift = -m * gravity_.dot(first->worldPose().translation() - body.position);
      if (kinetic > 0.0 && kinetic > lift) {
        const double scale = std::sqrt((kinetic - lift) / kinetic);
        velocity *= scale;
        omega *= scale;
      }
      continuous_[i] = {j, contactAt(velocity, omega), 0};
    } catch (const Error&) {  // not touching to the tolerance, or a singular system: stay
      continue;
    }
    events_.push_back({time_, body.name, kSwitch,
                       "velocity level -> smooth contact on '" + support.name + "' (" +
                           (rolls ? "rolling" : "sliding") + ")"});
    // The state on the contact's manifold.
    setState(body, continuous_[i].contact->worldPose(), continuous_[i].contact->bodyTwist());
  }
}

std::vector<ContactInfo> MixedWorld::continuousContacts() const {
  std::vector<ContactInfo> out;
  for (const auto& [i, c] : continuous_)
    out.push_back(smoothContactInfo(*c.contact, time_, i, c.support));
  return out;
}

}  // namespace contactsim::world_detail
