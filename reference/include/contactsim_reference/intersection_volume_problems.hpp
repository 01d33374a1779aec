// Exact moments of intersection volumes (bouchard-2015 App. A eqs. 14–16) and their gradients
// (§4.1) for a cube pressed into a half-space face, edge or corner first, two overlapping spheres
// (a lens) and a sphere pressed into a half-space (a cap). Shared by tests/ and bench/.
#pragma once

#include "collision/contact_patch.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim::reference {

/// Which feature of the cube points into the half-space.
enum class CubeFeature { kFace, kEdge, kCorner };

/// A cube (body A) of half-side a pressed `depth` deep into the half-space z ≤ 0 (body B), in
/// the problem's local frame: its pose and the exact moments of the overlap — for a face a slab
/// 2a × 2a × depth, for an edge a triangular prism of length 2a and legs √2·depth, for a corner
/// a tetrahedron of legs √3·depth (depth < a for the edge and corner, ≤ 2a for the face).
struct CubeInHalfSpace {
  Frame X_LA;             ///< cube pose in the local frame (its centre on the z axis)
  VolumeMoments moments;  ///< the overlap, local frame; gradient = ∂V/∂x_A
};
CubeInHalfSpace cubeInHalfSpace(CubeFeature feature, double half_side, double depth);

/// The part of the ball |x − centre| ≤ radius beyond the plane at distance radius − height from
/// the centre along the unit `axis` (a cap of that height, 0 < height ≤ 2 radius), with
/// gradient π ρ² axis (ρ the rim radius): ∂V/∂x_A for the ball A moving into a half-space whose
/// outward normal is −axis.
VolumeMoments sphereCap(const Vec3& centre, double radius, const Vec3& axis, double height);

/// The lens where the balls A (centre_a, radius_a) and B overlap: the two caps cut by the plane of
/// the circle where their spheres meet. gradient = ∂V/∂x_A = π ρ² (centre_b − centre_a)/d.
/// Requires |radius_a − radius_b| < d < radius_a + radius_b.
VolumeMoments sphereLens(const Vec3& centre_a, double radius_a, const Vec3& centre_b,
                         double radius_b);

/// The moments seen in a frame where the problem's local frame has pose X (rotation and shift).
VolumeMoments transformed(const VolumeMoments& moments, const Frame& X);

/// The union of two disjoint volumes (moments add about a common point).
VolumeMoments combined(const VolumeMoments& x, const VolumeMoments& y);

}  // namespace contactsim::reference
