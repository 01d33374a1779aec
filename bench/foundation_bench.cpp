// Foundation kernels: spatial algebra, the free-body derivative (kry-pai-2002 eq. 15), RK4 and
// Cash–Karp steps, and the default scene end to end. Matrix-free forms are measured beside the
// 6×6 matrix forms they replace, in the same run.
#include <benchmark/benchmark.h>

#include "contactsim/math/spatial.hpp"
#include "contactsim/scene/run.hpp"
#include "dynamics/cash_karp.hpp"
#include "dynamics/free_body.hpp"
#include "dynamics/rk4.hpp"

namespace contactsim {
namespace {

Frame someFrame() {
  return makeFrame(Quat(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized())), Vec3(0.1, -0.2, 0.3));
}

void BM_AdjointMatrix(benchmark::State& state) {
  const Frame E = someFrame();
  for (auto _ : state) {
    benchmark::DoNotOptimize(adjoint(E));
  }
}
BENCHMARK(BM_AdjointMatrix);

void BM_TransformWrench_MatrixFree(benchmark::State& state) {
  const Frame E = someFrame();
  Wrench f = spatial(Vec3(1, 2, 3), Vec3(4, 5, 6));
  for (auto _ : state) {
    f = transformWrench(E, f);
    benchmark::DoNotOptimize(f);
  }
}
BENCHMARK(BM_TransformWrench_MatrixFree);

void BM_TransformWrench_AdInverseTranspose(benchmark::State& state) {
  const Frame E = someFrame();
  Wrench f = spatial(Vec3(1, 2, 3), Vec3(4, 5, 6));
  for (auto _ : state) {
    f = adjointInverseTranspose(E) * f;
    benchmark::DoNotOptimize(f);
  }
}
BENCHMARK(BM_TransformWrench_AdInverseTranspose);

FreeBodySystem tumblingBody() {
  return FreeBodySystem(MassProperties::principal(1.0, Vec3(0.2, 0.5, 0.6)), Vec3(0, 0, -9.81));
}

FreeBodySystem::State tumblingState() {
  RigidBodyState s;
  s.twist = spatial(Vec3(0.3, 2.0, -0.5), Vec3(0.0, 0.0, 1.0));
  return FreeBodySystem::pack(s);
}

void BM_FreeBodyDerivative(benchmark::State& state) {
  const FreeBodySystem system = tumblingBody();
  const FreeBodySystem::State x = tumblingState();
  for (auto _ : state) {
    benchmark::DoNotOptimize(system.derivative(0.0, x));
  }
}
BENCHMARK(BM_FreeBodyDerivative);

void BM_FreeBodyRk4Step(benchmark::State& state) {
  const FreeBodySystem system = tumblingBody();
  FreeBodySystem::State x = tumblingState();
  for (auto _ : state) {
    x = rk4Step(system, 0.0, x, 1e-3);
    benchmark::DoNotOptimize(x);
  }
}
BENCHMARK(BM_FreeBodyRk4Step);

void BM_FreeBodyCashKarpStep(benchmark::State& state) {
  const FreeBodySystem system = tumblingBody();
  FreeBodySystem::State x = tumblingState();
  for (auto _ : state) {
    x = cashKarpStep(system, 0.0, x, 1e-3).x;
    benchmark::DoNotOptimize(x);
  }
}
BENCHMARK(BM_FreeBodyCashKarpStep);

void BM_DefaultScene(benchmark::State& state) {
  const Scene scene = builtinDefaultScene();
  long steps = 0;
  for (auto _ : state) {
    const RunResult r = runScene(scene);
    steps += r.stats.steps;
    benchmark::DoNotOptimize(r.samples.back());
  }
  state.counters["steps_per_s"] =
      benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DefaultScene)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace contactsim

BENCHMARK_MAIN();
