// bouchard-2015 Table 1 analog (issue 7): the time per step of VolumeContactWorld split as the
// paper's columns — detection (broad phase, intersection volumes, patches and, for points, their
// generation), assembly (the blocks' Schur complements), factorization (their Cholesky factors or
// inverses), solve (warm start and sweeps) — for the bumpy cube (scenes/bumpy-cube.json, 196 608
// triangles), the salad (scenes/salad.json), a 528-triangle sphere resting on a plane (the paper's
// 524) and the tapered stack (scenes/tapered-stack.json), each with one 6D contact per pair and
// with the point-based baseline on the same meshes. Each world first runs to a time when its
// bodies rest (the bumpy cube slides on its bumps), outside the timing, then every benchmark
// iteration is one step(); the counters are the phases' mean milliseconds per step over the
// iterations (medians over repetitions in the JSON's aggregates), the contacts and the sweeps.
// Both models stop at an update norm of 1e-15 or 20 000 sweeps, as volume_convergence_study.
//
//     build/release/bench/bench_volume_contact --benchmark_repetitions=5
//         --benchmark_report_aggregates_only=true --benchmark_out_format=json
//         --benchmark_out=bench/results/cpp-2core/volume_contact.json
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <string>
#include <utility>

#include "volume_scene_worlds.hpp"

namespace contactsim {
namespace {

// One settled world per scene and model, kept between Google Benchmark's calls (repetitions
// continue the same simulation rather than settling it again).
VolumeContactWorld& settledWorld(const std::string& scene, ContactModel model, double time) {
  static std::map<std::pair<std::string, ContactModel>, std::unique_ptr<VolumeContactWorld>> worlds;
  auto& world = worlds[{scene, model}];
  if (!world) {
    world = std::make_unique<VolumeContactWorld>(
        scene == "sphere" ? bench::sphereOnPlaneWorld(model) : bench::sceneWorld(scene, model));
    // The stopping criterion of the convergence study (bouchard-2015 §6.1.8) in place of the
    // scenes' 500-sweep cap, under which the salad's point-based baseline diverges.
    world->setSolver({20000, 1e-15, false}, true);
    world->advanceTo(time);
  }
  return *world;
}

void stepWorld(benchmark::State& state, const std::string& scene, double time) {
  const ContactModel model = state.range(0) == 0 ? ContactModel::k6D : ContactModel::kPoint;
  VolumeContactWorld& world = settledWorld(scene, model, time);
  double detection = 0.0, assembly = 0.0, factorization = 0.0, solve = 0.0, sweeps = 0.0;
  double contacts = 0.0, steps = 0.0;
  for (auto _ : state) {
    const VolumeContactStepStats& s = world.step();
    detection += s.detection_seconds;
    assembly += s.assembly_seconds;
    factorization += s.factorization_seconds;
    solve += s.solve_seconds;
    sweeps += s.solve.iterations;
    contacts += static_cast<double>(s.contacts);
    steps += 1.0;
  }
  state.SetLabel(model == ContactModel::k6D ? "6D" : "point");
  state.counters["detection_ms"] = 1e3 * detection / steps;
  state.counters["assembly_ms"] = 1e3 * assembly / steps;
  state.counters["factorization_ms"] = 1e3 * factorization / steps;
  state.counters["solve_ms"] = 1e3 * solve / steps;
  state.counters["sweeps"] = sweeps / steps;
  state.counters["contacts"] = contacts / steps;
}

// Arg 0: 6D, 1: point-based. Times: resting (stack, sphere, salad) or sliding (bumpy cube).
void BM_BumpyCubeStep(benchmark::State& state) {
  stepWorld(state, "bumpy-cube", 0.5);
}
BENCHMARK(BM_BumpyCubeStep)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_SaladStep(benchmark::State& state) {
  stepWorld(state, "salad", 3.0);
}
BENCHMARK(BM_SaladStep)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_SphereStep(benchmark::State& state) {
  stepWorld(state, "sphere", 0.2);
}
BENCHMARK(BM_SphereStep)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_StackStep(benchmark::State& state) {
  stepWorld(state, "tapered-stack", 1.0);
}
BENCHMARK(BM_StackStep)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace contactsim

BENCHMARK_MAIN();
