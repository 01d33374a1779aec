// A velocity-level time-stepping world of rigid bodies bounded by closed triangle meshes with one
// 6D patch contact per touching pair (bouchard-2015 §3–5): intersection-volume moments by ray
// casting, the patch model, projected block Gauss–Seidel with PROJECT (Algorithm 1), bilateral
// joints with optional PD drives (§6.1.6), and post-stabilization towards a target
// interpenetration volume (§5.7). The same world runs the point-based baseline of §6 on the same
// meshes (ContactModel::kPoint). Structure and conventions follow PointContactWorld.
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "contactsim/contact/point/frictional_contact.hpp"
#include "contactsim/contact/volume/bilateral_joint.hpp"
#include "contactsim/contact/volume/post_stabilization.hpp"
#include "contactsim/contact/volume/six_d_contact.hpp"
#include "contactsim/dynamics/mass_properties.hpp"
#include "contactsim/dynamics/rigid_body_state.hpp"
#include "contactsim/geometry/triangle_mesh.hpp"

namespace contactsim {

class RayCastBody;

struct MeshBodyDescription {
  std::string name;
  /// Body coordinates, whose origin is the centre of mass (the world does not move it there).
  /// Null: the body takes part in joints only, never in contacts. Bodies sharing one mesh
  /// object share one ray-casting hierarchy.
  std::shared_ptr<const TriangleMesh> mesh;
  MassProperties mass_properties = MassProperties::principal(1.0, Vec3::Ones());
  RigidBodyState initial_state;  ///< world velocities via RigidBodyState::fromWorldVelocities
  bool fixed = false;
  double friction = 0.5;       ///< μ of this body; a pair uses √(μ_a μ_b)
  Vec3 force = Vec3::Zero();   ///< constant external force at the centre of mass [N], world
  Vec3 torque = Vec3::Zero();  ///< constant external torque [N m], world
};

/// A proportional–derivative drive of a revolute joint (bouchard-2015 §6.1.6: fingers on rotary
/// joints driven by "a simple proportional derivative control"): the torque
/// τ = stiffness (target − θ) − damping θ̇, clamped to ±max_torque, acts on A about the joint axis
/// and −τ on B. θ is the rotation of A relative to B about the axis since t = 0. Explicit: stable
/// while damping h ≲ the joint's moment of inertia.
struct JointDrive {
  double target_angle = 0.0;                                    ///< [rad]
  double stiffness = 0.0;                                       ///< [N m/rad] ≥ 0
  double damping = 0.0;                                         ///< [N m s/rad] ≥ 0
  double max_torque = std::numeric_limits<double>::infinity();  ///< [N m] > 0
};

/// A bilateral joint between two bodies, given at the initial poses (bouchard-2015 §3, §6.1.6).
struct JointDescription {
  std::string name;
  JointType type = JointType::kRevolute;
  std::size_t body_a = 0;
  /// The other body; none: the world. Bodies joined by a joint do not collide with each other.
  std::optional<std::size_t> body_b;
  Vec3 anchor = Vec3::Zero();  ///< [m] world, at t = 0
  Vec3 axis = Vec3::UnitZ();   ///< revolute axis, world, at t = 0 (normalised)
  /// Fraction in [0, 1] of the position drift removed per step (Baumgarte rate β/h).
  double stabilization = 0.2;
  std::optional<JointDrive> drive;  ///< revolute joints only
};

/// The contact models: how a pair of bodies in contact is simulated. A VolumeContactWorld solves
/// k6D or kPoint (bouchard-2015 §6 compares the two on the same scenes).
enum class ContactModel {
  k6D,      ///< bouchard-2015: one 6D patch contact per pair of closed triangle meshes (§3–5)
  kPoint,   ///< velocity-level point contacts (polyhedra; on meshes the point-based method of §6)
  kSmooth,  ///< kry-pai-2002: continuous contact of smooth surfaces in reduced coordinates
  /// ullrich-pai §5: planar bodies whose contacts follow precomputed response maps (ResponseWorld)
  kResponse,
};

struct VolumeContactSettings {
  double step = 1e-3;  ///< h [s]
  /// Ray spacing of the intersection volume [m] (bouchard-2015 §4.1), > 0.
  double resolution = 2e-3;
  /// e [m³] ≥ 0: the interpenetration volume contacts keep (§5.7). A contact above it is moved
  /// back by post-stabilization. Contacts exist only where V > 0 (touching with V = 0: none; a
  /// body approaching lands in the step after it first overlaps, and the overlap is then
  /// post-stabilized to e).
  double target_volume = 0.0;
  /// Compliance α [1/kg] ≥ 0 (§5.7: "a combination of compliance and stabilization ... allows
  /// the contacts to conserve enough interpenetration"): a contact below e whose last normal
  /// impulse was f_n lets the bodies approach at α f_n (at most what brings V, linearised, to e
  /// within the step), so loaded contacts settle at e; α < the contact's inverse effective mass
  /// keeps it pushing. Post-stabilization adds α to its normal Schur complement. 0: rigid, a
  /// contact keeps the volume it landed with (below e).
  double compliance = 0.0;
  /// Fraction in (0, 1] of the volume error corrected per step, above and below e.
  double relaxation = 1.0;
  ContactModel model = ContactModel::k6D;
  /// Sweeps of both models: at most max_iterations, stopping when the update vector's 2-norm
  /// is ≤ tolerance (§6.1.8; the paper's octagon study uses 1e-15).
  SweepOptions solver = {500, 1e-15, false};
  bool warm_start = true;
  /// A pair starting with a larger intersection volume than this is an input error [m³]; < 0:
  /// twice target_volume.
  double initial_volume_tolerance = -1.0;
  // The point-based model (ContactModel::kPoint).
  /// Fraction of a point's depth beyond `slop` pushed out per step (Baumgarte), in [0, 1].
  double baumgarte = 0.2;
  /// Depth [m] ≥ 0 the point contacts keep (their analogue of e): only the depth beyond it is
  /// pushed out.
  double slop = 1e-4;
  std::size_t max_points_per_pair = 64;  ///< ≥ 1; more are reduced (manifold_reduction.hpp)
  ConeProjection cone_projection = ConeProjection::kSlipDirection;

  /// Throws InvalidInputError naming the bad field.
  void validate() const;
};

struct VolumeContactWorldDescription {
  Vec3 gravity = Vec3(0.0, 0.0, -9.81);
  std::vector<MeshBodyDescription> bodies;
  std::vector<JointDescription> joints;
  VolumeContactSettings settings;
  /// μ of a pair of bodies (a < b) instead of √(μ_a μ_b).
  std::map<std::pair<std::size_t, std::size_t>, double> pair_friction;
};

/// One contact of the last step: a 6D patch (with its wrench about the patch centre, world axes,
/// angular first) or a point (wrench = (0, impulse)). On body_a; body_b gets the opposite.
struct VolumeContactRecord {
  std::size_t body_a = 0;
  std::size_t body_b = 0;
  Vec3 point = Vec3::Zero();  ///< patch centre or contact point [m]
  Vec3 normal = Vec3::UnitZ();
  double volume = 0.0;              ///< the pair's intersection volume [m³]
  double depth = 0.0;               ///< point contacts: depth along the normal [m]; 6D: 0
  Wrench impulse = Wrench::Zero();  ///< [N m s, N s]
};

/// One step's statistics. Times [s] split as bouchard-2015 Table 1: detection (broad phase,
/// intersection volumes, patches and, for points, the point generation), assembly (the blocks'
/// Schur complements), factorization (their Cholesky factors or inverses), solve (warm start and
/// sweeps), plus post-stabilization.
struct VolumeContactStepStats {
  std::size_t pairs = 0;     ///< body pairs with an intersection volume
  std::size_t contacts = 0;  ///< 6D blocks or point contacts
  std::size_t warm_started = 0;
  VolumeSolveStats solve;  ///< point model: the BlockPgsStats part only
  PostStabilizationStats stabilization;
  double detection_seconds = 0.0;
  double assembly_seconds = 0.0;
  double factorization_seconds = 0.0;
  double solve_seconds = 0.0;
  double stabilization_seconds = 0.0;
};

class VolumeContactWorld {
 public:
  /// Validates names (unique, valid), states, masses, settings, joints (bodies, unit axis, a
  /// drive only on a revolute joint) and builds each mesh's ray-casting hierarchy once; throws
  /// InvalidInputError naming the body or joint at fault, including for pairs starting with an
  /// intersection volume above the tolerance.
  explicit VolumeContactWorld(VolumeContactWorldDescription description);
  ~VolumeContactWorld();
  VolumeContactWorld(VolumeContactWorld&&) noexcept;
  VolumeContactWorld& operator=(VolumeContactWorld&&) noexcept;

  /// One step of the configured size (symplectic Euler): external forces and drives, detection,
  /// contact and joint impulses, positions, post-stabilization (6D).
  const VolumeContactStepStats& step();
  /// Steps until time() ≥ t − step/2.
  void advanceTo(double t);

  [[nodiscard]] double time() const noexcept { return time_; }
  [[nodiscard]] std::size_t bodyCount() const noexcept;
  [[nodiscard]] const std::string& bodyName(std::size_t i) const;
  [[nodiscard]] bool isFixed(std::size_t i) const;
  [[nodiscard]] RigidBodyState state(std::size_t i) const;
  /// Kinetic plus gravitational potential energy of body i [J].
  [[nodiscard]] double energy(std::size_t i) const;
  /// The rotation θ of a revolute joint's body A relative to B about its axis since t = 0 [rad].
  [[nodiscard]] double jointAngle(std::size_t joint) const;
  /// The distance between a joint's two anchors (its drift) [m].
  [[nodiscard]] double jointDrift(std::size_t joint) const;
  [[nodiscard]] const std::vector<VolumeContactRecord>& contacts() const noexcept {
    return contacts_;
  }
  [[nodiscard]] const VolumeContactStepStats& lastStep() const noexcept { return last_; }
  [[nodiscard]] const VolumeContactSettings& settings() const noexcept { return settings_; }
  /// The sweep options and warm starting of the following steps (bouchard-2015 §6.1.8 solves one
  /// step without warm start to an update norm of 1e-15, Figs. 15–16; the compliance of §5.7
  /// still reads the last impulses). Throws InvalidInputError for bad options.
  void setSolver(const SweepOptions& options, bool warm_start);

 private:
  struct Body;
  struct Joint;
  struct Pair;
  void detect(std::vector<Pair>& pairs);
  void solve6D(std::vector<VelocityBody>& velocity_bodies, const std::vector<Pair>& pairs,
               std::vector<BilateralJoint>& joints);
  void solvePoints(std::vector<VelocityBody>& velocity_bodies, const std::vector<Pair>& pairs,
                   std::vector<BilateralJoint>& joints);
  void stabilize(const std::vector<VolumeContact>& contacts);
  [[nodiscard]] std::vector<BilateralJoint> currentJoints() const;
  [[nodiscard]] Frame pose(std::size_t i) const;

  Vec3 gravity_;
  VolumeContactSettings settings_;
  std::vector<Body> bodies_;
  std::vector<Joint> joints_;
  std::map<std::pair<std::size_t, std::size_t>, double> pair_friction_;
  std::size_t world_index_ = 0;  ///< the fixed stand-in for "the world" in joints (last body)
  /// Last step's impulses: 6D wrenches per body pair (with the patch centre they are about),
  /// point impulses per pair and mesh vertex, joint wrenches per joint.
  std::map<std::pair<std::size_t, std::size_t>, std::pair<Vec3, Wrench>> warm_6d_;
  std::map<std::pair<std::size_t, std::size_t>, std::map<std::uint64_t, Vec3>> warm_points_;
  std::vector<Wrench> joint_wrenches_;
  std::vector<VolumeContactRecord> contacts_;
  VolumeContactStepStats last_;
  double time_ = 0.0;
};

}  // namespace contactsim
