// The contact matrix A and vector b of resting point contacts among free rigid bodies,
// a = A f + b (preda-florian-2005 eq. 1 and appendix eqs. 3–9).
#pragma once

#include <cstddef>
#include <limits>
#include <span>
#include <vector>

#include "contactsim/dynamics/mass_properties.hpp"
#include "contactsim/dynamics/rigid_body_state.hpp"
#include "contactsim/math/types.hpp"
#include "contactsim/solvers/lcp_solver.hpp"

namespace contactsim {

/// One body as the contact-force problem sees it, all in world coordinates at one instant.
struct ContactBody {
  double inverse_mass = 0.0;            ///< 1/m_A; 0 for a fixed (immovable) body
  Mat3 inverse_inertia = Mat3::Zero();  ///< I_A⁻¹ about the centre of mass; 0 when fixed
  Vec3 com = Vec3::Zero();              ///< centre of mass [m]
  Vec3 velocity = Vec3::Zero();         ///< of the centre of mass [m/s]
  Vec3 omega = Vec3::Zero();            ///< ω_A [rad/s]
  Vec3 external_force = Vec3::Zero();   ///< F_A^E, gravity included [N]
  /// M_A^E about the centre of mass [N m], including the inertial term −ω × (I ω) of Euler's
  /// equations (the paper's "external and inertial forces", §2).
  Vec3 external_torque = Vec3::Zero();

  [[nodiscard]] bool isFixed() const noexcept { return inverse_mass == 0.0; }
};

/// A free body from its mass properties and state under the given external force and torque
/// (world coordinates); the gyroscopic torque −ω × (I ω) is added here.
ContactBody makeContactBody(const MassProperties& mass, const RigidBodyState& state,
                            const Vec3& force_world, const Vec3& torque_world = Vec3::Zero());
/// An immovable body (a floor, a wall).
ContactBody makeFixedContactBody(const Vec3& com = Vec3::Zero());

/// A resting contact i between bodies A and B. The force on A is +f_i n_i and on B −f_i n_i, so
/// the paper's σ_iA = +1 and σ_iB = −1: n points from B into A, and a positive relative normal
/// acceleration a_i means the bodies are separating (§2).
struct PointContact {
  std::size_t body_a = 0;
  std::size_t body_b = 0;
  Vec3 point = Vec3::Zero();    ///< world coordinates [m]
  Vec3 normal = Vec3::UnitZ();  ///< unit, from B to A
};

struct ContactMatrixOptions {
  /// Adds 2 ṅ·(ṗ_A − ṗ_B) to b_i with ṅ = ω_B × n_i (the normal turns with B, e.g. B's face;
  /// Baraff 1994 eq. 23): the exact second derivative of the gap when the bodies slide or spin
  /// relative to each other. preda-florian-2005 eq. 7 leaves it out (it vanishes for a fixed B or
  /// no relative velocity); false reproduces the paper's b exactly.
  bool normal_rotation_term = true;
};

struct ContactProblem {
  SparseRowMatrix A;  ///< n×n, symmetric positive semi-definite; A_ij = 0 when i, j share no body
  VecX b;             ///< n
};

/// Assembles A and b from per-body contributions (appendix eqs. 8–9): each free body adds a dense
/// block over its own contacts only, so the cost is Σ_bodies (contacts on the body)². Throws
/// InvalidInputError for an out-of-range body index, a contact of a body with itself, a contact
/// between two fixed bodies, a non-unit normal, or non-finite input, naming the contact.
ContactProblem assembleContactProblem(std::span<const ContactBody> bodies,
                                      std::span<const PointContact> contacts,
                                      const ContactMatrixOptions& options = {});

/// Linear and angular acceleration of one body under the contact forces f (eqs. 3–4).
struct BodyAcceleration {
  Vec3 linear = Vec3::Zero();   ///< a_A
  Vec3 angular = Vec3::Zero();  ///< ε_A
};

/// Eqs. 3–4 for every body (zero for fixed bodies).
std::vector<BodyAcceleration> bodyAccelerations(std::span<const ContactBody> bodies,
                                                std::span<const PointContact> contacts,
                                                const VecX& f);

}  // namespace contactsim
