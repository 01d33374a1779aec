// Inputs that load but will likely not integrate well (issue 27, defect 6: `validate` should flag
// the obviously unstable ones before a run diverges), or that were written for an older meaning.
#include <Eigen/Geometry>
#include <string>
#include <vector>

#include "contactsim/scene/scene.hpp"

namespace contactsim {
namespace {

// The 6D compliance c [m/N] was α [1/kg] before 2026-11-26 (docs/scene-format.md, "Changes
// without a version bump"): read as metres per newton, an old file's α (0.002–5 in the shipped
// scenes) would sink a body by more than its own size under its weight, were it not held at e.
void warnOfAnOldCompliance(const Scene& scene, std::vector<std::string>& warnings) {
  const double c = scene.world.integrator.volume_contact.compliance;
  const double g = scene.world.gravity.norm();
  if (!(c > 0.0 && g > 0.0))
    return;
  for (const BodyDescription& b : scene.world.bodies) {
    if (b.fixed || !b.mesh)
      continue;
    Eigen::AlignedBox3d box;
    for (const Vec3& v : b.mesh->vertices())
      box.extend(v);
    const double size = box.diagonal().norm();
    const double sink = c * b.mass_properties.mass() * g;
    if (sink > size) {
      warnings.push_back("compliance " + toText(c) + " m/N would sink body '" + b.name + "' by " +
                         toText(sink) + " m under its weight, more than its size (" + toText(size) +
                         " m; it stops at the target volume e): was it written as "
                         "α [1/kg], the unit before 2026-11-26? (docs/scene-format.md, \"Changes "
                         "without a version bump\")");
    }
  }
}

}  // namespace

// RK4 with a fixed step (rk4, and adaptive-rk4 without step doubling, whose steps only shrink at
// events) is stable for a spin ω while ω h stays within about 2.8 of the imaginary axis; past
// ω h = 1 its energy error grows fast. Bodies starting in a smooth contact take the contact's
// steps, which the same bound governs.
std::vector<std::string> sceneWarnings(const Scene& scene) {
  std::vector<std::string> warnings;
  warnOfAnOldCompliance(scene, warnings);
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
