// Closest points of a smooth surface and a convex obstacle (smooth_convex_proximity.hpp).
#include "collision/smooth_convex_proximity.hpp"

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <limits>

#include "contactsim/geometry/analytic_surfaces.hpp"
#include "geometry/differential.hpp"

namespace contactsim {

namespace {

// Distance to the segment [a, b] and its derivatives: the line's (I − uuᵀ − t tᵀ)/φ inside the
// segment, the end point's (I − uuᵀ)/φ beyond it.
ObstacleDistance segmentDistance(const Vec3& x, const Vec3& a, const Vec3& b) {
  const Vec3 edge = b - a;
  const double length2 = edge.squaredNorm();
  const double alpha = std::clamp((x - a).dot(edge) / length2, 0.0, 1.0);
  ObstacleDistance d;
  d.nearest = a + alpha * edge;
  const Vec3 r = x - d.nearest;
  d.value = r.norm();
  if (d.value <= 0.0) {
    d.gradient = Vec3::Zero();
    return d;
  }
  d.gradient = r / d.value;
  d.hessian = Mat3::Identity() - d.gradient * d.gradient.transpose();
  if (alpha > 0.0 && alpha < 1.0) {
    const Vec3 t = edge / std::sqrt(length2);
    d.hessian -= t * t.transpose();
  }
  d.hessian /= d.value;
  return d;
}

// Whether the projection y of a point onto face f's plane lies inside the face polygon.
bool insideFace(const ConvexPolyhedron& p, int f, const Vec3& y) {
  const auto face = p.face(f);
  const Vec3& n = p.faceNormal(f);
  for (std::size_t k = 0; k < face.size(); ++k) {
    const Vec3& a = p.vertices()[static_cast<std::size_t>(face[k])];
    const Vec3& b = p.vertices()[static_cast<std::size_t>(face[(k + 1) % face.size()])];
    if ((b - a).cross(y - a).dot(n) < 0.0)
      return false;
  }
  return true;
}

// φ of a convex polyhedron: inside, the nearest face plane (max of n_f·x − d_f); outside, the
// nearest of the faces whose plane projection falls inside them and of all edges.
ObstacleDistance polyhedronDistance(const ConvexPolyhedron& p, const Vec3& x) {
  ObstacleDistance best;
  int deepest = 0;
  double plane = -std::numeric_limits<double>::infinity();
  for (int f = 0; f < p.faceCount(); ++f) {
    const double value = p.faceNormal(f).dot(x) - p.faceOffset(f);
    if (value > plane) {
      plane = value;
      deepest = f;
    }
  }
  if (plane <= 0.0) {
    best.value = plane;
    best.gradient = p.faceNormal(deepest);
    best.nearest = x - plane * best.gradient;
    return best;
  }
  best.value = std::numeric_limits<double>::infinity();
  for (int f = 0; f < p.faceCount(); ++f) {
    const double value = p.faceNormal(f).dot(x) - p.faceOffset(f);
    const Vec3 y = x - value * p.faceNormal(f);
    if (value > 0.0 && value < best.value && insideFace(p, f, y)) {
      best = {value, p.faceNormal(f), Mat3::Zero(), y};
    }
  }
  for (const ConvexPolyhedron::Edge& e : p.edges()) {
    const ObstacleDistance d = segmentDistance(x, p.vertices()[static_cast<std::size_t>(e.v0)],
                                               p.vertices()[static_cast<std::size_t>(e.v1)]);
    if (d.value < best.value)
      best = d;
  }
  return best;
}

// The smooth surface's parameter point whose vertex lies deepest in the obstacle's face planes
// (a lower bound of φ outside, exact inside): the start of Newton without a warm start.
SurfacePoint deepestVertex(const ProximityShape& smooth, const Frame& E_o_s,
                           const ConvexObstacle& obstacle) {
  const TessellatedSurface& mesh = smooth.tessellation();
  std::size_t best = 0;
  double lowest = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
    const Vec3 x = E_o_s * mesh.positions[i];
    const double value = obstacle.polyhedron ? obstacle.polyhedron->planeDistance(x)
                                             : obstacle.normal.dot(x) - obstacle.offset;
    if (value < lowest) {
      lowest = value;
      best = i;
    }
  }
  return mesh.origins[best];
}

// A Newton step for min φ(c(s, t)) with gradient g and Hessian H: H is shifted to be positive
// definite (Levenberg) where the surface curves away faster than the obstacle's distance does.
Vec2 descentStep(const Eigen::Matrix2d& H, const Vec2& g) {
  // The eigenvalues of the symmetric 2 × 2 matrix in closed form.
  const double mean = 0.5 * (H(0, 0) + H(1, 1));
  const double radius = std::hypot(0.5 * (H(0, 0) - H(1, 1)), H(0, 1));
  const double smallest = mean - radius;
  const double floor = 1e-12 * std::max(1.0, std::abs(mean + radius));
  const double shift = smallest < floor ? floor - smallest : 0.0;
  return (H + shift * Eigen::Matrix2d::Identity()).ldlt().solve(-g);
}

}  // namespace

// An exact sphere: φ at its centre (exact outside the obstacle, the nearest face plane inside)
// less the radius, along ∇φ; the parameter point of the sphere's own chart in that direction.
SmoothConvexPoints sphereToObstacle(const SphereForm& sphere, const Frame& E_w_s,
                                    const ConvexObstacle& obstacle, const Frame& E_w_o) {
  const Vec3 centre = E_w_s * sphere.center;
  const ObstacleDistance d = signedDistance(obstacle, E_w_o.inverse() * centre);
  SmoothConvexPoints out;
  out.normal = E_w_o.linear() * d.gradient;
  out.distance = d.value - sphere.radius;
  out.smooth_point = centre - sphere.radius * out.normal;
  out.obstacle_point = E_w_o * d.nearest;
  const SurfacePoint at = sphereChartPoint(-(E_w_s.linear().transpose() * out.normal));
  out.patch = at.patch;
  out.st = at.st;
  out.converged = true;
  out.sphere = true;
  return out;
}

ObstacleDistance signedDistance(const ConvexObstacle& obstacle, const Vec3& x) {
  if (obstacle.polyhedron)
    return polyhedronDistance(*obstacle.polyhedron, x);
  ObstacleDistance d;
  d.value = obstacle.normal.dot(x) - obstacle.offset;
  d.gradient = obstacle.normal;
  d.nearest = x - d.value * obstacle.normal;
  return d;
}

SmoothConvexPoints closestToObstacle(const ProximityShape& smooth, const Frame& E_w_s,
                                     const ConvexObstacle& obstacle, const Frame& E_w_o,
                                     const std::optional<SurfacePoint>& warm) {
  if (const auto* chart = dynamic_cast<const ChartSurface*>(&smooth.surface());
      chart && chart->sphereForm()) {
    return sphereToObstacle(*chart->sphereForm(), E_w_s, obstacle, E_w_o);
  }
  return newtonToObstacle(smooth, E_w_s, obstacle, E_w_o, warm);
}

SmoothConvexPoints newtonToObstacle(const ProximityShape& smooth, const Frame& E_w_s,
                                    const ConvexObstacle& obstacle, const Frame& E_w_o,
                                    const std::optional<SurfacePoint>& warm) {
  // Newton in the obstacle's frame on F(s, t) = φ(c(s, t)): g_i = ∇φ·c_i and
  // H_ij = c_iᵀ ∇²φ c_j + ∇φ·c_ij, damped to a tenth of a patch per iteration.
  const Surface& surface = smooth.surface();
  const Frame E_o_s = E_w_o.inverse() * E_w_s;
  const Mat3 R = E_o_s.linear();
  const SurfacePoint start = warm ? *warm : deepestVertex(smooth, E_o_s, obstacle);
  int patch = start.patch;
  Vec2 st = start.st;
  SmoothConvexPoints out;
  for (int iteration = 0; iteration < 60 && !out.converged; ++iteration) {
    const SurfaceJet j = surface.evaluate(patch, st.x(), st.y(), JetOrder::kSecond);
    const Vec3 c = E_o_s * j.c, cs = R * j.c_s, ct = R * j.c_t;
    const ObstacleDistance d = signedDistance(obstacle, c);
    const Vec2 g(d.gradient.dot(cs), d.gradient.dot(ct));
    Eigen::Matrix2d H;
    H << cs.dot(d.hessian * cs) + d.gradient.dot(R * j.c_ss),
        cs.dot(d.hessian * ct) + d.gradient.dot(R * j.c_st),
        ct.dot(d.hessian * cs) + d.gradient.dot(R * j.c_st),
        ct.dot(d.hessian * ct) + d.gradient.dot(R * j.c_tt);
    Vec2 step = descentStep(H, g);
    out.iterations = iteration + 1;
    if (!step.allFinite())
      break;
    if (step.norm() > 0.1)
      step *= 0.1 / step.norm();
    const Vec2 previous = st;
    const int previous_patch = patch;
    st += step;
    stayOnSurface(surface, patch, st, previous);
    out.converged = step.norm() < 1e-13;
    if (patch == previous_patch && (st - previous).norm() < 1e-14)
      break;  // held on an open edge of the surface: the minimum lies on it
  }
  // The answer at the last iterate, in world coordinates.
  const SurfaceJet j = surface.evaluate(patch, st.x(), st.y(), JetOrder::kFirst);
  const Vec3 c = E_o_s * j.c, cs = R * j.c_s, ct = R * j.c_t;
  const ObstacleDistance d = signedDistance(obstacle, c);
  const double size = std::max({cs.norm(), ct.norm(), 1e-300});
  out.residual = Vec2(d.gradient.dot(cs), d.gradient.dot(ct)).norm() / size;
  out.converged = out.converged || out.residual < 1e-12;
  out.patch = patch;
  out.st = st;
  out.smooth_point = E_w_o * c;
  out.obstacle_point = E_w_o * d.nearest;
  out.normal = -(E_w_s.linear() * unitNormal(j));
  out.distance = d.value;
  return out;
}

namespace {

// The point of the surface nearest to x: Newton on ½‖c(s, t) − x‖² with the Hessian shifted to be
// positive definite (descentStep), so that it goes downhill to a minimum — plain Newton also
// converges to the farthest point, a stationary point as well — damped to a tenth of a patch.
void projectDownhill(const Surface& surface, const Vec3& x, SurfacePoint& at) {
  for (int iteration = 0; iteration < 60; ++iteration) {
    const SurfaceJet j = surface.evaluate(at.patch, at.st.x(), at.st.y(), JetOrder::kSecond);
    const Vec3 e = j.c - x;
    const Vec2 g(j.c_s.dot(e), j.c_t.dot(e));
    Eigen::Matrix2d H;
    H << j.c_s.dot(j.c_s) + e.dot(j.c_ss), j.c_s.dot(j.c_t) + e.dot(j.c_st),
        j.c_s.dot(j.c_t) + e.dot(j.c_st), j.c_t.dot(j.c_t) + e.dot(j.c_tt);
    Vec2 step = descentStep(H, g);
    if (!step.allFinite())
      return;
    if (step.norm() > 0.1)
      step *= 0.1 / step.norm();
    const Vec2 previous = at.st;
    const int patch = at.patch;
    at.st += step;
    stayOnSurface(surface, at.patch, at.st, previous);
    // Converged, or held on an open edge of the surface (the nearest point lies on it).
    if (step.norm() < 1e-14 || (at.patch == patch && (at.st - previous).norm() < 1e-14))
      return;
  }
}

}  // namespace

SurfaceDistance surfaceDistance(const Surface& surface, const Vec3& x, SurfacePoint& at) {
  projectDownhill(surface, x, at);
  const SurfaceJet j = surface.evaluate(at.patch, at.st.x(), at.st.y(), JetOrder::kFirst);
  SurfaceDistance d;
  d.on_surface = j.c;
  d.outward = unitNormal(j);
  d.value = (x - j.c).dot(d.outward);
  return d;
}

SegmentDepth deepestOnSegment(const ProximityShape& smooth, const Frame& E_w_s, const Vec3& a,
                              const Vec3& b, SurfacePoint& at, double reach) {
  // σ(α) and its slope σ'(α) = (b − a)·n(α): the gradient of a distance is the outward normal at
  // the projection (the envelope theorem on x ↦ (x − c)·n(c), c the closest point).
  const Surface& surface = smooth.surface();
  const Frame E_s_w = E_w_s.inverse();
  const Vec3 la = E_s_w * a, lb = E_s_w * b;
  const Vec3 along = lb - la;
  const auto sample = [&](double alpha, double& slope) {
    const SurfaceDistance d = surfaceDistance(surface, la + alpha * along, at);
    slope = along.dot(d.outward);
    return d.value;
  };
  // Phase 1: σ is 1-Lipschitz (a distance), so three samples bound its minimum from below: a
  // segment farther than `reach` from the surface is answered by its nearest sample.
  SegmentDepth out;
  double slope_lo = 0.0, slope_mid = 0.0, slope_hi = 0.0;
  const double ends[3] = {sample(0.0, slope_lo), sample(0.5, slope_mid), sample(1.0, slope_hi)};
  const double sampled = std::min({ends[0], ends[1], ends[2]});
  if (sampled - 0.25 * along.norm() > reach) {
    out.alpha = sampled == ends[0] ? 0.0 : sampled == ends[1] ? 0.5 : 1.0;
    out.points.distance = sampled;
    return out;
  }
  // Phase 2: the minimum at an end where σ rises from it (σ is convex along a line for a convex
  // body); else a root of σ' with σ' < 0 on its left and > 0 on its right — a local minimum — by
  // regula falsi (Illinois) in the bracket, from the midpoint's side: a few samples where the
  // golden-section search took forty.
  if (slope_lo >= 0.0) {
    out.alpha = 0.0;
  } else if (slope_hi <= 0.0) {
    out.alpha = 1.0;
  } else {
    double lo = 0.0, hi = 1.0;
    (slope_mid < 0.0 ? lo : hi) = 0.5;
    (slope_mid < 0.0 ? slope_lo : slope_hi) = slope_mid;
    int side = 0;
    double alpha = 0.5;
    for (int iteration = 0; iteration < 100 && hi - lo > 1e-12; ++iteration) {
      alpha = (lo * slope_hi - hi * slope_lo) / (slope_hi - slope_lo);
      double slope = 0.0;
      sample(alpha, slope);
      if (std::abs(slope) <= 1e-14 * along.norm())
        break;
      if (slope < 0.0) {
        lo = alpha;
        slope_lo = slope;
        slope_hi *= side == -1 ? 0.5 : 1.0;
        side = -1;
      } else {
        hi = alpha;
        slope_hi = slope;
        slope_lo *= side == 1 ? 0.5 : 1.0;
        side = 1;
      }
    }
    out.alpha = alpha;
  }
  // Phase 3: the answer at α.
  const Vec3 x = la + out.alpha * along;
  const SurfaceDistance d = surfaceDistance(surface, x, at);
  out.points.patch = at.patch;
  out.points.st = at.st;
  out.points.smooth_point = E_w_s * d.on_surface;
  out.points.obstacle_point = E_w_s * x;
  out.points.normal = -(E_w_s.linear() * d.outward);
  out.points.distance = d.value;
  out.points.converged = true;
  return out;
}

}  // namespace contactsim
