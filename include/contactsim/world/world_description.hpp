// What a world is made of: bodies with their shapes and materials, the integrator, smooth contacts
// given at the start, collision settings and joints (WorldDescription), and what a world reports
// (WorldEvent, IntegrationStats). The World façade (world.hpp) builds its subsystem from it.
#pragma once

#include <cstddef>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "contactsim/bem/response_map.hpp"
#include "contactsim/collision/convex_polyhedron.hpp"
#include "contactsim/contact/parameters.hpp"
#include "contactsim/dynamics/adaptive_step.hpp"
#include "contactsim/dynamics/mass_properties.hpp"
#include "contactsim/dynamics/rigid_body_state.hpp"
#include "contactsim/error.hpp"
#include "contactsim/geometry/surface.hpp"
#include "contactsim/geometry/triangle_mesh.hpp"
#include "contactsim/math/planar_body.hpp"
#include "contactsim/solvers/lcp_solver.hpp"

namespace contactsim {

enum class IntegratorMethod {
  kRk4,                ///< classical RK4, fixed step
  kAdaptiveRk4,        ///< RK4 with step halving/doubling between min and max (kry-pai-2002 §3.7)
  kCashKarp45,         ///< embedded 4(5) with error control, halving/doubling
  kSemiImplicitEuler,  ///< velocity-level stepping, fixed step
  /// Velocity-level time stepping of polyhedra with frictional point contacts (PointContactWorld:
  /// the point-based method of bouchard-2015 §6, solved by projected block Gauss–Seidel).
  kPointContact,
  /// Velocity-level time stepping of mesh-bounded bodies with one 6D patch contact per pair
  /// (VolumeContactWorld: bouchard-2015), or its point-based baseline on the same meshes.
  kVolumeContact,
};

/// Scene-file spelling of a method ("rk4", "adaptive-rk4", "cash-karp45", "semi-implicit-euler",
/// "point-contact", "volume-contact").
const char* toString(IntegratorMethod method);

/// Body names are non-empty and use only letters, digits, '_', '-' and '.', so that they can
/// stand unquoted in CSV columns and file names.
bool isValidBodyName(std::string_view name);

/// The point-contact model's step, margins, stabilisation and solver (PointContactWorld).
struct PointContactSettings {
  double step = 1e-3;  ///< [s]
  /// Contacts are kept while the surfaces are closer than this [m]; a gap g closes at most at
  /// speed g/h (speculative contact), so bodies land without penetrating.
  double margin = 2e-3;
  /// Fraction of a penetration depth pushed out per step (Baumgarte velocity bias), in [0, 1].
  double baumgarte = 0.2;
  /// A pair starting deeper than this in each other is an input error [m].
  double initial_penetration_tolerance = 1e-6;
  bool warm_start = true;
  /// Manifold reduction per pair (collision/manifold_reduction.hpp): points closer than this
  /// fraction of the smaller body's radius are welded, and at most max_points_per_pair are kept.
  double weld_fraction = 0.01;
  /// A contact is warm started from last step's contact of the same pair within this fraction of
  /// the smaller body's radius.
  double warm_start_fraction = 0.05;
  std::size_t max_points_per_pair = 4;
  BlockPgsOptions solver;

  /// How contact acts. kVelocity: frictional impulses at the velocity level (above; symplectic
  /// Euler). kAcceleration: preda-florian-2005 — frictionless resting contacts by the contact
  /// matrix a = A f + b (appendix eqs. 3–9) solved as an LCP (`lcp`: Algorithm 1, pivoting first,
  /// §4), impacts by the Chatterjee–Ruina law (`impact`), integrated by RK4 (`rk4`, the forces of
  /// each stage solved anew) or semi-implicit Euler.
  enum class Formulation { kVelocity, kAcceleration };
  Formulation formulation = Formulation::kVelocity;
  bool rk4 = false;
  LcpSolverSettings lcp;
  ImpactParameters impact{0.0, -1.0, 0.0};  ///< plastic and frictionless by default
  /// [m] surfaces closer than this touch (a contact of the LCP or an impact).
  double touch_tolerance = 1e-6;
  /// [m/s] a touching contact closing faster than this collides; slower ones rest.
  double resting_speed = 1e-3;

  /// Throws InvalidInputError naming the bad field.
  void validate() const;
};

/// The 6D model's step, ray resolution, target volume and solver, and its point-based baseline on
/// the same meshes (VolumeContactWorld: bouchard-2015).
struct VolumeContactSettings {
  double step = 1e-3;  ///< h [s]
  /// Ray spacing of the intersection volume [m] (bouchard-2015 §4.1), > 0. Pairs of convex
  /// meshes are measured exactly, without rays (collision/convex_intersection.hpp).
  double resolution = 2e-3;
  /// e [m³] ≥ 0: the interpenetration volume contacts keep (§5.7). A contact above it is moved
  /// back by post-stabilization. Contacts exist only where V > 0 (touching with V = 0: none; a
  /// body approaching lands in the step after it first overlaps, and the overlap is then
  /// post-stabilized to e).
  double target_volume = 0.0;
  /// Compliance c [m/N] ≥ 0 (§5.7: "a combination of compliance and stabilization ... allows
  /// the contacts to conserve enough interpenetration"), a spring below e that only gives way: a
  /// contact sinks until its depth, V/‖g‖ (V linearised through its gradient), is c times its
  /// normal force, never past e (resting: V = min(e, ‖g‖ c f_n), whatever the step); it never
  /// pushes out. Post-stabilization removes volume above e, rigidly. 0: rigid, a contact keeps
  /// the volume it landed with (below e).
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

/// The contact scheme of planar response-map worlds (ullrich-pai §5; the θ-method of
/// src/contact/response/response_contact_solver.hpp).
enum class ResponseScheme {
  kEndOfStep,    ///< θ = 1: first order, damps (an impact loses ≈ π ω_c Δt/2 of e); settles
  kTrapezoidal,  ///< θ = ½: second order, keeps the contact spring's energy; resting bodies ring
};

struct IntegratorSettings {
  IntegratorMethod method = IntegratorMethod::kRk4;
  double step = 1e-3;  ///< [s] fixed step of kRk4, kSemiImplicitEuler and kPointContact
  /// Steps and tolerances of kAdaptiveRk4 and kCashKarp45 (adaptive.method is ignored: `method`
  /// decides, see adaptiveParameters()).
  AdaptiveStepParameters adaptive;
  /// Contact margin, stabilisation and solver of kPointContact (its `step` is ignored: `step`
  /// decides).
  PointContactSettings point_contact;
  /// Resolution, target volume, contact model and solver of kVolumeContact (its `step` is
  /// ignored: `step` decides).
  VolumeContactSettings volume_contact;
  /// The contact scheme of planar response-map bodies (their step is the maps' Δt).
  ResponseScheme response_scheme = ResponseScheme::kEndOfStep;

  /// Keep every accepted step's size (IntegrationStats::step_sizes, for step-size histograms):
  /// memory then grows with the number of steps. Off, a world keeps only what a flight leg or a
  /// contact cut short may take back, and counts the rest (issue 27: peak memory independent of
  /// the duration).
  bool keep_step_sizes = false;

  /// `adaptive` with its method set from `method`.
  [[nodiscard]] AdaptiveStepParameters adaptiveParameters() const;

  /// Throws InvalidInputError naming the bad field.
  void validate() const;
};

struct BodyDescription {
  std::string name;
  MassProperties mass_properties = MassProperties::principal(1.0, Vec3::Ones());  ///< free bodies
  RigidBodyState initial_state;  ///< fixed bodies: the pose; their twist must be zero
  bool fixed = false;
  std::shared_ptr<const Surface> surface;  ///< body coordinates (centre of mass); may be null
  /// Point-contact worlds: a convex polyhedron in body coordinates (centre of mass at the origin)…
  std::shared_ptr<const ConvexPolyhedron> polyhedron;
  /// …or, for a fixed body, the half-space {x : normal·x ≤ offset} in its body coordinates.
  struct HalfSpace {
    Vec3 normal = Vec3::UnitZ();
    double offset = 0.0;
  };
  std::optional<HalfSpace> half_space;
  /// The body's material: Coulomb μ and the coefficient of restitution e. A pair combines its
  /// bodies' values by the geometric mean (pairMaterial) unless a PairDescription overrides it;
  /// an absent value is the model's default for the body (point and 6D: μ = 0.5; smooth: the
  /// collisions' impact and contact friction and restitution).
  std::optional<double> friction;
  std::optional<double> restitution;
  /// Volume-contact worlds: a closed triangle mesh in body coordinates (centre of mass at the
  /// origin), or none (the body then only takes part in joints).
  std::shared_ptr<const TriangleMesh> mesh;
  Vec3 force = Vec3::Zero();   ///< volume contact: constant external force [N], world
  Vec3 torque = Vec3::Zero();  ///< volume contact: constant external torque [N m], world
  /// Planar worlds (ullrich-pai §5, the response model): a free body in the plane z = 0 whose
  /// contacts follow this response map (its outline, material density and Δt); its mass
  /// properties come from the map's outline and density, per metre of out-of-plane thickness
  /// (`mass_properties` is not used). `initial_state` embeds the planar state: position (x, y, 0)
  /// of the map's body-frame origin, orientation a rotation by θ about z, world velocities
  /// (vx, vy, 0) and (0, 0, ω).
  std::shared_ptr<const ResponseMap> response_map;
  /// Planar worlds: a fixed rigid half-plane {x : normal·x ≤ offset} in body coordinates (the
  /// pose of `initial_state`, a rotation about z and a position in the plane z = 0).
  struct HalfPlane {
    Vec2 normal = Vec2::UnitY();
    double offset = 0.0;
  };
  std::optional<HalfPlane> half_plane;
  /// Planar bodies: the state in the plane, exactly as given (scene files and the restitution
  /// study set it); when absent it is read from `initial_state`. `initial_state` must embed it.
  std::optional<PlanarBodyState> planar_state;
};

/// One continuous smooth contact (kry-pai-2002) between a free and a fixed body with surfaces. The
/// free body's initial pose and twist come from the contact state, not from its BodyDescription.
struct SmoothContactDescription {
  std::size_t free_body = 0;   ///< index into WorldDescription::bodies
  std::size_t fixed_body = 0;  ///< index into WorldDescription::bodies
  SmoothContactState initial;
  /// Instead of `initial.q`/`qdot`: the free body's pose and twist, touching the fixed body; the
  /// contact coordinates are found from it (contactStateFromPose) with `initial.mode`.
  std::optional<RigidBodyState> initial_pose;
  FrictionParameters friction;
  double boundary_epsilon = 0.0;
  /// An impulse applied at time 0 while the contact holds (a tap): the impulse vector in world
  /// coordinates [N s] at a point given in body coordinates [m].
  struct Impulse {
    Vec3 point_body;
    Vec3 impulse_world;
  };
  std::optional<Impulse> initial_impulse;
};

/// Collisions of free bodies with fixed bodies, both with surfaces (kry-pai-2002 §3.6–3.7, §4):
/// free flight by conservative advancement to the first touch (collision/surface_proximity), a
/// Chatterjee–Ruina impulse there, and continuous smooth contact once an impact leaves the bodies
/// closing slower than `contact_speed` (the residual normal speed is dropped: a small plastic
/// loss). Separation (normal force < 0) returns the body to free flight. Two free bodies with
/// surfaces collide with each other too (both inertias in K): the world then advances all of
/// them together, to the first touch of any pair. A body in a smooth contact that another free
/// body strikes leaves that contact for the impact (and meets its support again as any flying
/// body). An impact that leaves two flying free bodies closing slower than `contact_speed`
/// starts a continuous contact between them (SmoothContactSetup::mass2: both bodies' dynamics)
/// where its normal force pushes; it ends at separation, or when a third body or a fixed one
/// strikes either. An impact that would leave a body in two contacts (a ball settling in a shell
/// that rests on the table, or such a pair landing on it) grows a contact tree, fixed — resting —
/// flying (issue 23), where that is the world's only tree, no other free body or fixed body with a
/// surface could meet it, and writing the velocities on the contacts adds no energy; otherwise,
/// and for a free pair whose contact would not push, the bodies separate at `bounce_speed`
/// (small bounces, as near an irregular point).
struct CollisionSettings {
  bool enabled = false;
  ImpactParameters impact;
  double contact_speed = 1e-3;  ///< [m/s] normal speed after an impact below which contact holds
  double tolerance = 1e-10;     ///< [m] distance that counts as touching
  int tessellation = 8;         ///< resolution of the tessellations under the BVHs
  FrictionParameters friction;  ///< of the continuous contacts established
  /// kry-pai-2002 §3.6: contacts separate within this parameter distance of an irregular point
  /// of either surface (SmoothContactSetup::irregular_radius; an extraordinary vertex of a Loop
  /// surface), and an impact there that would establish contact bounces instead, leaving at
  /// `bounce_speed`, until contact can be restored beyond. 0 disables.
  double irregular_radius = 0.1;
  double bounce_speed = 0.01;  ///< [m/s] normal speed of those small bounces, > 0
  /// Throws InvalidInputError naming the field.
  void validate() const;
};

/// The 3D state of a planar body (ullrich-pai §5): position (x, y, 0), orientation the rotation
/// by θ about z, world velocities (vx, vy, 0) and (0, 0, ω).
[[nodiscard]] RigidBodyState embedPlanarState(const PlanarBodyState& state);

/// Scene-file spelling: "smooth", "point", "6d", "response".
const char* toString(ContactModel model);

/// What one pair of bodies overrides (scene `pairs`): its contact model and its material. A pair
/// with `any_pair` set applies to every pair (a later entry overrides an earlier one).
struct PairDescription {
  std::size_t body_a = 0;  ///< index into WorldDescription::bodies
  std::size_t body_b = 0;
  bool any_pair = false;
  std::optional<ContactModel> model;
  std::optional<double> friction;     ///< μ ≥ 0
  std::optional<double> restitution;  ///< e in [0, 1], smooth model (impacts)
};

struct WorldDescription {
  Vec3 gravity = Vec3(0.0, 0.0, -9.81);  ///< [m/s²] world coordinates
  std::vector<BodyDescription> bodies;
  IntegratorSettings integrator;
  std::vector<SmoothContactDescription> smooth_contacts;
  CollisionSettings collisions;
  /// Bilateral joints (volume-contact integrator only; body indices into `bodies`).
  std::vector<JointDescription> joints;
  /// Per-pair overrides of the contact model and material, in order.
  std::vector<PairDescription> pairs;
};

/// `description` with the integrator method set to the subsystem that runs it (World does this
/// itself; a scene loader calls it to report what runs). The contact model of a pair follows from
/// its shapes — smooth surfaces: smooth contact evolution; convex polyhedra and half-spaces: point
/// contact; closed triangle meshes: 6D patch contact — unless `pairs` override it. A time
/// integration method (rk4, adaptive-rk4, cash-karp45, semi-implicit-euler) becomes point-contact
/// for polyhedra and volume-contact for meshes (semi-implicit-euler only: they step at the velocity
/// level), the meshes' model (6D or the point baseline) following the overrides; descriptions
/// that name point-contact or volume-contact keep them. Throws InvalidInputError naming the body
/// ("body i ('name'): ...") or pair ("pair k: ...") at fault: a pair override the two shapes cannot
/// take, two models in one world (one world runs one model until islands of different models can
/// meet), restitution or external loads where the model has none.
[[nodiscard]] WorldDescription resolveContactModels(WorldDescription description);

/// One contact of a planar world's last step (ullrich-pai §5.1; ResponseWorld's record).
struct PlanarContact {
  std::size_t body = 0;           ///< the map body A, index into WorldDescription::bodies
  std::size_t other = 0;          ///< the half-plane or map body B, index as `body`
  Vec2 point = Vec2::Zero();      ///< contact point on A at the step's start, world [m]
  Vec2 normal = Vec2::UnitY();    ///< from B to A
  double normal_force = 0.0;      ///< +F n on A, −F n on B [N/m]
  double tangential_force = 0.0;  ///< on A along ẑ × n [N/m]
  double work = 0.0;              ///< of the contact forces over the step [J/m]
  /// The step's impulse on A [N s/m]: h f_{k+1} (end-of-step scheme), h (f_k + f_{k+1})/2
  /// (trapezoidal: a contact that has just let go still pushes), f = F n + T (ẑ × n).
  Vec2 impulse = Vec2::Zero();
};

/// The last step of a planar world: its contacts, and how many contacts still carry a
/// deformation history (0: every contact has separated and relaxed).
struct PlanarStep {
  std::vector<PlanarContact> contacts;
  std::size_t live_contacts = 0;
};

/// One contact of the world now, whatever its model: where it is, which way it pushes and how
/// hard. The force acts on body_a; body_b (fixed or free) gets the opposite.
struct ContactInfo {
  std::size_t body_a = 0;  ///< index into WorldDescription::bodies
  std::size_t body_b = 0;  ///< index into WorldDescription::bodies
  ContactModel model = ContactModel::kSmooth;
  Vec3 point = Vec3::Zero();    ///< world [m]: the contact point on body_a (6D: the patch centre)
  Vec3 normal = Vec3::UnitZ();  ///< world unit normal, from body_b into body_a
  /// The contact force on body_a, world [N]: smooth contacts the constraint force at this
  /// instant; velocity-level models the last step's impulse divided by its step; planar
  /// response-map bodies per metre of thickness [N/m].
  Vec3 force = Vec3::Zero();
  /// The torque on body_a about `point`, world [N m]: 6D patches, and smooth contacts whose
  /// friction mode holds the spin; zero for point contacts.
  Vec3 torque = Vec3::Zero();
  double normal_force = 0.0;  ///< force · normal [N] (planar: [N/m])
  /// Smooth contacts (kry-pai-2002): patches, reduced coordinates q = (s, t, u, v, ψ) with body_a
  /// as body 1, their rates q̇ and the friction mode.
  std::optional<SmoothContactState> smooth;
};

/// Something that happened to a body: patch crossings, friction mode switches, separation.
struct WorldEvent {
  double time;
  std::string body;
  std::string type;
  std::string detail;
};

struct IntegrationStats {
  long steps = 0;     ///< accepted steps, over all bodies
  long rejected = 0;  ///< rejected attempts of the adaptive methods
  double smallest_step = 0.0;
  double largest_step = 0.0;
  long solver_sweeps = 0;         ///< point contact: projected Gauss–Seidel sweeps, all steps
  std::size_t most_contacts = 0;  ///< point contact: largest number of contacts in one step
  long unconverged_solves = 0;    ///< point contact: steps whose solve hit max_iterations
  /// Every accepted step of the free bodies, in flight and in smooth contact [s] (the step-size
  /// histograms of kry-pai-2002 Fig. 8), when IntegratorSettings::keep_step_sizes; not kept by
  /// the velocity-level worlds.
  std::vector<double> step_sizes;
};

}  // namespace contactsim
