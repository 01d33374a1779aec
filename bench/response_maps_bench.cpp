// Response-map benchmarks (issue 8): complex Bessel K0/K1/K2, one Laplace-domain assembly of the
// bar of ullrich-pai §4, the whole map precompute (reported per node; paper: 3–4 min per curve on
// a 266 MHz Pentium II, target ≤ 1 s), and the run-time force of one contact node with N_f = 100
// samples (target ≤ 1 µs). Peers in the same run: std::cyl_bessel_k on the real axis.
#include <benchmark/benchmark.h>

#include <cmath>
#include <complex>
#include <memory>
#include <random>

#include "bem/boundary_matrices.hpp"
#include "bem/complex_bessel.hpp"
#include "bem/convolution_quadrature.hpp"
#include "contact/response/deformation_history.hpp"
#include "contactsim/bem/boundary_mesh.hpp"
#include "contactsim/bem/response_map_builder.hpp"
#include "world/impact_restitution.hpp"

namespace {

using contactsim::barLoop;
using contactsim::meshLoops;

std::vector<std::complex<double>> besselArguments() {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> log_modulus(-6.0, 3.0);
  std::uniform_real_distribution<double> argument(-1.5, 1.5);
  std::vector<std::complex<double>> z(1024);
  for (auto& value : z) {
    value = std::polar(std::pow(10.0, log_modulus(rng)), argument(rng));
  }
  return z;
}

void BM_BesselK012Complex(benchmark::State& state) {
  const auto z = besselArguments();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(contactsim::besselK012(z[i++ & 1023]));
  }
}
BENCHMARK(BM_BesselK012Complex);

void BM_BesselK012RealAxis(benchmark::State& state) {
  const auto z = besselArguments();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(contactsim::besselK012(std::abs(z[i++ & 1023])));
  }
}
BENCHMARK(BM_BesselK012RealAxis);

// Peer: the standard library's real-order K (K0, K1, K2 = three calls).
void BM_StdCylBesselKReal(benchmark::State& state) {
  const auto z = besselArguments();
  std::size_t i = 0;
  for (auto _ : state) {
    const double x = std::abs(z[i++ & 1023]);
    benchmark::DoNotOptimize(std::cyl_bessel_k(0.0, x) + std::cyl_bessel_k(1.0, x) +
                             std::cyl_bessel_k(2.0, x));
  }
}
BENCHMARK(BM_StdCylBesselKReal);

void BM_BarLaplaceAssembly(benchmark::State& state) {
  const auto mesh = meshLoops({barLoop(0.2, 0.0125, 7, 7, 1.4)});
  const auto rules = contactsim::buildBoundaryQuadrature(mesh);
  const auto statics = contactsim::assembleStatic(mesh, rules, contactsim::kSteel);
  const std::complex<double> s(2e5, 1e6);
  // The split of the default map's transform (Δt 1 µs, 512 samples).
  const contactsim::ConvolutionQuadrature cq(1e-6, 512, contactsim::TimeQuadrature::bdf2);
  const double max_panel = contactsim::dynamicPanelLength(contactsim::kSteel, cq.frequencies());
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        contactsim::assembleLaplace(mesh, rules, contactsim::kSteel, s, statics, max_panel));
  }
  state.counters["points"] = static_cast<double>(rules.pointCount());
}
BENCHMARK(BM_BarLaplaceAssembly)->Unit(benchmark::kMillisecond);

// The whole map of the paper's bar (56 nodes, N_f = 100): divide by 56 for the time per node.
void BM_BarResponseMap(benchmark::State& state) {
  const auto mesh = meshLoops({barLoop(0.2, 0.0125, 7, 7, 1.4)});
  contactsim::ResponseMapOptions options;
  options.samples = static_cast<int>(state.range(0));
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        contactsim::computeResponseMap(mesh, contactsim::kSteel, options, "bar"));
  }
  state.counters["nodes"] = static_cast<double>(mesh.nodes.size());
  state.counters["per_node_s"] = benchmark::Counter(
      static_cast<double>(mesh.nodes.size()),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_BarResponseMap)->Arg(100)->Arg(512)->Unit(benchmark::kMillisecond)->Iterations(3);

// The restitution study's bar (16 / 12 elements, 112 nodes) by both builders in the same run:
// the boundary elements at Δt = 1 µs (N_f 512) and the finite element model (3 rings, 1810
// degrees of freedom) at 1 µs and at 0.0625 µs (N_f 8192); then the converged curve's model, 8
// columns of elements under each side element (9426 dofs, four mirror classes), work-conjugate
// reading, at 0.0625 µs, beside the same with 1 column.
void BM_StudyBarBoundaryElementMap(benchmark::State& state) {
  const auto mesh = meshLoops({barLoop(0.2, 0.0125, 16, 12, 1.4)});
  contactsim::ResponseMapOptions options;
  options.samples = 512;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        contactsim::computeResponseMap(mesh, contactsim::kSteel, options, "bar"));
  }
}
BENCHMARK(BM_StudyBarBoundaryElementMap)->Unit(benchmark::kMillisecond)->Iterations(1);

// One finite element map of the study's bar per iteration.
void runStudyBarFiniteElementMap(benchmark::State& state,
                                 const contactsim::FiniteElementOptions& elements,
                                 const contactsim::ResponseMapOptions& options) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(contactsim::computeBarFiniteElementMap(
        0.2, 0.0125, 16, 12, 1.4, elements, contactsim::kSteel, options, "bar"));
  }
}

void BM_StudyBarFiniteElementMap(benchmark::State& state) {
  contactsim::ResponseMapOptions options;
  options.samples = static_cast<int>(state.range(0));
  options.time_step = 512e-6 / options.samples;
  runStudyBarFiniteElementMap(state, {}, options);
}
BENCHMARK(BM_StudyBarFiniteElementMap)
    ->Arg(512)
    ->Arg(8192)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

void BM_StudyBarFiniteElementMapSides(benchmark::State& state) {
  contactsim::ResponseMapOptions options;
  options.samples = 8192;
  options.time_step = 6.25e-8;
  contactsim::FiniteElementOptions elements;
  elements.side_columns = static_cast<int>(state.range(0));
  elements.reading = contactsim::FiniteElementOptions::Reading::kWorkConjugate;
  runStudyBarFiniteElementMap(state, elements, options);
}
BENCHMARK(BM_StudyBarFiniteElementMapSides)
    ->Arg(1)
    ->Arg(8)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// Run time, ullrich-pai §5.1 step 1: the nominal force of one contact node from its history (the
// digital filter over N_f samples) plus pushing the step's deformation. Target ≤ 1 µs at N_f = 100.
void BM_RunTimeForcePerContactNode(benchmark::State& state) {
  const auto samples = static_cast<std::size_t>(state.range(0));
  contactsim::ResponseMap map;
  map.time_step = 1e-6;
  map.outline = {{0, 0}, {1, 0}, {0, 1}};
  contactsim::ResponseMapNode node;
  node.stiffness = 1e9;
  for (std::size_t m = 0; m < samples; ++m) {
    node.force.push_back(1e9 + 1e11 * std::exp(-0.1 * static_cast<double>(m)));
  }
  map.nodes.push_back(node);
  contactsim::DeformationHistory history(samples);
  double delta = 0.0;
  for (std::size_t k = 0; k < 2 * samples; ++k) {
    history.push(delta += 1e-9);
  }
  for (auto _ : state) {
    const double force = history.nominalForce(map, 0);
    benchmark::DoNotOptimize(force);
    history.push(delta += 1e-12);
  }
}
BENCHMARK(BM_RunTimeForcePerContactNode)->Arg(100)->Arg(512);

// A whole normal impact of the bar on the block (≈ 80 µs, ~600 steps of 1 µs with the window).
void BM_BarNormalImpact(benchmark::State& state) {
  const auto mesh = meshLoops({barLoop(0.2, 0.0125, 16, 7, 1.4)});
  contactsim::ResponseMapOptions options;
  options.samples = 256;
  const auto map = std::make_shared<const contactsim::ResponseMap>(
      contactsim::computeResponseMap(mesh, contactsim::kSteel, options, "bar"));
  contactsim::ImpactSetup setup;
  setup.angle = -0.5 * 3.141592653589793;
  for (auto _ : state) {
    benchmark::DoNotOptimize(contactsim::measureImpactRestitution(map, setup));
  }
}
BENCHMARK(BM_BarNormalImpact)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
