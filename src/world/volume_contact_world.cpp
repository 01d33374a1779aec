// Velocity-level stepping of mesh-bounded rigid bodies with one 6D contact per touching pair
// (bouchard-2015 §3–5; symplectic Euler: velocities first, impulses, then positions with the new
// velocities, then post-stabilization, §5.7), or with point contacts from the same meshes (§6).
#include "world/volume_contact_world.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>
#include <string>

#include "collision/convex_intersection.hpp"
#include "collision/intersection_volume.hpp"
#include "collision/manifold_reduction.hpp"
#include "collision/ray_cast_body.hpp"
#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"
#include "contactsim/math/quaternion.hpp"
#include "contactsim/world/world.hpp"
#include "joint_kinematics.hpp"
#include "mesh_broad_phase.hpp"
#include "mesh_point_contacts.hpp"
#include "velocity_world_bodies.hpp"

namespace contactsim {

void VolumeContactSettings::validate() const {
  auto require = [](bool ok, const std::string& message) {
    if (!ok)
      throw InvalidInputError("volume-contact settings: " + message);
  };
  require(std::isfinite(step) && step > 0.0, "step must be > 0, got " + toText(step));
  require(model != ContactModel::kSmooth, "the model must be 6d or point, not smooth");
  require(std::isfinite(resolution) && resolution > 0.0,
          "resolution must be > 0 [m], got " + toText(resolution));
  require(std::isfinite(target_volume) && target_volume >= 0.0,
          "target_volume must be ≥ 0 [m³], got " + toText(target_volume));
  require(std::isfinite(compliance) && compliance >= 0.0,
          "compliance must be ≥ 0 [m/N], got " + toText(compliance));
  require(std::isfinite(relaxation) && relaxation > 0.0 && relaxation <= 1.0,
          "relaxation must be in (0, 1], got " + toText(relaxation));
  require(std::isfinite(initial_volume_tolerance), "initial_volume_tolerance must be finite");
  require(std::isfinite(baumgarte) && baumgarte >= 0.0 && baumgarte <= 1.0,
          "baumgarte must be in [0, 1], got " + toText(baumgarte));
  require(std::isfinite(slop) && slop >= 0.0, "slop must be ≥ 0 [m], got " + toText(slop));
  require(max_points_per_pair >= 1, "max_points_per_pair must be ≥ 1");
  solver.validate();
}

struct VolumeContactWorld::Body {
  std::string name;
  std::shared_ptr<const RayCastBody> ray_body;     // null: no contacts
  std::shared_ptr<const ConvexMeshPlanes> convex;  // null: not convex (rays measure its contacts)
  MassProperties mass;
  bool fixed;
  double friction;
  Vec3 force;
  Vec3 torque;
  Vec3 position;
  Quat orientation;
  Vec3 velocity;  // world
  Vec3 omega;     // world
};

struct VolumeContactWorld::Joint {
  std::string name;
  world_detail::CarriedJoint carried;
  double stabilization;  // fraction of the drift removed per step
  std::optional<JointDrive> drive;
};

// A pair of bodies whose intersection volume is positive, with its patch.
struct VolumeContactWorld::Pair {
  std::size_t a, b;
  ContactPatch patch;
  double friction;
};

namespace {

using Clock = std::chrono::steady_clock;

// Point model: an overlap above this fraction of the smaller body's volume is a body passing
// through another (resting overlaps are the slop deep, about 1e-3 of a 10 cm cube).
constexpr double kSunkFraction = 0.5;

double secondsSince(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

void validateDrive(const JointDrive& d, const std::string& what) {
  if (!std::isfinite(d.target_angle) || !std::isfinite(d.stiffness) || d.stiffness < 0.0 ||
      !std::isfinite(d.damping) || d.damping < 0.0 || !(d.max_torque > 0.0)) {
    throw InvalidInputError(what +
                            ": the drive needs a finite target angle, stiffness and damping "
                            "≥ 0 and max_torque > 0");
  }
}

// The velocity of the material point x of body `b` (world; zero for fixed bodies).
Vec3 pointVelocity(const VelocityBody& b, const Vec3& x) {
  return b.velocity + b.omega.cross(x - b.com);
}

}  // namespace

VolumeContactWorld::VolumeContactWorld(VolumeContactWorldDescription description)
    : gravity_(description.gravity), settings_(description.settings) {
  requireFinite(gravity_, "gravity");
  settings_.validate();
  std::map<const TriangleMesh*, std::shared_ptr<const RayCastBody>> hierarchies;
  std::map<const TriangleMesh*, std::shared_ptr<const ConvexMeshPlanes>> convex_planes;
  for (std::size_t i = 0; i < description.bodies.size(); ++i) {
    MeshBodyDescription& d = description.bodies[i];
    const std::string what = "body '" + d.name + "'";
    if (!isValidBodyName(d.name))
      throw InvalidInputError("body " + toText(i) + ": invalid name '" + d.name + "'");
    for (std::size_t j = 0; j < i; ++j) {
      if (description.bodies[j].name == d.name)
        throw InvalidInputError("two bodies are named '" + d.name + "'");
    }
    validateState(d.initial_state, what);
    if (d.fixed && !d.initial_state.twist.isZero(0.0))
      throw InvalidInputError(what + ": a fixed body cannot move");
    if (!(d.friction >= 0.0) || !std::isfinite(d.friction))
      throw InvalidInputError(what + ": friction must be ≥ 0");
    requireFinite(d.force, what + ": force");
    requireFinite(d.torque, what + ": torque");
    std::shared_ptr<const RayCastBody> ray_body;
    std::shared_ptr<const ConvexMeshPlanes> convex;
    if (d.mesh) {
      // One hierarchy per mesh object, built once in body coordinates (§4.1: rigid bodies
      // transform the rays, never the hierarchy).
      auto& cached = hierarchies[d.mesh.get()];
      if (!cached)
        cached = std::make_shared<const RayCastBody>(*d.mesh);
      ray_body = cached;
      if (!convex_planes.contains(d.mesh.get())) {
        std::optional<ConvexMeshPlanes> planes = convexMeshPlanes(*d.mesh);
        convex_planes[d.mesh.get()] =
            planes ? std::make_shared<const ConvexMeshPlanes>(std::move(*planes)) : nullptr;
      }
      convex = convex_planes[d.mesh.get()];
    }
    const RigidBodyState& s = d.initial_state;
    bodies_.push_back({d.name, std::move(ray_body), std::move(convex), d.mass_properties, d.fixed,
                       d.friction, d.force, d.torque, s.position, s.orientation.normalized(),
                       s.worldLinearVelocity(), s.worldAngularVelocity()});
  }
  for (const auto& [pair, mu] : description.pair_friction) {
    if (pair.first >= pair.second || pair.second >= bodies_.size())
      throw InvalidInputError("pair friction: no pair (" + toText(pair.first) + ", " +
                              toText(pair.second) + ")");
    if (!(mu >= 0.0) || !std::isfinite(mu))
      throw InvalidInputError("pair friction: friction must be ≥ 0");
  }
  pair_friction_ = std::move(description.pair_friction);
  world_index_ = bodies_.size();

  for (std::size_t k = 0; k < description.joints.size(); ++k) {
    const JointDescription& d = description.joints[k];
    const std::string what = "joint " + toText(k) + " ('" + d.name + "')";
    if (d.body_a >= bodies_.size() || (d.body_b && *d.body_b >= bodies_.size()))
      throw InvalidInputError(what + ": body index out of range");
    const std::size_t b = d.body_b.value_or(world_index_);
    if (b == d.body_a)
      throw InvalidInputError(what + ": joins body '" + bodies_[b].name + "' to itself");
    const bool fixed_b = b == world_index_ || bodies_[b].fixed;
    if (bodies_[d.body_a].fixed && fixed_b) {
      throw InvalidInputError(what + ": body '" + bodies_[d.body_a].name +
                              "' is fixed and so is the other side");
    }
    requireFinite(d.anchor, what + ": anchor");
    if (!(d.stabilization >= 0.0 && d.stabilization <= 1.0))
      throw InvalidInputError(what + ": stabilization must be in [0, 1]");
    if (d.drive) {
      if (d.type != JointType::kRevolute)
        throw InvalidInputError(what + ": only a revolute joint takes a drive");
      validateDrive(*d.drive, what);
    }
    if (settings_.model == ContactModel::kPoint) {
      throw InvalidInputError(what +
                              ": joints need the 6D contact model (the point-based solver "
                              "has no joint blocks)");
    }
    const Mat3 frame = world_detail::jointFrame(d.axis, what);
    joints_.push_back(
        {d.name,
         world_detail::carryJoint(d.type, d.body_a, b, d.anchor, frame, pose(d.body_a), pose(b)),
         d.stabilization, d.drive});
  }

  // Bodies must not start deeper in each other than the tolerance: that would be pushed apart.
  const double tolerance = settings_.initial_volume_tolerance >= 0.0
                               ? settings_.initial_volume_tolerance
                               : 2.0 * settings_.target_volume;
  std::vector<Pair> initial;
  detect(initial);
  for (const Pair& p : initial) {
    if (p.patch.volume > tolerance) {
      const bool a_first = !bodies_[p.a].fixed;  // name a free body first
      throw InvalidInputError("body '" + bodies_[a_first ? p.a : p.b].name +
                              "' starts inside body '" + bodies_[a_first ? p.b : p.a].name +
                              "' (intersection volume " + toText(p.patch.volume) + " m³ above " +
                              toText(tolerance) + ")");
    }
  }
}

VolumeContactWorld::~VolumeContactWorld() = default;
VolumeContactWorld::VolumeContactWorld(VolumeContactWorld&&) noexcept = default;
VolumeContactWorld& VolumeContactWorld::operator=(VolumeContactWorld&&) noexcept = default;

Frame VolumeContactWorld::pose(std::size_t i) const {
  if (i == world_index_)
    return Frame::Identity();
  return makeFrame(bodies_[i].orientation, bodies_[i].position);
}

// bouchard-2015 §4: broad phase by world boxes, then the intersection volume's moments (§4.1,
// App. A) and the patch (§4.2) of every overlapping pair; V = 0 (touching or apart): no contact.
void VolumeContactWorld::detect(std::vector<Pair>& pairs) {
  pairs.clear();
  std::vector<std::optional<world_detail::Aabb>> boxes(bodies_.size());
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    if (bodies_[i].ray_body)
      boxes[i] = world_detail::worldBounds(bodies_[i].ray_body->mesh(), pose(i));
  }
  std::set<std::pair<std::size_t, std::size_t>> joined;
  for (const Joint& j : joints_)
    joined.insert(std::minmax(j.carried.body_a, j.carried.body_b));
  for (const auto& [a, b] : world_detail::overlappingPairs(boxes)) {
    const Body& A = bodies_[a];
    const Body& B = bodies_[b];
    if ((A.fixed && B.fixed) || joined.count({a, b}) != 0)
      continue;
    // Two convex meshes: the exact moments (thin overlaps at edges and corners included, issue
    // 26); otherwise by rays.
    const VolumeMoments moments =
        A.convex && B.convex
            ? convexIntersection(A.ray_body->mesh(), *A.convex, pose(a), B.ray_body->mesh(),
                                 *B.convex, pose(b))
            : intersectionVolume(*A.ray_body, pose(a), *B.ray_body, pose(b), {settings_.resolution})
                  .moments;
    if (!(moments.volume > 0.0))
      continue;
    const auto mu = pair_friction_.find({a, b});
    pairs.push_back({a, b, contactPatch(moments),
                     mu != pair_friction_.end() ? mu->second : std::sqrt(A.friction * B.friction)});
  }
}

std::vector<BilateralJoint> VolumeContactWorld::currentJoints() const {
  std::vector<BilateralJoint> out;
  out.reserve(joints_.size());
  for (const Joint& j : joints_) {
    out.push_back(world_detail::posedJoint(j.carried, pose(j.carried.body_a),
                                           pose(j.carried.body_b),
                                           j.stabilization / settings_.step));
  }
  return out;
}

const VolumeContactStepStats& VolumeContactWorld::step() {
  const double h = settings_.step;
  last_ = {};
  // Free velocities under gravity, external forces and the gyroscopic torque (explicit); the
  // solver's bodies are the real ones followed by a fixed stand-in for the world (joints).
  std::vector<VelocityBody> velocity_bodies(bodies_.size() + 1);
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    const Body& body = bodies_[i];
    VelocityBody& vb = velocity_bodies[i];
    vb.com = body.position;
    if (body.fixed)
      continue;
    const Mat3 R = body.orientation.toRotationMatrix();
    const Mat3 inertia = body.mass.worldInertia(R);
    vb.inverse_mass = 1.0 / body.mass.mass();
    vb.inverse_inertia = body.mass.worldInverseInertia(R);
    vb.velocity = body.velocity + h * (gravity_ + vb.inverse_mass * body.force);
    vb.omega = body.omega +
               h * (vb.inverse_inertia * (body.torque - body.omega.cross(inertia * body.omega)));
  }
  // Joints at the step's start, and their PD drives (§6.1.6) as explicit torques.
  std::vector<BilateralJoint> joints = currentJoints();
  for (std::size_t k = 0; k < joints_.size(); ++k) {
    if (!joints_[k].drive)
      continue;
    const BilateralJoint& j = joints[k];
    const Vec3 axis = j.frame_a.col(0);
    VelocityBody& a = velocity_bodies[j.body_a];
    VelocityBody& b = velocity_bodies[j.body_b];
    const double rate = axis.dot(bodies_[j.body_a].omega) -
                        (j.body_b == world_index_ ? 0.0 : axis.dot(bodies_[j.body_b].omega));
    const Vec3 tau =
        world_detail::driveTorque(*joints_[k].drive, world_detail::revoluteAngle(j), rate) * axis;
    a.omega += h * (a.inverse_inertia * tau);
    b.omega -= h * (b.inverse_inertia * tau);
  }

  auto phase = Clock::now();
  std::vector<Pair> pairs;
  detect(pairs);
  last_.pairs = pairs.size();
  last_.detection_seconds = secondsSince(phase);
  if (!settings_.warm_start)
    joint_wrenches_.clear();
  if (settings_.model == ContactModel::k6D) {
    solve6D(velocity_bodies, pairs, joints);
  } else {
    solvePoints(velocity_bodies, pairs, joints);
  }
  last_.assembly_seconds = last_.solve.assembly_seconds;
  last_.factorization_seconds = last_.solve.factorization_seconds;
  last_.solve_seconds = last_.solve.solve_seconds;

  // Symplectic Euler: positions with the constrained velocities.
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    Body& body = bodies_[i];
    if (body.fixed)
      continue;
    body.velocity = velocity_bodies[i].velocity;
    body.omega = velocity_bodies[i].omega;
    body.position += h * body.velocity;
    body.orientation = (quaternionExp(h * body.omega) * body.orientation).normalized();
  }
  if (settings_.model == ContactModel::k6D) {
    phase = Clock::now();
    // The patches moved with the bodies over the step; their volumes are predicted to its end
    // through the gradient (bouchard-2015 §5.7 post-stabilizes the positions after the step).
    std::vector<VolumeContact> moved;
    for (const Pair& p : pairs) {
      const VelocityBody& a = velocity_bodies[p.a];
      const VelocityBody& b = velocity_bodies[p.b];
      const Vec3 u_a = pointVelocity(a, p.patch.center);
      const Vec3 u_b = pointVelocity(b, p.patch.center);
      VolumeContact c{p.a, p.b, p.patch, p.friction, 0.0};
      c.patch.volume = std::max(
          0.0, p.patch.volume - p.patch.gradient.norm() * h * p.patch.normal().dot(u_a - u_b));
      c.patch.center += 0.5 * h * (u_a + u_b);
      moved.push_back(c);
    }
    stabilize(moved);
    last_.stabilization_seconds = secondsSince(phase);
  }
  for (const Body& body : bodies_) {
    if (!body.position.allFinite() || !body.velocity.allFinite() || !body.omega.allFinite() ||
        !body.orientation.coeffs().allFinite()) {
      throw NumericalError("body '" + body.name +
                           "' left the finite numbers at t = " + toText(time_));
    }
  }
  time_ += h;
  return last_;
}

// bouchard-2015 §5: one 6D block per pair, warm started from the pair's last wrench (its torque
// moved to the new patch centre), solved with the joints by solveVolumeContacts.
void VolumeContactWorld::solve6D(std::vector<VelocityBody>& velocity_bodies,
                                 const std::vector<Pair>& pairs,
                                 std::vector<BilateralJoint>& joints) {
  const double h = settings_.step;
  const double e = settings_.target_volume;
  std::vector<VolumeContact> contacts;
  std::vector<Wrench> wrenches;
  for (const Pair& p : pairs) {
    VolumeContact c{p.a, p.b, p.patch, p.friction, 0.0};
    c.drift_velocity = world_detail::rotationDriftVelocity(velocity_bodies[p.a],
                                                           velocity_bodies[p.b], p.patch.center, h);
    // §5.7 compliance, a spring below the target volume e that only gives way: the contact sinks
    // until its depth, V linearised through the gradient, V/‖g‖, is c times its normal force
    // (implicit in the solve, VolumeContact::compliance; D = c/h² is the step's compliance of
    // a soft constraint, as α̃ = α/Δt² in Macklin, Müller & Chentanez 2016, XPBD), never past e.
    const double g = p.patch.gradient.norm();
    if (settings_.compliance > 0.0 && g > 0.0 && p.patch.volume < e) {
      c.compliance = settings_.compliance / (h * h);
      c.depth_rate = p.patch.volume / (g * h);
      c.max_sink = settings_.relaxation * (e - p.patch.volume) / (g * h);
    }
    Wrench warm = Wrench::Zero();
    const auto it = warm_6d_.find({p.a, p.b});
    if (it != warm_6d_.end()) {
      const auto& [centre, wrench] = it->second;
      if (settings_.warm_start) {
        warm = wrench;
        angular(warm) += (centre - p.patch.center).cross(Vec3(linear(wrench)));
        ++last_.warm_started;
      }
    }
    contacts.push_back(c);
    wrenches.push_back(warm);
  }
  last_.contacts = contacts.size();
  last_.solve = solveVolumeContacts(velocity_bodies, contacts, wrenches, joints, joint_wrenches_,
                                    settings_.solver);
  warm_6d_.clear();
  contacts_.clear();
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const ContactPatch& patch = contacts[i].patch;
    warm_6d_[{pairs[i].a, pairs[i].b}] = {patch.center, wrenches[i]};
    contacts_.push_back(
        {pairs[i].a, pairs[i].b, patch.center, patch.normal(), patch.volume, 0.0, wrenches[i]});
  }
}

// The point-based baseline (bouchard-2015 §6): points from the same meshes
// (mesh_point_contacts.hpp), reduced per pair, pushed out by Baumgarte beyond the slop (as
// PointContactWorld), warm started per vertex, solved by solveFrictionalContacts.
void VolumeContactWorld::solvePoints(std::vector<VelocityBody>& velocity_bodies,
                                     const std::vector<Pair>& pairs,
                                     std::vector<BilateralJoint>& joints) {
  (void)joints;  // the constructor rejects joints with the point model
  const double h = settings_.step;
  auto phase = Clock::now();
  std::vector<FrictionalContact> contacts;
  std::vector<Vec3> impulses;
  std::vector<std::uint64_t> features;
  std::vector<double> depths;
  std::vector<double> volumes;
  for (const Pair& p : pairs) {
    const Body& A = bodies_[p.a];
    const Body& B = bodies_[p.b];
    // A body sunk into another by more than half the smaller one is passing through it: the
    // points failed to hold it (issue 26), and the run must not go on as if it had succeeded.
    const double smaller = std::min(A.ray_body->mesh().volume(), B.ray_body->mesh().volume());
    if (p.patch.volume > kSunkFraction * smaller) {
      throw NumericalError("point contact: body '" + A.name + "' and body '" + B.name +
                           "' overlap by " + toText(p.patch.volume) +
                           " m³ at t = " + toText(time_) + " s, more than half the smaller body (" +
                           toText(smaller) + " m³): one is passing through the other");
    }
    const std::vector<ContactPoint> points = reduceManifold(
        world_detail::meshPointContacts(*A.ray_body, pose(p.a), *B.ray_body, pose(p.b), p.patch,
                                        A.convex.get(), B.convex.get()),
        settings_.max_points_per_pair, 0.1 * settings_.resolution);
    const auto warm = warm_points_.find({p.a, p.b});
    for (const ContactPoint& point : points) {
      FrictionalContact c;
      c.body_a = p.a;
      c.body_b = p.b;
      c.point = point.point;
      c.normal = point.normal;
      c.friction = p.friction;
      // A depth beyond the slop is pushed out by a fraction per step (Baumgarte).
      const double excess = -point.separation - settings_.slop;
      c.target_normal_velocity = excess > 0.0 ? settings_.baumgarte * excess / h : 0.0;
      c.drift_velocity = world_detail::pointDriftVelocity(
          velocity_bodies[p.a], velocity_bodies[p.b], c.point, c.normal, h);
      Vec3 impulse = Vec3::Zero();
      if (settings_.warm_start && warm != warm_points_.end()) {
        const auto found = warm->second.find(point.feature);
        if (found != warm->second.end()) {
          impulse = found->second;
          ++last_.warm_started;
        }
      }
      contacts.push_back(c);
      impulses.push_back(impulse);
      features.push_back(point.feature);
      depths.push_back(-point.separation);
      volumes.push_back(p.patch.volume);
    }
  }
  last_.detection_seconds += secondsSince(phase);
  last_.contacts = contacts.size();
  BlockPgsOptions options;
  static_cast<SweepOptions&>(options) = settings_.solver;
  options.cone_projection = settings_.cone_projection;
  static_cast<BlockPgsStats&>(last_.solve) =
      solveFrictionalContacts(velocity_bodies, contacts, impulses, options);
  warm_points_.clear();
  contacts_.clear();
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const FrictionalContact& c = contacts[i];
    warm_points_[{c.body_a, c.body_b}][features[i]] = impulses[i];
    contacts_.push_back({c.body_a, c.body_b, c.point, c.normal, volumes[i], depths[i],
                         spatial(Vec3::Zero(), impulses[i])});
  }
}

// bouchard-2015 §5.7: positions moved along the volume gradients so that volumes above e return
// to it (post_stabilization.hpp), with the bodies at their post-step poses. Rigidly: the
// compliance is the spring below e (solve6D), and above e no contact gives way.
void VolumeContactWorld::stabilize(const std::vector<VolumeContact>& contacts) {
  if (contacts.empty())
    return;
  std::vector<VelocityBody> posed(bodies_.size() + 1);
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    const Body& body = bodies_[i];
    posed[i].com = body.position;
    if (body.fixed)
      continue;
    posed[i].inverse_mass = 1.0 / body.mass.mass();
    posed[i].inverse_inertia = body.mass.worldInverseInertia(body.orientation.toRotationMatrix());
  }
  PostStabilizationOptions options;
  options.target_volume = settings_.target_volume;
  options.relaxation = settings_.relaxation;
  const std::vector<PoseCorrection> corrections =
      postStabilize(posed, contacts, options, &last_.stabilization);
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    Body& body = bodies_[i];
    if (body.fixed)
      continue;
    body.position += corrections[i].translation;
    body.orientation = (quaternionExp(corrections[i].rotation) * body.orientation).normalized();
  }
}

void VolumeContactWorld::setSolver(const SweepOptions& options, bool warm_start) {
  options.validate();
  settings_.solver = options;
  settings_.warm_start = warm_start;
}

void VolumeContactWorld::advanceTo(double t) {
  if (!std::isfinite(t))
    throw InvalidInputError("advanceTo: time must be finite");
  while (time_ < t - 0.5 * settings_.step)
    step();
}

std::size_t VolumeContactWorld::bodyCount() const noexcept {
  return bodies_.size();
}

const std::string& VolumeContactWorld::bodyName(std::size_t i) const {
  return bodies_.at(i).name;
}

bool VolumeContactWorld::isFixed(std::size_t i) const {
  return bodies_.at(i).fixed;
}

RigidBodyState VolumeContactWorld::state(std::size_t i) const {
  return world_detail::stateOf(bodies_.at(i));
}

double VolumeContactWorld::energy(std::size_t i) const {
  return world_detail::energyOf(bodies_.at(i), gravity_);
}

double VolumeContactWorld::jointAngle(std::size_t joint) const {
  const Joint& j = joints_.at(joint);
  return world_detail::revoluteAngle(
      world_detail::posedJoint(j.carried, pose(j.carried.body_a), pose(j.carried.body_b), 0.0));
}

double VolumeContactWorld::jointDrift(std::size_t joint) const {
  const Joint& j = joints_.at(joint);
  const BilateralJoint posed =
      world_detail::posedJoint(j.carried, pose(j.carried.body_a), pose(j.carried.body_b), 0.0);
  return (posed.anchor_a - posed.anchor_b).norm();
}

}  // namespace contactsim
