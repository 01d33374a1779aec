// The step-size controls of the adaptive integrators (kry-pai-2002 §3.7): the smallest and largest
// step, RK4 or the embedded Cash–Karp 4(5) pair, error tolerances, and how events inside a step
// are met. The driver that applies them is internal (src/dynamics/adaptive_stepper.hpp).
#pragma once

namespace contactsim {

enum class AdaptiveMethod {
  /// classical RK4; only vetoes shrink the step (kry-pai-2002 §3.7), unless step_doubling
  kRk4,
  kCashKarp45,  ///< embedded 4(5) pair; steps also halve while the error estimate is too large
};

struct AdaptiveStepParameters {
  double min_step = 1e-3;     ///< smallest step [s], > 0
  double max_step = 1e-2;     ///< largest step [s], ≥ min_step
  double initial_step = 0.0;  ///< first step [s]; 0 means max_step
  AdaptiveMethod method = AdaptiveMethod::kRk4;
  /// Error control of kCashKarp45, and of kRk4 with step_doubling:
  /// ‖e_i / (atol + rtol·max(|x_i|, |y_i|))‖_∞ ≤ 1.
  double absolute_tolerance = 1e-9;
  double relative_tolerance = 1e-9;
  /// kRk4 only: estimate each step's error by step doubling (Press et al., Numerical Recipes
  /// §16.2): one step of h against two of h/2, e = (y_{h/2,h/2} − y_h)/15, and take the two
  /// half steps with Richardson's correction e added. Three times the work per step; the step
  /// halves while the error is over tolerance (down to min_step), as for kCashKarp45. Off: the
  /// plain RK4 of kry-pai-2002 §3.7, whose large steps can go unstable where the motion speeds up.
  bool step_doubling = false;
  /// For callers with events inside a step (a smooth contact leaving its patch or a polynomial
  /// piece): true locates the event within the trial step and keeps the step size; false halves
  /// the step down to min_step first, as kry-pai-2002 §3.7 does (Fig. 8's step histograms).
  bool locate_events = false;

  /// Throws InvalidInputError naming the bad field.
  void validate() const;
};

}  // namespace contactsim
