// Full 10-set jets (c and all partial derivatives to order 3) per surface type: the analog of
// kry-pai-2002 Table I (350 MHz Pentium II: Bézier 0.0801 ms, Loop regular 0.2413 ms, Loop
// extraordinary valence 3/5/7/10: 0.1683/0.1933/0.2223/0.2654 ms). Each iteration evaluates one
// of 256 random points of one patch type, so the timing averages over the patch.
#include <benchmark/benchmark.h>

#include <memory>
#include <random>
#include <string>

#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim/geometry/bezier_surface.hpp"
#include "contactsim/geometry/loop_surface.hpp"

namespace contactsim {
namespace {

std::string meshPath(const std::string& name) {
  return std::string(CONTACTSIM_SOURCE_DIR) + "/tests/data/meshes/" + name + ".obj";
}

struct Sample {
  int patch;
  double s, t;
};

// Random points in the unit triangle (Loop) or square (others) of patches accepted by `keep`.
template <class Keep>
std::vector<Sample> samples(const Surface& surface, bool triangle, Keep keep) {
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<int> patches;
  for (int p = 0; p < surface.patchCount(); ++p) {
    if (keep(p))
      patches.push_back(p);
  }
  std::vector<Sample> out;
  while (out.size() < 256) {
    double s = u(rng), t = u(rng);
    if (triangle && s + t > 1.0)
      continue;
    out.push_back({patches[out.size() % patches.size()], s, t});
  }
  return out;
}

void runJets(benchmark::State& state, const Surface& surface, const std::vector<Sample>& points) {
  std::size_t i = 0;
  for (auto _ : state) {
    const Sample& x = points[i++ & 255];
    benchmark::DoNotOptimize(surface.evaluate(x.patch, x.s, x.t, JetOrder::kThird));
  }
}

void BM_Jet_BezierBicubic(benchmark::State& state) {
  const BezierSurface surface = thesisRattlebackSurface();
  runJets(state, surface, samples(surface, false, [](int) { return true; }));
}
BENCHMARK(BM_Jet_BezierBicubic);

void BM_Jet_LoopRegular(benchmark::State& state) {
  const LoopSurface surface = LoopSurface::loadObj(meshPath("torus_regular"));
  runJets(state, surface, samples(surface, true, [](int) { return true; }));
}
BENCHMARK(BM_Jet_LoopRegular);

void BM_Jet_LoopExtraordinary(benchmark::State& state) {
  const int valence = static_cast<int>(state.range(0));
  const LoopSurface surface = LoopSurface::loadObj(meshPath("ev" + std::to_string(valence)));
  runJets(state, surface, samples(surface, true, [&](int p) {
            return surface.kind(p) == LoopPatchKind::kOneExtraordinary &&
                   surface.controlMesh().valence(surface.corner(p, 0)) == valence;
          }));
}
BENCHMARK(BM_Jet_LoopExtraordinary)->Arg(3)->Arg(4)->Arg(5)->Arg(7)->Arg(8)->Arg(10);

void BM_Jet_LoopSeveralExtraordinary(benchmark::State& state) {
  const LoopSurface surface = LoopSurface::loadObj(meshPath("icosahedron"));
  runJets(state, surface, samples(surface, true, [](int) { return true; }));
}
BENCHMARK(BM_Jet_LoopSeveralExtraordinary);

void BM_Jet_Ellipsoid(benchmark::State& state) {
  const ChartSurface surface = makeEllipsoid(Vec3(0.3, 0.5, 0.9));
  runJets(state, surface, samples(surface, false, [](int) { return true; }));
}
BENCHMARK(BM_Jet_Ellipsoid);

void BM_Jet_Torus(benchmark::State& state) {
  const ChartSurface surface = makeTorus(1.0, 0.3);
  runJets(state, surface, samples(surface, false, [](int) { return true; }));
}
BENCHMARK(BM_Jet_Torus);

}  // namespace
}  // namespace contactsim

BENCHMARK_MAIN();
