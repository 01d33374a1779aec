// Worlds of smooth bodies with collisions.
//
// kry-pai-2002 Table II analog: the bowl thrown on the table (scenes/round-bowl-throw.json, the
// bowl study's default) for 3 s at a maximum step of 1, 16 and 64 ms (minimum 1 ms, RK4), as
// `contactsim bowl-study` runs it but without sampling output. Building the world (tessellations
// and collision trees) is timed apart from the simulation, which is what the paper's table times
// (flight, collision detection, impacts and contact evolution). Paper: 6.542 s, 0.521 s and
// 0.286 s on a 1.8 GHz Xeon.
//
// The broad phase: a ball dropped 0.4 m onto one of N fixed balls in a square field 0.3 m apart
// (flight to the impact and the rebound's apex, 0.43 s): with the bounding-sphere culling of
// world/time_of_impact.cpp only the obstacles near the ball are queried, so the time should grow
// far slower than N.
#include <benchmark/benchmark.h>

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "ball_lattice.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"

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

// Times advanceTo(t) of a fresh world per iteration, its construction untimed; returns the world
// of the last iteration.
World timedRuns(benchmark::State& state, const WorldDescription& d, double t) {
  std::optional<World> world;
  for (auto _ : state) {
    state.PauseTiming();
    world.emplace(d);
    state.ResumeTiming();
    world->advanceTo(t);
    benchmark::DoNotOptimize(world->state(0));
  }
  return std::move(*world);
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
  const World world = timedRuns(state, d, 3.0);
  state.counters["steps"] = static_cast<double>(world.stats().steps);
}
BENCHMARK(BM_BowlThrow3s)->Arg(1)->Arg(16)->Arg(64)->Unit(benchmark::kMillisecond);

// Arg: the number of obstacles along a side of the field.
void BM_DropAmongObstacles(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const double radius = 0.1;
  const auto sphere = std::make_shared<ChartSurface>(makeSphere(radius));
  WorldDescription d;
  d.integrator.method = IntegratorMethod::kRk4;
  d.integrator.step = 1e-3;
  d.collisions.enabled = true;
  d.collisions.impact.restitution = 0.5;
  d.collisions.tessellation = 4;
  BodyDescription ball;
  ball.name = "ball";
  ball.mass_properties = MassProperties::principal(1.0, Vec3::Constant(0.4 * radius * radius));
  ball.surface = sphere;
  ball.initial_state.position = Vec3(0.0, 0.0, 2.0 * radius + 0.4);
  d.bodies.push_back(ball);
  for (int i = 0; i < side; ++i) {
    for (int j = 0; j < side; ++j) {
      BodyDescription b;
      b.name = "obstacle-" + std::to_string(i) + "-" + std::to_string(j);
      b.fixed = true;
      b.surface = sphere;
      b.initial_state.position = Vec3(0.3 * (i - side / 2), 0.3 * (j - side / 2), 0.0);
      d.bodies.push_back(b);
    }
  }
  const double apex = std::sqrt(2.0 * 0.4 / 9.81) * 1.5;
  (void)timedRuns(state, d, apex);
  state.counters["obstacles"] = side * side;
}
BENCHMARK(BM_DropAmongObstacles)
    ->Arg(1)
    ->Arg(4)
    ->Arg(8)
    ->Arg(16)
    ->Iterations(100)
    ->Unit(benchmark::kMicrosecond);

// Free bodies against each other: the ball lattice of reference/ball_lattice.hpp (side³ balls,
// R = 0.1 m, 0.3 m apart, no gravity, 1 m/s in random directions with random spins, e = 0.9,
// μ = 0.3) for 1 s. The sweep over swept bounding spheres searches only neighbours.
void BM_FreeBallsColliding(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const World world = timedRuns(state, reference::ballLatticeWorld(side), 1.0);
  long impacts = 0;
  for (const WorldEvent& e : world.events()) {
    impacts += e.type == "collision";
  }
  state.counters["balls"] = side * side * side;
  state.counters["impacts"] = static_cast<double>(impacts);
}
BENCHMARK(BM_FreeBallsColliding)->Arg(2)->Arg(3)->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);

// scenes/billiard-break.json: a cue ball breaks a rack of ten balls resting on a table, 2 s.
void BM_BilliardBreak(benchmark::State& state) {
  const Scene scene = loadSceneFile(CONTACTSIM_SOURCE_DIR "/scenes/billiard-break.json");
  (void)timedRuns(state, scene.world, scene.duration);
}
BENCHMARK(BM_BilliardBreak)->Unit(benchmark::kMillisecond);

// scenes/ball-in-shell.json: a ball circling inside a free hollow ball (a contact between two free
// bodies: 11 degrees of freedom), the pair falling onto a table, 0.7 s at a fixed 1 ms step.
void BM_BallInShell(benchmark::State& state) {
  const Scene scene = loadSceneFile(CONTACTSIM_SOURCE_DIR "/scenes/ball-in-shell.json");
  const World world = timedRuns(state, scene.world, scene.duration);
  long on = 0;
  for (const WorldEvent& e : world.events()) {
    on += e.type == "contact-on";
  }
  state.counters["contacts_on"] = static_cast<double>(on);
}
BENCHMARK(BM_BallInShell)->Unit(benchmark::kMillisecond);

// The default scene (the thesis rattleback) advanced 10 000 steps of its 10 ms maximum step, its
// positions read after each: the C++ side of bench/python_world_steps.py, which times the same
// loop from Python (issue 28: Python within 1.2× of C++).
void BM_DefaultSceneSteps(benchmark::State& state) {
  const Scene scene = builtinDefaultScene();
  const double h = scene.world.integrator.adaptive.max_step;
  double checksum = 0.0;
  for (auto _ : state) {
    World world(scene.world);
    for (int k = 0; k < 10000; ++k) {
      world.advanceTo(world.time() + h);
      for (std::size_t i = 0; i < world.bodyCount(); ++i)
        checksum += world.state(i).position.x();
    }
  }
  benchmark::DoNotOptimize(checksum);
}
BENCHMARK(BM_DefaultSceneSteps)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace contactsim

BENCHMARK_MAIN();
