#include "dynamics/adaptive_stepper.hpp"

#include "contactsim/math/checks.hpp"

namespace contactsim {

void AdaptiveStepParameters::validate() const {
  requirePositive(min_step, "adaptive integrator min_step");
  requirePositive(max_step, "adaptive integrator max_step");
  if (max_step < min_step) {
    throw InvalidInputError("adaptive integrator max_step (" + toText(max_step) +
                            ") must be at least min_step (" + toText(min_step) + ")");
  }
  requireFinite(initial_step, "adaptive integrator initial_step");
  if (initial_step < 0.0 ||
      (initial_step > 0.0 && (initial_step < min_step || initial_step > max_step))) {
    throw InvalidInputError(
        "adaptive integrator initial_step must be 0 or within [min_step, "
        "max_step], got " +
        toText(initial_step));
  }
  if (method == AdaptiveMethod::kCashKarp45 || step_doubling) {
    requirePositive(absolute_tolerance, "adaptive integrator absolute_tolerance");
    requirePositive(relative_tolerance, "adaptive integrator relative_tolerance");
  }
}

}  // namespace contactsim
