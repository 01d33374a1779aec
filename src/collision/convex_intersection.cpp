// Exact intersection moments of two convex meshes by clipping their surfaces (bouchard-2015 §4.1
// and App. A computed in closed form where both bodies are convex; issue 26: the rays miss thin
// overlaps at edges and corners, and the contact then comes and goes from step to step).
#include "collision/convex_intersection.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace contactsim {
namespace {

struct Bounds {
  Vec3 lo;
  Vec3 hi;
};

// World planes of a body, those that cut the box o only (the others hold all of o, hence all of
// A ∩ B ⊂ o).
struct Plane {
  Vec3 n;
  double d;
};

Bounds worldBounds(const TriangleMesh& mesh, const Frame& X) {
  const Vec3 centre = X * (0.5 * (mesh.boundsMin() + mesh.boundsMax()));
  const Vec3 half = X.linear().cwiseAbs() * (0.5 * (mesh.boundsMax() - mesh.boundsMin()));
  return {centre - half, centre + half};
}

std::vector<Plane> planesCutting(const ConvexMeshPlanes& planes, const Frame& X, const Bounds& o) {
  const Vec3 centre = 0.5 * (o.lo + o.hi);
  const Vec3 half = 0.5 * (o.hi - o.lo);
  std::vector<Plane> out;
  for (std::size_t i = 0; i < planes.normals.size(); ++i) {
    const Vec3 n = X.linear() * planes.normals[i];
    const double d = planes.offsets[i] + n.dot(X.translation());
    if (n.dot(centre) + n.cwiseAbs().dot(half) > d)
      out.push_back({n, d});
  }
  return out;
}

// Sutherland–Hodgman: the part of the polygon with n·x ≤ d.
void clip(const std::vector<Vec3>& in, const Vec3& n, double d, std::vector<Vec3>& out) {
  out.clear();
  const std::size_t count = in.size();
  for (std::size_t i = 0; i < count; ++i) {
    const Vec3& p = in[i];
    const Vec3& q = in[(i + 1) % count];
    const double sp = n.dot(p) - d;
    const double sq = n.dot(q) - d;
    if (sp <= 0.0)
      out.push_back(p);
    if ((sp < 0.0 && sq > 0.0) || (sp > 0.0 && sq < 0.0))
      out.push_back(p + (sp / (sp - sq)) * (q - p));
  }
}

struct Accumulator {
  Vec3 r0;
  double volume = 0.0;
  Vec3 first = Vec3::Zero();
  Mat3 second = Mat3::Zero();

  // The polygon's tetrahedra with r0 (App. A in closed form): ∫ over the tetrahedron (0, a, b, c)
  // of 1, x, x xᵀ = V, V s/4, V/20 (a aᵀ + b bᵀ + c cᵀ + s sᵀ), s = a + b + c, V = a·(b × c)/6.
  // Returns the polygon's vector area.
  Vec3 add(const std::vector<Vec3>& polygon) {
    Vec3 area = Vec3::Zero();
    const Vec3 a = polygon[0] - r0;
    for (std::size_t i = 1; i + 1 < polygon.size(); ++i) {
      const Vec3 b = polygon[i] - r0;
      const Vec3 c = polygon[i + 1] - r0;
      const double six_v = a.dot(b.cross(c));
      const Vec3 s = a + b + c;
      volume += six_v / 6.0;
      first += (six_v / 24.0) * s;
      second += (six_v / 120.0) *
                (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose());
      area += 0.5 * (b - a).cross(c - a);
    }
    return area;
  }
};

// Body x's triangles clipped to the other body (its cutting planes) and to o, appended to
// `polygons`. With skip_coplanar, faces of x lying in a plane of the other body with the same
// outward normal are left out (the other body counts them).
void clippedSurface(const TriangleMesh& mesh, const ConvexMeshPlanes& own, const Frame& X,
                    const std::vector<Plane>& other, const Bounds& o, bool skip_coplanar,
                    double tolerance, std::vector<std::vector<Vec3>>& polygons) {
  // o in body coordinates, to skip most triangles before transforming them.
  Vec3 body_lo = Vec3::Constant(std::numeric_limits<double>::infinity());
  Vec3 body_hi = -body_lo;
  for (int corner = 0; corner < 8; ++corner) {
    const Vec3 c((corner & 1) ? o.hi.x() : o.lo.x(), (corner & 2) ? o.hi.y() : o.lo.y(),
                 (corner & 4) ? o.hi.z() : o.lo.z());
    const Vec3 local = X.inverse(Eigen::Isometry) * c;
    body_lo = body_lo.cwiseMin(local);
    body_hi = body_hi.cwiseMax(local);
  }
  std::vector<Vec3> polygon, scratch;
  const auto& triangles = mesh.triangles();
  for (std::size_t t = 0; t < triangles.size(); ++t) {
    const Vec3& p0 = mesh.vertex(triangles[t][0]);
    const Vec3& p1 = mesh.vertex(triangles[t][1]);
    const Vec3& p2 = mesh.vertex(triangles[t][2]);
    if ((p0.cwiseMax(p1).cwiseMax(p2).array() < body_lo.array()).any() ||
        (p0.cwiseMin(p1).cwiseMin(p2).array() > body_hi.array()).any())
      continue;
    polygon = {X * p0, X * p1, X * p2};
    // Clipped by o's six faces, then by the other body's cutting planes.
    for (int k = 0; k < 3 && !polygon.empty(); ++k) {
      clip(polygon, Vec3::Unit(k), o.hi[k], scratch);
      clip(scratch, -Vec3::Unit(k), -o.lo[k], polygon);
    }
    const Vec3 n = X.linear() * own.normals[t];
    for (const Plane& p : other) {
      if (polygon.size() < 3)
        break;
      if (skip_coplanar && n.dot(p.n) > 1.0 - 1e-12 &&
          std::all_of(polygon.begin(), polygon.end(),
                      [&](const Vec3& x) { return std::abs(p.n.dot(x) - p.d) <= tolerance; })) {
        polygon.clear();
        break;
      }
      clip(polygon, p.n, p.d, scratch);
      std::swap(polygon, scratch);
    }
    if (polygon.size() >= 3)
      polygons.push_back(polygon);
  }
}

}  // namespace

std::optional<ConvexMeshPlanes> convexMeshPlanes(const TriangleMesh& mesh) {
  const double tolerance = 1e-9 * (mesh.boundsMax() - mesh.boundsMin()).norm();
  ConvexMeshPlanes planes;
  // Each triangle's plane, and the vertex opposite each directed edge.
  std::map<std::pair<int, int>, int> opposite;
  for (const TriangleMesh::Triangle& t : mesh.triangles()) {
    const Vec3& a = mesh.vertex(t[0]);
    const Vec3 normal = (mesh.vertex(t[1]) - a).cross(mesh.vertex(t[2]) - a);
    if (!(normal.norm() > 0.0))
      return std::nullopt;
    planes.normals.push_back(normal.normalized());
    planes.offsets.push_back(planes.normals.back().dot(a));
    for (int k = 0; k < 3; ++k)
      opposite[{t[k], t[(k + 1) % 3]}] = t[(k + 2) % 3];
  }
  // A closed surface without self-intersections (TriangleMesh's invariant) is convex when it is
  // convex at every edge: the far vertex of each neighbour lies inside the triangle's plane.
  const auto& triangles = mesh.triangles();
  for (std::size_t i = 0; i < triangles.size(); ++i) {
    for (int k = 0; k < 3; ++k) {
      const auto neighbour = opposite.find({triangles[i][(k + 1) % 3], triangles[i][k]});
      if (neighbour == opposite.end() ||
          planes.normals[i].dot(mesh.vertex(neighbour->second)) > planes.offsets[i] + tolerance)
        return std::nullopt;
    }
  }
  return planes;
}

VolumeMoments convexIntersection(const TriangleMesh& a, const ConvexMeshPlanes& planes_a,
                                 const Frame& X_WA, const TriangleMesh& b,
                                 const ConvexMeshPlanes& planes_b, const Frame& X_WB) {
  // The overlap of the world bounds holds A ∩ B.
  const Bounds bounds_a = worldBounds(a, X_WA);
  const Bounds bounds_b = worldBounds(b, X_WB);
  Bounds o{bounds_a.lo.cwiseMax(bounds_b.lo), bounds_a.hi.cwiseMin(bounds_b.hi)};
  if (!(o.lo.array() < o.hi.array()).all())
    return {};
  const double size = (o.hi - o.lo).maxCoeff();
  // Widened a little: a face that bounds a body's box lies on o's boundary, where rounding would
  // otherwise clip it at random (the faces of two boxes stacked flat).
  const Vec3 margin =
      Vec3::Constant(1e-9 * size) + 1e-12 * o.lo.cwiseAbs().cwiseMax(o.hi.cwiseAbs());
  o.lo -= margin;
  o.hi += margin;
  const double tolerance = 1e-12 * std::max((a.boundsMax() - a.boundsMin()).norm(),
                                            (b.boundsMax() - b.boundsMin()).norm());

  // ∂(A ∩ B) = (∂A ∩ B) ∪ (∂B ∩ A), each piece with its own body's outward normal.
  std::vector<std::vector<Vec3>> polygons;
  clippedSurface(a, planes_a, X_WA, planesCutting(planes_b, X_WB, o), o, false, tolerance,
                 polygons);
  const std::size_t from_a = polygons.size();
  clippedSurface(b, planes_b, X_WB, planesCutting(planes_a, X_WA, o), o, true, tolerance, polygons);
  std::vector<Vec3> outline;
  for (const std::vector<Vec3>& p : polygons)
    outline.insert(outline.end(), p.begin(), p.end());
  if (outline.empty())
    return {};

  // The integrals about the mean corner, inside the (possibly thin) intersection: the
  // tetrahedra's volumes are then of the order of the result, not of the bounds (no cancellation).
  Vec3 mean = Vec3::Zero();
  for (const Vec3& x : outline)
    mean += x;
  Accumulator sums{mean / static_cast<double>(outline.size())};
  Vec3 area_a = Vec3::Zero();
  Vec3 area_b = Vec3::Zero();
  for (std::size_t i = 0; i < polygons.size(); ++i)
    (i < from_a ? area_a : area_b) += sums.add(polygons[i]);
  if (!(sums.volume > 1e-14 * size * size * size))
    return {};

  VolumeMoments m;
  m.volume = sums.volume;
  const Vec3 c = sums.first / sums.volume;
  m.centroid = sums.r0 + c;
  m.second_moment = sums.second - sums.volume * c * c.transpose();
  m.second_moment = (0.5 * (m.second_moment + m.second_moment.transpose())).eval();
  // bouchard-2015 §4.1: ∂V/∂x_A = ∫_{∂A∩B} n_A dA = −∫_{∂B∩A} n_B dA.
  m.gradient = 0.5 * (area_a - area_b);
  m.outline = std::move(outline);
  return m;
}

}  // namespace contactsim
