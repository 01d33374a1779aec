// Coulomb sliding of one point block as a trust-region problem on the friction disk
// (sliding_block.hpp).
#include "contact/point/sliding_block.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/Eigenvalues>

namespace contactsim::point_detail {

namespace {

using Vec2 = Eigen::Vector2d;
using Mat2 = Eigen::Matrix2d;

// The disk's minimiser and its multiplier: x = −(A + γI)⁻¹ c, γ = 0 inside the disk.
struct DiskPoint {
  Vec2 x;
  double gamma = 0.0;
};

// argmin ½ xᵀ A x + xᵀ c over ‖x‖ ≤ r, A = Q diag(a) Qᵀ symmetric positive definite (its
// eigen decomposition given, computed once per block), in A's eigenbasis (b = Qᵀc, result Qᵀx):
// the interior minimiser if it lies in the disk, else x(γ) on the circle, γ > 0 the root of
// ψ(γ) = 1/r − 1/‖x(γ)‖ (concave and increasing: Newton converges monotonically from the left;
// the bracket ‖b‖/(a_max + γ) ≤ ‖x(γ)‖ ≤ ‖b‖/(a_min + γ) and bisection guard it). Newton
// starts at `guess` where it lies in the bracket (the last γ of the same block), else at the
// bracket's left end.
DiskPoint diskMinimiser(const Vec2& a, const Vec2& b, double r, double guess) {
  if (!(r > 0.0))
    return {Vec2::Zero(), 0.0};
  const auto x = [&](double gamma) {
    return Vec2(-b.x() / (a.x() + gamma), -b.y() / (a.y() + gamma));
  };
  if (x(0.0).norm() <= r)
    return {x(0.0), 0.0};
  double lo = std::max(0.0, b.norm() / r - a.maxCoeff());
  double hi = std::max(lo, b.norm() / r - a.minCoeff());
  double gamma = guess > lo && guess < hi ? guess : lo;
  for (int iteration = 0; iteration < 100; ++iteration) {
    const Vec2 xg = x(gamma);
    const double norm = xg.norm();
    if (std::abs(norm - r) <= 4e-16 * r)
      break;  // on the circle to round-off
    (norm > r ? lo : hi) = gamma;
    // dψ/dγ = (d‖x‖/dγ) / ‖x‖², d‖x‖/dγ = −Σ x_i² / (a_i + γ) / ‖x‖.
    const double d_norm =
        -(xg.x() * xg.x() / (a.x() + gamma) + xg.y() * xg.y() / (a.y() + gamma)) / norm;
    const double next = gamma - (1.0 / r - 1.0 / norm) * norm * norm / d_norm;
    if (std::abs(next - gamma) <= 1e-15 * std::max(gamma, 1e-300))
      break;  // settled (at the root the bracket's end may be γ itself: checked first)
    gamma = next > lo && next < hi ? next : 0.5 * (lo + hi);
  }
  const Vec2 on_circle = x(gamma);
  return {r / on_circle.norm() * on_circle, gamma};
}

}  // namespace

std::optional<Vec3> slidingImpulse(const Mat3& W, const Vec3& free, double target, double mu) {
  const Mat2 W_tt = W.bottomRightCorner<2, 2>();
  const double rhs = target - free.x();
  if (!(rhs > 0.0))
    return std::nullopt;  // separating: no push (the caller's branch)
  // Phase 1: the tangential block's eigenbasis; the tangential rows and columns in it.
  const Eigen::SelfAdjointEigenSolver<Mat2> eigen(W_tt);
  const Mat2 Q = eigen.eigenvectors();
  const Vec2 a = eigen.eigenvalues();
  const Vec2 w_tn = Q.transpose() * W.bottomLeftCorner<2, 1>();
  const Vec2 w_nt = Q.transpose() * W.topRightCorner<1, 2>().transpose();
  const Vec2 f_t = Q.transpose() * free.tail<2>();
  // Phase 2: the normal row's residual g(λ_n) = W_nn λ_n + W_ntᵀ λ_t(λ_n) − rhs, λ_t(λ_n) the
  // disk's minimiser, and its derivative: inside the disk λ_t' = −A⁻¹W_tn; on the circle
  // (A + γI) λ_t' + γ' λ_t = −W_tn with λ_tᵀλ_t' = μ² λ_n (the radius μ λ_n), so with
  // M = A + γI: γ' = −(μ² λ_n + λ_tᵀM⁻¹W_tn) / (λ_tᵀM⁻¹λ_t), λ_t' = −M⁻¹(W_tn + γ' λ_t).
  double gamma = 0.0;
  const auto evaluate = [&](double n, Vec2& t, double& slope) {
    const DiskPoint p = diskMinimiser(a, f_t + w_tn * n, mu * n, gamma);
    gamma = p.gamma;
    t = p.x;
    const Vec2 m_inverse(1.0 / (a.x() + gamma), 1.0 / (a.y() + gamma));
    Vec2 dt = -m_inverse.cwiseProduct(w_tn);
    if (gamma > 0.0) {
      const Vec2 m_t = m_inverse.cwiseProduct(t);
      const double d_gamma = -(mu * mu * n + m_t.dot(w_tn)) / m_t.dot(t);
      dt -= d_gamma * m_t;
    }
    slope = W(0, 0) + w_nt.dot(dt);
    return W(0, 0) * n + w_nt.dot(t) - rhs;
  };
  // Phase 3: Newton on λ_n from the frictionless answer, kept in the bracket of g's sign
  // changes (g(0) = −rhs < 0, and g grows like the block's Schur complement for large λ_n):
  // outside it, bisection, or doubling while no positive g is known.
  double lo = 0.0, hi = std::numeric_limits<double>::infinity();
  double n = rhs / W(0, 0), best_n = 0.0, best_g = rhs;
  Vec2 t, best_t = Vec2::Zero();
  for (int iteration = 0; iteration < 200; ++iteration) {
    double slope = 0.0;
    const double g = evaluate(n, t, slope);
    if (std::abs(g) < best_g) {
      best_n = n;
      best_g = std::abs(g);
      best_t = t;
    }
    if (std::abs(g) <= 1e-14 * rhs)  // the normal row holds to round-off
      break;
    (g < 0.0 ? lo : hi) = n;
    if (std::isfinite(hi) && hi - lo <= 1e-15 * hi)
      break;
    double next = n - g / slope;
    if (!(next > lo && next < hi))
      next = std::isfinite(hi) ? 0.5 * (lo + hi) : 2.0 * std::max(n, lo);
    n = next;
  }
  if (!std::isfinite(hi) && best_g > 1e-14 * rhs)
    return std::nullopt;  // no sign change found: the caller keeps its own answer
  const Vec2 t_world = Q * best_t;
  return Vec3(best_n, t_world.x(), t_world.y());
}

}  // namespace contactsim::point_detail
