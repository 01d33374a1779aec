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
  // A bicubic's power-basis coefficients, A = M P Mᵀ with M the cubic Bernstein-to-power matrix
  // (B_j(t) = Σ_k M_kj tᵏ), for bicubicJet.
  power_.fill(Vec3::Zero());
  if (degree_s == 3 && degree_t == 3) {
    constexpr double M[4][4] = {{1, 0, 0, 0}, {-3, 3, 0, 0}, {3, -6, 3, 0}, {-1, 3, -3, 1}};
    for (int a = 0; a < 4; ++a) {
      for (int b = 0; b < 4; ++b) {
        Vec3 sum = Vec3::Zero();
        for (int i = 0; i <= a; ++i) {
          for (int j = 0; j <= b; ++j)
            sum += (M[a][i] * M[b][j]) * points_[static_cast<std::size_t>(4 * i + j)];
        }
        power_[static_cast<std::size_t>(4 * a + b)] = sum;
      }
    }
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

// The jet of a patch of any degrees to `order` from its control points (the Bernstein basis and
// its derivatives in each direction, then the tensor contraction).
SurfaceJet bezierJet(const std::vector<Vec3>& points, int ds, int dt, double s, double t,
                     JetOrder order) {
  const int k = static_cast<int>(order);
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

// Taylor coefficients at x of the cubic Σ_k p[k] xᵏ, shifted by Horner's rule (synthetic
// division): q[k] = p⁽ᵏ⁾(x)/k!, for k < kCount (each pass gives one more).
template <int kCount>
[[gnu::always_inline]] inline void taylorShift(const Vec3 (&p)[4], double x, Vec3 (&q)[4]) {
  Vec3 d[4] = {p[0], p[1], p[2], p[3]};
  for (int pass = 0; pass < kCount; ++pass) {
    for (int k = 2; k >= pass; --k)
      d[k] += x * d[k + 1];
  }
  for (int k = 0; k < 4; ++k)
    q[k] = d[k];
}

// The full jet of a bicubic from its power-basis coefficients: the polynomial's Taylor
// coefficients C_ab at (s, t), shifted in t row by row and then in s column by column (only the
// C_ab with a + b ≤ 3), and ∂ᵃ∂ᵇc = a! b! C_ab. 44 vector multiply-adds, where the Bernstein
// contraction takes 104 and two basis evaluations.
SurfaceJet bicubicJet(const std::array<Vec3, 16>& A, double s, double t) {
  // Shift in t: D[b][i] = C_ib of row i's cubic in t.
  Vec3 D[4][4];
  for (int i = 0; i < 4; ++i) {
    const Vec3 row[4] = {A[4 * i], A[4 * i + 1], A[4 * i + 2], A[4 * i + 3]};
    Vec3 q[4];
    taylorShift<3>(row, t, q);
    for (int b = 0; b < 4; ++b)
      D[b][i] = q[b];
  }
  // Shift in s, as far as each order b needs.
  Vec3 C0[4], C1[4], C2[4], C3[4];
  taylorShift<3>(D[0], s, C0);
  taylorShift<3>(D[1], s, C1);
  taylorShift<2>(D[2], s, C2);
  taylorShift<1>(D[3], s, C3);
  SurfaceJet jet;
  jet.order = JetOrder::kThird;
  jet.c = C0[0];
  jet.c_s = C0[1];
  jet.c_t = C1[0];
  jet.c_ss = 2.0 * C0[2];
  jet.c_st = C1[1];
  jet.c_tt = 2.0 * C2[0];
  jet.c_sss = 6.0 * C0[3];
  jet.c_sst = 2.0 * C1[2];
  jet.c_stt = 2.0 * C2[1];
  jet.c_ttt = 6.0 * C3[0];
  return jet;
}

}  // namespace

SurfaceJet BezierPatch::evaluate(double s, double t, JetOrder order) const {
  if (degree_s_ != 3 || degree_t_ != 3)
    return bezierJet(points_, degree_s_, degree_t_, s, t, order);
  // Bicubics: the full jet, the orders not asked for cleared (the same values at every order).
  SurfaceJet jet = bicubicJet(power_, s, t);
  jet.order = order;
  const int k = static_cast<int>(order);
  if (k < 3)
    jet.c_sss = jet.c_sst = jet.c_stt = jet.c_ttt = Vec3::Zero();
  if (k < 2)
    jet.c_ss = jet.c_st = jet.c_tt = Vec3::Zero();
  if (k < 1)
    jet.c_s = jet.c_t = Vec3::Zero();
  return jet;
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
