#include "sphere_pairs.hpp"

#include <cmath>

namespace contactsim::world_detail {

const std::optional<SphereForm>& sphereOf(const ProximityShape& shape) {
  static const std::optional<SphereForm> none;
  const auto* chart = dynamic_cast<const ChartSurface*>(&shape.surface());
  return chart ? chart->sphereForm() : none;
}

ClosestPoints sphereClosestPoints(const SphereForm& s1, const Frame& E_w_1, const SphereForm& s2,
                                  const Frame& E_w_2) {
  const Vec3 c1 = E_w_1 * s1.center, c2 = E_w_2 * s2.center;
  const Vec3 d = c1 - c2;
  const double length = d.norm();
  const Vec3 n = length > 0.0 ? Vec3(d / length) : Vec3::UnitZ();
  ClosestPoints out;
  // Surface 1's point faces −n, surface 2's faces n: their chart points in body coordinates.
  const SurfacePoint p1 = sphereChartPoint(E_w_1.linear().transpose() * -n);
  const SurfacePoint p2 = sphereChartPoint(E_w_2.linear().transpose() * n);
  out.patch1 = p1.patch;
  out.st = p1.st;
  out.patch2 = p2.patch;
  out.uv = p2.st;
  out.point1 = c1 - s1.radius * n;
  out.point2 = c2 + s2.radius * n;
  out.normal = n;
  out.distance = length - s1.radius - s2.radius;
  out.residual = 0.0;
  out.converged = true;
  out.iterations = 0;
  out.mesh_distance = std::max(0.0, out.distance);
  return out;
}

std::optional<double> sphereTouchTime(const Vec3& p, const Vec3& v, double reach, double tolerance,
                                      double span) {
  // |p + v τ|² − reach² = a τ² + 2 b τ + c: a = |v|², b = p·v, c = |p|² − reach².
  const double b = p.dot(v);
  if (!(b < 0.0)) {
    return std::nullopt;  // separating, or at rest relative to each other: the gap never closes
  }
  if (p.norm() - reach <= tolerance) {
    return 0.0;  // touching (or overlapping) and approaching
  }
  const double a = v.squaredNorm();
  const double c = p.squaredNorm() - reach * reach;
  const double discriminant = b * b - a * c;
  if (discriminant < 0.0) {
    return std::nullopt;  // the centres pass farther apart than reach
  }
  const double tau = c / (-b + std::sqrt(discriminant));
  if (tau > span) {
    return std::nullopt;
  }
  return tau;
}

}  // namespace contactsim::world_detail
