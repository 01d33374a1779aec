// Full 10-set jets (c and all partial derivatives to order 3) per surface type: the analog of
// kry-pai-2002 Table I (350 MHz Pentium II: Bézier 0.0801 ms, Loop regular 0.2413 ms, Loop
// extraordinary valence 3/5/7/10: 0.1683/0.1933/0.2223/0.2654 ms) and kry-2000 Table 6.1 (S-patches
// of 3/4/5/10 sides: 0.1632/0.4466/1.1006/20.0248 ms). Each iteration evaluates one of 256 random
// points of one patch type, so the timing averages over the patch.
#include <benchmark/benchmark.h>

#include <memory>
#include <random>
#include <string>

#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim/geometry/bezier_surface.hpp"
#include "contactsim/geometry/loop_surface.hpp"
#include "geometry/s_patch.hpp"

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

// An S-patch with random control points, at random points of its n-gon: the jet's cost grows with
// the C(n + d − 1, d) control points.
void BM_Jet_SPatch(benchmark::State& state) {
  const int sides = static_cast<int>(state.range(0));
  const int degree = static_cast<int>(state.range(1));
  std::mt19937 rng(2);
  std::uniform_real_distribution<double> x(-1.0, 1.0);
  std::vector<Vec3> control(SPatch::multiIndices(sides, degree).size() /
                            static_cast<std::size_t>(sides));
  for (Vec3& p : control)
    p = Vec3(x(rng), x(rng), x(rng));
  const SPatch patch(sides, degree, control);
  std::vector<Vec2> points;
  std::uniform_real_distribution<double> w(0.05, 1.0);
  while (points.size() < 256) {  // random convex combinations of the polygon's vertices
    Vec2 p = Vec2::Zero();
    double total = 0.0;
    for (int k = 0; k < sides; ++k) {
      const double wk = w(rng);
      p += wk * patch.domain().vertex(k);
      total += wk;
    }
    points.push_back(p / total);
  }
  std::size_t i = 0;
  for (auto _ : state) {
    const Vec2& p = points[i++ & 255];
    benchmark::DoNotOptimize(patch.evaluate(p.x(), p.y(), JetOrder::kThird));
  }
}
// {sides, degree}: the thesis's quartics, and the sextic triangle replacement uses at valence 3.
BENCHMARK(BM_Jet_SPatch)
    ->Args({3, 4})
    ->Args({4, 4})
    ->Args({5, 4})
    ->Args({6, 4})
    ->Args({10, 4})
    ->Args({3, 6});

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
