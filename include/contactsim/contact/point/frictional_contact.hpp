// Frictional point contacts at the velocity level, solved by projected block Gauss–Seidel over one
// 3×3 block per contact with a Coulomb cone: the "point-based method" bouchard-2015 compares its 6D
// contact against (§6, Tables 1–2, Figs. 15–16), with the cone projection and re-solve of §5.2
// (eqs. 4–6) reduced to a point contact (eq. 10).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "contactsim/math/types.hpp"

namespace contactsim {

/// A body's velocity state for one solve, world coordinates. On input the free velocities (after
/// external forces over the step); on output the velocities after the contact impulses.
struct VelocityBody {
  double inverse_mass = 0.0;            ///< 0: fixed body (its velocity is never changed)
  Mat3 inverse_inertia = Mat3::Zero();  ///< world frame, about the centre of mass
  Vec3 com = Vec3::Zero();
  Vec3 velocity = Vec3::Zero();  ///< of the centre of mass
  Vec3 omega = Vec3::Zero();

  [[nodiscard]] bool isFixed() const noexcept { return inverse_mass == 0.0; }
};

/// One point contact: the impulse on A is +λ (world), on B −λ, with λ·n ≥ 0 and the tangential
/// part in the Coulomb cone ‖λ_t‖ ≤ μ λ_n.
struct FrictionalContact {
  std::size_t body_a = 0;
  std::size_t body_b = 0;
  Vec3 point = Vec3::Zero();    ///< world [m]
  Vec3 normal = Vec3::UnitZ();  ///< unit, from B into A
  double friction = 0.0;        ///< μ ≥ 0
  /// The relative normal velocity the contact aims for when it pushes (Signorini at the velocity
  /// level: u_n ≥ target, λ_n ≥ 0, complementary). 0 for resting contact; −gap/h lets a gap close
  /// within the step; +β·depth/h pushes a penetration out.
  double target_normal_velocity = 0.0;
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

/// The sweep controls shared by the block Gauss–Seidel solvers: point contacts here, 6D patches
/// and joints in contact/volume (six_d_contact.hpp).
struct SweepOptions {
  int max_iterations = 500;
  /// Stop when the 2-norm of the update vector accumulated over one sweep (bouchard-2015 §6.1.8:
  /// Σ‖Δλ_i‖² over the blocks, each computed from the latest values) is ≤ this [N s].
  double tolerance = 1e-12;
  bool record_history = false;  ///< keep the update norm of every sweep (Figs. 15–16)

  /// Throws InvalidInputError naming the bad field.
  void validate() const;
};

struct BlockPgsOptions : SweepOptions {
  ConeProjection cone_projection = ConeProjection::kSlipDirection;
};

struct BlockPgsStats {
  int iterations = 0;
  double update_norm = 0.0;  ///< of the last sweep
  bool converged = false;
  int sliding = 0;     ///< contacts on the cone boundary at the end
  int separating = 0;  ///< contacts with zero impulse at the end
  std::vector<double> history;
  /// Wall time of the solve's phases [s] (bouchard-2015 Table 1): assembly builds every block's
  /// Delassus matrix (Schur complement J M⁻¹ Jᵀ), factorization its inverse or Cholesky factor,
  /// solve the warm start and the sweeps.
  double assembly_seconds = 0.0;
  double factorization_seconds = 0.0;
  double solve_seconds = 0.0;
};

/// The unit contact frame (n, t₁, t₂) as columns, t₁ chosen deterministically from n.
Mat3 contactFrame(const Vec3& normal);

/// Solves for the contact impulses and applies them to the bodies' velocities. `impulses` (world
/// coordinates, one per contact) is the warm start on entry — resized with zeros when its size
/// differs — and the solution on return. Throws InvalidInputError naming the contact for bad
/// indices, a contact between two fixed bodies, a non-unit normal, μ < 0 or non-finite input.
BlockPgsStats solveFrictionalContacts(std::span<VelocityBody> bodies,
                                      std::span<const FrictionalContact> contacts,
                                      std::vector<Vec3>& impulses,
                                      const BlockPgsOptions& options = {});

}  // namespace contactsim
