#include "sphere_on_plane.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "contactsim/math/quaternion.hpp"
#include "math/polynomial_roots.hpp"

namespace contactsim::world_detail {
namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

// The first time in (0, span] at which c₀ + c₁ s + c₂ s² falls to zero from above.
double firstFall(double c0, double c1, double c2, double span) {
  const std::array<double, 3> c{c0, c1, c2};
  const std::optional<double> s = firstDownCrossing(c, 0.0, span);
  return s ? *s : kNever;
}

}  // namespace

PlaneInWorld PlaneInWorld::of(const PlaneForm& form, const Frame& E_w) {
  PlaneInWorld p;
  p.origin = E_w.translation();
  p.normal = E_w.linear().col(2);
  p.axis_x = E_w.linear().col(0);
  p.axis_y = E_w.linear().col(1);
  p.half_extent = form.half_extent;
  return p;
}

SphereMotion SphereMotion::flying(double t0, const RigidBodyState& state, const Vec3& gravity) {
  SphereMotion m;
  m.t0_ = t0;
  m.phase_ = SpherePhase::kFlying;
  m.x0_ = state.position;
  m.v0_ = state.worldLinearVelocity();
  m.a_ = gravity;
  m.w0_ = state.worldAngularVelocity();
  m.q0_ = state.orientation;
  m.cached_time_ = t0;
  m.cached_q_ = m.q0_;
  return m;
}

SphereMotion SphereMotion::onPlane(double t0, const RigidBodyState& state, bool roll,
                                   const SphereConstants& sphere, const PlaneInWorld& plane,
                                   const Vec3& gravity, double mu) {
  SphereMotion m = flying(t0, state, gravity);
  const Vec3& n = plane.normal;
  const double R = sphere.radius;
  m.normal_ = n;
  m.radius_ = R;
  // On the plane: the centre at height R, no velocity along n.
  m.x0_ += (R - plane.height(m.x0_)) * n;
  m.v0_ -= n.dot(m.v0_) * n;
  m.a_.setZero();
  Vec3 u = m.v0_ - R * m.w0_.cross(n);
  if (roll && !u.isZero()) {
    // The plastic tangential impulse that stops the slip: Δu = (1/m + R²/I) P.
    const Vec3 P = -u / (1.0 / sphere.mass + R * R / sphere.inertia);
    m.v0_ += P / sphere.mass;
    m.w0_ += (-R * n).cross(P) / sphere.inertia;
    u = m.v0_ - R * m.w0_.cross(n);
  }
  const double g_n = -gravity.dot(n);
  const double speed = u.norm();
  if (roll || speed == 0.0 || !(mu > 0.0)) {
    m.phase_ = roll || speed == 0.0 ? SpherePhase::kRolling : SpherePhase::kSliding;
    m.end_ = kNever;  // frictionless sliding never stops
    return m;
  }
  // Coulomb sliding: a = −μ g_n ŝ, α = (μ N R / I) n × ŝ, the slip falls at μ g_n (1 + m R²/I).
  const Vec3 s_hat = u / speed;
  m.phase_ = SpherePhase::kSliding;
  m.a_ = -mu * g_n * s_hat;
  m.alpha_ = (mu * sphere.mass * g_n * R / sphere.inertia) * n.cross(s_hat);
  m.end_ = t0 + speed / (mu * g_n * (1.0 + sphere.mass * R * R / sphere.inertia));
  return m;
}

Vec3 SphereMotion::centre(double t) const {
  const double s = t - t0_;
  return x0_ + s * v0_ + (0.5 * s * s) * a_;
}

Vec3 SphereMotion::velocity(double t) const {
  return v0_ + (t - t0_) * a_;
}

Vec3 SphereMotion::angularVelocity(double t) const {
  return w0_ + (t - t0_) * alpha_;
}

Vec3 SphereMotion::slip(double t) const {
  return velocity(t) - radius_ * angularVelocity(t).cross(normal_);
}

RigidBodyState SphereMotion::stateAt(double t) const {
  RigidBodyState out;
  out.position = centre(t);
  const Vec3 w = angularVelocity(t);
  if (alpha_.isZero()) {
    out.orientation = (quaternionExp((t - t0_) * w0_) * q0_).normalized();
  } else {
    // Magnus, order 4, on ω(τ) = ω₀ + α (τ − t0): Ω = h/2 (ω₁ + ω₂) + √3/12 h² ω₂ × ω₁ at the
    // Gauss points, exact in Ω₁ and Ω₂ for ω linear in time; the step keeps the size of the h⁵
    // terms of the Magnus series of ω = a + b τ left out, |a|³|b| h⁵/720 + |b|²|a| h⁵/240, below
    // 1e-13 rad (tests/world/sphere_on_plane_test.cpp holds it to a much finer integration).
    if (t < cached_time_) {
      cached_time_ = t0_;
      cached_q_ = q0_;
    }
    const double spin = std::max(w0_.norm(), w.norm()), rate = alpha_.norm();
    const double bound = spin * spin * spin * rate / 720.0 + rate * rate * spin / 240.0;
    const double h_max = std::min(1e-3, std::pow(1e-13 / std::max(1e-300, bound), 0.2));
    const double span = t - cached_time_;
    const long n = std::max(1L, static_cast<long>(std::min(std::ceil(span / h_max), 1e15)));
    const double h = span / static_cast<double>(n);
    const double g1 = 0.5 - std::sqrt(3.0) / 6.0, g2 = 0.5 + std::sqrt(3.0) / 6.0;
    Quat q = cached_q_;
    for (long k = 0; k < n; ++k) {
      const double tk = cached_time_ + static_cast<double>(k) * h;
      const Vec3 w1 = angularVelocity(tk + g1 * h), w2 = angularVelocity(tk + g2 * h);
      const Vec3 omega = 0.5 * h * (w1 + w2) + (std::sqrt(3.0) / 12.0) * h * h * w2.cross(w1);
      q = (quaternionExp(omega) * q).normalized();
    }
    cached_time_ = t;
    cached_q_ = q;
    out.orientation = q;
  }
  const Mat3 Rt = out.orientation.toRotationMatrix().transpose();
  out.twist << Rt * w, Rt * velocity(t);
  return out;
}

void SphereMotion::setFlyingEnd(const PlaneInWorld& plane, double radius, double tolerance) {
  // Height of the lowest point: h(s) = h₀ + v_n s + ½ a_n s² with a_n = g·n < 0.
  const double h0 = plane.height(x0_) - radius;
  const double vn = plane.normal.dot(v0_);
  const double an = plane.normal.dot(a_);
  if (h0 <= tolerance && vn <= 0.0) {
    end_ = t0_;  // touching and not moving away
    return;
  }
  if (!(an < 0.0)) {
    end_ = kNever;
    return;
  }
  // The later root of ½ a_n s² + v_n s + h₀ (h₀ ≥ 0: the earlier one is not in the future), in
  // the form that loses no digits.
  const double g = -an;
  const double discriminant = vn * vn + 2.0 * g * std::max(0.0, h0);
  const double root = std::sqrt(discriminant);
  end_ = t0_ + (vn >= 0.0 ? (vn + root) / g : 2.0 * std::max(0.0, h0) / (root - vn));
}

double SphereMotion::leavesSquare(const PlaneInWorld& plane, double until) const {
  double first = kNever;
  const double span = until - t0_;
  for (const Vec3* axis : {&plane.axis_x, &plane.axis_y}) {
    const double c0 = axis->dot(x0_ - plane.origin), c1 = axis->dot(v0_), c2 = 0.5 * axis->dot(a_);
    // half_extent − c(s) and half_extent + c(s) falling through zero.
    first = std::min(first, firstFall(plane.half_extent - c0, -c1, -c2, span));
    first = std::min(first, firstFall(plane.half_extent + c0, c1, c2, span));
  }
  return first < kNever ? t0_ + first : kNever;
}

bool fallsClearOfEdge(const SphereMotion& flight, const PlaneInWorld& plane, double radius,
                      bool from_contact, double horizon) {
  // The edge crossed: the axis along which the centre is farthest past the half extent.
  const double t0 = flight.start();
  const Vec3 x = flight.centre(t0) - plane.origin;
  const Vec3 v = flight.velocity(t0);
  double d0 = -kNever, v_d = 0.0;
  for (const Vec3* axis : {&plane.axis_x, &plane.axis_y}) {
    const double c = axis->dot(x), side = c >= 0.0 ? 1.0 : -1.0;
    if (std::abs(c) - plane.half_extent > d0) {
      d0 = std::abs(c) - plane.half_extent;
      v_d = side * axis->dot(v);
    }
  }
  const double g = -plane.normal.dot(flight.acceleration());
  if (!(v_d > 0.0) || !(g > 0.0)) {
    return false;  // not moving away from the edge, or nothing takes it down past it
  }
  // From contact: the s² term of d² + h² − R² decides (its lower terms are rounding).
  if (from_contact) {
    return v_d * v_d >= g * radius;
  }
  // In flight: d² + h² − R² with d = d₀ + v_d s, h = h₀ + v_h s − ½ g s², a quartic in s.
  d0 = std::max(0.0, d0);
  const double h0 = plane.height(flight.centre(t0)), v_h = plane.normal.dot(v);
  const std::array<double, 5> c{d0 * d0 + h0 * h0 - radius * radius, 2.0 * (d0 * v_d + h0 * v_h),
                                v_d * v_d + v_h * v_h - g * h0, -g * v_h, 0.25 * g * g};
  return c[0] > 0.0 && !firstDownCrossing(c, 0.0, horizon);
}

double sphereMotionsTouch(const SphereMotion& p, const SphereMotion& q, double t0, double t1,
                          double reach, double tolerance) {
  // d(τ) = x_q − x_p = D₀ + D₁ τ + D₂ τ² from t0.
  const Vec3 D0 = q.centre(t0) - p.centre(t0);
  const Vec3 D1 = q.velocity(t0) - p.velocity(t0);
  const Vec3 D2 = 0.5 * (q.acceleration() - p.acceleration());
  if (D0.norm() - reach <= tolerance && D0.dot(D1) < 0.0) {
    return t0;  // touching (or overlapping) and closing
  }
  if (!(t1 > t0)) {
    return kNever;
  }
  // |d|² − reach², a quartic in τ.
  const std::array<double, 5> c{D0.squaredNorm() - reach * reach, 2.0 * D0.dot(D1),
                                D1.squaredNorm() + 2.0 * D0.dot(D2), 2.0 * D1.dot(D2),
                                D2.squaredNorm()};
  const std::optional<double> tau = firstDownCrossing(c, 0.0, t1 - t0);
  return tau ? t0 + *tau : kNever;
}

}  // namespace contactsim::world_detail
