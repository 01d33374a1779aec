// kry-pai-2002 §3.3 and §3.4.2 inside the step: a contact separates where its normal force turns
// through zero, and a sliding contact enters no-slip friction where its slip stops. Both are
// located as roots on the step's RK4 continuation, y(λ) = one RK4 step of λ h from the step's
// start (the order-4 dense output of the step), to kEventTime, whatever the step and whether or
// not AdaptiveStepParameters::locate_events is set; the step ends there and afterStep decides.
// Over a step the sliding friction keeps the slip direction of the step's start where the slip
// turns against it (contactAcceleration's hint), so the ODE runs smoothly through the stop: the
// slip passes through zero (or, turning as it falls, closest to it) where its rate of fall
// −slip·(d slip/dt) turns through zero, a root like the normal force's.
#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>
#include <utility>

#include "contact/smooth/smooth_contact.hpp"
#include "contact_ode.hpp"
#include "contactsim/error.hpp"

namespace contactsim {

using smooth_detail::ContactOde;
using smooth_detail::kSeamTime;
using smooth_detail::pack;
using smooth_detail::State;
using smooth_detail::withState;

namespace {

// How closely an event is located [s]: well below the 1e-10 s that issue 25 asks for.
constexpr double kEventTime = 1e-13;

// The root of g on the step's continuation between λ = 0 (g > 0) and λ = 1 (g ≤ 0), by the
// Illinois variant of regula falsi with a bisection whenever the bracket fails to halve; a
// non-finite g counts as past the root. Returns the bracket's upper end (the event has happened
// there) and its state.
template <class Continuation, class G>
std::pair<double, State> rootOnStep(const Continuation& y_at, const G& g, double h, double g_lo,
                                    double g_hi, const State& y_end) {
  double lo = 0.0, hi = 1.0;
  State y_hi = y_end;
  int side = 0;
  double width = 1.0;
  for (int i = 0; i < 200 && (hi - lo) * h > kEventTime; ++i) {
    double mid = lo - g_lo * (hi - lo) / (g_hi - g_lo);
    if (!(mid > lo && mid < hi) || (i % 3 == 2 && hi - lo > 0.5 * width))
      mid = 0.5 * (lo + hi);  // a stalled or degenerate secant: bisect
    if (i % 3 == 2)
      width = hi - lo;
    const State y = y_at(mid);
    const double value = g(y);
    if (value > 0.0) {
      lo = mid, g_lo = value;
      g_hi *= side == 1 ? 0.5 : 1.0;
      side = 1;
    } else {
      hi = mid, y_hi = y;
      g_hi = std::isfinite(value) ? value : -g_lo;
      g_lo *= side == -1 ? 0.5 : 1.0;
      side = -1;
    }
  }
  return {hi, y_hi};
}

}  // namespace

void SmoothContact::prepareStep() {
  watch_slip_ = hold_slip_ = false;
  if (state_.mode != FrictionMode::kSliding)
    return;
  try {
    const Eigen::Vector2d slip = slipOf(state_);
    if (slip.norm() > 1e-12)  // contactAcceleration's zero slip
      slip_hint_ = slip.normalized();
    if (setup_.friction.mu > 0.0 && stops_in_place_ < 2) {
      const EventValues v = eventValuesOf(pack(*this, state_));
      const double fall = -v.slip.dot(v.slip_rate);  // −½ d|slip|²/dt
      watch_slip_ = fall > 0.0;
      watched_speed_ = v.slip.norm();
      // A slip that turns as it falls turns fastest near zero, where a step across the stop would
      // see the friction's direction swing: a step that may reach the predicted stop holds the
      // direction of its start instead, and ends at the stop.
      const double step =
          integrator_ ? integrator_->driver.currentStep() : setup_.integrator.max_step;
      hold_slip_ = watch_slip_ && v.slip.squaredNorm() <= fall * step;
    }
  } catch (const NumericalError&) {  // a singular contact: afterStep reports it
  }
}

SmoothContactState SmoothContact::stateOf(const State& y) const {
  SmoothContactState s = withState(*this, state_, y);
  if (s.mode != FrictionMode::kSliding)
    s.qdot = constrainedVelocity(kinematics(s), s.qdot, s.mode);
  return s;
}

SmoothContact::EventValues SmoothContact::eventValuesOf(const State& y) const {
  const SmoothContactState s = stateOf(y);
  const ContactKinematics k = kinematics(s);
  const ContactAcceleration a = accelerationOf(s, k);
  return {a.slip_velocity.head<2>(), (k.Hdot_c * s.qdot + k.H_c * a.qddot).segment<2>(3),
          a.normal_force};
}

SmoothContact::TrialEvents SmoothContact::eventsAt(const State& y, double h) const {
  TrialEvents events;
  try {
    const EventValues v = eventValuesOf(y);
    // The falling slip has stopped falling within the step, near zero: it may have passed
    // through zero (or closest to it, a slip that turns as it falls).
    events.slip_stops = watch_slip_ && v.slip.dot(v.slip_rate) >= 0.0 &&
                        v.slip.norm() <= setup_.friction.slip_threshold + v.slip_rate.norm() * h;
    events.separates = v.normal_force <= 0.0;
  } catch (const NumericalError&) {  // singular there: the step's end decides (afterStep)
  }
  return events;
}

void SmoothContact::locateEvents(const State& start, double h, TrialEvents at_end) {
  // Phase 1: the events' functions, positive before the event, on the step's continuation: the
  // slip's rate of fall (−½ d|slip|²/dt) and the normal force.
  const ContactOde ode(*this, state_, slip_hint_, hold_slip_);
  auto y_at = [&](double lambda) { return rk4Step(ode, time_, start, lambda * h); };
  auto falling = [&](const State& y) {
    try {
      const EventValues v = eventValuesOf(y);
      return -v.slip.dot(v.slip_rate);
    } catch (const NumericalError&) {
      return std::numeric_limits<double>::quiet_NaN();
    }
  };
  auto normal_force = [&](const State& y) {
    try {
      return eventValuesOf(y).normal_force;
    } catch (const NumericalError&) {
      return std::numeric_limits<double>::quiet_NaN();
    }
  };
  const State y_end = y_at(1.0);
  // Phase 2: the first root of each event that the step met (the slip's stop first on a tie:
  // a contact at rest in slip rolls before any separation test).
  double lambda = 1.0;
  State y = y_end;
  Located what = Located::kNone;
  if (at_end.slip_stops) {
    const double g0 = falling(start);
    std::tie(lambda, y) = g0 > 0.0 ? rootOnStep(y_at, falling, h, g0, falling(y_end), y_end)
                                   : std::make_pair(0.0, start);
    what = Located::kSlipStop;
  }
  if (at_end.separates) {
    const double f0 = normal_force(start);
    const auto [l, y_sep] = f0 > 0.0
                                ? rootOnStep(y_at, normal_force, h, f0, normal_force(y_end), y_end)
                                : std::make_pair(0.0, start);
    if (what == Located::kNone || l < lambda) {
      lambda = l;
      y = y_sep;
      what = Located::kSeparation;
    }
  }
  // Phase 3: the step to the event, then the contact's decisions there.
  stops_in_place_ = what == Located::kSlipStop && lambda * h <= kSeamTime ? stops_in_place_ + 1 : 0;
  if (lambda > 0.0) {
    const SmoothContactState before = state_;
    const double t_start = time_;
    time_ += lambda * h;
    state_ = stateOf(y);
    record(t_start, before);
    ++stats_.accepted_steps;
    stats_.step_sizes.push_back(lambda * h);
    stats_.step_ends.push_back(time_);
  }
  afterStep(what);
}

}  // namespace contactsim
