// The velocity-level pieces shared by the two block Gauss–Seidel solvers, point contacts
// (contact/point/frictional_contact.hpp) and 6D patches with joints (contact/volume): the bodies'
// velocity accumulators, the sweep controls and the solve statistics.
#pragma once

#include <vector>

#include "contactsim/contact/parameters.hpp"
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

}  // namespace contactsim
