#include "contactsim/geometry/surface.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim {
namespace {

double cross2(const Vec2& a, const Vec2& b) {
  return a.x() * b.y() - a.y() * b.x();
}

}  // namespace

PatchDomain::PatchDomain(std::vector<Vec2> vertices) : vertices_(std::move(vertices)) {
  const std::size_t n = vertices_.size();
  if (n < 3) {
    throw InvalidInputError("a patch domain needs at least 3 vertices, got " + toText(n));
  }
  for (std::size_t i = 0; i < n; ++i) {
    requireFinite(vertices_[i], "patch domain vertex " + toText(i));
  }
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 e0 = vertices_[(i + 1) % n] - vertices_[i];
    const Vec2 e1 = vertices_[(i + 2) % n] - vertices_[(i + 1) % n];
    if (!(cross2(e0, e1) > 1e-14 * e0.norm() * e1.norm())) {
      throw InvalidInputError(
          "patch domain must be strictly convex and counter-clockwise: turn at "
          "vertex " +
          toText((i + 1) % n) + " is not a left turn");
    }
    inward_normals_.push_back(Vec2(-e0.y(), e0.x()).normalized());
  }
}

PatchDomain PatchDomain::unitSquare() {
  return PatchDomain({Vec2(0, 0), Vec2(1, 0), Vec2(1, 1), Vec2(0, 1)});
}

PatchDomain PatchDomain::unitTriangle() {
  return PatchDomain({Vec2(0, 0), Vec2(1, 0), Vec2(0, 1)});
}

Vec2 PatchDomain::pointOnEdge(int edge, double alpha) const {
  const int n = edgeCount();
  return (1.0 - alpha) * vertex(edge) + alpha * vertex((edge + 1) % n);
}

double PatchDomain::edgeDistance(int edge, const Vec2& p) const {
  return inward_normals_[static_cast<std::size_t>(edge)].dot(p - vertex(edge));
}

double PatchDomain::boundaryDistance(const Vec2& p) const {
  double d = std::numeric_limits<double>::infinity();
  for (int i = 0; i < edgeCount(); ++i)
    d = std::min(d, edgeDistance(i, p));
  return d;
}

bool PatchDomain::contains(const Vec2& p, double epsilon) const {
  return boundaryDistance(p) >= -epsilon;
}

bool PatchDomain::nearBoundary(const Vec2& p, double epsilon) const {
  // Outside, the distance to the polygon can exceed the smallest edge-line distance only near
  // corners; the edge-line test is what ε-extended boundaries use.
  return std::abs(boundaryDistance(p)) <= epsilon;
}

std::optional<EdgeCrossing> PatchDomain::firstEdgeCrossed(const Vec2& from, const Vec2& to) const {
  if (contains(to)) {
    return std::nullopt;
  }
  // Clip the segment against each edge's half-plane: the exit is the smallest λ at which the
  // segment leaves a half-plane it was inside. Ties at a corner go to the edge ending there.
  std::optional<EdgeCrossing> best;
  const int n = edgeCount();
  for (int i = 0; i < n; ++i) {
    const double d0 = edgeDistance(i, from);
    const double d1 = edgeDistance(i, to);
    if (d1 >= 0.0 || d0 < d1) {
      continue;  // never leaves this half-plane going forward
    }
    const double lambda = std::clamp(d0 / (d0 - d1), 0.0, 1.0);
    const Vec2 x = from + lambda * (to - from);
    const Vec2 edge = vertex((i + 1) % n) - vertex(i);
    const double alpha = std::clamp((x - vertex(i)).dot(edge) / edge.squaredNorm(), 0.0, 1.0);
    const double tie = 1e-12;
    if (!best || lambda < best->lambda - tie ||
        (lambda <= best->lambda + tie && alpha > 1.0 - tie && best->alpha < tie &&
         (i + 1) % n == best->edge)) {
      best = EdgeCrossing{i, alpha, lambda};
    }
  }
  if (!best) {
    throw NumericalError(
        "firstEdgeCrossed: the segment leaves the domain without crossing an edge");
  }
  return best;
}

}  // namespace contactsim
