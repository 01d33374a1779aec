// Contact trees (issue 23): the cost of one RK4 step of a chain of N balls stacked on a table,
// each resting on the one below (frictionless contacts, at rest on top of each other), for
// N = 1 … 32. The articulated-body recursion is linear in N: the cost per step per body should
// stay flat (acceptance: ≤ 1.2× per doubling beyond 4 bodies). Medians in docs/benchmarks.md.
#include <benchmark/benchmark.h>

#include <memory>

#include "contact/smooth/contact_tree.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"

namespace contactsim {
namespace {

constexpr double kRadius = 0.05;
constexpr double kStep = 1e-3;

// N balls stacked on a plane: contact 0 the lowest ball on the plane, contact k ball k on ball
// k − 1, every contact point at the bottom of the upper surface and the top of the lower one.
ContactTree ballStack(int n) {
  ContactTreeSetup setup;
  setup.step = kStep;
  const auto ball = std::make_shared<ChartSurface>(makeSphere(kRadius));
  const auto plane = std::make_shared<ChartSurface>(makePlane(100.0));
  const SurfacePoint bottom = sphereChartPoint(-Vec3::UnitZ());
  const SurfacePoint top = sphereChartPoint(Vec3::UnitZ());
  ContactTreeState state;
  for (int k = 0; k < n; ++k) {
    setup.bodies.push_back(MassProperties::principal(1.0, Vec3::Constant(0.4 * kRadius * kRadius)));
    ContactTreeSetup::Edge e;
    e.child = k;
    e.parent = k == 0 ? ContactTreeEdge::kFixed : k - 1;
    e.surface1 = ball;
    e.surface2 = k == 0 ? std::static_pointer_cast<const Surface>(plane) : ball;
    setup.edges.push_back(e);
    SmoothContactState s;
    s.patch1 = bottom.patch;
    s.patch2 = k == 0 ? 0 : top.patch;
    const Vec2 uv = k == 0 ? Vec2(0.5, 0.5) : top.st;
    s.q << bottom.st.x(), bottom.st.y(), uv.x(), uv.y(), 0.0;
    state.edges.push_back(s);
  }
  state.roots.resize(static_cast<std::size_t>(n));
  return ContactTree(setup, state);
}

void BM_ContactTreeChainStep(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  ContactTree tree = ballStack(n);
  for (auto _ : state) {
    if (tree.separatedEdge() >= 0) {  // the unstable stack came apart: start again
      state.PauseTiming();
      tree = ballStack(n);
      state.ResumeTiming();
    }
    tree.advanceTo(tree.time() + kStep);
  }
  state.counters["per_body"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * n,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_ContactTreeChainStep)->RangeMultiplier(2)->Range(1, 32)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace contactsim

BENCHMARK_MAIN();
