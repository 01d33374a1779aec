// What a user sets and reads for each contact model, below the models themselves: the friction
// law, modes and state of a smooth contact (kry-pai-2002 §3.3–3.4, kry-2000 §4.4), the
// Chatterjee–Ruina impact coefficients, the sweep controls of the velocity-level block Gauss–Seidel
// solvers (bouchard-2015 §5), joint types and the names of the models. The models (src/contact/)
// and the world description (world_description.hpp) share these types; the models' machinery
// stays inside the library.
#pragma once

#include <string>

#include "contactsim/dynamics/rigid_body_state.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim {

/// The contact models: how a pair of bodies in contact is simulated. A pair's model follows from
/// its shapes unless a scene's `pairs` override it (world_description.hpp: resolveContactModels).
enum class ContactModel {
  k6D,      ///< bouchard-2015: one 6D patch contact per pair of closed triangle meshes (§3–5)
  kPoint,   ///< velocity-level point contacts (polyhedra; on meshes the point-based method of §6)
  kSmooth,  ///< kry-pai-2002: continuous contact of smooth surfaces in reduced coordinates
  /// ullrich-pai §5: planar bodies whose contacts follow precomputed response maps (ResponseWorld)
  kResponse,
};

// Smooth contact (kry-pai-2002).

/// The friction mode of a smooth contact: which relative motions its constraint forbids.
enum class FrictionMode {
  kSliding,        ///< Coulomb sliding friction, or frictionless when μ = 0 (eqs. 21–28)
  kRolling,        ///< no slip (eqs. 29–34)
  kRollingNoSpin,  ///< no slip and no spin (eqs. 36–39)
};
const char* toString(FrictionMode mode);

/// The friction law of a smooth contact: Coulomb sliding with the no-slip and no-spin modes it
/// switches to (kry-pai-2002 eqs. 35, 40), and the thesis' rolling and spinning resistance.
struct FrictionParameters {
  double mu = 0.0;          ///< sliding (dynamic) Coulomb coefficient, ≥ 0; 0: frictionless
  double mu_static = -1.0;  ///< eq. 35 limit |f_t| / f_n for staying in no-slip; < 0: = mu
  /// [m/s] ≥ 0: a sliding contact enters no-slip where its slip stops, located within the step
  /// (to 1e-13 s on the numerical solution), or where its least slip speed within a step falls
  /// below this, or below this when the contact starts or its slip is not falling (§4.2 uses
  /// 2.5–5 mm/s at the step's end; 0: only a located stop).
  double slip_threshold = 5e-3;
  double mu_rolling = 0.0;  ///< rolling friction torque μ_r f_n (kry-2000 eqs. 4.27–4.28), ≥ 0
  double mu_spinning = 0.0;      ///< spinning friction torque μ_s f_n (kry-2000 eq. 4.29), ≥ 0
  double mu_spin_static = 0.0;   ///< eq. 40 limit |τ_z| / f_n for no-spin; 0 disables no-spin mode
  double spin_threshold = 1e-2;  ///< [rad/s] no-slip → no-spin below this relative spin rate

  [[nodiscard]] double staticMu() const { return mu_static < 0.0 ? mu : mu_static; }
  /// Throws InvalidInputError naming the bad field.
  void validate() const;
};

/// The state of one smooth contact in reduced coordinates q = (s, t, u, v, ψ) (kry-pai-2002 §3.2).
struct SmoothContactState {
  int patch1 = 0;
  int patch2 = 0;
  Vec5 q = Vec5::Zero();  ///< (s, t) on body 1, (u, v) on body 2, ψ
  Vec5 qdot = Vec5::Zero();
  FrictionMode mode = FrictionMode::kSliding;
  /// A free body 2's pose and twist (its body frame); for a fixed body 2 the contact sets it to
  /// E_w_2 at rest.
  RigidBodyState body2;
};

// Impacts (Chatterjee & Ruina 1998).

/// Coefficients of the Chatterjee–Ruina law.
struct ImpactParameters {
  double restitution = 0.5;             ///< e ∈ [0, 1]: normal restitution (0 plastic)
  double tangential_restitution = 0.0;  ///< e_t ∈ [−1, 1]: −1 frictionless, 0 stick, 1 reverse
  double friction = 0.5;                ///< μ ≥ 0: Coulomb coefficient bounding the impulse

  /// Throws InvalidInputError naming the field and its value when it is non-finite or out of range.
  void validate() const;
};

// Velocity-level contacts: points and 6D patches (bouchard-2015).

/// The sweep controls of the block Gauss–Seidel solvers of point contacts and of 6D patches and
/// joints (bouchard-2015 §5.2, §6.1.8).
struct SweepOptions {
  int max_iterations = 500;
  /// Stop when the 2-norm of the update vector accumulated over one sweep (bouchard-2015 §6.1.8:
  /// Σ‖Δλ_i‖² over the blocks, each computed from the latest values) is ≤ this [N s].
  double tolerance = 1e-12;
  bool record_history = false;  ///< keep the update norm of every sweep (Figs. 15–16)

  /// Throws InvalidInputError naming the bad field.
  void validate() const;
};

/// How a sliding contact's impulse is put on the Coulomb cone.
enum class ConeProjection {
  /// Friction exactly opposite to the slip velocity it leaves (maximal dissipation): the local
  /// problem solved exactly by a fixed point in the slip direction. Coulomb's law at convergence.
  kSlipDirection,
  /// bouchard-2015 §5.2: the unconstrained impulse projected onto the cone, then the normal
  /// magnitude re-solved (eqs. 4–6, 10). Cheaper, but the friction need not oppose the slip.
  kImpulseDirection,
  /// The "vanilla" point-based PGS that bouchard-2015 §6.1.8 compares against (three scalar
  /// constraints per point): the normal row, then each tangent row, one at a time with its own
  /// diagonal entry, the friction clamped to the box |λ_t| ≤ μ λ_n (a friction pyramid, not the
  /// cone). No block solve.
  kScalarRows,
};

/// The point-contact solver's controls: the sweeps and the cone projection.
struct BlockPgsOptions : SweepOptions {
  ConeProjection cone_projection = ConeProjection::kSlipDirection;
};

/// Bilateral joints of the 6D solver (bouchard-2015 §3, §6.1.6).
enum class JointType {
  kFixed,      ///< 6 constraints: no relative motion
  kSpherical,  ///< 3: the anchors move together; rotation free
  kRevolute,   ///< 5: the anchors move together; rotation free only about the joint axis
};

}  // namespace contactsim
