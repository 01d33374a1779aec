#include "triangle_intersection.hpp"

#include <algorithm>
#include <cmath>

namespace contactsim::triangle_intersection {
namespace {

using Vec2 = Eigen::Vector2d;

double zeroed(double x, double tolerance) {
  return std::abs(x) <= tolerance ? 0.0 : x;
}

double orient2d(const Vec2& a, const Vec2& b, const Vec2& c) {
  const Vec2 u = b - a;
  const Vec2 v = c - a;
  return u.x() * v.y() - u.y() * v.x();
}

// The two coordinates that remain when the axis along which `normal` is largest is dropped.
Vec2 drop(const Vec3& x, int axis) {
  return axis == 0 ? Vec2(x.y(), x.z()) : (axis == 1 ? Vec2(x.x(), x.z()) : Vec2(x.x(), x.y()));
}

int dominantAxis(const Vec3& normal) {
  int axis = 0;
  normal.cwiseAbs().maxCoeff(&axis);
  return axis;
}

// Closed segments in the plane; `area_tolerance` zeroes near-collinear orientations.
bool segmentsIntersect2d(const Vec2& p1, const Vec2& p2, const Vec2& q1, const Vec2& q2,
                         double area_tolerance) {
  const double o1 = zeroed(orient2d(p1, p2, q1), area_tolerance);
  const double o2 = zeroed(orient2d(p1, p2, q2), area_tolerance);
  const double o3 = zeroed(orient2d(q1, q2, p1), area_tolerance);
  const double o4 = zeroed(orient2d(q1, q2, p2), area_tolerance);
  if (o1 == 0.0 && o2 == 0.0) {
    // Collinear: the projections on the longer coordinate overlap.
    const int k = std::abs(p2.x() - p1.x()) + std::abs(q2.x() - q1.x()) >=
                          std::abs(p2.y() - p1.y()) + std::abs(q2.y() - q1.y())
                      ? 0
                      : 1;
    return std::max(std::min(p1[k], p2[k]), std::min(q1[k], q2[k])) <=
           std::min(std::max(p1[k], p2[k]), std::max(q1[k], q2[k]));
  }
  return o1 * o2 <= 0.0 && o3 * o4 <= 0.0;
}

bool pointInTriangle2d(const Vec2& x, const Vec2& a, const Vec2& b, const Vec2& c,
                       double area_tolerance) {
  const double s0 = zeroed(orient2d(a, b, x), area_tolerance);
  const double s1 = zeroed(orient2d(b, c, x), area_tolerance);
  const double s2 = zeroed(orient2d(c, a, x), area_tolerance);
  return (s0 >= 0.0 && s1 >= 0.0 && s2 >= 0.0) || (s0 <= 0.0 && s1 <= 0.0 && s2 <= 0.0);
}

double longestEdge(const Points& t) {
  return std::sqrt(std::max(
      {(t[1] - t[0]).squaredNorm(), (t[2] - t[1]).squaredNorm(), (t[0] - t[2]).squaredNorm()}));
}

// Möller 1997, coplanar case: an edge of one crosses an edge of the other, or one contains the
// other.
bool coplanarTrianglesIntersect(const Vec3& normal, const Points& p, const Points& q,
                                double area_tolerance) {
  const int axis = dominantAxis(normal);
  std::array<Vec2, 3> a;
  std::array<Vec2, 3> b;
  for (int i = 0; i < 3; ++i) {
    a[static_cast<std::size_t>(i)] = drop(p[static_cast<std::size_t>(i)], axis);
    b[static_cast<std::size_t>(i)] = drop(q[static_cast<std::size_t>(i)], axis);
  }
  for (std::size_t i = 0; i < 3; ++i) {
    for (std::size_t j = 0; j < 3; ++j) {
      if (segmentsIntersect2d(a[i], a[(i + 1) % 3], b[j], b[(j + 1) % 3], area_tolerance)) {
        return true;
      }
    }
  }
  return pointInTriangle2d(a[0], b[0], b[1], b[2], area_tolerance) ||
         pointInTriangle2d(b[0], a[0], a[1], a[2], area_tolerance);
}

// Möller 1997, COMPUTE_INTERVALS: the interval that triangle (projections x, plane distances d
// from the other triangle's plane) cuts from the line where the planes meet. The vertex alone on
// its side of the plane is joined to the other two.
std::array<double, 2> lineInterval(const std::array<double, 3>& x, const std::array<double, 3>& d) {
  std::size_t lone = 0;
  if (d[0] * d[1] > 0.0) {
    lone = 2;
  } else if (d[0] * d[2] > 0.0) {
    lone = 1;
  } else if (d[1] * d[2] > 0.0 || d[0] != 0.0) {
    lone = 0;
  } else if (d[1] != 0.0) {
    lone = 1;
  } else {
    lone = 2;
  }
  const std::size_t j = (lone + 1) % 3;
  const std::size_t k = (lone + 2) % 3;
  const double t1 = x[lone] + (x[j] - x[lone]) * d[lone] / (d[lone] - d[j]);
  const double t2 = x[lone] + (x[k] - x[lone]) * d[lone] / (d[lone] - d[k]);
  return {std::min(t1, t2), std::max(t1, t2)};
}

}  // namespace

bool trianglesIntersect(const Points& p, const Points& q, double tolerance) {
  // Plane of p; reject when q lies strictly on one side.
  const Vec3 n1 = (p[1] - p[0]).cross(p[2] - p[0]);
  const double tol1 = tolerance * n1.norm();
  std::array<double, 3> dq{};
  for (std::size_t i = 0; i < 3; ++i) {
    dq[i] = zeroed(n1.dot(q[i] - p[0]), tol1);
  }
  if (dq[0] * dq[1] > 0.0 && dq[0] * dq[2] > 0.0) {
    return false;
  }
  // Plane of q; reject when p lies strictly on one side.
  const Vec3 n2 = (q[1] - q[0]).cross(q[2] - q[0]);
  const double tol2 = tolerance * n2.norm();
  std::array<double, 3> dp{};
  for (std::size_t i = 0; i < 3; ++i) {
    dp[i] = zeroed(n2.dot(p[i] - q[0]), tol2);
  }
  if (dp[0] * dp[1] > 0.0 && dp[0] * dp[2] > 0.0) {
    return false;
  }
  if (dq[0] == 0.0 && dq[1] == 0.0 && dq[2] == 0.0) {
    const double scale = std::max(longestEdge(p), longestEdge(q));
    return coplanarTrianglesIntersect(n1, p, q, tolerance * scale);
  }
  // Project onto the largest axis of the line direction n1 × n2; intervals overlap (closed).
  const int axis = dominantAxis(n1.cross(n2));
  std::array<double, 3> xp{};
  std::array<double, 3> xq{};
  for (std::size_t i = 0; i < 3; ++i) {
    xp[i] = p[i][axis];
    xq[i] = q[i][axis];
  }
  const auto ip = lineInterval(xp, dp);
  const auto iq = lineInterval(xq, dq);
  return ip[0] <= iq[1] + tolerance && iq[0] <= ip[1] + tolerance;
}

bool segmentIntersectsTriangle(const Vec3& a, const Vec3& b, const Points& t, double tolerance) {
  const Vec3 n = (t[1] - t[0]).cross(t[2] - t[0]);
  const double tol = tolerance * n.norm();
  const double da = zeroed(n.dot(a - t[0]), tol);
  const double db = zeroed(n.dot(b - t[0]), tol);
  if (da * db > 0.0) {
    return false;
  }
  const double scale = std::max(longestEdge(t), (b - a).norm());
  const double area_tolerance = tolerance * scale;
  const int axis = dominantAxis(n);
  const Vec2 u0 = drop(t[0], axis);
  const Vec2 u1 = drop(t[1], axis);
  const Vec2 u2 = drop(t[2], axis);
  if (da == 0.0 && db == 0.0) {
    const Vec2 a2 = drop(a, axis);
    const Vec2 b2 = drop(b, axis);
    return pointInTriangle2d(a2, u0, u1, u2, area_tolerance) ||
           segmentsIntersect2d(a2, b2, u0, u1, area_tolerance) ||
           segmentsIntersect2d(a2, b2, u1, u2, area_tolerance) ||
           segmentsIntersect2d(a2, b2, u2, u0, area_tolerance);
  }
  // The point where the segment crosses the plane, then containment in the plane.
  const Vec3 x = a + (b - a) * (da / (da - db));
  return pointInTriangle2d(drop(x, axis), u0, u1, u2, area_tolerance);
}

bool sharedVertexTrianglesOverlap(const Vec3& v, const Vec3& a, const Vec3& b, const Vec3& c,
                                  const Vec3& d, double tolerance) {
  return segmentIntersectsTriangle(a, b, {v, c, d}, tolerance) ||
         segmentIntersectsTriangle(c, d, {v, a, b}, tolerance);
}

bool sharedEdgeTrianglesOverlap(const Vec3& v, const Vec3& w, const Vec3& a, const Vec3& b,
                                double tolerance) {
  const Vec3 e = w - v;
  const Vec3 na = e.cross(a - v);
  const Vec3 nb = e.cross(b - v);
  // Coplanar when b lies in the plane of (v, w, a), within `tolerance`.
  const bool coplanar = std::abs(na.dot(b - v)) <= tolerance * na.norm();
  return coplanar && na.dot(nb) > 0.0;
}

}  // namespace contactsim::triangle_intersection
