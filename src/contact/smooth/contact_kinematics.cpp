#include "contactsim/contact/smooth/contact_kinematics.hpp"

#include <cmath>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

// A point of R³ as three Taylor3 series in (s, t).
struct SeriesVector {
  Taylor3 x, y, z;
};

Taylor3 dot(const SeriesVector& a, const SeriesVector& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
SeriesVector cross(const SeriesVector& a, const SeriesVector& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
SeriesVector scaled(const SeriesVector& a, const Taylor3& k) {
  return {a.x * k, a.y * k, a.z * k};
}
SeriesVector dS(const SeriesVector& a) {
  return {a.x.derivativeS(), a.y.derivativeS(), a.z.derivativeS()};
}
SeriesVector dT(const SeriesVector& a) {
  return {a.x.derivativeT(), a.y.derivativeT(), a.z.derivativeT()};
}
Vec3 value(const SeriesVector& a) {
  return {a.x.value(), a.y.value(), a.z.value()};
}

SeriesVector seriesOf(const SurfaceJet& jet) {
  SeriesVector c;
  Taylor3* out[3] = {&c.x, &c.y, &c.z};
  for (int k = 0; k < 3; ++k) {
    const double d[10] = {jet.c(k),    jet.c_s(k),   jet.c_t(k),   jet.c_ss(k),  jet.c_st(k),
                          jet.c_tt(k), jet.c_sss(k), jet.c_sst(k), jet.c_stt(k), jet.c_ttt(k)};
    *out[k] = Taylor3::fromDerivatives(d);
  }
  return c;
}

Mat6 rotationAdjoint(const Mat3& R) {
  Mat6 A = Mat6::Zero();
  A.topLeftCorner<3, 3>() = R;
  A.bottomRightCorner<3, 3>() = R;
  return A;
}

}  // namespace

ContactFrameJet contactFrameJet(const SurfaceJet& jet) {
  // The contact frame (eq. 5) as Taylor series in (s, t): exact to degree 2 from a jet of order
  // 3, so that its first derivatives (in H, eq. 51) are exact to degree 1 and H's own first
  // derivatives (in Ḣ, eq. 57) are exact.
  const SeriesVector c = seriesOf(jet);
  const SeriesVector cs = dS(c), ct = dT(c);
  const SeriesVector n = cross(cs, ct);
  const double cs_norm2 = dot(cs, cs).value(), n_norm2 = dot(n, n).value();
  if (!(cs_norm2 > 0.0) || !(n_norm2 > 1e-28 * cs_norm2 * dot(ct, ct).value())) {
    throw NumericalError("contact frame: the surface is not regular here (c_s x c_t = 0)");
  }
  const SeriesVector x = scaled(cs, 1.0 / sqrt(dot(cs, cs)));
  const SeriesVector z = scaled(n, 1.0 / sqrt(dot(n, n)));
  const SeriesVector y = cross(z, x);  // equals eq. 5's y for an orthonormal right-handed frame
  const SeriesVector xs = dS(x), xt = dT(x), zs = dS(z), zt = dT(z);
  // kry-pai-2002 eq. 51: ω from eq. 47, v = Θᵀ c_s, Θᵀ c_t (eqs. 48–49).
  const Taylor3 entries[2][5] = {{-dot(y, zs), -dot(z, xs), dot(y, xs), dot(x, cs), Taylor3(0.0)},
                                 {-dot(y, zt), -dot(z, xt), dot(y, xt), dot(x, ct), dot(y, ct)}};
  ContactFrameJet f;
  f.H.setZero();
  f.H_s.setZero();
  f.H_t.setZero();
  for (int col = 0; col < 2; ++col) {
    for (int row = 0; row < 5; ++row) {
      f.H(row, col) = entries[col][row].value();
      f.H_s(row, col) = entries[col][row].coefficient(1, 0);
      f.H_t(row, col) = entries[col][row].coefficient(0, 1);
    }
  }
  Mat3 R;
  R << value(x), value(y), value(z);
  f.E = makeFrame(R, jet.c);
  return f;
}

Mat3 contactRotation(double psi) {
  const double c = std::cos(psi), s = std::sin(psi);
  Mat3 R;
  R << c, -s, 0.0, -s, -c, 0.0, 0.0, 0.0, -1.0;  // kry-pai-2002 eq. 7
  return R;
}

ContactGeometry contactGeometry(const SurfaceJet& jet1, const SurfaceJet& jet2, double psi) {
  return {contactFrameJet(jet1), contactFrameJet(jet2), psi};
}

ContactKinematics contactKinematics(const SurfaceJet& jet1, const SurfaceJet& jet2, double psi,
                                    const Vec5& qdot) {
  return contactKinematics(contactGeometry(jet1, jet2, psi), qdot);
}

ContactKinematics contactKinematics(const ContactGeometry& g, const Vec5& qdot) {
  const ContactFrameJet& f1 = g.frame1;
  const ContactFrameJet& f2 = g.frame2;
  const double psi = g.psi;
  const Mat3 R = contactRotation(psi);
  const double c = std::cos(psi), s = std::sin(psi);
  Mat3 dR;  // ∂R_ψ/∂ψ
  dR << -s, -c, 0.0, -c, s, 0.0, 0.0, 0.0, 0.0;
  ContactKinematics k;
  k.E_1_1c = f1.E;
  k.E_2_2c = f2.E;
  k.E_2_1 = f2.E * makeFrame(R, Vec3::Zero()) * f1.E.inverse(Eigen::Isometry);  // eq. 9
  // ^{1c}φ(2, 1) = −H₁ (ṡ, ṫ) + Ad(R_ψ) H₂ (u̇, v̇) + e₃ ψ̇ (eqs. 50–56 with our sign).
  const Mat6 AdR = rotationAdjoint(R);
  k.H_c.leftCols<2>() = -f1.H;
  k.H_c.middleCols<2>(2) = AdR * f2.H;
  k.H_c.col(4) = Vec6::Unit(2);
  // eq. 57: the time derivative along q̇ by the chain and product rules.
  k.Hdot_c.leftCols<2>() = -(f1.H_s * qdot(0) + f1.H_t * qdot(1));
  k.Hdot_c.middleCols<2>(2) =
      rotationAdjoint(dR) * f2.H * qdot(4) + AdR * (f2.H_s * qdot(2) + f2.H_t * qdot(3));
  k.Hdot_c.col(4).setZero();
  // Body-1 coordinates: ^1H = Ad(E_1_1c) H_c; d/dt Ad(E_1_1c) = Ad(E_1_1c) [ξ] with
  // ξ = ^{1c}φ(1, 1c) = H₁ (ṡ, ṫ) (eq. 50).
  const Mat6 Ad = adjoint(f1.E);
  const Twist xi = f1.H * qdot.head<2>();
  k.H_1 = Ad * k.H_c;
  k.Hdot_1 = Ad * (spatialCross(xi) * k.H_c + k.Hdot_c);
  return k;
}

}  // namespace contactsim
