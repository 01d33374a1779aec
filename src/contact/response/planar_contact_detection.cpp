#include "contact/response/planar_contact_detection.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include <Eigen/Geometry>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim {
namespace {

/// Relative tolerance (of the polygons' size) for ties between axes and between incident vertices.
constexpr double kTie = 1e-9;

/// Outward unit normal of edge (p_i, p_{i+1}) of a counter-clockwise polygon.
Vec2 edgeNormal(std::span<const Vec2> p, std::size_t i) {
  const Vec2 e = p[(i + 1) % p.size()] - p[i];
  return Vec2(e.y(), -e.x()).normalized();
}

struct Axis {
  double separation = -std::numeric_limits<double>::infinity();
  std::size_t edge = 0;
};

/// The edge of `reference` whose outward normal separates `incident` most (least overlap):
/// separation_e = min_q (q − p_e)·m_e.
Axis bestAxis(std::span<const Vec2> reference, std::span<const Vec2> incident) {
  Axis best;
  for (std::size_t e = 0; e < reference.size(); ++e) {
    const Vec2 m = edgeNormal(reference, e);
    double s = std::numeric_limits<double>::infinity();
    for (const Vec2& q : incident) {
      s = std::min(s, (q - reference[e]).dot(m));
    }
    if (s > best.separation) {
      best = {s, e};
    }
  }
  return best;
}

/// The deepest point of `incident` against the plane (point p, outward normal m) of the reference
/// edge: its lowest vertex, or the midpoint of a parallel incident edge.
Vec2 incidentPoint(std::span<const Vec2> incident, const Vec2& p, const Vec2& m, double tie) {
  const std::size_t n = incident.size();
  std::size_t deepest = 0;
  double lowest = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < n; ++i) {
    const double h = (incident[i] - p).dot(m);
    if (h < lowest) {
      lowest = h;
      deepest = i;
    }
  }
  const std::size_t next = (deepest + 1) % n;
  const std::size_t prev = (deepest + n - 1) % n;
  if ((incident[next] - p).dot(m) - lowest <= tie) {
    return 0.5 * (incident[deepest] + incident[next]);
  }
  if ((incident[prev] - p).dot(m) - lowest <= tie) {
    return 0.5 * (incident[deepest] + incident[prev]);
  }
  return incident[deepest];
}

double size(std::span<const Vec2> a, std::span<const Vec2> b) {
  Eigen::AlignedBox2d box;
  for (const Vec2& p : a) {
    box.extend(p);
  }
  for (const Vec2& p : b) {
    box.extend(p);
  }
  return box.diagonal().norm();
}

}  // namespace

void HalfPlane::validate(const std::string& what) const {
  requireFinite(point, what + " point");
  requireFinite(normal, what + " normal");
  if (std::abs(normal.norm() - 1.0) > 1e-9) {
    std::ostringstream s;
    s << what << " normal must be a unit vector, got norm " << normal.norm();
    throw InvalidInputError(s.str());
  }
}

PolygonContact deepestPoint(std::span<const Vec2> a, std::span<const Vec2> b) {
  const double tie = kTie * size(a, b);
  const Axis on_b = bestAxis(b, a);
  const Axis on_a = bestAxis(a, b);
  PolygonContact c;
  if (on_b.separation >= on_a.separation - tie) {
    // Reference edge on B: n is its outward normal, A's deepest point is the incident one.
    const Vec2 m = edgeNormal(b, on_b.edge);
    c.normal = m;
    c.point_a = incidentPoint(a, b[on_b.edge], m, tie);
    c.penetration = (b[on_b.edge] - c.point_a).dot(m);
    c.point_b = c.point_a + c.penetration * m;
  } else {
    // Reference edge on A: its outward normal points from A to B, so n = −m.
    const Vec2 m = edgeNormal(a, on_a.edge);
    c.normal = -m;
    c.point_b = incidentPoint(b, a[on_a.edge], m, tie);
    c.penetration = (a[on_a.edge] - c.point_b).dot(m);
    c.point_a = c.point_b + c.penetration * m;
  }
  return c;
}

std::optional<std::size_t> firstReflexVertex(std::span<const Vec2> outline) {
  const std::size_t n = outline.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 in = outline[i] - outline[(i + n - 1) % n];
    const Vec2 out = outline[(i + 1) % n] - outline[i];
    if (cross2(in, out) < -1e-12 * in.norm() * out.norm()) {
      return i;
    }
  }
  return std::nullopt;
}

}  // namespace contactsim
