// bouchard-2015 Algorithm 1, PROJECT: the rigid 6D solution of one contact block made feasible —
// Signorini, the Coulomb cone with a re-solve (§5.2), the centre of pressure kept in the patch
// ellipse by a point contact at its projection (§5.3–5.5), and the spinning torque bounded by the
// four-corner pressure model (§5.6).
#pragma once

#include <span>

#include "contact/volume/patch_ellipse.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim {

/// The outcome of PROJECT for one block.
struct PatchProjection {
  /// λ_c: contact-frame axes (n, u, w), torque about the patch centre, angular first.
  Wrench wrench = Wrench::Zero();
  bool separating = false;  ///< zero wrench: the block would pull (§3.1, Signorini)
  bool sliding = false;     ///< the force was put on the Coulomb cone (§5.2 eq. 4 or §5.5 eq. 10)
  bool rolling = false;     ///< d was outside the ellipse: a point contact at p (§5.4–5.5)
  bool spin_clamped = false;  ///< the spinning torque about p hit the bound of eq. 13 (§5.6)
  Vec2 cop = Vec2::Zero();    ///< d (§5.3) in (u, w) about the centre [m]; 0 when separating
  Vec2 projected_cop = Vec2::Zero();  ///< p (§5.4) [m]
};

/// Algorithm 1 for one block, every quantity in the contact frame (n, u, w) at the patch centre,
/// angular first: `lambda_rigid` the fixed-joint multipliers (S_c λ = −e_c, eqs. 1 and 3), `S_c`
/// the block's Schur complement (symmetric positive definite), `e_c` its constraint violation
/// (the relative twist of A w.r.t. B that the block must cancel, its own wrench removed).
/// `support`: the contact's outline on the tangent plane (ContactPatch::support), or empty. Where
/// the centre of pressure is projected (§5.5) and the outline has a side along the line the
/// bodies roll about (a block on its edge), the pressure spreads along that side instead of
/// sitting at p alone: the point contact at p keeps its spin constraint, bounded as eq. 13 with
/// the side's two ends for corners (issue 26: with p free to turn about the normal, a block
/// pivoting on an edge spun up from roundoff). A round outline has no such side and gets the
/// paper's point contact. Throws NumericalError when a reduced system of §5.5 is not positive
/// definite.
[[nodiscard]] PatchProjection projectPatchWrench(const Wrench& lambda_rigid, const Mat6& S_c,
                                                 const Twist& e_c, double radius_u, double radius_w,
                                                 double friction,
                                                 std::span<const Vec2> support = {});

/// The feasible set of PROJECT without its re-solves, for warm starts: no pull, the force scaled
/// into the cone, the centre of pressure moved to its projection p (rolling torque of the force at
/// p) and the spinning torque about p clamped by eq. 13 (on the boundary, §5.6: zero, or the
/// bound of the outline's side through p as in projectPatchWrench).
[[nodiscard]] Wrench clampToPatch(const Wrench& lambda_c, double radius_u, double radius_w,
                                  double friction, std::span<const Vec2> support = {});

/// The spinning-torque bound at a centre of pressure p projected onto the patch boundary with
/// outward normal m: eq. 13 with the normal force at the two ends e₀, e₁ of the outline's side
/// that supports p (the hull points within 1e-6 of its extent of the support line along m),
/// weighted by p's barycentric coordinates along it: μ f_n (w₀ |p − e₀| + w₁ |p − e₁|). Zero
/// without such a side (a vertex, a round outline) or without an outline.
[[nodiscard]] double sideSpinLimit(std::span<const Vec2> support, const Vec2& p, const Vec2& m,
                                   double normal_force, double friction);

}  // namespace contactsim
