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

#include "contact/point/frictional_contact.hpp"
#include "contact/volume/bilateral_joint.hpp"
#include "contact/volume/post_stabilization.hpp"
#include "contact/volume/six_d_contact.hpp"
#include "contactsim/dynamics/mass_properties.hpp"
#include "contactsim/dynamics/rigid_body_state.hpp"
#include "contactsim/geometry/triangle_mesh.hpp"
#include "contactsim/world/world_description.hpp"

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
  /// step without warm start to an update norm of 1e-15, Figs. 15–16). Throws InvalidInputError
  /// for bad options.
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
