// What a contact does after each accepted step (kry-pai-2002 §3.4–3.6): separation where the
// normal force pulls, friction-mode switches (sliding ↔ no-slip ↔ no-spin) by eqs. 35 and 40, and
// separation before an irregular point of either surface.
#include <cmath>
#include <cstdio>
#include <string>

#include "contact/smooth/smooth_contact.hpp"
#include "contact_ode.hpp"
#include "contactsim/error.hpp"

namespace contactsim {

using smooth_detail::st;
using smooth_detail::State;
using smooth_detail::withState;

void SmoothContact::afterStep(Located located) {
  // The callers already recomputed the dependent velocities (eq. 30); now the forces decide
  // separation and friction-mode switches, with the friction of the slip as it is.
  hold_slip_ = false;
  if (nearIrregularPoint()) {
    return;
  }
  ContactAcceleration a;
  auto forces = [&] {
    try {
      a = acceleration();
      return true;
    } catch (const NumericalError&) {
      separated_ = true;
      log(SmoothContactEventType::kIrregularRegion,
          "the contact system is singular here (near-conforming contact)");
      return false;
    }
  };
  if (!forces()) {
    return;
  }
  const FrictionParameters& f = setup_.friction;
  const FrictionMode before = state_.mode;
  // Phase 1 (kry-pai-2002 §3.4.2): a sliding contact whose slip has stopped enters no-slip
  // friction where it holds, before any separation test (friction at zero slip has no direction
  // of its own). Stopped: located within the step (contact_events.cpp), or at the start below the
  // threshold, or after a step below the threshold and not falling (a falling slip's stop is
  // located exactly by a later step).
  if (state_.mode == FrictionMode::kSliding && f.mu > 0.0 && located != Located::kSeparation) {
    const Eigen::Vector2d slip = a.slip_velocity.head<2>();
    const ContactKinematics k = kinematics(state_);
    const Eigen::Vector2d slip_rate = (k.Hdot_c * state_.qdot + k.H_c * a.qddot).segment<2>(3);
    const double speed = slip.norm();
    bool stopped = false;
    switch (located) {
      case Located::kStart:
        stopped = speed <= f.slip_threshold;
        break;
      case Located::kSlipStop:  // what is left: rounding, or a turning slip's least speed
        stopped =
            speed <= f.slip_threshold + 1e-9 * slip_rate.norm() || speed <= 0.1 * watched_speed_;
        break;
      default:
        stopped = speed < f.slip_threshold && slip_rate.dot(slip) >= 0.0;
        break;
    }
    Eigen::Vector2d tangential = Eigen::Vector2d::Zero();
    if (stopped && rollingHolds(&tangential)) {
      state_ = sticking(state_, FrictionMode::kRolling);
      state_.mode = FrictionMode::kRolling;
      log(SmoothContactEventType::kModeSwitch,
          std::string(toString(before)) + " -> " + toString(state_.mode));
      if (!forces()) {
        return;
      }
    } else if (stopped && located != Located::kNone && tangential.norm() > 0.0) {
      // It cannot stick: it slides on against the force no-slip friction would need.
      slip_hint_ = -tangential.normalized();
    }
  }
  // Phase 2 (kry-pai-2002 §3.3): the bilateral constraint pulls: separate.
  if (located == Located::kSeparation || !(a.normal_force > 0.0)) {
    separated_ = true;
    log(SmoothContactEventType::kSeparation, "normal force " + toText(a.normal_force));
    return;
  }
  // Phase 3: no-slip friction that eq. 35 or eq. 40 no longer allows.
  const FrictionMode settled = state_.mode;
  const Eigen::Vector2d tangential = a.wrench_1c.segment<2>(3);
  switch (state_.mode) {
    case FrictionMode::kSliding:
      break;
    case FrictionMode::kRolling:
      if (tangential.norm() > f.staticMu() * a.normal_force) {  // eq. 35 violated
        state_.mode = FrictionMode::kSliding;
        // Give the newly sliding contact a direction to slide in (kry-2000 §4.4.4): friction
        // keeps opposing the motion the no-slip force was preventing.
        slip_hint_ =
            tangential.norm() > 0.0 ? Eigen::Vector2d(-tangential.normalized()) : slip_hint_;
      } else if (f.mu_spin_static > 0.0 &&
                 std::abs(a.relative_angular_velocity.z()) < f.spin_threshold) {
        state_.mode = FrictionMode::kRollingNoSpin;
      }
      break;
    case FrictionMode::kRollingNoSpin:
      if (tangential.norm() > f.staticMu() * a.normal_force) {
        state_.mode = FrictionMode::kSliding;
        slip_hint_ =
            tangential.norm() > 0.0 ? Eigen::Vector2d(-tangential.normalized()) : slip_hint_;
      } else if (std::abs(a.wrench_1c(2)) > f.mu_spin_static * a.normal_force) {  // eq. 40
        state_.mode = FrictionMode::kRolling;
      }
      break;
  }
  if (state_.mode != settled) {
    state_ = sticking(state_, state_.mode);
    log(SmoothContactEventType::kModeSwitch,
        std::string(toString(settled)) + " -> " + toString(state_.mode));
  }
}

// kry-pai-2002 §3.4.2 switches a sliding contact to no-slip friction once its slip falls below
// the threshold. Where the no-slip constraint force would at once violate eq. 35 (a rocking or
// wobbling body whose rolling needs more friction than μ f_n gives), that switch is undone by the
// next step's test, and the contact chatters between the modes every step. A slow contact
// therefore rolls only if rolling is consistent: the no-slip force at this state, with the slip
// removed (stickingVelocity), pulls (f_n > 0) and lies inside the cone of eq. 35. Otherwise it
// keeps sliding and friction keeps opposing the slip, as Coulomb's law asks of a contact that
// cannot stick.
bool SmoothContact::rollingHolds(Eigen::Vector2d* tangential) const {
  try {
    // Kinematics (Ḣ q̇ included) at the no-slip velocity, as the rolling ODE will see them.
    SmoothContactState s = sticking(state_, FrictionMode::kRolling);
    s.mode = FrictionMode::kRolling;
    const ContactAcceleration a = accelerationOf(s, kinematics(s));
    if (tangential)
      *tangential = a.wrench_1c.segment<2>(3);
    return a.normal_force > 0.0 &&
           a.wrench_1c.segment<2>(3).norm() <= setup_.friction.staticMu() * a.normal_force;
  } catch (const NumericalError&) {
    return false;
  }
}

// kry-pai-2002 §3.6: contact evolution breaks down where surface derivatives vanish or blow up
// (Stam's parameterisation at extraordinary vertices), so the contact separates before it gets
// there; the world then proceeds by small bounces until contact can be restored beyond.
bool SmoothContact::nearIrregularPoint() {
  if (setup_.irregular_radius <= 0.0)
    return false;
  for (const int body : {1, 2}) {
    const Surface& surface = body == 1 ? *setup_.surface1 : *setup_.surface2;
    const int patch = body == 1 ? state_.patch1 : state_.patch2;
    const Vec2 p = st(state_.q, body);
    const double d = surface.irregularDistance(patch, p(0), p(1));
    if (d < setup_.irregular_radius) {
      separated_ = true;
      char detail[160];
      std::snprintf(detail, sizeof detail,
                    "body %d: patch %d at (%.4f, %.4f), %.4f from an irregular point", body, patch,
                    p(0), p(1), d);
      log(SmoothContactEventType::kIrregularRegion, detail);
      return true;
    }
  }
  return false;
}

}  // namespace contactsim
