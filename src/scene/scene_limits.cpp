#include "scene_limits.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <sstream>
#include <vector>

#include "io/input_file.hpp"

namespace contactsim {

static_assert(SceneLimits{}.max_file_bytes == kDefaultMaxFileBytes);

SceneLimits SceneLimits::none() {
  const double inf = std::numeric_limits<double>::infinity();
  return {inf, inf, inf, inf, inf, inf, inf};
}

namespace scene_detail {

void checkLimit(const std::string& file, const std::string& path, double count, double limit,
                const std::string& what) {
  if (!(count > limit))
    return;
  std::ostringstream s;
  s.precision(3);
  s << what << " would be " << count << ", more than the limit " << limit
    << " (docs/scene-format.md, \"Limits\"; --no-limits lifts it)";
  throw SceneError(file, path, s.str());
}

// Steps: fixed-step methods take duration / step, adaptive ones at least duration / max_step.
void checkRunSize(const std::string& file, const std::string& integrator, const Scene& scene,
                  std::size_t bodies, const SceneLimits& limits) {
  const IntegratorSettings& s = scene.world.integrator;
  const bool adaptive =
      s.method == IntegratorMethod::kAdaptiveRk4 || s.method == IntegratorMethod::kCashKarp45;
  const double step = adaptive ? s.adaptive.max_step : s.step;
  checkLimit(file, integrator + (adaptive ? "/max_step" : "/step"), scene.duration / step,
             limits.max_steps, "the number of steps (duration / step)");
  checkLimit(file, "/bodies", static_cast<double>(bodies), limits.max_bodies,
             "the number of bodies");
  const double rows =
      (std::floor(scene.duration * scene.output.rate) + 2.0) * static_cast<double>(bodies);
  checkLimit(file, "/output/rate", rows, limits.max_sample_rows,
             "the trajectory's rows (duration × rate × bodies)");
}

// Tessellations: each patch n × n quads (two triangles each) per surface. Rays: per axis, the
// overlap of two bodies (at most the smaller's extent) over the spacing, squared, three axes.
void checkShapeSizes(const std::string& file, const std::string& collisions,
                     const std::string& six_d, const Scene& scene, const SceneLimits& limits) {
  const double n = scene.world.collisions.tessellation;
  std::vector<double> extents;
  for (const BodyDescription& b : scene.world.bodies) {
    if (b.surface && scene.world.collisions.enabled) {
      checkLimit(file, collisions + "/tessellation", 2.0 * n * n * b.surface->patchCount(),
                 limits.max_triangles, "the triangles of body '" + b.name + "''s tessellation");
    }
    if (b.mesh)
      extents.push_back((b.mesh->boundsMax() - b.mesh->boundsMin()).maxCoeff());
  }
  if (extents.size() < 2)
    return;
  std::nth_element(extents.begin(), extents.begin() + 1, extents.end(), std::greater<>());
  const double per_axis = extents[1] / scene.world.integrator.volume_contact.resolution;
  checkLimit(file, six_d + "/resolution", 3.0 * per_axis * per_axis, limits.max_rays,
             "the rays across two bodies' overlap");
}

}  // namespace scene_detail

void checkRunLimits(const Scene& scene, const SceneLimits& limits) {
  scene_detail::checkRunSize(scene.origin, "/integrator", scene, scene.world.bodies.size(), limits);
}

}  // namespace contactsim
