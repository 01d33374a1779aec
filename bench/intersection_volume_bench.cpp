// Intersection-volume detection (bouchard-2015 §4, Table 1's "Detection" column; issue 7): one
// step's intersectionVolume + contactPatch for the ≈200k-triangle bumpy cube resting on a plane
// (paper: 129.4 ms on a GTX Titan; target here ≤ 15 ms on 2 cores) and for the 528-triangle UV
// sphere resting on a plane (paper: 180.2 ms for 524 triangles; target ≤ 0.2 ms); the Embree BVH
// build of the bumpy cube (once per body, never per step) and its full validation
// (self-intersection included) against the validation without it.
//
//     build/release/bench/bench_intersection_volume --benchmark_repetitions=5
//         --benchmark_report_aggregates_only=true --benchmark_out_format=json
//         --benchmark_out=bench/results/cpp-2core/intersection_volume.json
//
// Resolutions (ray spacing): the bumpy cube (side 1 m, bumps 2 cm high, 12.5 cm apart) at 1 cm,
// 8 rays per bump radius; the sphere (radius 0.1 m) at 2 mm = R/50.
#include <benchmark/benchmark.h>

#include "collision/contact_patch.hpp"
#include "collision/intersection_volume.hpp"
#include "contactsim/geometry/mesh_generators.hpp"

namespace contactsim {
namespace {

// The plane z ≤ 0 as a box 8 m across whose top face is z = 0.
const RayCastBody& plane() {
  static const RayCastBody body(boxMesh(Vec3::Constant(4.0)));
  return body;
}
const Frame kPlanePose = makeFrame(Mat3::Identity(), Vec3(0, 0, -4.0));

const TriangleMesh& bumpyCube() {
  static const TriangleMesh mesh = bumpyCubeMesh(0.5, 128, 0.02, 8);
  return mesh;
}

// One detection step: the moments, then the patch (skipped when apart).
void detect(benchmark::State& state, const RayCastBody& body, const Frame& pose, double h) {
  IntersectionVolume r;
  for (auto _ : state) {
    r = intersectionVolume(body, pose, plane(), kPlanePose, {h});
    if (r.moments.volume > 0.0) {
      benchmark::DoNotOptimize(contactPatch(r.moments));
    }
  }
  state.counters["rays"] = static_cast<double>(r.stats.rays);
  state.counters["hits"] = static_cast<double>(r.stats.hits);
  state.counters["volume_cm3"] = r.moments.volume * 1e6;
  state.counters["triangles"] = body.mesh().triangleCount();
}

void BM_DetectionBumpyCubeOnPlane(benchmark::State& state) {
  static const RayCastBody body{TriangleMesh(bumpyCube())};
  // Resting on its bumps, 3 mm deep at the lowest ones, slightly tilted and turned.
  const Frame pose = makeFrame(
      Quat(Eigen::AngleAxisd(0.3, Vec3::UnitZ()) * Eigen::AngleAxisd(0.01, Vec3::UnitX())),
      Vec3(0.1, -0.05, 0.5 + 0.02 - 0.003));
  detect(state, body, pose, 0.01);
}
BENCHMARK(BM_DetectionBumpyCubeOnPlane)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_DetectionSphereOnPlane(benchmark::State& state) {
  static const RayCastBody body(uvSphereMesh(0.1, 24, 12));
  // 1 mm deep, rolled a little off its pole.
  const Frame pose = makeFrame(Quat(Eigen::AngleAxisd(0.2, Vec3::UnitX())), Vec3(0, 0, 0.099));
  detect(state, body, pose, 0.002);
}
BENCHMARK(BM_DetectionSphereOnPlane)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_EmbreeBuildBumpyCube(benchmark::State& state) {
  for (auto _ : state) {
    const RayCastBody body{TriangleMesh(bumpyCube())};
    benchmark::DoNotOptimize(&body);
  }
  state.counters["triangles"] = bumpyCube().triangleCount();
}
BENCHMARK(BM_EmbreeBuildBumpyCube)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ValidateBumpyCube(benchmark::State& state) {
  const auto validation =
      state.range(0) == 1 ? MeshValidation::kFull : MeshValidation::kSkipSelfIntersection;
  for (auto _ : state) {
    const TriangleMesh mesh(bumpyCube().vertices(), bumpyCube().triangles(), "", validation);
    benchmark::DoNotOptimize(&mesh);
  }
  state.SetLabel(state.range(0) == 1 ? "with self-intersection" : "without self-intersection");
}
BENCHMARK(BM_ValidateBumpyCube)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace contactsim

BENCHMARK_MAIN();
