// The contact ODE of SmoothContact and what its step and event files share (internal to
// contact/smooth: smooth_contact.cpp steps it, patch_crossing.cpp locates patch and seam crossings
// within its steps).
#pragma once

#include <limits>

#include "contactsim/contact/smooth/smooth_contact.hpp"
#include "contactsim/dynamics/newton_euler.hpp"
#include "contactsim/error.hpp"

namespace contactsim::smooth_detail {

using State10 = Eigen::Matrix<double, 10, 1>;

// How far past a seam between polynomial pieces a step may end [s]. q̈ jumps there (third
// derivatives of the surfaces do), so a step that overshoots by δ errs in q̇ by about δ times
// the jump: 1e-9 s keeps that far below the RK4 truncation error of a millisecond step.
constexpr double kSeamTime = 1e-9;

// Gravity on body 1 in its body frame, at the pose the kinematics give (kry-pai-2002 eq. 20's
// external wrench).
inline Wrench gravityOn(const SmoothContactSetup& setup, const ContactKinematics& k) {
  return gravityWrench(setup.mass1.mass(), Mat3((setup.E_w_2 * k.E_2_1).linear()), setup.gravity);
}

// The ODE (q, q̇)' = (q̇, q̈) for fixed patches and friction mode (kry-pai-2002 eq. 20/28).
class ContactOde {
 public:
  using State = State10;
  ContactOde(const SmoothContact& contact, const SmoothContactState& s,
             const Eigen::Vector2d& slip_hint)
      : contact_(contact), s_(s), slip_hint_(slip_hint) {}

  // A state whose contact system cannot be solved (near-conforming contact, kry-pai-2002 §3.2)
  // gives NaN, so that the step driver rejects the step that led there.
  State derivative(double t, const State& x) const {
    try {
      return evaluate(t, x);
    } catch (const NumericalError&) {
      return State::Constant(std::numeric_limits<double>::quiet_NaN());
    }
  }
  State evaluate(double, const State& x) const {
    // An RK4 stage of a step too long for the motion may leave the finite numbers: its
    // derivative is not finite either, and the driver vetoes (halves) the step.
    if (!x.allFinite())
      return State::Constant(std::numeric_limits<double>::quiet_NaN());
    const SmoothContactSetup& setup = contact_.setup();
    const ContactGeometry g = contact_.geometry(s_.patch1, s_.patch2, x.head<5>());
    // In the no-slip modes only the independent velocities are integrated; the dependent ones
    // follow from them at every evaluation (kry-pai-2002 §3.4.2, eq. 30).
    Vec5 qdot = x.tail<5>();
    ContactKinematics k = contactKinematics(g, qdot);
    if (s_.mode != FrictionMode::kSliding) {
      qdot = constrainedVelocity(k, qdot, s_.mode);
      k = contactKinematics(g, qdot);
    }
    const Wrench f_ext = gravityOn(setup, k);
    const ContactAcceleration a =
        contactAcceleration(k, qdot, setup.mass1, f_ext, s_.mode, setup.friction, slip_hint_);
    State dx;
    dx << qdot, a.qddot;
    return dx;
  }
  void project(State&) const {}

 private:
  const SmoothContact& contact_;
  const SmoothContactState& s_;
  Eigen::Vector2d slip_hint_;
};

// (s, t) of body 1 or (u, v) of body 2 from q.
inline Vec2 st(const Vec5& q, int body) {
  return body == 1 ? Vec2(q(0), q(1)) : Vec2(q(2), q(3));
}

}  // namespace contactsim::smooth_detail
