#include "contact/smooth/contact_kinematics.hpp"

#include <cmath>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

// A scalar to first order in (s, t): its value and its partial derivatives ∂/∂s, ∂/∂t. Products,
// quotients and square roots follow the product and chain rules, so they are exact to first order:
// all H, H_s and H_t need from eq. 51's entries.
struct Linear {
  double v = 0.0, s = 0.0, t = 0.0;
};
[[gnu::always_inline]] inline Linear operator*(const Linear& x, const Linear& y) {
  return {x.v * y.v, x.v * y.s + x.s * y.v, x.v * y.t + x.t * y.v};
}
[[gnu::always_inline]] inline Linear operator-(const Linear& x, const Linear& y) {
  return {x.v - y.v, x.s - y.s, x.t - y.t};
}
[[gnu::always_inline]] inline Linear operator-(const Linear& x) {
  return {-x.v, -x.s, -x.t};
}
// 1/x and 1/√x with the chain rule.
[[gnu::always_inline]] inline Linear reciprocal(const Linear& x) {
  const double r = 1.0 / x.v, d = -r * r;
  return {r, d * x.s, d * x.t};
}
[[gnu::always_inline]] inline Linear inverseSqrt(const Linear& x) {
  const double r = 1.0 / std::sqrt(x.v), d = -0.5 * r / x.v;
  return {r, d * x.s, d * x.t};
}

// A vector field to first order in (s, t): its value and partial derivatives.
struct LinearVector {
  Vec3 v, s, t;
};
[[gnu::always_inline]] inline Linear dot(const LinearVector& a, const LinearVector& b) {
  return {a.v.dot(b.v), a.s.dot(b.v) + a.v.dot(b.s), a.t.dot(b.v) + a.v.dot(b.t)};
}
[[gnu::always_inline]] inline LinearVector cross(const LinearVector& a, const LinearVector& b) {
  return {a.v.cross(b.v), a.s.cross(b.v) + a.v.cross(b.s), a.t.cross(b.v) + a.v.cross(b.t)};
}

bool isFlat(const SurfaceJet& jet) {
  for (const Vec3* d :
       {&jet.c_ss, &jet.c_st, &jet.c_tt, &jet.c_sss, &jet.c_sst, &jet.c_stt, &jet.c_ttt}) {
    if (!d->isZero(0.0))
      return false;
  }
  return true;
}

}  // namespace

ContactFrameJet contactFrameJet(const SurfaceJet& jet) {
  // Regularity (eq. 5 needs c_s ≠ 0 and c_s × c_t ≠ 0).
  const Vec3 n0 = jet.c_s.cross(jet.c_t);
  const double g11_0 = jet.c_s.squaredNorm(), nn_0 = n0.squaredNorm();
  if (!(g11_0 > 0.0) || !(nn_0 > 1e-28 * g11_0 * jet.c_t.squaredNorm())) {
    throw NumericalError("contact frame: the surface is not regular here (c_s x c_t = 0)");
  }
  // The frame of eq. 5: x = c_s/|c_s|, z = n/|n|, y = z × x.
  ContactFrameJet frame;
  frame.H.setZero();
  frame.H_s.setZero();
  frame.H_t.setZero();
  const double inv_l0 = 1.0 / std::sqrt(g11_0), inv_n0 = 1.0 / std::sqrt(nn_0);
  const Vec3 x = jet.c_s * inv_l0, z = n0 * inv_n0;
  Mat3 R;
  R << x, z.cross(x), z;
  frame.E = makeFrame(R, jet.c);
  // A flat, affinely parameterised patch (a plane; all second and third derivatives zero): the
  // frame is constant and H = (0, 0, 0, |c_s|, 0 | 0, 0, 0, a, b) with c_t = a x + b y (eq. 49).
  if (isFlat(jet)) {
    frame.H(3, 0) = g11_0 * inv_l0;
    frame.H(3, 1) = jet.c_s.dot(jet.c_t) * inv_l0;
    frame.H(4, 1) = nn_0 * inv_n0 * inv_l0;
    return frame;
  }
  // The jet's first and second derivatives to first order in (s, t) (third derivatives give their
  // slopes): all the frame's first derivatives need, exactly, and so H and H_s, H_t.
  const LinearVector cs{jet.c_s, jet.c_ss, jet.c_st}, ct{jet.c_t, jet.c_st, jet.c_tt};
  const LinearVector css{jet.c_ss, jet.c_sss, jet.c_sst}, cst{jet.c_st, jet.c_sst, jet.c_stt},
      ctt{jet.c_tt, jet.c_stt, jet.c_ttt};
  const LinearVector n = cross(cs, ct);
  // |c_s|, and c_t = a x + b y with a = x·c_t, b = y·c_t = |n|/|c_s| (eq. 49).
  const Linear inv_l = inverseSqrt(dot(cs, cs)), inv_n = inverseSqrt(dot(n, n));
  const Linear l = dot(cs, cs) * inv_l;
  const Linear a = dot(cs, ct) * inv_l, b = dot(n, n) * inv_n * inv_l;
  const Linear inv_b = reciprocal(b);
  // The frame's derivatives in closed form (differentiating x = c_s/|c_s|, z·c_s = 0 and
  // z·c_t = 0): z·x_s = z·c_ss/|c_s|, z·x_t = z·c_st/|c_s|, y·x_s = y·c_ss/|c_s|, y·x_t =
  // y·c_st/|c_s|, y·z_s = (a z·c_ss/|c_s| − z·c_st)/b, y·z_t = (a z·c_st/|c_s| − z·c_tt)/b, with
  // y·w = (c_t·w − a x·w)/b.
  const Linear e = dot(n, css) * inv_n, f = dot(n, cst) * inv_n, g = dot(n, ctt) * inv_n;
  const Linear y_css = (dot(ct, css) - a * dot(cs, css) * inv_l) * inv_b;
  const Linear y_cst = (dot(ct, cst) - a * dot(cs, cst) * inv_l) * inv_b;
  // kry-pai-2002 eq. 51: ω from eq. 47, v = Θᵀ c_s, Θᵀ c_t (eqs. 48–49).
  const Linear entries[2][5] = {
      {(f - a * e * inv_l) * inv_b, -(e * inv_l), y_css * inv_l, l, Linear{}},
      {(g - a * f * inv_l) * inv_b, -(f * inv_l), y_cst * inv_l, a, b}};
  for (int col = 0; col < 2; ++col) {
    for (int row = 0; row < 5; ++row) {
      frame.H(row, col) = entries[col][row].v;
      frame.H_s(row, col) = entries[col][row].s;
      frame.H_t(row, col) = entries[col][row].t;
    }
  }
  return frame;
}

namespace {

// R_ψ from c = cos ψ, s = sin ψ (kry-pai-2002 eq. 7).
Mat3 contactRotation(double c, double s) {
  Mat3 R;
  R << c, -s, 0.0, -s, -c, 0.0, 0.0, 0.0, -1.0;
  return R;
}

}  // namespace

Mat3 contactRotation(double psi) {
  return contactRotation(std::cos(psi), std::sin(psi));
}

ContactGeometry contactGeometry(const SurfaceJet& jet1, const SurfaceJet& jet2, double psi) {
  return {contactFrameJet(jet1), contactFrameJet(jet2), psi};
}

ContactKinematics contactKinematics(const SurfaceJet& jet1, const SurfaceJet& jet2, double psi,
                                    const Vec5& qdot) {
  return contactKinematics(contactGeometry(jet1, jet2, psi), qdot);
}

namespace {

// H_c with R = R_ψ given.
Mat65 contactJacobian(const ContactGeometry& g, const Mat3& R) {
  // ^{1c}φ(2, 1) = −H₁ (ṡ, ṫ) + Ad(R_ψ) H₂ (u̇, v̇) + e₃ ψ̇ (eqs. 50–56 with our sign);
  // Ad(R_ψ) = diag(R_ψ, R_ψ) acts on the angular and linear rows separately.
  Mat65 H_c;
  H_c.leftCols<2>() = -g.frame1.H;
  H_c.block<3, 2>(0, 2) = R * g.frame2.H.topRows<3>();
  H_c.block<3, 2>(3, 2) = R * g.frame2.H.bottomRows<3>();
  H_c.col(4) = Vec6::Unit(2);
  return H_c;
}

}  // namespace

Mat65 contactJacobian(const ContactGeometry& g) {
  return contactJacobian(g, contactRotation(g.psi));
}

ContactKinematics contactKinematics(const ContactGeometry& g, const Vec5& qdot) {
  const ContactFrameJet& f1 = g.frame1;
  const ContactFrameJet& f2 = g.frame2;
  const double psi = g.psi;
  const double c = std::cos(psi), s = std::sin(psi);  // once for R_ψ and ∂R_ψ/∂ψ
  const Mat3 R = contactRotation(c, s);
  Mat3 dR;  // ∂R_ψ/∂ψ
  dR << -s, -c, 0.0, -c, s, 0.0, 0.0, 0.0, 0.0;
  ContactKinematics k;
  k.E_1_1c = f1.E;
  k.E_2_2c = f2.E;
  k.E_2_1 = f2.E * makeFrame(R, Vec3::Zero()) * f1.E.inverse(Eigen::Isometry);  // eq. 9
  k.H_c = contactJacobian(g, R);
  // eq. 57: the time derivative along q̇ by the chain and product rules.
  k.Hdot_c.leftCols<2>() = -(f1.H_s * qdot(0) + f1.H_t * qdot(1));
  const Mat62 dH2 = f2.H_s * qdot(2) + f2.H_t * qdot(3);
  k.Hdot_c.block<3, 2>(0, 2) = (dR * qdot(4)) * f2.H.topRows<3>() + R * dH2.topRows<3>();
  k.Hdot_c.block<3, 2>(3, 2) = (dR * qdot(4)) * f2.H.bottomRows<3>() + R * dH2.bottomRows<3>();
  k.Hdot_c.col(4).setZero();
  // Body-1 coordinates: ^1H = Ad(E_1_1c) H_c with Ad = [Θ 0; [p]Θ Θ]; d/dt Ad(E_1_1c) =
  // Ad(E_1_1c) [ξ] with ξ = ^{1c}φ(1, 1c) = H₁ (ṡ, ṫ) (eq. 50).
  const Mat3& Theta = f1.E.linear();
  const Vec3& p = f1.E.translation();
  k.xi = f1.H * qdot.head<2>();
  k.H_1.topRows<3>() = Theta * k.H_c.topRows<3>();
  k.H_1.bottomRows<3>() = Theta * k.H_c.bottomRows<3>();
  for (int j = 0; j < 5; ++j)
    k.H_1.block<3, 1>(3, j) += p.cross(Vec3(k.H_1.block<3, 1>(0, j)));
  const Twist phi_c = k.H_c * qdot;
  const Twist xi_cross_phi =
      spatial(angular(k.xi).cross(angular(phi_c)),
              linear(k.xi).cross(angular(phi_c)) + angular(k.xi).cross(linear(phi_c)));  // [ξ] φ_c
  k.hdot_qdot_1 = transformTwist(f1.E, xi_cross_phi + k.Hdot_c * qdot);
  return k;
}

Mat65 ContactKinematics::Hdot_1() const {
  return adjoint(E_1_1c) * (spatialCross(xi) * H_c + Hdot_c);
}

}  // namespace contactsim
