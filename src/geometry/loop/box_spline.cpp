#include "box_spline.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include "contactsim/geometry/taylor.hpp"
#include "local_mesh.hpp"

namespace contactsim::loop {
namespace {

BoxSplineCoefficients deriveCoefficients() {
  // The regular triangular lattice (i, j), |i|, |j| ≤ 4 (and 5), with both triangle types.
  constexpr int lo = -4, hi = 5;
  std::map<std::pair<int, int>, int> index;
  std::vector<Eigen::Vector2d> lattice;
  for (int i = lo; i <= hi; ++i) {
    for (int j = lo; j <= hi; ++j) {
      index[{i, j}] = static_cast<int>(lattice.size());
      lattice.emplace_back(i, j);
    }
  }
  const int n = static_cast<int>(lattice.size());
  std::vector<Eigen::RowVectorXd> weights;
  for (int k = 0; k < n; ++k)
    weights.push_back(Eigen::RowVectorXd::Unit(n, k));
  std::vector<LocalMesh::Face> faces;
  for (int i = lo; i < hi; ++i) {
    for (int j = lo; j < hi; ++j) {
      faces.push_back({index[{i, j}], index[{i + 1, j}], index[{i, j + 1}]});
      faces.push_back({index[{i + 1, j}], index[{i + 1, j + 1}], index[{i, j + 1}]});
    }
  }
  const LocalMesh level0(std::move(weights), std::move(faces));
  const std::array<int, 12> slots =
      regularLayout(level0, index[{0, 0}], index[{1, 0}], index[{0, 1}]);
  const LocalMesh level2 = subdivide(subdivide(level0).mesh).mesh;

  // Loop reproduces linear functions on the regular lattice, so a vertex's lattice position is
  // its weight row applied to the base positions.
  Eigen::MatrixXd positions(n, 2);
  for (int k = 0; k < n; ++k)
    positions.row(k) = lattice[static_cast<std::size_t>(k)].transpose();
  Eigen::Matrix<double, 15, 15> vandermonde;
  Eigen::Matrix<double, 15, 12> values;
  for (int a = 0; a <= 4; ++a) {
    for (int b = 0; a + b <= 4; ++b) {
      const Eigen::Vector2d target(a / 4.0, b / 4.0);
      int found = -1;
      for (int v = 0; v < level2.vertexCount(); ++v) {
        if ((level2.weights(v) * positions - target.transpose()).norm() < 1e-12)
          found = v;
      }
      const Eigen::RowVectorXd limit =
          found < 0 ? Eigen::RowVectorXd() : level2.limitWeights(found);
      if (limit.size() != n) {
        throw std::logic_error("box-spline derivation: lattice too small");
      }
      const int row = monomialIndex(a, b);
      for (int i = 0; i <= 4; ++i) {
        for (int j = 0; i + j <= 4; ++j) {
          vandermonde(row, monomialIndex(i, j)) = std::pow(target.x(), i) * std::pow(target.y(), j);
        }
      }
      double inside = 0.0;
      for (int s = 0; s < 12; ++s) {
        values(row, s) = limit(slots[static_cast<std::size_t>(s)]);
        inside += values(row, s);
      }
      if (std::abs(inside - 1.0) > 1e-12) {  // only the 12 slots may influence the patch
        throw std::logic_error("box-spline derivation: support outside the 12 control vertices");
      }
    }
  }
  return vandermonde.fullPivLu().solve(values).transpose();
}

}  // namespace

const BoxSplineCoefficients& boxSplineCoefficients() {
  static const BoxSplineCoefficients coefficients = deriveCoefficients();
  return coefficients;
}

Eigen::Matrix<double, 15, 3> quarticFromControlPoints(const Eigen::Matrix<double, 12, 3>& P) {
  return boxSplineCoefficients().transpose() * P;
}

SurfaceJet evaluateQuartic(const Eigen::Matrix<double, 15, 3>& coefficients, double v, double w,
                           JetOrder order) {
  // ∂^{p+q}/∂v^p ∂w^q of the monomial vⁱ wʲ is i!/(i−p)! j!/(j−q)! v^{i−p} w^{j−q}: each
  // monomial's coefficient adds into the derivative sets r = Taylor3::index(p, q) it reaches
  // (about 60 terms to third order, instead of a 10 × 15 matrix of mostly zeros).
  const double vp[5] = {1.0, v, v * v, v * v * v, v * v * v * v};
  const double wp[5] = {1.0, w, w * w, w * w * w, w * w * w * w};
  constexpr double kFalling[5][4] = {
      {1, 0, 0, 0}, {1, 1, 0, 0}, {1, 2, 2, 0}, {1, 3, 6, 6}, {1, 4, 12, 24}};
  const int max_order = static_cast<int>(order);
  Vec3 sums[10];
  for (Vec3& sum : sums)
    sum.setZero();
  for (int i = 0; i <= 4; ++i) {
    for (int j = 0; i + j <= 4; ++j) {
      const Vec3 c = coefficients.row(monomialIndex(i, j)).transpose();
      for (int p = 0; p <= std::min(i, max_order); ++p) {
        const double vf = kFalling[i][p] * vp[i - p];
        for (int q = 0; q <= std::min(j, max_order - p); ++q) {
          sums[Taylor3::index(p, q)] += (vf * kFalling[j][q] * wp[j - q]) * c;
        }
      }
    }
  }
  SurfaceJet jet;
  jet.order = order;
  Vec3* out[10] = {&jet.c,    &jet.c_s,   &jet.c_t,   &jet.c_ss,  &jet.c_st,
                   &jet.c_tt, &jet.c_sss, &jet.c_sst, &jet.c_stt, &jet.c_ttt};
  for (int r = 0; r < 10; ++r)
    *out[r] = sums[r];  // the orders not asked for stay zero
  return jet;
}

}  // namespace contactsim::loop
