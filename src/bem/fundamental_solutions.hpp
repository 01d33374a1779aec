// Fundamental solutions of 2D plane-strain elasticity (ullrich-pai §3 eq. 5; Dominguez 1993
// §2.2 (statics) and §2.3 (Laplace domain)).
//
// Both have the form U_ik = A(r) δ_ik + B(r) r,i r,k: U_ik is the displacement along k at the field
// point x due to a unit point force along i at the source ξ, r = |x − ξ|, r,i = (x − ξ)_i / r. The
// traction kernel follows from A, B and their r-derivatives by Hooke's law (derived in
// `kernelsFromRadial`, checked against the closed-form Kelvin traction and by finite differences
// in tests/bem/fundamental_solutions_test.cpp):
//   T_ik = λ (A' + B' + B/r) r,i n_k
//        + μ [A' (r,n δ_ik + r,k n_i) + 2 B' r,n r,i r,k + (B/r)(n_i r,k + 2 r,i n_k + δ_ik r,n
//             − 4 r,i r,k r,n)],   r,n = ∂r/∂n, n the outward normal at x.
#pragma once

#include <Eigen/Core>
#include <complex>

#include "contactsim/bem/elastic_material.hpp"

namespace contactsim {

template <class Scalar>
struct RadialKernel {
  Scalar a{};   ///< A(r)
  Scalar da{};  ///< A'(r)
  Scalar b{};   ///< B(r)
  Scalar db{};  ///< B'(r)
};

template <class Scalar>
struct KernelValues {
  Eigen::Matrix<Scalar, 2, 2> u;  ///< U_ik (row i: force direction, column k)
  Eigen::Matrix<Scalar, 2, 2> t;  ///< T_ik
};

/// U and T from the radial functions at offset d = x − ξ (non-zero) with outward normal n at x.
template <class Scalar>
KernelValues<Scalar> kernelsFromRadial(const RadialKernel<Scalar>& k, const Eigen::Vector2d& d,
                                       const Eigen::Vector2d& n, double lambda, double mu) {
  const double r = d.norm();
  const Eigen::Vector2d dr = d / r;
  const double drdn = dr.dot(n);
  const Scalar b_over_r = k.b / r;
  const Scalar dilatation = lambda * (k.da + k.db + b_over_r);
  KernelValues<Scalar> out;
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j) {
      const double delta = i == j ? 1.0 : 0.0;
      out.u(i, j) = k.a * delta + k.b * (dr[i] * dr[j]);
      out.t(i, j) =
          dilatation * (dr[i] * n[j]) +
          mu * (k.da * (drdn * delta + dr[j] * n[i]) + 2.0 * k.db * (drdn * dr[i] * dr[j]) +
                b_over_r * (n[i] * dr[j] + 2.0 * dr[i] * n[j] + delta * drdn -
                            4.0 * dr[i] * dr[j] * drdn));
    }
  }
  return out;
}

/// Kelvin's solution (Dominguez 1993 eq. 2.12):
/// U_ik = [−(3 − 4ν) ln r δ_ik + r,i r,k] / (8πμ(1 − ν)).
RadialKernel<double> kelvinRadial(double r, const ElasticMaterial& material);

/// The Laplace-domain solution at complex frequency s, Re s > 0 (Dominguez 1993 eqs. 2.49–2.51
/// with iω → s): U_ik = [ψ δ_ik − χ r,i r,k] / (2πμ),
///   ψ = K0(z_s) + [K1(z_s) − (c_s/c_p) K1(z_p)] / z_s,  χ = K2(z_s) − (c_s/c_p)² K2(z_p),
/// z_s = s r / c_s, z_p = s r / c_p. Its singularity at r → 0 is Kelvin's: U(s) − U_Kelvin and
/// T(s) − T_Kelvin stay bounded.
RadialKernel<std::complex<double>> laplaceRadial(double r, std::complex<double> s,
                                                 const ElasticMaterial& material);

}  // namespace contactsim
