#include "contactsim/geometry/analytic_surfaces.hpp"

#include <array>
#include <cmath>
#include <numbers>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim {
namespace {

Vec3 position(const ChartSurface::Chart& chart, const Vec2& st) {
  const TaylorPoint p = chart(Taylor3(st.x()), Taylor3(st.y()));
  return {p.x.value(), p.y.value(), p.z.value()};
}

}  // namespace

ChartSurface::ChartSurface(std::vector<Chart> charts, bool closed)
    : charts_(std::move(charts)),
      neighbors_(4 * charts_.size()),
      domain_(PatchDomain::unitSquare()) {
  // Match every edge to the edge of another chart that traces the same curve, sampled at three
  // points; the scale of the surface sets the tolerance.
  const int n = patchCount();
  double scale = 0.0;
  for (int p = 0; p < n; ++p)
    scale = std::max(scale, position(charts_[p], Vec2(0.5, 0.5)).norm());
  const double tolerance = 1e-9 * std::max(scale, 1.0);
  const std::array<double, 3> samples = {0.2, 0.5, 0.7};
  for (int a = 0; a < n; ++a) {
    for (int ea = 0; ea < 4; ++ea) {
      for (int b = 0; b < n && !neighbors_[4 * a + ea]; ++b) {
        for (int eb = 0; eb < 4; ++eb) {
          if (a == b && ea == eb)
            continue;
          for (const bool reversed : {true, false}) {
            bool same = true;
            for (const double alpha : samples) {
              const Vec3 x = position(charts_[a], domain_.pointOnEdge(ea, alpha));
              const Vec3 y =
                  position(charts_[b], domain_.pointOnEdge(eb, reversed ? 1 - alpha : alpha));
              same = same && (x - y).norm() <= tolerance;
            }
            if (same) {
              neighbors_[4 * a + ea] = EdgeNeighbor{b, eb, reversed};
              break;
            }
          }
          if (neighbors_[4 * a + ea])
            break;
        }
      }
      if (closed && !neighbors_[4 * a + ea]) {
        throw InvalidInputError(
            "chart " + toText(a) + " edge " + toText(ea) +
            " matches no other chart edge: the charts do not close the surface");
      }
    }
  }
}

const PatchDomain& ChartSurface::domain(int patch) const {
  checkArguments(patch, 0.0, 0.0);
  return domain_;
}

SurfaceJet ChartSurface::evaluate(int patch, double s, double t, JetOrder order) const {
  checkArguments(patch, s, t);
  return jetFromTaylor(charts_[patch](Taylor3::variableS(s), Taylor3::variableT(t)), order);
}

std::optional<EdgeNeighbor> ChartSurface::neighbor(int patch, int edge) const {
  checkArguments(patch, 0.0, 0.0);
  if (edge < 0 || edge > 3) {
    throw InvalidInputError("a chart has edges 0..3, got " + toText(edge));
  }
  return neighbors_[4 * patch + edge];
}

namespace {

// The ellipsoid's six cube-face charts, oriented so that c_s × c_t points outward, or (`inward`,
// s and t exchanged) to the centre.
std::vector<ChartSurface::Chart> ellipsoidCharts(const Vec3& radii, const Vec3& center,
                                                 bool inward) {
  requireFinite(radii, "ellipsoid radii");
  requireFinite(center, "ellipsoid center");
  if (!(radii.minCoeff() > 0.0)) {
    throw InvalidInputError("ellipsoid radii must be positive");
  }
  // Cube face with outward axis n and in-face axes (e1, e2), e1 × e2 = n: q = n + u e1 + v e2.
  std::vector<ChartSurface::Chart> charts;
  for (int axis = 0; axis < 3; ++axis) {
    for (const double sign : {1.0, -1.0}) {
      Vec3 n = Vec3::Zero();
      n(axis) = sign;
      const Vec3 e1 = Vec3::Unit((axis + 1) % 3) * sign;
      const Vec3 e2 = n.cross(e1);
      charts.emplace_back([=](const Taylor3& s, const Taylor3& t) {
        const Taylor3 u = 2.0 * (inward ? t : s) - 1.0, v = 2.0 * (inward ? s : t) - 1.0;
        Taylor3 q[3];
        for (int k = 0; k < 3; ++k)
          q[k] = n(k) + e1(k) * u + e2(k) * v;
        const Taylor3 inverse_norm = 1.0 / sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
        return TaylorPoint{center.x() + radii.x() * q[0] * inverse_norm,
                           center.y() + radii.y() * q[1] * inverse_norm,
                           center.z() + radii.z() * q[2] * inverse_norm};
      });
    }
  }
  return charts;
}

}  // namespace

ChartSurface makeEllipsoid(const Vec3& radii, const Vec3& center) {
  ChartSurface surface(ellipsoidCharts(radii, center, /*inward=*/false), /*closed=*/true);
  if (radii.x() == radii.y() && radii.y() == radii.z()) {
    surface.sphere_ = SphereForm{center, radii.x()};
  }
  return surface;
}

SurfacePoint sphereChartPoint(const Vec3& direction) {
  // The face whose axis the direction leans to most (ellipsoidCharts: chart 2 axis + (sign < 0)),
  // then q = d / |d_axis| on that face of the cube and (u, v) = (q·e₁, q·e₂), s = (u + 1)/2.
  int axis = 0;
  direction.cwiseAbs().maxCoeff(&axis);
  const double sign = direction(axis) < 0.0 ? -1.0 : 1.0;
  const Vec3 q = direction / std::abs(direction(axis));
  Vec3 n = Vec3::Zero();
  n(axis) = sign;
  const Vec3 e1 = Vec3::Unit((axis + 1) % 3) * sign;
  const Vec3 e2 = n.cross(e1);
  const Vec2 st(0.5 * (q.dot(e1) + 1.0), 0.5 * (q.dot(e2) + 1.0));
  return {2 * axis + (sign < 0.0 ? 1 : 0), st.cwiseMax(0.0).cwiseMin(1.0)};
}

ChartSurface makeSphere(double radius, const Vec3& center) {
  requirePositive(radius, "sphere radius");
  return makeEllipsoid(Vec3::Constant(radius), center);
}

ChartSurface makeSphereInterior(double radius, const Vec3& center) {
  requirePositive(radius, "sphere radius");
  return ChartSurface(ellipsoidCharts(Vec3::Constant(radius), center, /*inward=*/true),
                      /*closed=*/true);
}

ChartSurface makeSphericalShell(double inner_radius, double outer_radius) {
  requirePositive(inner_radius, "shell inner radius");
  requirePositive(outer_radius, "shell outer radius");
  if (!(inner_radius < outer_radius)) {
    throw InvalidInputError("shell inner radius must be smaller than the outer radius");
  }
  std::vector<ChartSurface::Chart> charts =
      ellipsoidCharts(Vec3::Constant(outer_radius), Vec3::Zero(), /*inward=*/false);
  for (auto& chart : ellipsoidCharts(Vec3::Constant(inner_radius), Vec3::Zero(), /*inward=*/true))
    charts.push_back(std::move(chart));
  return ChartSurface(std::move(charts), /*closed=*/true);
}

ChartSurface makeTorus(double major_radius, double minor_radius) {
  requirePositive(major_radius, "torus major radius");
  requirePositive(minor_radius, "torus minor radius");
  if (!(minor_radius < major_radius)) {
    throw InvalidInputError("torus minor radius must be smaller than the major radius");
  }
  // θ about z (s) and φ around the tube (t), each split into two half-turns: four charts.
  std::vector<ChartSurface::Chart> charts;
  const double pi = std::numbers::pi;
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j) {
      charts.emplace_back([=](const Taylor3& s, const Taylor3& t) {
        const Taylor3 theta = pi * (s + static_cast<double>(i));
        const Taylor3 phi = pi * (t + static_cast<double>(j));
        const Taylor3 ring = major_radius + minor_radius * cos(phi);
        return TaylorPoint{ring * cos(theta), ring * sin(theta), minor_radius * sin(phi)};
      });
    }
  }
  return ChartSurface(std::move(charts), /*closed=*/true);
}

ChartSurface makePlane(double half_extent) {
  requirePositive(half_extent, "plane half extent");
  std::vector<ChartSurface::Chart> charts;
  charts.emplace_back([=](const Taylor3& s, const Taylor3& t) {
    return TaylorPoint{half_extent * (2.0 * s - 1.0), half_extent * (2.0 * t - 1.0), Taylor3(0.0)};
  });
  ChartSurface surface(std::move(charts), /*closed=*/false);
  surface.plane_ = PlaneForm{half_extent};
  return surface;
}

}  // namespace contactsim
