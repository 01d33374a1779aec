#include "contactsim/geometry/bezier_surface.hpp"

#include <string>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"
#include "geometry/bernstein.hpp"

namespace contactsim {

Vec3 AffinePlacement::apply(const Vec3& p) const {
  const Eigen::AngleAxisd rotation(rotation_angle, rotation_axis.normalized());
  return rotation * scale.cwiseProduct(p) + offset;
}

BezierPatch::BezierPatch(int degree_s, int degree_t, std::vector<Vec3> control_points)
    : degree_s_(degree_s), degree_t_(degree_t), points_(std::move(control_points)) {
  for (const int d : {degree_s, degree_t}) {
    if (d < 1 || d > kMaxBezierDegree) {
      throw InvalidInputError("Bezier degree must be in 1.." + toText(kMaxBezierDegree) + ", got " +
                              toText(d));
    }
  }
  const std::size_t expected = static_cast<std::size_t>((degree_s + 1) * (degree_t + 1));
  if (points_.size() != expected) {
    throw InvalidInputError("a degree (" + toText(degree_s) + ", " + toText(degree_t) +
                            ") Bezier patch needs " + toText(expected) + " control points, got " +
                            toText(points_.size()));
  }
  for (std::size_t k = 0; k < points_.size(); ++k) {
    requireFinite(points_[k], "Bezier control point " + toText(k));
  }
}

BezierPatch BezierPatch::placed(const AffinePlacement& placement) const {
  std::vector<Vec3> moved;
  moved.reserve(points_.size());
  for (const Vec3& p : points_)
    moved.push_back(placement.apply(p));
  return BezierPatch(degree_s_, degree_t_, std::move(moved));
}

namespace {

// The jet of a patch of degrees (kS, kT) to order kOrder known at compile time, or given at run
// time (< 0): the same operations in the same order either way (bitwise the same jets), unrolled
// for the full jets of bicubics.
template <int kS, int kT, int kOrder>
SurfaceJet bezierJet(const std::vector<Vec3>& points, int degree_s, int degree_t, double s,
                     double t, JetOrder order) {
  const int ds = kS >= 0 ? kS : degree_s;
  const int dt = kT >= 0 ? kT : degree_t;
  const int k = kOrder >= 0 ? kOrder : static_cast<int>(order);
  // Basis values and derivatives in each direction: b[d][i] = d-th derivative of B_i.
  double bs[4][kMaxBezierDegree + 1];
  double bt[4][kMaxBezierDegree + 1];
  evalBernstein(ds, s, bs[0], k >= 1 ? bs[1] : nullptr, k >= 2 ? bs[2] : nullptr,
                k >= 3 ? bs[3] : nullptr);
  evalBernstein(dt, t, bt[0], k >= 1 ? bt[1] : nullptr, k >= 2 ? bt[2] : nullptr,
                k >= 3 ? bt[3] : nullptr);
  SurfaceJet jet;
  jet.order = order;
  // Σ_i ∂ᵃB_i(s) (Σ_j ∂ᵇB_j(t) P_ij) for every a + b ≤ order: first contract over j per row.
  const int nt = dt + 1;
  for (int i = 0; i <= ds; ++i) {
    Vec3 row[4] = {Vec3::Zero(), Vec3::Zero(), Vec3::Zero(), Vec3::Zero()};
    for (int j = 0; j < nt; ++j) {
      const Vec3& P = points[static_cast<std::size_t>(i * nt + j)];
      for (int b = 0; b <= k; ++b)
        row[b] += bt[b][j] * P;
    }
    jet.c += bs[0][i] * row[0];
    if (k >= 1) {
      jet.c_s += bs[1][i] * row[0];
      jet.c_t += bs[0][i] * row[1];
    }
    if (k >= 2) {
      jet.c_ss += bs[2][i] * row[0];
      jet.c_st += bs[1][i] * row[1];
      jet.c_tt += bs[0][i] * row[2];
    }
    if (k >= 3) {
      jet.c_sss += bs[3][i] * row[0];
      jet.c_sst += bs[2][i] * row[1];
      jet.c_stt += bs[1][i] * row[2];
      jet.c_ttt += bs[0][i] * row[3];
    }
  }
  return jet;
}

}  // namespace

SurfaceJet BezierPatch::evaluate(double s, double t, JetOrder order) const {
  if (degree_s_ == 3 && degree_t_ == 3) {
    return order == JetOrder::kThird ? bezierJet<3, 3, 3>(points_, 3, 3, s, t, order)
                                     : bezierJet<3, 3, -1>(points_, 3, 3, s, t, order);
  }
  return bezierJet<-1, -1, -1>(points_, degree_s_, degree_t_, s, t, order);
}

BezierSurface::BezierSurface(std::vector<BezierPatch> patches)
    : patches_(std::move(patches)),
      neighbors_(4 * patches_.size()),
      domain_(PatchDomain::unitSquare()) {
  if (patches_.empty()) {
    throw InvalidInputError("a Bezier surface needs at least one patch");
  }
}

void BezierSurface::connect(int patch_a, int edge_a, int patch_b, int edge_b, bool reversed) {
  for (const auto& [p, e] : {std::pair{patch_a, edge_a}, std::pair{patch_b, edge_b}}) {
    if (p < 0 || p >= patchCount() || e < 0 || e > 3) {
      throw InvalidInputError("connect: no edge " + toText(e) + " of patch " + toText(p));
    }
  }
  neighbors_[static_cast<std::size_t>(4 * patch_a + edge_a)] =
      EdgeNeighbor{patch_b, edge_b, reversed};
  neighbors_[static_cast<std::size_t>(4 * patch_b + edge_b)] =
      EdgeNeighbor{patch_a, edge_a, reversed};
}

const PatchDomain& BezierSurface::domain(int patch) const {
  checkArguments(patch, 0.0, 0.0);
  return domain_;
}

SurfaceJet BezierSurface::evaluate(int patch, double s, double t, JetOrder order) const {
  checkArguments(patch, s, t);
  return patches_[static_cast<std::size_t>(patch)].evaluate(s, t, order);
}

std::optional<EdgeNeighbor> BezierSurface::neighbor(int patch, int edge) const {
  checkArguments(patch, 0.0, 0.0);
  if (edge < 0 || edge > 3) {
    throw InvalidInputError("a Bezier patch has edges 0..3, got " + toText(edge));
  }
  return neighbors_[static_cast<std::size_t>(4 * patch + edge)];
}

namespace {

std::vector<Vec3> gridPoints(const double z[4][4]) {
  const double coord[4] = {-1.5, -0.5, 0.5, 1.5};
  std::vector<Vec3> points;
  for (int i = 0; i < 4; ++i) {    // rows by x (s)
    for (int j = 0; j < 4; ++j) {  // columns by y (t)
      points.emplace_back(coord[i], coord[j], z[i][j]);
    }
  }
  return points;
}

}  // namespace

BezierSurface thesisRattlebackSurface() {
  // kry-2000 Appendix B, transcribed in ../shared/papers/NOTES.md.
  const double z[4][4] = {{-2, -1, -1, -2}, {-1, 0, 0, -1}, {-1, 0, 0, -1}, {-2, -1, -1, -2}};
  AffinePlacement placement;
  placement.scale = Vec3(0.6, 0.2, 0.2);
  placement.rotation_axis = Vec3::UnitZ();
  placement.rotation_angle = -0.174;
  placement.offset = Vec3(0.0, 0.0, 0.2);
  return BezierSurface({BezierPatch(3, 3, gridPoints(z)).placed(placement)});
}

BezierSurface thesisFloorSurface() {
  const double z[4][4] = {};
  return BezierSurface({BezierPatch(3, 3, gridPoints(z))});
}

}  // namespace contactsim
