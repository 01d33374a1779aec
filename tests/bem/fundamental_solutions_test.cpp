// The fundamental solutions against independent forms: Kelvin's traction in closed form, tractions
// by finite differences of U through Hooke's law, Navier's equation μ∇²U + (λ+μ)∇∇·U = ρ s² U for
// the Laplace-domain solution, and its Kelvin singularity.
#include "bem/fundamental_solutions.hpp"

#include "contactsim/bem/boundary_mesh.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numbers>

namespace contactsim {
namespace {

using Complex = std::complex<double>;
using Mat2c = Eigen::Matrix<Complex, 2, 2>;

template <class Scalar, class Radial>
Eigen::Matrix<Scalar, 2, 2> displacementAt(const Radial& radial, const Vec2& d) {
  const Vec2 n(1.0, 0.0);  // irrelevant for U
  return kernelsFromRadial(radial(d.norm()), d, n, 1.0, 1.0).u;
}

// Traction from U by central differences: σ_kl = λ δ_kl U_im,m + μ (U_ik,l + U_il,k), T_ik = σ_kl
// n_l.
template <class Scalar, class Radial>
Eigen::Matrix<Scalar, 2, 2> tractionByDifferences(const Radial& radial, const Vec2& d,
                                                  const Vec2& n, double lambda, double mu) {
  const double h = 1e-5 * d.norm();
  std::array<Eigen::Matrix<Scalar, 2, 2>, 2> grad;  // grad[l](i, k) = ∂U_ik/∂x_l
  for (int l = 0; l < 2; ++l) {
    Vec2 step = Vec2::Zero();
    step[l] = h;
    grad[static_cast<std::size_t>(l)] =
        (displacementAt<Scalar>(radial, d + step) - displacementAt<Scalar>(radial, d - step)) /
        (2.0 * h);
  }
  Eigen::Matrix<Scalar, 2, 2> t;
  for (int i = 0; i < 2; ++i) {
    const Scalar divergence = grad[0](i, 0) + grad[1](i, 1);
    for (int k = 0; k < 2; ++k) {
      Scalar sum = lambda * divergence * n[k];
      for (int l = 0; l < 2; ++l) {
        sum += mu *
               (grad[static_cast<std::size_t>(l)](i, k) + grad[static_cast<std::size_t>(k)](i, l)) *
               n[l];
      }
      t(i, k) = sum;
    }
  }
  return t;
}

TEST(FundamentalSolutions, KelvinTractionMatchesClosedForm) {
  const ElasticMaterial m = kSteel;
  const double nu = m.poisson_ratio;
  for (const Vec2& d : {Vec2(0.3, 0.1), Vec2(-0.02, 0.05), Vec2(1.0, -2.0)}) {
    const Vec2 n = Vec2(0.6, 0.8);
    const auto k =
        kernelsFromRadial(kelvinRadial(d.norm(), m), d, n, m.lameLambda(), m.shearModulus());
    // Dominguez 1993 eq. 2.13 / Brebbia: T_ik = −1/(4π(1−ν)r) [∂r/∂n((1−2ν)δ_ik + 2 r,i r,k)
    //                                                      − (1−2ν)(r,i n_k − r,k n_i)].
    const double r = d.norm();
    const Vec2 dr = d / r;
    const double drdn = dr.dot(n);
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 2; ++j) {
        const double delta = i == j ? 1.0 : 0.0;
        const double expected = -1.0 / (4.0 * std::numbers::pi * (1.0 - nu) * r) *
                                (drdn * ((1.0 - 2.0 * nu) * delta + 2.0 * dr[i] * dr[j]) -
                                 (1.0 - 2.0 * nu) * (dr[i] * n[j] - dr[j] * n[i]));
        EXPECT_NEAR(k.t(i, j), expected, 1e-12 * std::abs(1.0 / r));
      }
    }
  }
}

TEST(FundamentalSolutions, TractionsAreHookesLawOfDisplacements) {
  const ElasticMaterial m = kSteel;
  const double lambda = m.lameLambda();
  const double mu = m.shearModulus();
  const Vec2 d(0.013, -0.007);
  const Vec2 n = Vec2(1.0, 2.0).normalized();
  const auto kelvin = [&](double r) { return kelvinRadial(r, m); };
  const auto tk = kernelsFromRadial(kelvin(d.norm()), d, n, lambda, mu).t;
  const auto tk_fd = tractionByDifferences<double>(kelvin, d, n, lambda, mu);
  EXPECT_LT((tk - tk_fd).norm(), 1e-7 * tk.norm());
  for (const Complex s : {Complex(2e5, 0.0), Complex(3e4, 9e5), Complex(1e6, -4e6)}) {
    const auto laplace = [&](double r) { return laplaceRadial(r, s, m); };
    const Mat2c t = kernelsFromRadial(laplace(d.norm()), d, n, lambda, mu).t;
    const Mat2c t_fd = tractionByDifferences<Complex>(laplace, d, n, lambda, mu);
    EXPECT_LT((t - t_fd).norm(), 1e-6 * t.norm()) << "s = " << s;
  }
}

TEST(FundamentalSolutions, LaplaceSolutionSatisfiesNavier) {
  const ElasticMaterial m = kSteel;
  const double lambda = m.lameLambda();
  const double mu = m.shearModulus();
  for (const Complex s : {Complex(1e5, 0.0), Complex(5e4, 6e5), Complex(2e6, -1e6)}) {
    const auto laplace = [&](double r) { return laplaceRadial(r, s, m); };
    // A point where |s| r / c_s ≈ 1.5, so that inertia ρ s² U is as large as the stiffness terms.
    const Vec2 x = 1.5 * m.shearWaveSpeed() / std::abs(s) * Vec2(0.8, 0.6);
    const double h = 1e-3 * x.norm();
    const auto u = [&](const Vec2& p) { return displacementAt<Complex>(laplace, p); };
    // Second derivatives by central differences; for each load direction i the field is U_i·.
    const Mat2c uxx = (u(x + Vec2(h, 0)) - 2.0 * u(x) + u(x - Vec2(h, 0))) / (h * h);
    const Mat2c uyy = (u(x + Vec2(0, h)) - 2.0 * u(x) + u(x - Vec2(0, h))) / (h * h);
    const Mat2c uxy =
        (u(x + Vec2(h, h)) - u(x + Vec2(h, -h)) - u(x + Vec2(-h, h)) + u(x + Vec2(-h, -h))) /
        (4.0 * h * h);
    const Mat2c value = u(x);
    for (int i = 0; i < 2; ++i) {
      // ∂_k (∇·U_i) for k = x, y.
      const Complex ddiv_x = uxx(i, 0) + uxy(i, 1);
      const Complex ddiv_y = uxy(i, 0) + uyy(i, 1);
      for (int k = 0; k < 2; ++k) {
        const Complex laplacian = uxx(i, k) + uyy(i, k);
        const Complex stiffness = (lambda + mu) * (k == 0 ? ddiv_x : ddiv_y);
        const Complex lhs = mu * laplacian + stiffness;
        const Complex rhs = m.density * s * s * value(i, k);
        EXPECT_LT(std::abs(lhs - rhs),
                  1e-5 * (std::abs(rhs) + mu * std::abs(laplacian) + std::abs(stiffness)))
            << "s = " << s << " i = " << i << " k = " << k;
      }
    }
  }
}

TEST(FundamentalSolutions, LaplaceSolutionHasKelvinsSingularity) {
  const ElasticMaterial m = kSteel;
  const Complex s(4e5, 2e6);
  const Vec2 direction = Vec2(0.6, -0.8);
  const Vec2 n = Vec2(0.0, 1.0);
  Eigen::Matrix<Complex, 2, 2> previous_u;
  double previous_ratio = 0.0;
  for (int k = 0; k < 4; ++k) {
    const double r = std::pow(10.0, -4.0 - 2.0 * k);
    const Vec2 d = r * direction;
    const auto dynamic =
        kernelsFromRadial(laplaceRadial(r, s, m), d, n, m.lameLambda(), m.shearModulus());
    const auto kelvin =
        kernelsFromRadial(kelvinRadial(r, m), d, n, m.lameLambda(), m.shearModulus());
    const Eigen::Matrix<Complex, 2, 2> du = dynamic.u - kelvin.u.cast<Complex>();
    const Eigen::Matrix<Complex, 2, 2> dt = dynamic.t - kelvin.t.cast<Complex>();
    // T − T_Kelvin = O(r log r) against Kelvin's 1/r: their ratio falls like r² (log r).
    const double ratio = dt.norm() / kelvin.t.norm();
    if (k > 0) {
      EXPECT_LT(ratio, 0.02 * previous_ratio) << "r = " << r;
      // U − U_Kelvin tends to a constant.
      EXPECT_LT((du - previous_u).norm(), 1e-3 * kelvin.u.norm()) << "r = " << r;
    }
    previous_ratio = ratio;
    previous_u = du;
  }
}

}  // namespace
}  // namespace contactsim
