#include "mesh_point_contacts.hpp"

#include <cstdint>

#include "mesh_broad_phase.hpp"

namespace contactsim::world_detail {
namespace {

constexpr std::uint64_t kBodyBFeature = std::uint64_t{1} << 32;
constexpr std::uint64_t kCentreFeature = std::uint64_t{1} << 63;

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

}  // namespace

std::vector<ContactPoint> meshPointContacts(const RayCastBody& a, const Frame& X_WA,
                                            const RayCastBody& b, const Frame& X_WB,
                                            const ContactPatch& patch) {
  const Vec3 n = patch.normal();
  std::vector<ContactPoint> points;
  verticesInside(a, X_WA, b, X_WB, n, 0, points);
  verticesInside(b, X_WB, a, X_WA, -n, kBodyBFeature, points);
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
