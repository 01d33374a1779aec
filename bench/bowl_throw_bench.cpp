// kry-pai-2002 Table II analog: the bowl thrown on the table (scenes/round-bowl-throw.json, the
// bowl study's default) for 3 s at a maximum step of 1, 16 and 64 ms (minimum 1 ms, RK4), as
// `contactsim bowl-study` runs it but without sampling output. Building the world (tessellations
// and collision trees) is timed apart from the simulation, which is what the paper's table times
// (flight, collision detection, impacts and contact evolution). Paper: 6.542 s, 0.521 s and
// 0.286 s on a 1.8 GHz Xeon.
#include <benchmark/benchmark.h>

#include "contactsim/scene/scene.hpp"
#include "contactsim/world/world.hpp"

namespace contactsim {
namespace {

WorldDescription bowlThrow(double max_step) {
  static const Scene scene = loadSceneFile(CONTACTSIM_SOURCE_DIR "/scenes/round-bowl-throw.json");
  WorldDescription d = scene.world;
  d.integrator.adaptive.min_step = 1e-3;
  d.integrator.adaptive.max_step = max_step;
  // kry-pai-2002 §4.2: no-slip entry at 5 mm/s, 2.5 mm/s for the 1 ms run.
  d.collisions.friction.slip_threshold = max_step <= 1e-3 ? 2.5e-3 : 5e-3;
  return d;
}

void BM_BowlThrowSetUp(benchmark::State& state) {
  const WorldDescription d = bowlThrow(0.064);
  for (auto _ : state) {
    World world(d);
    benchmark::DoNotOptimize(world.time());
  }
}
BENCHMARK(BM_BowlThrowSetUp)->Unit(benchmark::kMillisecond);

// Arg: the maximum step [ms].
void BM_BowlThrow3s(benchmark::State& state) {
  const WorldDescription d = bowlThrow(1e-3 * static_cast<double>(state.range(0)));
  long steps = 0;
  for (auto _ : state) {
    state.PauseTiming();
    World world(d);
    state.ResumeTiming();
    world.advanceTo(3.0);
    steps = world.stats().steps;
    benchmark::DoNotOptimize(world.state(0));
  }
  state.counters["steps"] = static_cast<double>(steps);
}
BENCHMARK(BM_BowlThrow3s)->Arg(1)->Arg(16)->Arg(64)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace contactsim

BENCHMARK_MAIN();
