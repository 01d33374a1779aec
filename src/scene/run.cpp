#include "contactsim/scene/run.hpp"

#include <chrono>
#include <cmath>
#include <new>

namespace contactsim {
namespace {

TrajectorySample sample(const World& world, const RunOptions& options) {
  TrajectorySample s;
  s.time = world.time();
  for (std::size_t i = 0; i < world.bodyCount(); ++i) {
    s.bodies.push_back({world.state(i), world.energy(i)});
    if (!std::isfinite(s.bodies.back().energy)) {
      throw NumericalError("body '" + world.bodyName(i) + "': energy not finite at t = " +
                           toText(s.time) + " s (position or velocity overflowed)");
    }
  }
  if (options.record_contacts)
    s.contacts = world.contacts();
  return s;
}

}  // namespace

RunResult runScene(const Scene& scene, const RunOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  World world(scene.world);
  RunResult result;
  result.scene = scene;
  for (std::size_t i = 0; i < world.bodyCount(); ++i) {
    result.body_names.push_back(world.bodyName(i));
    result.initial_angular_momentum.push_back(world.angularMomentum(i));
    result.fixed.push_back(world.isFixed(i));
  }
  // Sample times k / rate computed from k, never accumulated, so they stay exact.
  const auto count = static_cast<long>(std::floor(scene.duration * scene.output.rate + 1e-9));
  // A sample handed on, and kept (or, not keeping them all, kept as the last).
  const auto take = [&](TrajectorySample s) {
    ++result.sample_count;
    if (options.on_sample)
      options.on_sample(s);
    if (options.keep_samples || result.samples.size() < 2)
      result.samples.push_back(std::move(s));
    else
      result.samples.back() = std::move(s);
  };
  // Velocity-level worlds stop at whole steps, within half a step of the time asked for: a
  // sample that finds the world where the last one left it is not written twice.
  const auto sampleIfMoved = [&] {
    if (world.time() > result.samples.back().time)
      take(sample(world, options));
    if (options.progress)
      options.progress(world.time(), scene.duration);
  };
  try {
    take(sample(world, options));
    for (long k = 1; k <= count; ++k) {
      world.advanceTo(static_cast<double>(k) / scene.output.rate);
      sampleIfMoved();
    }
    if (world.time() < scene.duration) {
      world.advanceTo(scene.duration);
      sampleIfMoved();
    }
  } catch (const std::bad_alloc&) {
    // Kept samples stay in memory until the run ends: say how many and what sets them.
    throw Error("out of memory at t = " + toText(world.time()) + " s after " +
                toText(result.sample_count) + " samples of " + toText(world.bodyCount()) +
                " bodies" +
                (options.keep_samples
                     ? std::string(" kept in memory (/output/rate x /duration; "
                                   "docs/scene-format.md lists the size limits --no-limits lifts)")
                     : std::string()));
  }
  for (std::size_t i = 0; i < world.bodyCount(); ++i) {
    result.final_angular_momentum.push_back(world.angularMomentum(i));
  }
  result.stats = world.stats();
  result.events = world.events();
  result.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace contactsim
