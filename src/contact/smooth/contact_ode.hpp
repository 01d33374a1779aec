// The contact ODE of SmoothContact and what its step and event files share (internal to
// contact/smooth: smooth_contact.cpp steps it, patch_crossing.cpp locates patch and seam crossings
// within its steps).
#pragma once

#include <Eigen/LU>
#include <limits>

#include "contact/smooth/smooth_contact.hpp"
#include "contactsim/error.hpp"
#include "contactsim/math/quaternion.hpp"
#include "dynamics/free_body.hpp"
#include "dynamics/newton_euler.hpp"

namespace contactsim::smooth_detail {

// The ODE's state: q; then the velocities as w, the first five rows of the twist of body 1
// relative to body 2 in body 1's contact frame, ^{1c}φ(2, 1) = H_c q̇ (eq. 14's H in frame 1c; the
// sixth row, the normal velocity, is zero by the constraint): w = (ω_x, ω_y, ω_z, slip_x,
// slip_y); then body 2's position, quaternion (x, y, z, w) and body twist (FreeBodySystem's
// packing), which stay constant while body 2 is fixed.
// Why w and not q̇ (kry-pai-2002 §3.7 integrates q̇; the two are one ODE in other coordinates,
// q̇ = H_c[0:5]⁻¹ w): q̇ holds the rates of the charts' parameters, which are nonlinear in the
// motion even where the motion is simple, while w holds the relative velocities themselves. A
// ball sliding on a plane has constant ẇ (Newton–Euler), so RK4 integrates its slip exactly and
// the slip's stop is located exactly; its q̇ = d/dt (tan θ(t)) on a cube-face chart, where RK4
// erred by 2.7e-6 m/s in R ω after 0.1 s at 10 ms steps (issue 25).
using State = Eigen::Matrix<double, 23, 1>;
constexpr int kBody2 = 10;  // where body 2's part begins

// q̇ of the velocities w at the contact geometry g (non-finite where the contact frames do not
// determine q̇: H_c[0:5] singular).
inline Vec5 coordinateRates(const ContactGeometry& g, const Vec5& w) {
  return contactJacobian(g).topRows<5>().partialPivLu().solve(w);
}

inline State pack(const SmoothContact& contact, const SmoothContactState& s) {
  const Mat65 H_c = contactJacobian(contact.geometry(s.patch1, s.patch2, s.q));
  State x;
  x << s.q, H_c.topRows<5>() * s.qdot, FreeBodySystem::pack(s.body2);
  return x;
}

// `s` (patches, mode) with the coordinates, velocities and (when it moves) body 2's state of x.
inline SmoothContactState withState(const SmoothContact& contact, SmoothContactState s,
                                    const State& x) {
  s.q = x.head<5>();
  s.qdot = coordinateRates(contact.geometry(s.patch1, s.patch2, s.q), x.segment<5>(5));
  if (contact.setup().mass2) {
    s.body2 = FreeBodySystem::unpack(x.tail<13>());
    s.body2.orientation.normalize();
  }
  return s;
}

// How far past a seam between polynomial pieces a step may end [s]. q̈ jumps there (third
// derivatives of the surfaces do), so a step that overshoots by δ errs in q̇ by about δ times
// the jump: 1e-9 s keeps that far below the RK4 truncation error of a millisecond step.
constexpr double kSeamTime = 1e-9;

// Gravity on body 1 in its body frame, at the pose the kinematics give with body 2 at E_w_2
// (kry-pai-2002 eq. 20's external wrench).
inline Wrench gravityOn(const SmoothContactSetup& setup, const Frame& E_w_2,
                        const ContactKinematics& k) {
  return gravityWrench(setup.mass1.mass(), Mat3(E_w_2.linear() * k.E_2_1.linear()), setup.gravity);
}

// The ODE (q, q̇)' = (q̇, q̈) for fixed patches and friction mode (kry-pai-2002 eq. 20/28); with
// body 2 free also its pose and twist, (ṗ, ½ q ⊗ (0, ω), φ̇₂) (eq. 15).
class ContactOde {
 public:
  using State = smooth_detail::State;
  // hold_direction: the sliding friction keeps −slip_hint's direction (contactAcceleration).
  ContactOde(const SmoothContact& contact, const SmoothContactState& s,
             const Eigen::Vector2d& slip_hint, bool hold_direction = false)
      : contact_(contact), s_(s), slip_hint_(slip_hint), hold_direction_(hold_direction) {}

  // A state whose contact system cannot be solved (near-conforming contact, kry-pai-2002 §3.2)
  // gives NaN, so that the step driver rejects the step that led there.
  State derivative(double t, const State& x) const {
    try {
      return evaluate(t, x);
    } catch (const NumericalError&) {
      return State::Constant(std::numeric_limits<double>::quiet_NaN());
    }
  }
  // q̈ at x (NaN where the contact system cannot be solved).
  Vec5 qddot(const State& x) const {
    Vec5 out = Vec5::Constant(std::numeric_limits<double>::quiet_NaN());
    try {
      (void)evaluate(0.0, x, &out);
    } catch (const NumericalError&) {
    }
    return out;
  }
  State evaluate(double, const State& x, Vec5* qddot = nullptr) const {
    // An RK4 stage of a step too long for the motion may leave the finite numbers: its
    // derivative is not finite either, and the driver vetoes (halves) the step.
    if (!x.allFinite())
      return State::Constant(std::numeric_limits<double>::quiet_NaN());
    const SmoothContactSetup& setup = contact_.setup();
    const ContactGeometry g = contact_.geometry(s_.patch1, s_.patch2, x.head<5>());
    // In the no-slip modes only the independent velocities are integrated; the dependent ones
    // follow from them at every evaluation (kry-pai-2002 §3.4.2, eq. 30).
    Vec5 qdot = coordinateRates(g, x.segment<5>(5));
    ContactKinematics k = contactKinematics(g, qdot);
    if (s_.mode != FrictionMode::kSliding) {
      qdot = constrainedVelocity(k, qdot, s_.mode);
      k = contactKinematics(g, qdot);
    }
    State dx = State::Zero();
    ContactAcceleration a;
    if (!setup.mass2) {
      a = contactAcceleration(k, qdot, setup.mass1, gravityOn(setup, setup.E_w_2, k), s_.mode,
                              setup.friction, slip_hint_, hold_direction_);
    } else {
      // Intermediate RK stages carry unnormalised quaternions; the unit one gives the rotation.
      const Quat raw(x(kBody2 + 6), x(kBody2 + 3), x(kBody2 + 4), x(kBody2 + 5));
      const Quat unit = raw.normalized();
      const Frame E_w_2 = makeFrame(unit, x.segment<3>(kBody2));
      FreeBody2 body2{&*setup.mass2, x.tail<6>(), Wrench::Zero()};
      body2.f_ext = gravityWrench(setup.mass2->mass(), unit, setup.gravity);
      a = contactAcceleration(k, qdot, setup.mass1, gravityOn(setup, E_w_2, k), body2, s_.mode,
                              setup.friction, slip_hint_, hold_direction_);
      dx.segment<3>(kBody2) = unit * linear(body2.twist);
      dx.segment<4>(kBody2 + 3) = quaternionRate(raw, angular(body2.twist));
      dx.tail<6>() = a.body2_acceleration;
    }
    // ẇ = (Ḣ_c q̇ + H_c q̈)[0:5] (eq. 57).
    dx.head<10>() << qdot, (k.Hdot_c * qdot + k.H_c * a.qddot).head<5>();
    if (qddot)
      *qddot = a.qddot;
    return dx;
  }
  void project(State& x) const {
    if (contact_.setup().mass2)
      x.segment<4>(kBody2 + 3).normalize();
  }

 private:
  const SmoothContact& contact_;
  const SmoothContactState& s_;
  Eigen::Vector2d slip_hint_;
  bool hold_direction_;
};

}  // namespace contactsim::smooth_detail

namespace contactsim {

// The contact's step driver (RK4 with the setup's steps).
struct SmoothContact::Integrator {
  explicit Integrator(const AdaptiveStepParameters& p) : driver(p) {}
  AdaptiveDriver<smooth_detail::ContactOde> driver;
};

}  // namespace contactsim

namespace contactsim::smooth_detail {

// (s, t) of body 1 or (u, v) of body 2 from q.
inline Vec2 st(const Vec5& q, int body) {
  return body == 1 ? Vec2(q(0), q(1)) : Vec2(q(2), q(3));
}

}  // namespace contactsim::smooth_detail
