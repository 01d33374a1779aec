// A rigid body's closed surface prepared for ray casting (Embree 3): its bounding-volume
// hierarchy is built once, in body coordinates, and never rebuilt; queries bring their rays into
// the body frame instead (bouchard-2015 §4.1 casts rays through rigid bodies every step).
#pragma once

#include <memory>
#include <vector>

#include "contactsim/geometry/triangle_mesh.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim {

/// One crossing of a ray with a closed surface.
struct SurfaceCrossing {
  double t = 0.0;     ///< distance along the ray [m]
  int direction = 0;  ///< +1 leaving the solid (n·d > 0), −1 entering it (n·d < 0)
  int triangle = -1;  ///< one of the triangles hit there
};

class RayCastBody {
 public:
  /// Builds the hierarchy (Embree, high build quality, robust traversal so that rays through
  /// edges and vertices are not lost). Several bodies share one Embree device.
  explicit RayCastBody(TriangleMesh mesh);
  ~RayCastBody();
  RayCastBody(RayCastBody&&) noexcept;
  RayCastBody& operator=(RayCastBody&&) noexcept;
  RayCastBody(const RayCastBody&) = delete;
  RayCastBody& operator=(const RayCastBody&) = delete;

  [[nodiscard]] const TriangleMesh& mesh() const;

  /// Every crossing of the ray origin + t·direction, 0 ≤ t ≤ t_max (unit direction, body
  /// coordinates), sorted by t, written to `out` (cleared first; its capacity is reused).
  /// Embree reports a hit on a shared edge or vertex once per triangle there, and may report a
  /// triangle twice: hits on one triangle at one t count once, then hits within 1e-6 × the
  /// body's bounding-box diagonal of each other form one event whose direction is the sign of
  /// the sum of theirs (two entering triangles at an edge: one entry; an entering and a leaving
  /// one at a silhouette edge: none). Thread-safe.
  void crossings(const Vec3& origin, const Vec3& direction, double t_max,
                 std::vector<SurfaceCrossing>& out) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace contactsim
