// Proximity of two smooth bodies (kry-pai-2002 §3.7, last paragraph; §4): bounding-volume
// hierarchies over their tessellations give the nearest triangles (FCL 0.7, OBB-RSS trees), whose
// parameter points start Newton iterations on the smooth surfaces for the exact closest points
// and contact coordinates (Nelson, Johnson & Cohen 1999).
//
// Why FCL rather than sphere trees: Quinlan's sphere trees (the paper's) serve the same purpose;
// FCL is a maintained Debian library whose OBB-RSS distance queries are exact on the triangles,
// and the tessellation error bound below turns them into a conservative smooth distance.
#pragma once

#include <memory>
#include <optional>

#include "contactsim/geometry/surface.hpp"
#include "contactsim/geometry/triangle_mesh.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim {

/// A smooth surface with its tessellation and the tessellation's bounding-volume hierarchy, in
/// body coordinates. Built once per body.
class ProximityShape {
 public:
  /// `resolution` as tessellate(). Throws InvalidInputError for a null surface or resolution < 1.
  explicit ProximityShape(std::shared_ptr<const Surface> surface, int resolution = 8);
  ~ProximityShape();
  ProximityShape(ProximityShape&&) noexcept;
  ProximityShape& operator=(ProximityShape&&) noexcept;

  [[nodiscard]] const Surface& surface() const { return *surface_; }
  [[nodiscard]] const TessellatedSurface& tessellation() const { return tessellation_; }
  /// An upper bound on how far the smooth surface strays from its tessellation (sampled at the
  /// triangles' edge midpoints and centroids, doubled): smooth distance ≥ mesh distance − the two
  /// shapes' errors.
  [[nodiscard]] double tessellationError() const { return error_; }
  /// Largest distance of a tessellation vertex from the body origin (centre of mass).
  [[nodiscard]] double boundingRadius() const { return radius_; }
  /// Longest edge of the tessellation's triangles: every point of a triangle lies this close to
  /// one of its vertices.
  [[nodiscard]] double longestEdge() const { return longest_edge_; }

  struct Bvh;
  [[nodiscard]] const Bvh& bvh() const { return *bvh_; }

 private:
  std::shared_ptr<const Surface> surface_;
  TessellatedSurface tessellation_;
  double error_ = 0.0;
  double radius_ = 0.0;
  double longest_edge_ = 0.0;
  std::unique_ptr<Bvh> bvh_;
};

/// Closest points of two smooth surfaces (or, when they overlap, the points of deepest
/// penetration along the common normal).
struct ClosestPoints {
  int patch1 = 0;
  int patch2 = 0;
  Vec2 st = Vec2::Zero();       ///< on surface 1
  Vec2 uv = Vec2::Zero();       ///< on surface 2
  Vec3 point1 = Vec3::Zero();   ///< world
  Vec3 point2 = Vec3::Zero();   ///< world
  Vec3 normal = Vec3::UnitZ();  ///< world, surface 2's outward unit normal at point2
  /// Signed distance (point1 − point2)·normal: positive apart, negative overlapping [m].
  double distance = 0.0;
  /// Newton's final residual: ‖((c − d)·c_s, (c − d)·c_t, n₂·c_s, n₂·c_t)‖ scaled by the surface
  /// size (dimensionless); below 1e-12 when converged.
  double residual = 0.0;
  bool converged = false;
  int iterations = 0;
  /// closestPoints only: the distance between the two tessellations (FCL; 0 when they
  /// intersect), at most the sum of both tessellation errors above the exact mesh distance, so
  /// mesh_distance − 2 (error₁ + error₂) bounds the smooth distance from below.
  double mesh_distance = 0.0;
};

/// Distance between the tessellations (FCL), the nearest triangles' parameter points as the
/// guess, then Newton on the smooth surfaces. `warm` (a previous answer) replaces the mesh query
/// when given. Never throws for valid shapes and finite poses; check `converged`.
ClosestPoints closestPoints(const ProximityShape& shape1, const Frame& E_w_1,
                            const ProximityShape& shape2, const Frame& E_w_2,
                            const std::optional<ClosestPoints>& warm = std::nullopt);

/// The distance between the two tessellations (FCL), a cheap lower bound of the smooth distance
/// after subtracting both tessellation errors; 0 when the meshes intersect.
double meshDistance(const ProximityShape& shape1, const Frame& E_w_1, const ProximityShape& shape2,
                    const Frame& E_w_2);

/// Newton iterations (Nelson et al. 1999) on F = ((c − d)·c_s, (c − d)·c_t, n₂·c_s, n₂·c_t) = 0
/// from the given parameter points, surface 1 posed in surface 2's frame by E_2_1: the
/// separation along surface 1's tangents vanishes and the normals are opposite. Points that leave
/// their patch continue on the neighbour. Used by closestPoints and contact establishment.
ClosestPoints refineClosestPoints(const Surface& surface1, const Frame& E_2_1,
                                  const Surface& surface2, int patch1, Vec2 st, int patch2,
                                  Vec2 uv);

/// Keeps a Newton iterate on the surface: a point that left its patch (coming from `previous`,
/// inside) continues on the neighbour across the edge crossed, or stops on an open edge.
void stayOnSurface(const Surface& surface, int& patch, Vec2& st, const Vec2& previous);

/// The point of `surface` nearest to p (surface coordinates) by damped Newton from (patch, uv);
/// returns the distance and updates patch and uv.
double projectOntoSurface(const Surface& surface, int& patch, Vec2& uv, const Vec3& p);

}  // namespace contactsim
