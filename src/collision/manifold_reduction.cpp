// Manifold reduction: welding near-coincident points, then the four-point largest-area choice.
#include "collision/manifold_reduction.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "contactsim/error.hpp"

namespace contactsim {

namespace {

// Welds clusters greedily in input order: each point joins the first kept point within reach.
std::vector<ContactPoint> weld(const std::vector<ContactPoint>& points, double distance) {
  struct Cluster {
    Vec3 sum;
    int count;
    ContactPoint best;
  };
  std::vector<Cluster> clusters;
  for (const ContactPoint& p : points) {
    bool joined = false;
    for (Cluster& c : clusters) {
      if ((c.sum / c.count - p.point).norm() <= distance) {
        c.sum += p.point;
        ++c.count;
        c.best.separation = std::min(c.best.separation, p.separation);
        c.best.feature = std::min(c.best.feature, p.feature);
        joined = true;
        break;
      }
    }
    if (!joined)
      clusters.push_back({p.point, 1, p});
  }
  std::vector<ContactPoint> result;
  result.reserve(clusters.size());
  for (const Cluster& c : clusters) {
    ContactPoint p = c.best;
    p.point = c.sum / c.count;
    result.push_back(p);
  }
  return result;
}

}  // namespace

std::vector<ContactPoint> reduceManifold(std::vector<ContactPoint> points, std::size_t max_points,
                                         double weld_distance) {
  if (!(weld_distance >= 0.0) || !std::isfinite(weld_distance)) {
    throw InvalidInputError("manifold reduction: weld distance must be finite and ≥ 0, got " +
                            toText(weld_distance));
  }
  if (max_points == 0)
    throw InvalidInputError("manifold reduction: max_points must be ≥ 1");
  if (weld_distance > 0.0 && points.size() > 1)
    points = weld(points, weld_distance);
  if (points.size() <= max_points)
    return points;

  const Vec3 normal = points.front().normal;
  std::vector<std::size_t> kept;
  auto argmax = [&](auto score) {
    std::size_t best = 0;
    double best_score = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < points.size(); ++i) {
      if (std::find(kept.begin(), kept.end(), i) != kept.end())
        continue;
      const double s = score(points[i]);
      if (s > best_score) {
        best_score = s;
        best = i;
      }
    }
    return best;
  };
  kept.push_back(argmax([](const ContactPoint& p) { return -p.separation; }));
  const Vec3 a = points[kept[0]].point;
  if (max_points >= 2) {
    kept.push_back(argmax([&](const ContactPoint& p) { return (p.point - a).squaredNorm(); }));
  }
  const Vec3 b = kept.size() > 1 ? points[kept[1]].point : a;
  auto signedArea = [&](const ContactPoint& p) { return (b - a).cross(p.point - a).dot(normal); };
  if (max_points >= 3)
    kept.push_back(argmax(signedArea));
  if (max_points >= 4) {
    kept.push_back(argmax([&](const ContactPoint& p) { return -signedArea(p); }));
  }
  while (kept.size() < max_points) {  // beyond four: farthest from everything kept
    kept.push_back(argmax([&](const ContactPoint& p) {
      double nearest = std::numeric_limits<double>::infinity();
      for (std::size_t k : kept)
        nearest = std::min(nearest, (p.point - points[k].point).norm());
      return nearest;
    }));
  }
  std::sort(kept.begin(), kept.end());
  std::vector<ContactPoint> result;
  result.reserve(kept.size());
  for (std::size_t k : kept)
    result.push_back(points[k]);
  return result;
}

}  // namespace contactsim
