// The contact ODE of SmoothContact and what its step and event files share (internal to
// contact/smooth: smooth_contact.cpp steps it, patch_crossing.cpp locates patch and seam crossings
// within its steps).
#pragma once

#include <limits>

#include "contact/smooth/smooth_contact.hpp"
#include "contactsim/error.hpp"
#include "contactsim/math/quaternion.hpp"
#include "dynamics/free_body.hpp"
#include "dynamics/newton_euler.hpp"

namespace contactsim::smooth_detail {

// The ODE's state: q, q̇, then body 2's position, quaternion (x, y, z, w) and body twist
// (FreeBodySystem's packing), which stay constant while body 2 is fixed.
using State = Eigen::Matrix<double, 23, 1>;
constexpr int kBody2 = 10;  // where body 2's part begins

inline State pack(const SmoothContactState& s) {
  State x;
  x << s.q, s.qdot, FreeBodySystem::pack(s.body2);
  return x;
}

// `s` (patches, mode) with the coordinates, velocities and (when it moves) body 2's state of x.
inline SmoothContactState withState(const SmoothContactSetup& setup, SmoothContactState s,
                                    const State& x) {
  s.q = x.head<5>();
  s.qdot = x.segment<5>(5);
  if (setup.mass2) {
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
  State evaluate(double, const State& x) const {
    // An RK4 stage of a step too long for the motion may leave the finite numbers: its
    // derivative is not finite either, and the driver vetoes (halves) the step.
    if (!x.allFinite())
      return State::Constant(std::numeric_limits<double>::quiet_NaN());
    const SmoothContactSetup& setup = contact_.setup();
    const ContactGeometry g = contact_.geometry(s_.patch1, s_.patch2, x.head<5>());
    // In the no-slip modes only the independent velocities are integrated; the dependent ones
    // follow from them at every evaluation (kry-pai-2002 §3.4.2, eq. 30).
    Vec5 qdot = x.segment<5>(5);
    ContactKinematics k = contactKinematics(g, qdot);
    if (s_.mode != FrictionMode::kSliding) {
      qdot = constrainedVelocity(k, qdot, s_.mode);
      k = contactKinematics(g, qdot);
    }
    State dx = State::Zero();
    if (!setup.mass2) {
      const ContactAcceleration a =
          contactAcceleration(k, qdot, setup.mass1, gravityOn(setup, setup.E_w_2, k), s_.mode,
                              setup.friction, slip_hint_, hold_direction_);
      dx.head<10>() << qdot, a.qddot;
      return dx;
    }
    // Intermediate RK stages carry unnormalised quaternions; the unit one gives the rotation.
    const Quat raw(x(kBody2 + 6), x(kBody2 + 3), x(kBody2 + 4), x(kBody2 + 5));
    const Quat unit = raw.normalized();
    const Frame E_w_2 = makeFrame(unit, x.segment<3>(kBody2));
    FreeBody2 body2{&*setup.mass2, x.tail<6>(), Wrench::Zero()};
    body2.f_ext = gravityWrench(setup.mass2->mass(), unit, setup.gravity);
    const ContactAcceleration a =
        contactAcceleration(k, qdot, setup.mass1, gravityOn(setup, E_w_2, k), body2, s_.mode,
                            setup.friction, slip_hint_, hold_direction_);
    dx.head<10>() << qdot, a.qddot;
    dx.segment<3>(kBody2) = unit * linear(body2.twist);
    dx.segment<4>(kBody2 + 3) = quaternionRate(raw, angular(body2.twist));
    dx.tail<6>() = a.body2_acceleration;
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
