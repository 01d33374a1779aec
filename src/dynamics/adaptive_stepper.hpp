// Adaptive step-size driver after kry-pai-2002 §3.7: try the current step; halve it when the step
// is vetoed (the contact left its patch domain, later issues) or, optionally, when an embedded
// error estimate exceeds the tolerance; double it after success, between a minimum and a maximum.
// A step may instead be reported as an event (the caller locates it within the step and goes on
// from there), which keeps the step size. Its parameters: contactsim/dynamics/adaptive_step.hpp.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

#include "contactsim/dynamics/adaptive_step.hpp"
#include "contactsim/error.hpp"
#include "dynamics/cash_karp.hpp"
#include "dynamics/rk4.hpp"

namespace contactsim {

struct AdaptiveStepStats {
  long accepted = 0;
  long rejected = 0;  ///< attempts vetoed or over tolerance, then retried at half the step
  long accepted_over_tolerance = 0;  ///< at min_step the error was still above tolerance
  double smallest_step = std::numeric_limits<double>::infinity();
  double largest_step = 0.0;
};

enum class StepStatus {
  kAccepted,
  kVetoedAtMinimumStep,  ///< the veto persisted at min_step: the caller handles the event
  kEvent,                ///< the step met an event: the caller locates it within the step
};

/// What an acceptance test says of a trial step.
enum class StepVerdict {
  kAccept,
  kVeto,   ///< retry at half the step (down to min_step, then kVetoedAtMinimumStep)
  kEvent,  ///< not taken; returned as kEvent with the trial step, the step size kept
};

template <class State>
struct AdaptiveStepResult {
  StepStatus status;
  double h;  ///< size of the accepted (or last vetoed) step
  State x;   ///< state after the step (after the last vetoed attempt when vetoed)
};

template <OdeSystem S>
class AdaptiveDriver {
 public:
  using State = typename S::State;

  explicit AdaptiveDriver(const AdaptiveStepParameters& parameters) : p_(parameters) {
    p_.validate();
    h_ = p_.initial_step > 0.0 ? p_.initial_step : p_.max_step;
  }

  /// Advances from (t, x) by at most t_end − t (t_end may be +∞). `accept(t_new, x_new)` returns
  /// false to veto a step, or a StepVerdict. The last step before t_end may be shorter than
  /// min_step; it does not change the step size carried to the next call.
  template <class Accept>
  AdaptiveStepResult<State> step(const S& system, double t, const State& x, double t_end,
                                 Accept&& accept) {
    // t_end = +∞ means no horizon: the step is the driver's own choice.
    if (!(t_end > t)) {
      throw InvalidInputError("adaptive step: target time " + toText(t_end) +
                              " must be after the current time " + toText(t));
    }
    for (;;) {
      const double h = std::min(h_, t_end - t);
      const bool at_minimum = h_ <= p_.min_step;
      State y;
      bool within_tolerance = true;
      if (p_.method == AdaptiveMethod::kCashKarp45) {
        const EmbeddedStep<State> e = cashKarpStep(system, t, x, h);
        y = e.x;
        error_ratio_ = errorRatio(x, e);
        within_tolerance = error_ratio_ <= 1.0;
      } else if (p_.step_doubling && p_.max_step > p_.min_step) {  // else nothing to control
        const State whole = rk4Step(system, t, x, h);
        const State half = rk4Step(system, t + 0.5 * h, rk4Step(system, t, x, 0.5 * h), 0.5 * h);
        EmbeddedStep<State> e{half, (half - whole) / 15.0};
        e.x = half + e.error;
        system.project(e.x);
        y = e.x;
        error_ratio_ = errorRatio(x, e);
        if (!(error_ratio_ == error_ratio_))  // a non-finite step: over any tolerance
          error_ratio_ = std::numeric_limits<double>::infinity();
        within_tolerance = error_ratio_ <= 1.0;
      } else {
        y = rk4Step(system, t, x, h);
      }
      StepVerdict verdict = StepVerdict::kAccept;
      if constexpr (std::is_same_v<std::invoke_result_t<Accept, double, const State&>,
                                   StepVerdict>) {
        verdict = accept(t + h, y);
      } else {
        verdict = accept(t + h, y) ? StepVerdict::kAccept : StepVerdict::kVeto;
      }
      if (verdict == StepVerdict::kEvent) {
        return {StepStatus::kEvent, h, y};
      }
      const bool vetoed = verdict == StepVerdict::kVeto;
      if (vetoed && at_minimum) {
        ++stats_.rejected;
        return {StepStatus::kVetoedAtMinimumStep, h, y};
      }
      if (vetoed || (!within_tolerance && !at_minimum)) {
        ++stats_.rejected;
        h_ = std::max(0.5 * h_, p_.min_step);
        continue;
      }
      if (!within_tolerance) {
        ++stats_.accepted_over_tolerance;
      }
      record(h);
      // Grow only when the full step was taken; an order-5 error grows 32-fold per doubling.
      const bool controlled = p_.method == AdaptiveMethod::kCashKarp45 || p_.step_doubling;
      const bool grow = !controlled || 32.0 * error_ratio_ <= 1.0;
      if (h == h_ && grow) {
        h_ = std::min(2.0 * h_, p_.max_step);
      }
      return {StepStatus::kAccepted, h, y};
    }
  }

  /// Advances with no veto.
  AdaptiveStepResult<State> step(const S& system, double t, const State& x, double t_end) {
    return step(system, t, x, t_end, [](double, const State&) { return true; });
  }

  [[nodiscard]] double currentStep() const noexcept { return h_; }
  [[nodiscard]] const AdaptiveStepStats& stats() const noexcept { return stats_; }

 private:
  double errorRatio(const State& x, const EmbeddedStep<State>& e) const {
    const State scale = (p_.absolute_tolerance +
                         p_.relative_tolerance * x.cwiseAbs().cwiseMax(e.x.cwiseAbs()).array())
                            .matrix();
    return e.error.cwiseQuotient(scale).cwiseAbs().maxCoeff();
  }

  void record(double h) {
    ++stats_.accepted;
    stats_.smallest_step = std::min(stats_.smallest_step, h);
    stats_.largest_step = std::max(stats_.largest_step, h);
  }

  AdaptiveStepParameters p_;
  AdaptiveStepStats stats_;
  double h_;
  double error_ratio_ = 0.0;
};

}  // namespace contactsim
