// Closed triangle meshes of the shapes in bouchard-2015 §6.1's scenes: boxes, spheres, prisms
// (coins, cylinders, octagonal blocks), tapered boxes and the bumpy cube. Body coordinates,
// centred at the origin; every mesh is validated (the self-intersection test is skipped: these are
// intersection-free by construction).
#pragma once

#include "contactsim/geometry/triangle_mesh.hpp"

namespace contactsim {

/// Box [−h, h] per axis, each face an n × n grid of quads split in two: 12 n² triangles. n ≥ 1.
TriangleMesh boxMesh(const Vec3& half_extents, int subdivisions = 1);

/// UV sphere: `slices` meridians, `stacks` bands between the poles (slices ≥ 3, stacks ≥ 2), with
/// vertices on the sphere: 2 slices (stacks − 1) triangles. 24 slices × 12 stacks give 528,
/// close to the 524-triangle sphere of bouchard-2015 Table 1.
TriangleMesh uvSphereMesh(double radius, int slices, int stacks);

/// Icosphere: the icosahedron with each triangle split into four `levels` times, vertices pushed
/// onto the sphere: 20·4^levels triangles. levels in 0..8.
TriangleMesh icosphereMesh(double radius, int levels);

/// How prismMesh triangulates its two caps.
enum class PrismCaps {
  kFan,  ///< fans from the centres: n + 1 vertices per cap, 4 n triangles in all
  /// Every rim edge split at its midpoint and the cap triangulated through an inner ring of n/2
  /// points at half the circumradius (on the rays of the even corners) and the centre:
  /// 2 n + n/2 + 1 vertices per cap — 21 for an octagon, the 21 contact points of
  /// bouchard-2015 §6.1.8's point-based octagon — and 10 n triangles in all. n even, ≥ 6.
  kRefined,
};

/// Right prism over the regular n-gon of circumradius r in the xy plane (a vertex on +x), z in
/// [−half_height, half_height]. A coin or a cylinder is a prism with many sides, an octagonal
/// block one with 8. sides ≥ 3. The same solid whatever the caps.
TriangleMesh prismMesh(int sides, double circumradius, double half_height,
                       PrismCaps caps = PrismCaps::kFan);

/// Tapered box: the rectangle [±bottom.x] × [±bottom.y] at z = −half_height joined to
/// [±top.x] × [±top.y] at z = +half_height (as ConvexPolyhedron::frustum): 12 triangles.
TriangleMesh taperedBoxMesh(const Eigen::Vector2d& bottom_half_extents,
                            const Eigen::Vector2d& top_half_extents, double half_height);

/// The bumpy cube of bouchard-2015 §6.1.7: boxMesh(h, n) with every face point moved along its
/// face normal by amplitude · sin(π k u) sin(π k v), (u, v) ∈ [0, 1]² across the face, k bumps per
/// edge (bumps out and dents in, zero along the cube's edges, so the mesh stays closed).
/// n = 128 gives 196 608 triangles (the paper's 197k). |amplitude| < h / k keeps it simple.
TriangleMesh bumpyCubeMesh(double half_extent, int subdivisions = 128, double amplitude = 0.02,
                           int bumps_per_edge = 8);

}  // namespace contactsim
