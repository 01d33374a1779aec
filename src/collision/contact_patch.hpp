// The contact patch of bouchard-2015 (§3.1, §4.2, Appendix A): one 6D contact per pair of bodies,
// at the centre of their intersection volume, with the normal along the volume gradient and an
// elliptical extent from the volume's second moment.
#pragma once

#include <cstddef>
#include <vector>

#include "contactsim/math/types.hpp"

namespace contactsim {

/// Moments of the intersection volume of two closed bodies A and B (bouchard-2015 §4.1, App. A),
/// world coordinates.
struct VolumeMoments {
  double volume = 0.0;                ///< V [m³]
  Vec3 centroid = Vec3::Zero();       ///< c: first moment / V [m]
  Mat3 second_moment = Mat3::Zero();  ///< central: ∫ (x − c)(x − c)ᵀ dV [m⁵]
  /// ∂V/∂x_A: the change of V per unit translation of body A, = ∫ n_A dA over the part of A's
  /// surface inside B (n_A outward) = −∂V/∂x_B [m²]. Its direction, reversed, is the contact
  /// normal: translating A along −gradient reduces the overlap fastest.
  Vec3 gradient = Vec3::Zero();
  /// Points whose hull is the intersection (the corners of A ∩ B), where they are known (exact
  /// convex intersections); empty from rays.
  std::vector<Vec3> outline;
};

/// The patch model: the contact frame at the volume centre and the ellipse of the equivalent
/// ellipsoid (App. A, constant 1/5) projected onto the tangent plane.
struct ContactPatch {
  Vec3 center = Vec3::Zero();  ///< c [m], world
  /// Columns (n, u, w), a right-handed orthonormal frame in world coordinates. n is the unit
  /// normal from B into A (= −gradient/‖gradient‖); u and w are the ellipse's principal axes in
  /// the tangent plane.
  Mat3 frame = Mat3::Identity();
  double radius_u = 0.0;         ///< semi-axis of the patch ellipse along u [m], ≥ 0
  double radius_w = 0.0;         ///< semi-axis along w [m], ≥ 0
  double volume = 0.0;           ///< V [m³], for post-stabilization (§5.7)
  Vec3 gradient = Vec3::Zero();  ///< ∂V/∂x_A [m²], for post-stabilization (§5.7)
  /// The outline of the contact on the tangent plane, where it is known: the convex hull of
  /// VolumeMoments::outline in (u, w) about the centre, counter-clockwise; empty from rays.
  /// PROJECT reads from it how far the support reaches along the line it rolls about.
  std::vector<Eigen::Vector2d> support;

  [[nodiscard]] Vec3 normal() const { return frame.col(0); }
};

/// The patch of an intersection volume (bouchard-2015 §4.2, App. A). The normal is
/// n = −gradient/‖gradient‖. The equivalent ellipsoid has the same second moment: a solid
/// ellipsoid {x : xᵀ Q⁻¹ x ≤ 1} has ∫ x xᵀ dV = V Q / 5 (App. A, constant 1/5), so
/// Q = 5 second_moment / V. Its shadow on the tangent plane, in an orthonormal tangent basis
/// T = [t₁ t₂], is the ellipse {η : ηᵀ (Tᵀ Q T)⁻¹ η ≤ 1} (the image of the unit ball under
/// Tᵀ Q^½); the eigenvectors of Tᵀ Q T give u (major axis) and w = n × u, the square roots of its
/// eigenvalues radius_u ≥ radius_w. When the gradient vanishes while V > 0 (one body inside the
/// other: ∫ n dA over a closed surface is 0; below 1e-9 V^⅔), the normal falls back to the
/// eigenvector of the smallest second moment (the thin direction of the volume; bouchard-2015
/// §6.1 mentions it), signed along −gradient when that is not exactly zero, else with its
/// largest component positive. Where the outline is known, each axis of the ellipse is limited to
/// the extent of the intersection along it: the interval [−r, r] about the centre is cut to the
/// outline's [min, max] and the centre moved, within the tangent plane, to the middle of what is
/// left (issue 26: the equivalent ellipsoid of a wedge reaches about b/3 beyond the edge of a
/// landing face of width 2b, and a block then tips about a point beyond its edge); `support` is
/// the hull of the outline on the tangent plane. Throws
/// InvalidInputError for V ≤ 0 (no overlap, no patch: callers treat it as no contact) or non-finite
/// moments.
[[nodiscard]] ContactPatch contactPatch(const VolumeMoments& moments);

/// The convex hull of points in a plane, counter-clockwise (Andrew's monotone chain, 1979). A
/// point within `tolerance` (≥ 0) of the line through its neighbours, or right of it, is not a
/// corner and is dropped (0: exactly collinear points only). Fewer than three points come back
/// sorted by x, then y.
[[nodiscard]] std::vector<Eigen::Vector2d> convexHull(std::vector<Eigen::Vector2d> points,
                                                      double tolerance = 0.0);

/// Half-extents (along u, w) of App. A's equivalent cuboid (eq. 20, constant 1/12) in the
/// tangent plane: radius × √(3/5). A flat square face of side L pressed into a plane has
/// ellipse radii √(5/12) L ≈ 0.645 L but cuboid half-extents L/2.
[[nodiscard]] Eigen::Vector2d cuboidHalfExtents(const ContactPatch& patch);

}  // namespace contactsim
