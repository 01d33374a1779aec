#include "mesh_point_contacts.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "mesh_broad_phase.hpp"

namespace contactsim::world_detail {
namespace {

constexpr std::uint64_t kBodyBFeature = std::uint64_t{1} << 32;
constexpr std::uint64_t kCornerFeature = std::uint64_t{1} << 62;
constexpr std::uint64_t kCornerRepeat = std::uint64_t{1} << 56;
constexpr std::uint64_t kCentreFeature = std::uint64_t{1} << 63;
// A support corner's chord is taken this fraction of its distance from the centre inwards.
constexpr double kInside = 1e-6;
// A support point within this fraction of the support's extent of the line through its
// neighbours lies on a side, not at a corner.
constexpr double kCollinear = 1e-6;
// A support corner within this fraction of the support's extent of a vertex point adds nothing.
constexpr double kCovered = 1e-2;

// Vertices of `inner` (pose X_WI) inside `outer` (pose X_WO), each with its depth along `exit`
// (world), the direction that frees it.
void verticesInside(const RayCastBody& inner, const Frame& X_WI, const RayCastBody& outer,
                    const Frame& X_WO, const Vec3& exit, std::uint64_t feature_offset,
                    std::vector<ContactPoint>& out) {
  const TriangleMesh& mesh = outer.mesh();
  const Aabb bounds = worldBounds(mesh, X_WO);
  const Frame X_OW = X_WO.inverse();
  const Vec3 direction = X_OW.linear() * exit;  // outer's coordinates
  const double reach = (mesh.boundsMax() - mesh.boundsMin()).norm();
  std::vector<SurfaceCrossing> crossings;
  const std::vector<Vec3>& vertices = inner.mesh().vertices();
  for (std::size_t v = 0; v < vertices.size(); ++v) {
    const Vec3 p = X_WI * vertices[v];
    if ((p.array() < bounds.min.array()).any() || (p.array() > bounds.max.array()).any())
      continue;
    // Ray parity: the first crossing from a point inside a closed surface leaves it.
    outer.crossings(X_OW * p, direction, reach, crossings);
    if (crossings.empty() || crossings.front().direction != 1)
      continue;
    const double depth = crossings.front().t;
    out.push_back({p + 0.5 * depth * exit, Vec3::Zero(), -depth, feature_offset + v});
  }
}

// The parameters [lo, hi] of the line x + s d (world) inside the convex solid `planes` posed by
// X_W, cut into the running interval.
void clipChord(const ConvexMeshPlanes& planes, const Frame& X_W, const Vec3& x, const Vec3& d,
               double& lo, double& hi) {
  const Vec3 x_b = X_W.inverse() * x;
  const Vec3 d_b = X_W.linear().transpose() * d;
  for (std::size_t i = 0; i < planes.normals.size(); ++i) {
    const double along = planes.normals[i].dot(d_b);
    const double room = planes.offsets[i] - planes.normals[i].dot(x_b);
    if (along > 0.0) {
      hi = std::min(hi, room / along);
    } else if (along < 0.0) {
      lo = std::max(lo, room / along);
    } else if (room < 0.0) {
      hi = -std::numeric_limits<double>::infinity();  // parallel and outside
    }
  }
}

// Index of the vertex of `mesh` (pose X_W) nearest to x (world).
std::uint64_t nearestVertex(const TriangleMesh& mesh, const Frame& X_W, const Vec3& x) {
  const Vec3 x_b = X_W.inverse() * x;
  std::size_t best = 0;
  double best_distance = std::numeric_limits<double>::infinity();
  for (std::size_t v = 0; v < mesh.vertices().size(); ++v) {
    const double distance = (mesh.vertices()[v] - x_b).squaredNorm();
    if (distance < best_distance) {
      best_distance = distance;
      best = v;
    }
  }
  return best;
}

// One point per corner of the patch's support (the outline of A ∩ B on the tangent plane): the
// middle of the chord of A ∩ B along n through that corner, its length the depth.
void supportCorners(const RayCastBody& a, const Frame& X_WA, const RayCastBody& b,
                    const Frame& X_WB, const ContactPatch& patch, const ConvexMeshPlanes& planes_a,
                    const ConvexMeshPlanes& planes_b, std::vector<ContactPoint>& out) {
  const Vec3 n = patch.normal();
  const std::size_t first = out.size();
  // The support's corners only: points on its sides, and twins, that rounding put a hair outside
  // are dropped.
  double extent = 0.0;
  for (const Eigen::Vector2d& x : patch.support)
    extent = std::max(extent, x.norm());
  for (const Eigen::Vector2d& corner : convexHull(patch.support, kCollinear * extent)) {
    // The chord just inside the corner: through the corner itself it may run along a side plane.
    const Eigen::Vector2d inside = (1.0 - kInside) * corner;
    const Vec3 x = patch.center + inside.x() * patch.frame.col(1) + inside.y() * patch.frame.col(2);
    double lo = -std::numeric_limits<double>::infinity();
    double hi = std::numeric_limits<double>::infinity();
    clipChord(planes_a, X_WA, x, n, lo, hi);
    clipChord(planes_b, X_WB, x, n, lo, hi);
    if (!(hi >= lo) || !std::isfinite(lo) || !std::isfinite(hi))
      continue;  // roundoff: a corner just outside the other solid
    const Vec3 p = x + 0.5 * (lo + hi) * n;
    // A vertex point already there (within kCovered of the support's extent across the normal)
    // holds this corner: the vertex keeps its place and id, so that warm starts stay exact.
    const auto covers = [&](const ContactPoint& q) {
      const Vec3 r = q.point - p;
      return (r - r.dot(n) * n).norm() <= kCovered * extent;
    };
    if (std::any_of(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(first), covers))
      continue;
    std::uint64_t feature = kCornerFeature | (nearestVertex(a.mesh(), X_WA, p) << 31) |
                            nearestVertex(b.mesh(), X_WB, p);
    // Unique within the manifold: a repeat (two corners nearest the same vertices) counts up.
    while (std::any_of(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                       [&](const ContactPoint& q) { return q.feature == feature; })) {
      feature += kCornerRepeat;
    }
    out.push_back({p, Vec3::Zero(), -(hi - lo), feature});
  }
}

}  // namespace

std::vector<ContactPoint> meshPointContacts(const RayCastBody& a, const Frame& X_WA,
                                            const RayCastBody& b, const Frame& X_WB,
                                            const ContactPatch& patch,
                                            const ConvexMeshPlanes* planes_a,
                                            const ConvexMeshPlanes* planes_b) {
  const Vec3 n = patch.normal();
  std::vector<ContactPoint> points;
  verticesInside(a, X_WA, b, X_WB, n, 0, points);
  verticesInside(b, X_WB, a, X_WA, -n, kBodyBFeature, points);
  if (planes_a != nullptr && planes_b != nullptr)
    supportCorners(a, X_WA, b, X_WB, patch, *planes_a, *planes_b, points);
  if (points.empty()) {
    const double g = patch.gradient.norm();
    const double depth = g > 0.0 ? patch.volume / g : 0.0;
    points.push_back({patch.center, n, -depth, kCentreFeature});
  }
  for (ContactPoint& p : points)
    p.normal = n;
  return points;
}

}  // namespace contactsim::world_detail
