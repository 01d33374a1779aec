// Contacts of a smooth surface and a closed triangle mesh (smooth_mesh_proximity.hpp).
#include "collision/smooth_mesh_proximity.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "collision/smooth_convex_proximity.hpp"

namespace contactsim {

namespace {

// A feature is locally nearest when its neighbours lie no closer to the smooth surface's tangent
// plane than it does, to this fraction of their distance (flat fans tie: they are kept).
constexpr double kFlat = 1e-9;
// Two triangles meet convexly when each one's opposite vertex lies below the other's plane by
// more than this fraction of the edge's length.
constexpr double kConvex = 1e-9;
// A point projects into a triangle when its barycentric coordinates are ≥ −this.
constexpr double kInside = 1e-12;
// An edge's deepest point counts strictly inside the edge; at its ends the vertices speak.
constexpr double kInteriorAlpha = 1e-6;

// Whether every point of `others` lies on the outward side of the tangent plane through x.
bool locallyNearest(const Vec3& x, const Vec3& outward, const std::vector<Vec3>& others) {
  return std::all_of(others.begin(), others.end(), [&](const Vec3& w) {
    return (w - x).dot(outward) >= -kFlat * (w - x).norm();
  });
}

// Whether y (on the plane of triangle abc, or near it) projects into the triangle.
bool insideTriangle(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& y) {
  const Vec3 n = (b - a).cross(c - a);
  const double area2 = n.squaredNorm();
  return (b - a).cross(y - a).dot(n) >= -kInside * area2 &&
         (c - b).cross(y - b).dot(n) >= -kInside * area2 &&
         (a - c).cross(y - c).dot(n) >= -kInside * area2;
}

}  // namespace

SurfacePoint nearestVertexOrigin(const TessellatedSurface& mesh, const Vec3& x) {
  std::size_t best = 0;
  double nearest = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
    const double d = (mesh.positions[i] - x).squaredNorm();
    if (d < nearest) {
      nearest = d;
      best = i;
    }
  }
  return mesh.origins[best];
}

MeshFeatures::MeshFeatures(std::shared_ptr<const TriangleMesh> m) : mesh(std::move(m)) {
  const std::vector<Vec3>& x = mesh->vertices();
  neighbours.resize(x.size());
  // Each undirected edge with the opposite vertex of the triangles on either side (a closed
  // manifold mesh has exactly two).
  std::map<std::pair<int, int>, std::vector<std::pair<int, int>>> sides;  // (triangle, opposite)
  for (int f = 0; f < mesh->triangleCount(); ++f) {
    const TriangleMesh::Triangle& t = mesh->triangle(f);
    unit_normals.push_back(mesh->areaNormal(f).normalized());
    for (int k = 0; k < 3; ++k) {
      const int a = t[k], b = t[(k + 1) % 3];
      sides[std::minmax(a, b)].emplace_back(f, t[(k + 2) % 3]);
    }
  }
  for (const auto& [edge, faces] : sides) {
    neighbours[static_cast<std::size_t>(edge.first)].push_back(edge.second);
    neighbours[static_cast<std::size_t>(edge.second)].push_back(edge.first);
    const Vec3& v0 = x[static_cast<std::size_t>(edge.first)];
    const Vec3& v1 = x[static_cast<std::size_t>(edge.second)];
    const double length = (v1 - v0).norm();
    longest_edge = std::max(longest_edge, length);
    if (faces.size() != 2)
      continue;
    const auto below = [&](int triangle, int vertex) {
      return unit_normals[static_cast<std::size_t>(triangle)].dot(
                 x[static_cast<std::size_t>(vertex)] - v0) < -kConvex * length;
    };
    if (below(faces[0].first, faces[1].second) && below(faces[1].first, faces[0].second))
      convex_edges.push_back({edge.first, edge.second, faces[0].second, faces[1].second});
  }
  centre = 0.5 * (mesh->boundsMin() + mesh->boundsMax());
  for (const Vec3& v : x)
    radius = std::max(radius, (v - centre).norm());
}

std::vector<ContactPoint> smoothMeshContacts(const ProximityShape& smooth, const Frame& E_w_s,
                                             const MeshFeatures& features, const Frame& E_w_m,
                                             double margin, double max_depth,
                                             SmoothMeshMemory& memory) {
  const TriangleMesh& mesh = *features.mesh;
  const Surface& surface = smooth.surface();
  const Frame E_s_w = E_w_s.inverse();
  const Frame E_s_m = E_s_w * E_w_m;
  const std::size_t V = mesh.vertices().size();
  const std::size_t E = features.convex_edges.size();
  memory.vertices.resize(V);
  memory.vertex_distances.resize(V);
  memory.edges.resize(E);
  std::vector<ContactPoint> out;
  const auto keep = [&](const Vec3& on_mesh, const Vec3& on_smooth, const Vec3& normal,
                        double separation, std::uint64_t feature) {
    if (separation < margin && separation >= -max_depth)
      out.push_back({0.5 * (on_mesh + on_smooth), normal, separation, feature});
  };

  // 1. Vertices, in the smooth body's coordinates: the signed distance σ of those that may lie
  // within reach of a feature contact (σ ≥ ‖x‖ − the body's bounding radius otherwise, a lower
  // bound the edges and faces below use), and a contact at each locally nearest one.
  const double bound = smooth.boundingRadius() + smooth.tessellationError();
  const double reach = margin + features.longest_edge;
  std::vector<Vec3> x(V);
  std::vector<double> sigma(V);
  std::vector<Vec3> around;
  for (std::size_t k = 0; k < V; ++k) {
    x[k] = E_s_m * mesh.vertices()[k];
    sigma[k] = x[k].norm() - bound;
    if (sigma[k] > reach || features.neighbours[k].empty()) {
      memory.vertices[k].reset();
      memory.vertex_distances[k].reset();
      continue;
    }
    // The distance to the surface point Newton follows changes no faster than the vertex moves
    // relative to the smooth body: the last exact one less the way since is a lower bound.
    if (const auto& seen = memory.vertex_distances[k]) {
      const double bound_since = seen->second - (x[k] - seen->first).norm();
      if (bound_since > reach) {
        sigma[k] = std::max(sigma[k], bound_since);
        continue;
      }
    }
    SurfacePoint at =
        memory.vertices[k] ? *memory.vertices[k] : nearestVertexOrigin(smooth.tessellation(), x[k]);
    const SurfaceDistance d = surfaceDistance(surface, x[k], at);
    memory.vertices[k] = at;
    memory.vertex_distances[k] = std::pair(x[k], d.value);
    sigma[k] = d.value;
    around.clear();
    for (int w : features.neighbours[k])
      around.push_back(E_s_m * mesh.vertices()[static_cast<std::size_t>(w)]);
    if (d.value < margin && locallyNearest(x[k], d.outward, around)) {
      keep(E_w_s * x[k], E_w_s * d.on_surface, -(E_w_s.linear() * d.outward), d.value, k + 1);
    }
  }

  // 2. Convex edges whose ends may come within the margin (σ is 1-Lipschitz: along an edge of
  // length L it stays above (σ0 + σ1 − L)/2), at their deepest points strictly inside.
  for (std::size_t k = 0; k < E; ++k) {
    const MeshFeatures::Edge& e = features.convex_edges[k];
    const auto i0 = static_cast<std::size_t>(e.v0), i1 = static_cast<std::size_t>(e.v1);
    const double length = (x[i1] - x[i0]).norm();
    if (0.5 * (sigma[i0] + sigma[i1] - length) > margin) {
      memory.edges[k].reset();
      continue;
    }
    SurfacePoint at = memory.edges[k]
                          ? *memory.edges[k]
                          : nearestVertexOrigin(smooth.tessellation(), 0.5 * (x[i0] + x[i1]));
    const SegmentDepth depth =
        deepestOnSegment(smooth, E_w_s, E_w_s * x[i0], E_w_s * x[i1], at, margin);
    memory.edges[k] = at;
    if (!(depth.alpha > kInteriorAlpha && depth.alpha < 1.0 - kInteriorAlpha) ||
        !depth.points.converged)
      continue;
    const SmoothConvexPoints& p = depth.points;
    const Vec3 outward = -(E_s_w.linear() * p.normal);
    const Vec3 on_edge = E_s_w * p.obstacle_point;
    if (locallyNearest(
            on_edge, outward,
            {x[static_cast<std::size_t>(e.across0)], x[static_cast<std::size_t>(e.across1)]})) {
      keep(p.obstacle_point, p.smooth_point, p.normal, p.distance, V + 1 + k);
    }
  }

  // 3. Faces that may come within the margin (every point of a triangle lies within its longest
  // edge of each vertex): Newton on the smooth surface against the face's plane, kept where the
  // smooth surface's closest point projects into the face.
  std::map<int, SurfacePoint> faces;
  for (int f = 0; f < mesh.triangleCount(); ++f) {
    const TriangleMesh::Triangle& t = mesh.triangle(f);
    const auto i0 = static_cast<std::size_t>(t[0]), i1 = static_cast<std::size_t>(t[1]),
               i2 = static_cast<std::size_t>(t[2]);
    const double longest =
        std::max({(x[i1] - x[i0]).norm(), (x[i2] - x[i1]).norm(), (x[i0] - x[i2]).norm()});
    if (std::min({sigma[i0], sigma[i1], sigma[i2]}) > margin + longest)
      continue;
    ConvexObstacle plane;
    plane.normal = features.unit_normals[static_cast<std::size_t>(f)];
    plane.offset = plane.normal.dot(mesh.vertices()[i0]);
    const auto warm = memory.faces.find(f);
    const SmoothConvexPoints cp =
        closestToObstacle(smooth, E_w_s, plane, E_w_m,
                          warm != memory.faces.end() ? std::optional(warm->second) : std::nullopt);
    if (!cp.converged)
      continue;
    faces[f] = {cp.patch, cp.st};
    const Vec3 normal_w = E_w_m.linear() * plane.normal;
    if (cp.normal.dot(normal_w) <= 0.0 ||
        !insideTriangle(x[i0], x[i1], x[i2], E_s_w * cp.obstacle_point))
      continue;
    keep(cp.obstacle_point, cp.smooth_point, cp.normal, cp.distance,
         V + E + 1 + static_cast<std::size_t>(f));
  }
  memory.faces = std::move(faces);
  return out;
}

}  // namespace contactsim
