// Coulomb sliding of one point block as a trust-region problem on the friction disk
// (sliding_block.hpp).
#include "contact/point/sliding_block.hpp"

#include <algorithm>
#include <cmath>

#include <Eigen/Eigenvalues>

namespace contactsim::point_detail {

namespace {

using Vec2 = Eigen::Vector2d;
using Mat2 = Eigen::Matrix2d;

// argmin ½ xᵀ A x + xᵀ c over ‖x‖ ≤ r, A = Q diag(a) Qᵀ symmetric positive definite (its
// eigen decomposition given, computed once per block): the interior minimiser if it lies in the
// disk, else x(γ) = −(A + γI)⁻¹ c on the circle, γ > 0 the root of ψ(γ) = 1/r − 1/‖x(γ)‖
// (concave and increasing: Newton from the left converges monotonically; bisection guards it).
Vec2 diskMinimiser(const Mat2& Q, const Vec2& a, const Vec2& c, double r) {
  if (!(r > 0.0))
    return Vec2::Zero();
  const Vec2 b = Q.transpose() * c;
  const auto x = [&](double gamma) {
    return Vec2(-b.x() / (a.x() + gamma), -b.y() / (a.y() + gamma));
  };
  if (x(0.0).norm() <= r)
    return Q * x(0.0);
  // ‖b‖/(a_max + γ) ≤ ‖x(γ)‖ ≤ ‖b‖/(a_min + γ) brackets the root: Newton starts at its left end.
  const double lo_bound = std::max(0.0, b.norm() / r - a.maxCoeff());
  double gamma = lo_bound, lo = lo_bound, hi = std::max(lo_bound, b.norm() / r - a.minCoeff());
  for (int iteration = 0; iteration < 100; ++iteration) {
    const Vec2 xg = x(gamma);
    const double norm = xg.norm();
    (norm > r ? lo : hi) = gamma;
    // dψ/dγ = (d‖x‖/dγ) / ‖x‖², d‖x‖/dγ = −Σ x_i² / (a_i + γ) / ‖x‖.
    const double d_norm =
        -(xg.x() * xg.x() / (a.x() + gamma) + xg.y() * xg.y() / (a.y() + gamma)) / norm;
    double next = gamma - (1.0 / r - 1.0 / norm) * norm * norm / d_norm;
    if (!(next > lo && next < hi))
      next = 0.5 * (lo + hi);
    const bool settled = std::abs(next - gamma) <= 1e-15 * std::max(gamma, 1e-300);
    gamma = next;
    if (settled)
      break;
  }
  const Vec2 on_circle = x(gamma);
  return Q * (r / on_circle.norm() * on_circle);
}

}  // namespace

std::optional<Vec3> slidingImpulse(const Mat3& W, const Vec3& free, double target, double mu) {
  const Mat2 W_tt = W.bottomRightCorner<2, 2>();
  const Vec2 W_tn = W.bottomLeftCorner<2, 1>();
  const Vec2 W_nt = W.topRightCorner<1, 2>().transpose();
  const double rhs = target - free.x();
  if (!(rhs > 0.0))
    return std::nullopt;  // separating: no push (the caller's branch)
  // The normal row's residual g(λ_n) = W_nn λ_n + W_ntᵀ λ_t(λ_n) − rhs with λ_t(λ_n) the disk's
  // minimiser: continuous, −rhs < 0 at 0 and growing like the block's Schur complement (> 0)
  // for large λ_n. A root is bracketed by doubling, then found by regula falsi (Illinois).
  const Eigen::SelfAdjointEigenSolver<Mat2> eigen(W_tt);
  const Mat2 Q = eigen.eigenvectors();
  const Vec2 a = eigen.eigenvalues();
  const auto tangential = [&](double n) {
    return diskMinimiser(Q, a, free.tail<2>() + W_tn * n, mu * n);
  };
  const auto residual = [&](double n) { return W(0, 0) * n + W_nt.dot(tangential(n)) - rhs; };
  double lo = 0.0, g_lo = -rhs, hi = rhs / W(0, 0), g_hi = residual(hi);
  for (int doubling = 0; g_hi < 0.0; ++doubling) {
    if (doubling == 200)
      return std::nullopt;
    lo = hi;
    g_lo = g_hi;
    hi *= 2.0;
    g_hi = residual(hi);
  }
  int side = 0;
  for (int iteration = 0; iteration < 200 && hi - lo > 1e-15 * hi; ++iteration) {
    const double n = (lo * g_hi - hi * g_lo) / (g_hi - g_lo);
    const double g = residual(n);
    if (std::abs(g) <= 1e-14 * rhs) {  // the normal row holds to round-off
      lo = hi = n;
      break;
    }
    if (g < 0.0) {
      lo = n;
      g_lo = g;
      g_hi *= side == -1 ? 0.5 : 1.0;  // Illinois: halve the end that stays
      side = -1;
    } else {
      hi = n;
      g_hi = g;
      g_lo *= side == 1 ? 0.5 : 1.0;
      side = 1;
    }
  }
  const double n = std::abs(g_lo) < std::abs(g_hi) ? lo : hi;
  const Vec2 t = tangential(n);
  return Vec3(n, t.x(), t.y());
}

}  // namespace contactsim::point_detail
