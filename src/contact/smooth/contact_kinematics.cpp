#include "contact/smooth/contact_kinematics.hpp"

#include <cmath>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

// A truncated Taylor series of total degree 2 in (s, t): 1, s, t, s², st, t². The contact frame
// needs c_s and c_t to degree 2 (from the jet's third derivatives) so that the frame's first
// derivatives, and H built from them, are exact to degree 1: H and its derivatives H_s, H_t.
struct Series {
  double a[6] = {0, 0, 0, 0, 0, 0};
  double value() const { return a[0]; }
};
Series operator+(const Series& x, const Series& y) {
  Series r;
  for (int k = 0; k < 6; ++k)
    r.a[k] = x.a[k] + y.a[k];
  return r;
}
Series operator-(const Series& x, const Series& y) {
  Series r;
  for (int k = 0; k < 6; ++k)
    r.a[k] = x.a[k] - y.a[k];
  return r;
}
// The frame jet spends its time in these three (measured: 249 → 213 ns with them inlined).
[[gnu::always_inline]] inline Series operator*(const Series& x, const Series& y) {
  const double* a = x.a;
  const double* b = y.a;
  Series c;
  c.a[0] = a[0] * b[0];
  c.a[1] = a[0] * b[1] + a[1] * b[0];
  c.a[2] = a[0] * b[2] + a[2] * b[0];
  c.a[3] = a[0] * b[3] + a[1] * b[1] + a[3] * b[0];
  c.a[4] = a[0] * b[4] + a[1] * b[2] + a[2] * b[1] + a[4] * b[0];
  c.a[5] = a[0] * b[5] + a[2] * b[2] + a[5] * b[0];
  return c;
}
// f(x) from f(x₀), f'(x₀), f''(x₀): f + f' δ + ½ f'' δ² with δ = x − x₀.
Series compose(const Series& x, double f0, double f1, double f2) {
  Series d = x;
  d.a[0] = 0.0;
  const Series d2 = d * d;
  Series r;
  for (int k = 0; k < 6; ++k)
    r.a[k] = f1 * d.a[k] + 0.5 * f2 * d2.a[k];
  r.a[0] = f0;
  return r;
}
Series inverseSqrt(const Series& x) {  // x^{−1/2}
  const double v = x.value(), r = 1.0 / std::sqrt(v);
  return compose(x, r, -0.5 * r / v, 0.75 * r / (v * v));
}
// ∂/∂s and ∂/∂t: exact to degree 1.
Series dS(const Series& x) {
  Series r;
  r.a[0] = x.a[1];
  r.a[1] = 2.0 * x.a[3];
  r.a[2] = x.a[4];
  return r;
}
Series dT(const Series& x) {
  Series r;
  r.a[0] = x.a[2];
  r.a[1] = x.a[4];
  r.a[2] = 2.0 * x.a[5];
  return r;
}

struct SeriesVector {
  Series x, y, z;
};
[[gnu::always_inline]] inline Series dot(const SeriesVector& a, const SeriesVector& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
[[gnu::always_inline]] inline SeriesVector cross(const SeriesVector& a, const SeriesVector& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
SeriesVector scaled(const SeriesVector& a, const Series& k) {
  return {a.x * k, a.y * k, a.z * k};
}
SeriesVector dS(const SeriesVector& a) {
  return {dS(a.x), dS(a.y), dS(a.z)};
}
SeriesVector dT(const SeriesVector& a) {
  return {dT(a.x), dT(a.y), dT(a.z)};
}
Vec3 value(const SeriesVector& a) {
  return {a.x.value(), a.y.value(), a.z.value()};
}

// The terms of degree ≤ 1 of a series (value, ∂/∂s, ∂/∂t): all that H, H_s and H_t take from
// eq. 51's entries, and so all of y and of x_s, x_t, z_s, z_t that the entries use (the terms of
// degree ≤ 1 of a product involve only its factors' terms of degree ≤ 1). Its product forms those
// terms as Series's product does, in the same order: bitwise the same, at a third of the work.
struct Linear {
  double a[3] = {0, 0, 0};
};
[[gnu::always_inline]] inline Linear operator*(const Linear& x, const Linear& y) {
  const double* a = x.a;
  const double* b = y.a;
  return {{a[0] * b[0], a[0] * b[1] + a[1] * b[0], a[0] * b[2] + a[2] * b[0]}};
}
[[gnu::always_inline]] inline Linear operator+(const Linear& x, const Linear& y) {
  return {{x.a[0] + y.a[0], x.a[1] + y.a[1], x.a[2] + y.a[2]}};
}
[[gnu::always_inline]] inline Linear operator-(const Linear& x, const Linear& y) {
  return {{x.a[0] - y.a[0], x.a[1] - y.a[1], x.a[2] - y.a[2]}};
}
Linear operator-(const Linear& x) {
  return {{-x.a[0], -x.a[1], -x.a[2]}};
}
Linear linear(const Series& x) {
  return {{x.a[0], x.a[1], x.a[2]}};
}
struct LinearVector {
  Linear x, y, z;
};
LinearVector linear(const SeriesVector& v) {
  return {linear(v.x), linear(v.y), linear(v.z)};
}
[[gnu::always_inline]] inline Linear dot(const LinearVector& a, const LinearVector& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
[[gnu::always_inline]] inline LinearVector cross(const LinearVector& a, const LinearVector& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
Vec3 value(const LinearVector& a) {
  return {a.x.a[0], a.y.a[0], a.z.a[0]};
}

// c_s and c_t as degree-2 series from the jet: coefficients are derivatives / (i! j!).
SeriesVector partialS(const SurfaceJet& jet) {
  SeriesVector v;
  Series* out[3] = {&v.x, &v.y, &v.z};
  for (int k = 0; k < 3; ++k) {
    *out[k] = Series{{jet.c_s(k), jet.c_ss(k), jet.c_st(k), 0.5 * jet.c_sss(k), jet.c_sst(k),
                      0.5 * jet.c_stt(k)}};
  }
  return v;
}
SeriesVector partialT(const SurfaceJet& jet) {
  SeriesVector v;
  Series* out[3] = {&v.x, &v.y, &v.z};
  for (int k = 0; k < 3; ++k) {
    *out[k] = Series{{jet.c_t(k), jet.c_st(k), jet.c_tt(k), 0.5 * jet.c_sst(k), jet.c_stt(k),
                      0.5 * jet.c_ttt(k)}};
  }
  return v;
}

}  // namespace

ContactFrameJet contactFrameJet(const SurfaceJet& jet) {
  // The contact frame (eq. 5) as series in (s, t), exact to degree 2 from a jet of order 3, so
  // that its first derivatives (in H, eq. 51) are exact to degree 1 and H's own first derivatives
  // (in Ḣ, eq. 57) are exact.
  const SeriesVector cs = partialS(jet), ct = partialT(jet);
  const SeriesVector n = cross(cs, ct);
  const Series cs_norm2 = dot(cs, cs), n_norm2 = dot(n, n);
  const double ct_norm2 =
      ct.x.value() * ct.x.value() + ct.y.value() * ct.y.value() + ct.z.value() * ct.z.value();
  if (!(cs_norm2.value() > 0.0) || !(n_norm2.value() > 1e-28 * cs_norm2.value() * ct_norm2)) {
    throw NumericalError("contact frame: the surface is not regular here (c_s x c_t = 0)");
  }
  const SeriesVector x = scaled(cs, inverseSqrt(cs_norm2));
  const SeriesVector z = scaled(n, inverseSqrt(n_norm2));
  // From here on only terms of degree ≤ 1 matter (Linear).
  const LinearVector x1 = linear(x), z1 = linear(z);
  const LinearVector y = cross(z1, x1);  // equals eq. 5's y for an orthonormal right-handed frame
  const LinearVector xs = linear(dS(x)), xt = linear(dT(x)), zs = linear(dS(z)), zt = linear(dT(z)),
                     cs1 = linear(cs), ct1 = linear(ct);
  // kry-pai-2002 eq. 51: ω from eq. 47, v = Θᵀ c_s, Θᵀ c_t (eqs. 48–49).
  const Linear entries[2][5] = {{-dot(y, zs), -dot(z1, xs), dot(y, xs), dot(x1, cs1), Linear{}},
                                {-dot(y, zt), -dot(z1, xt), dot(y, xt), dot(x1, ct1), dot(y, ct1)}};
  ContactFrameJet f;
  f.H.setZero();
  f.H_s.setZero();
  f.H_t.setZero();
  for (int col = 0; col < 2; ++col) {
    for (int row = 0; row < 5; ++row) {
      f.H(row, col) = entries[col][row].a[0];
      f.H_s(row, col) = entries[col][row].a[1];
      f.H_t(row, col) = entries[col][row].a[2];
    }
  }
  Mat3 R;
  R << value(x), value(y), value(z);
  f.E = makeFrame(R, jet.c);
  return f;
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
  k.H_c = contactJacobian(g, R);  // R_ψ's sine and cosine once
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
