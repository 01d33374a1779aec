// bouchard-2015 §4.2 and App. A: the contact frame and the elliptical patch of an intersection
// volume, from its gradient and second moment.
#include "collision/contact_patch.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim {
namespace {

// A unit vector orthogonal to the unit vector n.
Vec3 anyTangent(const Vec3& n) {
  const Vec3 other = std::abs(n.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
  return n.cross(other).normalized();
}

// Each ellipse axis cut to the outline's extent along it, the centre moved to the middle of what
// is left (contact_patch.hpp).
void limitToOutline(const std::vector<Vec3>& outline, ContactPatch& patch) {
  Vec3 shift = Vec3::Zero();
  for (const int axis : {1, 2}) {
    const Vec3 t = patch.frame.col(axis);
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (const Vec3& x : outline) {
      const double s = t.dot(x - patch.center);
      lo = std::min(lo, s);
      hi = std::max(hi, s);
    }
    double& radius = axis == 1 ? patch.radius_u : patch.radius_w;
    lo = std::max(lo, -radius);
    hi = std::min(hi, radius);
    if (!(hi >= lo))
      continue;  // roundoff: an outline that misses the ellipse leaves it as it is
    radius = 0.5 * (hi - lo);
    shift += 0.5 * (hi + lo) * t;
  }
  patch.center += shift;
}

// The convex hull of the outline in the patch's (u, w) about its centre, counter-clockwise.
std::vector<Eigen::Vector2d> supportHull(const std::vector<Vec3>& outline,
                                         const ContactPatch& patch) {
  std::vector<Eigen::Vector2d> points;
  points.reserve(outline.size());
  for (const Vec3& x : outline) {
    const Vec3 r = x - patch.center;
    points.emplace_back(patch.frame.col(1).dot(r), patch.frame.col(2).dot(r));
  }
  return convexHull(std::move(points));
}

}  // namespace

std::vector<Eigen::Vector2d> convexHull(std::vector<Eigen::Vector2d> points, double tolerance) {
  std::sort(points.begin(), points.end(), [](const auto& a, const auto& b) {
    return a.x() < b.x() || (a.x() == b.x() && a.y() < b.y());
  });
  if (points.size() < 3)
    return points;
  // a within tolerance of the line o → b, or right of it (o → a → b turns clockwise): not a
  // corner.
  auto drop = [&](const Eigen::Vector2d& o, const Eigen::Vector2d& a, const Eigen::Vector2d& b) {
    const Eigen::Vector2d r = a - o;
    const Eigen::Vector2d side = b - o;
    return r.x() * side.y() - r.y() * side.x() <= tolerance * side.norm();
  };
  std::vector<Eigen::Vector2d> hull(2 * points.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {  // lower chain
    while (k >= 2 && drop(hull[k - 2], hull[k - 1], points[i]))
      --k;
    hull[k++] = points[i];
  }
  for (std::size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {  // upper chain
    while (k >= lower && drop(hull[k - 2], hull[k - 1], points[i]))
      --k;
    hull[k++] = points[i];
  }
  hull.resize(k - 1);
  return hull;
}

ContactPatch contactPatch(const VolumeMoments& moments) {
  const double V = moments.volume;
  requireFinite(V, "intersection volume");
  if (!(V > 0.0)) {
    throw InvalidInputError("contact patch: the intersection volume is " + toText(V) +
                            ": bodies that do not overlap have no patch");
  }
  requireFinite(moments.centroid, "intersection volume centroid");
  requireFinite(moments.second_moment, "intersection volume second moment");
  requireFinite(moments.gradient, "intersection volume gradient");
  const Mat3 M = 0.5 * (moments.second_moment + moments.second_moment.transpose());

  // §4.1: the normal along the volume gradient, from B into A.
  Vec3 n;
  const double g = moments.gradient.norm();
  if (g > 1e-9 * std::pow(V, 2.0 / 3.0)) {
    n = -moments.gradient / g;
  } else {
    // §6.1's alternative: the thin direction of the volume.
    const Eigen::SelfAdjointEigenSolver<Mat3> eigen(M);
    n = eigen.eigenvectors().col(0).normalized();
    int largest = 0;
    n.cwiseAbs().maxCoeff(&largest);
    if (g > 0.0 ? n.dot(moments.gradient) > 0.0 : n[largest] < 0.0) {
      n = -n;
    }
  }

  // App. A: Q = 5 M / V; the shadow of the ellipsoid on the tangent plane is Tᵀ Q T.
  Eigen::Matrix<double, 3, 2> T;
  T.col(0) = anyTangent(n);
  T.col(1) = n.cross(T.col(0));
  const Eigen::Matrix2d shadow = (5.0 / V) * (T.transpose() * M * T);
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d> ellipse(shadow);
  const Vec3 u = (T * ellipse.eigenvectors().col(1)).normalized();  // major axis

  ContactPatch patch;
  patch.center = moments.centroid;
  patch.frame.col(0) = n;
  patch.frame.col(1) = u;
  patch.frame.col(2) = n.cross(u);
  patch.radius_u = std::sqrt(std::max(0.0, ellipse.eigenvalues()(1)));
  patch.radius_w = std::sqrt(std::max(0.0, ellipse.eigenvalues()(0)));
  patch.volume = V;
  patch.gradient = moments.gradient;
  if (!moments.outline.empty()) {
    limitToOutline(moments.outline, patch);
    patch.support = supportHull(moments.outline, patch);
  }
  return patch;
}

Eigen::Vector2d cuboidHalfExtents(const ContactPatch& patch) {
  // App. A eq. 20 in the plane: x = √(12 λ / V) for the second moment λ = V r² / 5 along an axis.
  return std::sqrt(3.0 / 5.0) * Eigen::Vector2d(patch.radius_u, patch.radius_w);
}

}  // namespace contactsim
