// Inputs that load but will likely not integrate well (issue 27, defect 6: `validate` should flag
// the obviously unstable ones before a run diverges).
#include <string>
#include <vector>

#include "contactsim/scene/scene.hpp"

namespace contactsim {

// RK4 with a fixed step (rk4, and adaptive-rk4 without step doubling, whose steps only shrink at
// events) is stable for a spin ω while ω h stays within about 2.8 of the imaginary axis; past
// ω h = 1 its energy error grows fast. Bodies starting in a smooth contact take the contact's
// steps, which the same bound governs.
std::vector<std::string> sceneWarnings(const Scene& scene) {
  std::vector<std::string> warnings;
  const IntegratorSettings& s = scene.world.integrator;
  double h = 0.0;
  if (s.method == IntegratorMethod::kRk4)
    h = s.step;
  else if (s.method == IntegratorMethod::kAdaptiveRk4 && !s.adaptive.step_doubling)
    h = s.adaptive.max_step;
  if (h == 0.0)
    return warnings;
  for (const BodyDescription& b : scene.world.bodies) {
    const double spin = b.initial_state.worldAngularVelocity().norm();
    if (!b.fixed && spin * h > 1.0) {
      warnings.push_back("body '" + b.name + "' spins at " + toText(spin) +
                         " rad/s: with steps of " + toText(h) + " s, ω h = " + toText(spin * h) +
                         " > 1 and RK4 will likely diverge; lower the step below " +
                         toText(1.0 / spin) + " s");
    }
  }
  return warnings;
}

}  // namespace contactsim
