// Mixed worlds (issue 22): the cost of an island where a smooth body meets polyhedra against the
// same island in one model. A ball slides and rolls into a 5 × 10 grid of boxes resting on a
// floor (0.5 s at 1 ms): BM_MixedWorld_SmoothAmongBoxes has a smooth sphere (MixedWorld: exact
// closest points against faces, edges and corners), BM_MixedWorld_BoxAmongBoxes the same scene
// with the sphere replaced by a box of its size (PointContactWorld). Target: the first ≤ 1.5× the
// second (docs/benchmarks.md).
#include <benchmark/benchmark.h>

#include <string>

#include "contactsim/scene/scene.hpp"

namespace {

using namespace contactsim;

std::string sceneText(const std::string& striker_shape) {
  std::string bodies = R"({"name": "floor", "fixed": true, "shape": {"type": "half-space"}},
      {"name": "striker", "mass": 1.0, "inertia": [0.004, 0.004, 0.004],
       "position": [-0.4, 0.45, 0.1], "linear_velocity": [2.0, 0, 0],
       "shape": )" + striker_shape +
                       "}";
  for (int i = 0; i < 5; ++i) {
    for (int j = 0; j < 10; ++j) {
      bodies += R"(, {"name": "box)" + std::to_string(10 * i + j) + R"(", "mass": 0.5,
          "position": [)" +
                std::to_string(0.12 * i) + ", " + std::to_string(0.1 * j) +
                R"(, 0.04], "shape": {"type": "box", "half_extents": [0.04, 0.04, 0.04]}})";
    }
  }
  return R"({"format": "contactsim-scene", "version": 2, "name": "bench", "duration": 0.5,
      "integrator": {"method": "semi-implicit-euler", "step": 0.001},
      "models": {"point": {"tolerance": 1e-6, "max_iterations": 100}},
      "bodies": [)" +
         bodies + "]}";
}

void runScene(benchmark::State& state, const std::string& striker_shape) {
  const WorldDescription description = parseScene(sceneText(striker_shape), "bench").world;
  for (auto _ : state) {
    World world(description);
    world.advanceTo(0.5);
    benchmark::DoNotOptimize(world.state(1));
  }
}

void BM_MixedWorld_SmoothAmongBoxes(benchmark::State& state) {
  runScene(state, R"({"type": "sphere", "radius": 0.1})");
}
BENCHMARK(BM_MixedWorld_SmoothAmongBoxes)->Unit(benchmark::kMillisecond)->MinTime(1.0);

void BM_MixedWorld_BoxAmongBoxes(benchmark::State& state) {
  runScene(state, R"({"type": "box", "half_extents": [0.1, 0.1, 0.1]})");
}
BENCHMARK(BM_MixedWorld_BoxAmongBoxes)->Unit(benchmark::kMillisecond)->MinTime(1.0);

}  // namespace

BENCHMARK_MAIN();
