// A velocity-level time-stepping world of convex polyhedra with frictional point contacts: contact
// manifolds from collision/convex_contact, impulses from the projected block Gauss–Seidel of
// contact/point/frictional_contact, warm started from the previous step. The "point-based method"
// of bouchard-2015 §6 and the frictional solver of preda-florian-2005's issue.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "contact/impact/collision_law.hpp"
#include "contact/point/frictional_contact.hpp"
#include "contactsim/collision/convex_polyhedron.hpp"
#include "contactsim/dynamics/mass_properties.hpp"
#include "contactsim/dynamics/rigid_body_state.hpp"
#include "contactsim/solvers/lcp_solver.hpp"
#include "contactsim/world/world_description.hpp"
#include "world/impulse_memory.hpp"

namespace contactsim {

struct PolyhedronBodyDescription {
  std::string name;
  /// Body coordinates, whose origin is the centre of mass (the world does not move it there).
  std::shared_ptr<const ConvexPolyhedron> shape;
  MassProperties mass_properties = MassProperties::principal(1.0, Vec3::Ones());
  RigidBodyState initial_state;  ///< world velocities via RigidBodyState::fromWorldVelocities
  bool fixed = false;
  double friction = 0.5;  ///< μ of this body; a pair uses √(μ_a μ_b)
};

/// The fixed half-space {x : normal·x ≤ offset} (a floor, an incline, a wall).
struct HalfSpaceDescription {
  std::string name;
  Vec3 normal = Vec3::UnitZ();
  double offset = 0.0;
  double friction = 0.5;
};

struct PointContactWorldDescription {
  Vec3 gravity = Vec3(0.0, 0.0, -9.81);
  std::vector<PolyhedronBodyDescription> bodies;
  std::vector<HalfSpaceDescription> half_spaces;
  PointContactSettings settings;
  /// μ of a pair (a < b; half-space k has index bodies.size() + k) instead of √(μ_a μ_b).
  std::map<std::pair<std::size_t, std::size_t>, double> pair_friction;
};

/// One contact of the last step, with its impulse (on body_a; body_b gets the opposite).
struct PointContactRecord {
  std::size_t body_a = 0;
  /// Another body's index, or bodyCount() + k for half-space k.
  std::size_t body_b = 0;
  Vec3 point = Vec3::Zero();
  Vec3 normal = Vec3::UnitZ();
  double separation = 0.0;
  Vec3 impulse = Vec3::Zero();
  /// A mixed world's 6D patch (bouchard-2015): `point` its centre, `separation` minus its mean
  /// depth, `torque_impulse` the wrench's angular part about the centre.
  bool patch = false;
  Vec3 torque_impulse = Vec3::Zero();
};

struct PointContactStepStats {
  std::size_t contacts = 0;
  BlockPgsStats solve;
  std::size_t warm_started = 0;  ///< contacts that found their previous impulse
  // The acceleration formulation: the LCP of the step's first stage, and the impacts.
  LcpStats lcp;  ///< iterations: PGS sweeps, or pivots when pivoting answered
  bool lcp_used_pivoting = false;
  int impacts = 0;  ///< Chatterjee–Ruina impulses applied at the step's start
};

class PointContactWorld {
 public:
  /// Validates names (unique, valid), shapes (present), states, settings, half-spaces (unit
  /// normal, μ ≥ 0); throws InvalidInputError naming the body or pair at fault, including for
  /// bodies that start interpenetrating.
  explicit PointContactWorld(PointContactWorldDescription description);

  /// One step of the configured size: external forces, contacts, impulses, positions.
  const PointContactStepStats& step();
  /// Steps until time() ≥ t − step/2.
  void advanceTo(double t);

  [[nodiscard]] double time() const noexcept { return time_; }
  [[nodiscard]] std::size_t bodyCount() const noexcept { return bodies_.size(); }
  [[nodiscard]] const std::string& bodyName(std::size_t i) const;
  [[nodiscard]] bool isFixed(std::size_t i) const;
  [[nodiscard]] RigidBodyState state(std::size_t i) const;
  /// Kinetic plus gravitational potential energy of body i [J].
  [[nodiscard]] double energy(std::size_t i) const;
  [[nodiscard]] const std::vector<PointContactRecord>& contacts() const noexcept {
    return contacts_;
  }
  [[nodiscard]] const PointContactStepStats& lastStep() const noexcept { return last_; }
  /// The acceleration formulation: the last step's resting-contact LCP and its solution f
  /// (empty without resting contacts).
  struct Lcp {
    SparseRowMatrix A;
    VecX b;
    VecX f;
  };
  [[nodiscard]] const Lcp& lastLcp() const noexcept { return last_lcp_; }
  [[nodiscard]] const PointContactSettings& settings() const noexcept { return settings_; }

 private:
  struct Body {
    std::string name;
    std::shared_ptr<const ConvexPolyhedron> shape;
    MassProperties mass;
    bool fixed;
    double friction;
    Vec3 position;
    Quat orientation;
    Vec3 velocity;  // world
    Vec3 omega;     // world
  };
  struct Generated {
    std::size_t a, b;
    FrictionalContact contact;  // target_normal_velocity set by step()
    double separation;
  };
  void generateContacts(std::vector<Generated>& out) const;
  // The acceleration formulation (point_contact_acceleration.cpp).
  struct Motion;
  void stepAcceleration();
  int collideTouching();
  std::vector<Motion> accelerations(bool record);
  Vec3 warmStart(const Generated& g);
  [[nodiscard]] Frame pose(const Body& body) const;

  Vec3 gravity_;
  PointContactSettings settings_;
  std::vector<Body> bodies_;
  std::vector<HalfSpaceDescription> half_spaces_;
  std::map<std::pair<std::size_t, std::size_t>, double> pair_friction_;
  /// μ of pair (a, b): its override, else √(μ_a μ_b).
  [[nodiscard]] double pairFriction(std::size_t a, std::size_t b, double mu_a, double mu_b) const;
  world_detail::ImpulseMemory warm_;  // last step's impulses, for warm starts
  std::vector<PointContactRecord> contacts_;
  PointContactStepStats last_;
  Lcp last_lcp_;
  double time_ = 0.0;
};

}  // namespace contactsim
