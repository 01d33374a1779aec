#include "contactsim_reference/rolling_ellipsoid.hpp"

#include <Eigen/LU>

#include "contactsim/math/quaternion.hpp"
#include "contactsim/math/spatial.hpp"

namespace contactsim::reference {

RollingEllipsoid::RollingEllipsoid(const Vec3& radii, MassProperties body, double gravity)
    : radii2_(radii.cwiseProduct(radii)), body_(std::move(body)), g_(gravity) {}

Vec3 RollingEllipsoid::contactPoint(const Vec3& m) const {
  // On xᵀ A⁻² x = 1 the outward normal is ∝ A⁻² x; it must be −m: x = −A² m / √(mᵀ A² m).
  return -radii2_.cwiseProduct(m) / std::sqrt(m.dot(radii2_.cwiseProduct(m)));
}

RollingEllipsoid::State RollingEllipsoid::derivative(const State& x) const {
  const Quat q = Quat(x(6), x(3), x(4), x(5)).normalized();
  const Mat3 R = q.toRotationMatrix();
  const Vec3 w = x.segment<3>(7);   // body
  const Vec3 v = x.segment<3>(10);  // world
  const Vec3 m = R.transpose() * Vec3(0, 0, 1);
  const Vec3 r = contactPoint(m);
  // ṙ_b = J(m) ṁ with ṁ = −ω × m and J = ∂r/∂m = −A²/s + (A² m)(A² m)ᵀ/s³, s = √(mᵀ A² m).
  const double s = std::sqrt(m.dot(radii2_.cwiseProduct(m)));
  const Vec3 a2m = radii2_.cwiseProduct(m);
  const Mat3 J = -Mat3(radii2_.asDiagonal()) / s + a2m * a2m.transpose() / (s * s * s);
  const Vec3 rdot = J * (-w.cross(m));
  // Newton–Euler with the contact force F (body coordinates) at r:
  //   v̇ = g + R F / m_b,  I ω̇ = r × F − ω × I ω,
  // and d/dt of the no-slip condition Rᵀ v + ω × r = 0 in body coordinates:
  //   Rᵀ v̇ + ω̇ × r + ω × (ω × r) + ω × ṙ = 0 (Rᵀ v̇ = Rᵀ(v̇ body-fixed part) − ω × Rᵀ v is the
  //   derivative of Rᵀ v; with Rᵀ v = −ω × r, written out below).
  const Mat3& I = body_.inertia();
  const Mat3 I_inverse = I.inverse();
  const double mass = body_.mass();
  const Vec3 g_body = R.transpose() * Vec3(0, 0, -g_);
  const Vec3 u = R.transpose() * v;  // = −ω × r
  // d/dt (Rᵀ v) = Rᵀ v̇ − ω × u.
  // Condition: Rᵀ v̇ − ω × u + ω̇ × r + ω × ṙ = 0 (derivative of u + ω × r = 0).
  const Vec3 gyro = I_inverse * (-w.cross(I * w));
  // Rᵀ v̇ = g_b + F/m; ω̇ = gyro + I⁻¹ (r × F): linear in F.
  const Mat3 K = Mat3::Identity() / mass - skew(r) * I_inverse * skew(r);
  const Vec3 rhs = -(g_body - w.cross(u) + gyro.cross(r) + w.cross(rdot));
  const Vec3 F = K.partialPivLu().solve(rhs);
  State dx;
  dx.segment<3>(0) = v;
  dx.segment<4>(3) = quaternionRate(Quat(x(6), x(3), x(4), x(5)), w);
  dx.segment<3>(7) = gyro + I_inverse * r.cross(F);
  dx.segment<3>(10) = R * (g_body + F / mass);
  return dx;
}

RigidBodyState RollingEllipsoid::step(const RigidBodyState& s, double h) const {
  State x;
  x << s.position, s.orientation.coeffs(), angular(s.twist), s.orientation * linear(s.twist);
  const State k1 = derivative(x);
  const State k2 = derivative(x + 0.5 * h * k1);
  const State k3 = derivative(x + 0.5 * h * k2);
  const State k4 = derivative(x + h * k3);
  x += (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
  RigidBodyState out;
  out.position = x.segment<3>(0);
  out.orientation = Quat(x(6), x(3), x(4), x(5)).normalized();
  out.twist = spatial(x.segment<3>(7), out.orientation.conjugate() * Vec3(x.segment<3>(10)));
  return out;
}

}  // namespace contactsim::reference
