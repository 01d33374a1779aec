// One continuous contact between a free rigid body and a fixed or free one, both bounded by patch
// complexes, evolved in the reduced coordinates q = (s, t, u, v, ψ) (kry-pai-2002 §3.7), with
// body 2's pose and twist when it is free (11 degrees of freedom while sliding): the
// constraint holds by construction at every step; RK4 with adaptive steps between a minimum and a
// maximum, halving when the contact would leave a patch domain, and at the minimum step moving the
// contact onto the boundary and across to the neighbouring patch (eqs. 41–43); friction modes
// switch by eq. 35, the slip's stop and eq. 40; separation when the normal force turns negative.
// The slip's stop and the separation are located inside the step in which they happen, as roots
// on the step's RK4 continuation (contact_events.cpp), whatever the step.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "contact/smooth/contact_dynamics.hpp"
#include "contactsim/dynamics/rigid_body_state.hpp"
#include "contactsim/geometry/surface.hpp"
#include "dynamics/adaptive_stepper.hpp"

namespace contactsim {

struct SmoothContactSetup {
  std::shared_ptr<const Surface>
      surface1;  ///< free body's surface, body frame at its centre of mass
  MassProperties mass1 = MassProperties::principal(1.0, Vec3::Ones());
  std::shared_ptr<const Surface> surface2;  ///< body 2's surface, body frame at its centre of mass
                                            ///< when it is free
  Frame E_w_2 = Frame::Identity();  ///< pose of a fixed body 2 in the world (unused when free)
  /// Body 2 is free, with these mass properties (its state in SmoothContactState::body2); unset,
  /// body 2 is fixed at E_w_2.
  std::optional<MassProperties> mass2;
  Vec3 gravity = Vec3(0.0, 0.0, -9.81);  ///< [m/s²] world
  FrictionParameters friction;
  AdaptiveStepParameters integrator;  ///< min/max step of RK4 (method must be kRk4)
  double boundary_epsilon = 0.0;      ///< ε-extended patch boundaries (kry-2000 §4.5.5), ≥ 0
  /// kry-pai-2002 §3.6: the contact separates (kIrregularRegion) once either contact point comes
  /// closer than this, in parameter units (Surface::irregularDistance), to a point where its
  /// surface's parameterisation is singular, such as an extraordinary vertex of a Loop surface.
  /// 0 (the default) never separates there. ≥ 0.
  double irregular_radius = 0.0;
  /// Keep every step in SmoothContactStats::step_sizes (memory grows with the steps), or only the
  /// recent ones (SmoothContactStats::retired counts the rest).
  bool keep_step_sizes = true;
};

enum class SmoothContactEventType {
  kPatchCrossing,
  kModeSwitch,
  kSeparation,
  kLeftSurface,
  kIrregularRegion,
};
const char* toString(SmoothContactEventType type);

struct SmoothContactEvent {
  double time;
  SmoothContactEventType type;
  std::string detail;  ///< e.g. "body 1: patch 3 -> 7 across edge 2", "rolling -> sliding"
};

struct SmoothContactStats {
  long accepted_steps = 0;
  long rejected_steps = 0;
  long patch_crossings = 0;
  long seam_steps = 0;  ///< steps ended at a seam between polynomial pieces of a patch
  /// Every accepted step, for histograms (kry-pai-2002 Fig. 8); without
  /// SmoothContactSetup::keep_step_sizes only those not yet retired (retireStepsEndingBy), the
  /// older ones counted in `retired`.
  std::vector<double> step_sizes;
  /// When each of step_sizes ended. (The piece of a step carried onto a patch edge is not
  /// counted as a step, so steps need not tile the contact's time.)
  std::vector<double> step_ends;
  struct Retired {
    long count = 0;
    double smallest = 0.0;  ///< [s]
    double largest = 0.0;   ///< [s]
  };
  Retired retired;  ///< steps dropped from the front of step_sizes
};

class SmoothContact {
 public:
  /// Validates the setup and the state (patch indices, q within the domains up to ε, finite q̇,
  /// regular surfaces there) and throws InvalidInputError naming the problem.
  SmoothContact(SmoothContactSetup setup, SmoothContactState initial, double time = 0.0);
  ~SmoothContact();
  SmoothContact(SmoothContact&&) noexcept;
  SmoothContact& operator=(SmoothContact&&) noexcept;

  /// Integrates to time t, or until the contact separates or leaves an open surface (then
  /// separated() is true and time() is when it happened).
  void advanceTo(double t);

  /// Integrates with steps of the integrator's own choosing, never shortened to land on t, until
  /// time() ≥ t (or separation); states in between come from dense output, stateAt(t).
  void advancePast(double t);

  /// Dense output (kry-pai-2002 Fig. 9): the state at a time t within the steps of the last
  /// advance, by cubic Hermite interpolation of q (with q̇) and q̇ (with q̈) over the step that
  /// holds t, in that step's patches. Throws InvalidInputError for t outside them.
  [[nodiscard]] SmoothContactState stateAt(double t) const;
  /// World pose, body twist and energy (both bodies' when body 2 is free) at such a time t.
  [[nodiscard]] Frame worldPoseAt(double t) const;
  [[nodiscard]] Twist bodyTwistAt(double t) const;
  [[nodiscard]] double energyAt(double t) const;
  /// Body 2's pose and twist at such a time t (fixed: E_w_2 at rest).
  [[nodiscard]] RigidBodyState body2StateAt(double t) const;

  /// The contact at such a time t as a world sees it: the state, body 1's contact frame in the
  /// world (origin at the contact point, z along body 1's outward normal) and the constraint
  /// wrench on body 1 (eq. 19).
  struct Snapshot {
    SmoothContactState state;
    Frame frame;
    ContactAcceleration acceleration;
  };
  [[nodiscard]] Snapshot snapshotAt(double t) const;

  [[nodiscard]] double time() const noexcept { return time_; }
  [[nodiscard]] const SmoothContactState& state() const noexcept { return state_; }
  [[nodiscard]] bool separated() const noexcept { return separated_; }
  [[nodiscard]] const std::vector<SmoothContactEvent>& events() const noexcept { return events_; }
  [[nodiscard]] const SmoothContactStats& stats() const noexcept { return stats_; }
  [[nodiscard]] const SmoothContactSetup& setup() const noexcept { return setup_; }

  /// ^w_1E: world pose of body 1.
  [[nodiscard]] Frame worldPose() const;
  /// ^1φ(w, 1): body 1's twist in its body frame.
  [[nodiscard]] Twist bodyTwist() const;
  /// ^w_2E: world pose of body 2.
  [[nodiscard]] Frame body2Pose() const { return pose2(state_); }
  /// Constraint wrench on body 1 in its contact frame, normal force, slip velocity (eq. 19).
  [[nodiscard]] ContactAcceleration acceleration() const;
  /// Kinetic plus gravitational potential energy of the free body, or of both free bodies [J].
  [[nodiscard]] double energy() const;
  /// Distance between the two contact points and angle between the normals (−n₂ vs n₁), in the
  /// world: both zero to rounding by construction.
  [[nodiscard]] std::pair<double, double> constraintResidual() const;

  /// Applies an impulsive wrench to the free body (body frame, about its centre of mass, torque
  /// first) while the contact holds: the velocity jump Δq̇ = (Hᵀ M H)⁻¹ Hᵀ ι of the bilateral,
  /// frictionless contact (the impulsive form of eq. 20), then the mode's no-slip velocity
  /// relations. A tap on a rattleback, for instance. With body 2 free, the jump of (q̇, φ₂) in
  /// the pair's metric (pairVelocityMetric).
  void applyImpulse(const Wrench& impulse_body);

  /// The contact geometry at q on the given patches (surface jets and contact frames, kry-pai-2002
  /// eqs. 5–13), remembered for the last two q: a step needs it at one q for the first RK4 stage,
  /// the dependent velocities, dense output, forces and energy, and every fraction of a step
  /// tried when locating an event starts at the same q. (So a SmoothContact must not be used
  /// from two threads at once, even through const methods.)
  [[nodiscard]] ContactGeometry geometry(int patch1, int patch2, const Vec5& q) const;

  /// Without SmoothContactSetup::keep_step_sizes: the steps that ended by t leave step_sizes for
  /// SmoothContactStats::retired (the caller's promise: no cut will fall before t).
  void retireStepsEndingBy(double t);

  /// q̇ for a twist of body 1 relative to body 2 (body-1 frame): the twist projected onto the
  /// contact constraint (its normal relative velocity at the contact is dropped), for the current
  /// q and patches.
  [[nodiscard]] Vec5 coordinateVelocity(const Twist& phi_body) const;

 private:
  struct Integrator;
  // One step for dense output: the states and accelerations at both ends, in the step's patches.
  struct Segment {
    double t0, t1;
    SmoothContactState s0, s1;
    Vec5 qddot0, qddot1;
  };
  void advance(double t, bool land_on_t);
  void record(double t_start, const SmoothContactState& start);
  [[nodiscard]] Vec5 qddotOf(const SmoothContactState& s) const;
  [[nodiscard]] double energyOf(const SmoothContactState& s) const;
  [[nodiscard]] double energyOf(const SmoothContactState& s, const ContactKinematics& k) const;
  using State = Eigen::Matrix<double, 23, 1>;  // smooth_detail::State (contact_ode.hpp)
  [[nodiscard]] ContactKinematics kinematics(const SmoothContactState& s) const;
  [[nodiscard]] Frame pose2(const SmoothContactState& s) const;
  [[nodiscard]] Twist twist1(const SmoothContactState& s, const ContactKinematics& k) const;
  [[nodiscard]] ContactAcceleration accelerationOf(const SmoothContactState& s,
                                                   const ContactKinematics& k) const;
  // q̇ (and φ₂) after a switch into `mode`: stickingVelocity for one or two free bodies.
  [[nodiscard]] SmoothContactState sticking(const SmoothContactState& s, FrictionMode mode) const;
  void crossBoundary(const State& inside, const State& outside, double h);
  [[nodiscard]] bool locatable(const State& from, const State& to) const;
  void stepAcrossSeam(const State& inside, const State& outside, double h);
  [[nodiscard]] Eigen::Vector2d slipOf(const SmoothContactState& s) const;
  // What ends a step early (contact_events.cpp): a falling slip stopping (the least slip speed
  // within the step, near zero) and the normal force turning through zero (separation).
  struct TrialEvents {
    bool slip_stops = false;
    bool separates = false;
    [[nodiscard]] bool any() const { return slip_stops || separates; }
  };
  enum class Located { kNone, kStart, kSlipStop, kSeparation };
  // The slip (frame 1c), its rate and the normal force at an ODE state of this step (patches and
  // mode of state_); throws NumericalError where the contact system is singular.
  struct EventValues {
    Eigen::Vector2d slip, slip_rate;
    double normal_force;
  };
  [[nodiscard]] EventValues eventValuesOf(const State& y) const;
  [[nodiscard]] TrialEvents eventsAt(const State& y, double h) const;
  // The contact at an ODE state of this step, q̇ on the mode's constraints.
  [[nodiscard]] SmoothContactState stateOf(const State& y) const;
  // Ends the step from `start` (at time_) that met events within h at the first of them.
  void locateEvents(const State& start, double h, TrialEvents at_end);
  // Before a step: the slip direction the sliding friction keeps over it (the slip's own), and
  // whether the slip falls (watched for its stop).
  void prepareStep();
  bool stepOnto(const State& inside, const State& y, double dt, bool project);
  void afterStep(Located located = Located::kNone);
  /// Would no-slip friction hold here (f_n > 0, eq. 35) with the slip removed? `tangential`:
  /// the no-slip tangential force it would take (frame 1c).
  [[nodiscard]] bool rollingHolds(Eigen::Vector2d* tangential = nullptr) const;
  bool nearIrregularPoint();
  void log(SmoothContactEventType type, std::string detail);

  SmoothContactSetup setup_;
  SmoothContactState state_;
  double time_;
  bool separated_ = false;
  Eigen::Vector2d slip_hint_ = Eigen::Vector2d::UnitX();
  // The step being taken watches a sliding contact's falling slip for its stop, and holds the
  // friction's direction where that stop is predicted within the step (contact_events.cpp);
  // watched_speed_ is the slip speed at the step's start.
  bool watch_slip_ = false;
  bool hold_slip_ = false;
  double watched_speed_ = 0.0;
  // The state has not been checked for a stopped slip or a pulling normal force yet (at the
  // start, after an impulse).
  bool check_start_ = true;
  int stops_in_place_ = 0;  // consecutive slip stops located at the step's very start
  std::unique_ptr<Integrator> integrator_;
  std::vector<SmoothContactEvent> events_;
  std::vector<Segment> history_;  // steps of the last advance, and the one before it
  SmoothContactStats stats_;
  struct GeometryMemo {
    int patch1 = -1, patch2 = -1;
    Vec5 q = Vec5::Zero();
    ContactGeometry g;
  };
  mutable std::array<GeometryMemo, 2> memo_;
  mutable std::size_t memo_next_ = 0;
};

}  // namespace contactsim
