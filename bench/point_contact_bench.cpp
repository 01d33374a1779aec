// Point contact (preda-florian-2005; issue 6): the cost of assembling the contact matrix A and of
// one sweep of Algorithm 1 against the contact count n on deterministic box stacks (many bodies,
// so A stays sparse by body); our PGS and Lemke against Siconos' LCP solvers on the same 200
// random box problems (time per problem, failures, mean iterations, agreement with Lemke); and one
// step of the frictional point-contact world on 4- and 10-box stacks (bouchard-2015 §6's
// point-based method) with the block-PGS sweeps it takes.
//
// Run with OPENBLAS_NUM_THREADS=1: Siconos' Newton-min factorises through OpenBLAS, whose threads
// spin on a loaded 2-core machine (100× slower, and different failures) — our solvers are serial.
//
//     OPENBLAS_NUM_THREADS=1 build/release/bench/bench_point_contact
//         --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//         --benchmark_out_format=json --benchmark_out=bench/results/cpp-2core/point_contact.json
//
// (one command line; stdout can go to /dev/null:
// Siconos prints its convergence warnings there, and the JSON is the record).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "contact/point/contact_matrix.hpp"
#include "contactsim/scene/scene.hpp"
#include "contactsim/world/world.hpp"
#include "contactsim_reference/box_contact_problems.hpp"
#include "solvers/lemke.hpp"
#include "solvers/projected_gauss_seidel.hpp"
#include "solvers/siconos_lcp.hpp"
#include "world/point_contact_world.hpp"

namespace contactsim {
namespace {

constexpr double kG = 9.81;

// ---------------------------------------------------------------------------------------------
// Deterministic stacks: columns of identical boxes (half-extent 0.1 m, 1 kg) lying flat on each
// other and on a floor, 4 corner contacts per interface. n contacts = n/4 boxes, in columns of at
// most 8 boxes side by side, so a large n means many bodies and each row of A has at most 12
// non-zeros (the 4 contacts below a box and the 4 above it, plus those of the box it rests on).
struct StackProblem {
  std::vector<ContactBody> bodies;  // the last one is the fixed floor
  std::vector<PointContact> contacts;
};

StackProblem boxStacks(int contacts) {
  const int boxes = std::max(1, contacts / 4);
  const int height = std::min(8, boxes);
  const int columns = (boxes + height - 1) / height;
  const double half = 0.1, mass = 1.0;
  const MassProperties props =
      MassProperties::principal(mass, Vec3::Constant(mass / 3.0 * 2.0 * half * half));
  StackProblem p;
  const auto floor = static_cast<std::size_t>(boxes);
  int placed = 0;
  for (int c = 0; c < columns && placed < boxes; ++c) {
    const double x = 0.5 * c;  // columns 0.5 m apart: no contacts between columns
    for (int k = 0; k < height && placed < boxes; ++k, ++placed) {
      RigidBodyState s;
      s.position = Vec3(x, 0.0, (2 * k + 1) * half);
      p.bodies.push_back(makeContactBody(props, s, Vec3(0.0, 0.0, -mass * kG)));
      const auto self = static_cast<std::size_t>(placed);
      const std::size_t below = k == 0 ? floor : self - 1;
      const double z = 2 * k * half;
      for (int corner = 0; corner < 4; ++corner) {
        PointContact contact;
        contact.body_a = self;
        contact.body_b = below;
        contact.point = Vec3(x + (corner & 1 ? half : -half), corner & 2 ? half : -half, z);
        contact.normal = Vec3::UnitZ();
        p.contacts.push_back(contact);
      }
    }
  }
  p.bodies.push_back(makeFixedContactBody());
  return p;
}

// ns per contact (or per contact-sweep with `per` = n · sweeps) from the iteration time.
benchmark::Counter nsPer(double per) {
  return benchmark::Counter(
      per * 1e-9, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_ContactMatrixAssembly(benchmark::State& state) {
  const StackProblem p = boxStacks(static_cast<int>(state.range(0)));
  ContactProblem lcp;
  for (auto _ : state) {
    lcp = assembleContactProblem(p.bodies, p.contacts);
    benchmark::DoNotOptimize(lcp.A.valuePtr());
  }
  const auto n = static_cast<double>(p.contacts.size());
  state.counters["contacts"] = n;
  state.counters["bodies"] = static_cast<double>(p.bodies.size());
  state.counters["nnz_per_row"] = static_cast<double>(lcp.A.nonZeros()) / n;
  state.counters["ns_per_contact"] = nsPer(n);
}
BENCHMARK(BM_ContactMatrixAssembly)->RangeMultiplier(2)->Range(4, 512)->MinTime(0.2);

// `sweeps` sweeps per call of projectedGaussSeidel; each call also validates A (one pass) and
// measures the result (A f + b, another pass).
void runPgsSweeps(benchmark::State& state, int sweeps) {
  const StackProblem p = boxStacks(static_cast<int>(state.range(0)));
  const ContactProblem lcp = assembleContactProblem(p.bodies, p.contacts);
  PgsOptions options;
  options.max_iterations = sweeps;
  options.change_tolerance = 0.0;
  VecX f = VecX::Zero(lcp.b.size());
  for (auto _ : state) {
    benchmark::DoNotOptimize(projectedGaussSeidel(lcp.A, lcp.b, f, options));
  }
  const auto n = static_cast<double>(p.contacts.size());
  state.counters["contacts"] = n;
  if (sweeps == 1) {
    state.counters["nnz_per_row"] = static_cast<double>(lcp.A.nonZeros()) / n;
    state.counters["ns_per_contact"] = nsPer(n);
  } else {
    state.counters["ns_per_sweep"] = nsPer(sweeps);
    state.counters["ns_per_contact_sweep"] = nsPer(sweeps * n);
  }
}

// One sweep per call: the cost a caller stepping one sweep at a time pays.
void BM_PgsSweep(benchmark::State& state) {
  runPgsSweeps(state, 1);
}
BENCHMARK(BM_PgsSweep)->RangeMultiplier(2)->Range(4, 512)->MinTime(0.2);

// 100 sweeps per call: the sweep itself, with the per-call validation and measurement amortised.
void BM_PgsSweeps100(benchmark::State& state) {
  runPgsSweeps(state, 100);
}
BENCHMARK(BM_PgsSweeps100)->RangeMultiplier(2)->Range(4, 512)->MinTime(0.2);

// ---------------------------------------------------------------------------------------------
// Solver comparison on the first 200 problems of tests/contact/point/box_lcp_agreement_test.cpp
// (mt19937 seeded 2005, at most 30 contacts), generated once outside the timed loops.
struct RandomProblem {
  SparseRowMatrix A;
  MatX dense;
  VecX b;
  VecX a_exact;  // our Lemke's accelerations
  double b_scale = 1.0;
};

const std::vector<RandomProblem>& randomProblems() {
  static const std::vector<RandomProblem> problems = [] {
    std::vector<RandomProblem> out;
    std::mt19937 rng(2005);
    for (int i = 0; i < 200; ++i) {
      const reference::BoxContactProblem p = reference::randomBoxProblem(rng, 30);
      ContactProblem lcp = assembleContactProblem(p.bodies, p.contacts);
      RandomProblem r;
      r.dense = MatX(lcp.A);
      r.A = std::move(lcp.A);
      r.b = std::move(lcp.b);
      r.b_scale = std::max(1.0, r.b.lpNorm<Eigen::Infinity>());
      VecX f;
      solveLcpLemke(r.dense, r.b, f);
      r.a_exact = r.dense * f + r.b;
      out.push_back(std::move(r));
    }
    return out;
  }();
  return problems;
}

// Runs `solve` on every problem per iteration; counters from the last pass: failures (kFailed),
// capped (iteration limit), mean iterations (over all problems, and over those neither failed nor
// capped), and how many answers not failed have accelerations further than 1e-6 · max(1, ‖b‖∞)
// from our Lemke's (worst_accel_error: the largest such distance, relative).
template <class Solve>
void solverComparison(benchmark::State& state, Solve solve) {
  const std::vector<RandomProblem>& problems = randomProblems();
  std::vector<LcpStats> stats(problems.size());
  std::vector<VecX> f(problems.size());
  for (auto _ : state) {
    for (std::size_t i = 0; i < problems.size(); ++i) {
      f[i] = VecX::Zero(problems[i].b.size());
      stats[i] = solve(problems[i], f[i]);
    }
    benchmark::ClobberMemory();
  }
  double failed = 0, capped = 0, iterations = 0, inaccurate = 0, worst = 0, solved_iterations = 0;
  for (std::size_t i = 0; i < problems.size(); ++i) {
    const RandomProblem& p = problems[i];
    failed += stats[i].termination == LcpTermination::kFailed ? 1 : 0;
    capped += stats[i].termination == LcpTermination::kIterationLimit ? 1 : 0;
    iterations += stats[i].iterations;
    if (stats[i].termination != LcpTermination::kFailed &&
        stats[i].termination != LcpTermination::kIterationLimit) {
      solved_iterations += stats[i].iterations;
    }
    const double error =
        stats[i].termination == LcpTermination::kFailed
            ? 0.0
            : (p.dense * f[i] + p.b - p.a_exact).lpNorm<Eigen::Infinity>() / p.b_scale;
    inaccurate += error > 1e-6 ? 1 : 0;
    worst = std::max(worst, error);
  }
  const auto count = static_cast<double>(problems.size());
  state.counters["problems"] = count;
  state.counters["failed"] = failed;
  state.counters["capped"] = capped;
  state.counters["inaccurate"] = inaccurate;
  state.counters["worst_accel_error"] = worst;
  state.counters["mean_iterations"] = iterations / count;
  state.counters["mean_iterations_solved"] =
      solved_iterations / std::max(1.0, count - failed - capped);
  state.counters["us_per_problem"] = benchmark::Counter(
      count * 1e-6, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_Solve_Pgs(benchmark::State& state) {
  PgsOptions options;
  options.max_iterations = 10000;
  options.change_tolerance = 1e-12;
  solverComparison(state, [&](const RandomProblem& p, VecX& f) {
    return projectedGaussSeidel(p.A, p.b, f, options);
  });
}
BENCHMARK(BM_Solve_Pgs)->Unit(benchmark::kMillisecond)->MinTime(0.3);

void BM_Solve_Lemke(benchmark::State& state) {
  solverComparison(state,
                   [](const RandomProblem& p, VecX& f) { return solveLcpLemke(p.dense, p.b, f); });
}
BENCHMARK(BM_Solve_Lemke)->Unit(benchmark::kMillisecond)->MinTime(0.3);

void siconos(benchmark::State& state, SiconosLcpMethod method, int max_iterations = 10000) {
  SiconosLcpOptions options;
  options.method = method;
  options.max_iterations = max_iterations;
  options.tolerance = 1e-12;
  solverComparison(state, [&](const RandomProblem& p, VecX& f) {
    return solveLcpSiconos(p.dense, p.b, f, options);
  });
}
void BM_Solve_SiconosLemke(benchmark::State& state) {
  siconos(state, SiconosLcpMethod::kLemke);
}
void BM_Solve_SiconosPgs(benchmark::State& state) {
  siconos(state, SiconosLcpMethod::kPgs);
}
void BM_Solve_SiconosPsor(benchmark::State& state) {
  siconos(state, SiconosLcpMethod::kPsor);
}
void BM_Solve_SiconosNewtonMin(benchmark::State& state) {
  siconos(state, SiconosLcpMethod::kNewtonMin, static_cast<int>(state.range(0)));
}
BENCHMARK(BM_Solve_SiconosLemke)->Unit(benchmark::kMillisecond)->MinTime(0.3);
BENCHMARK(BM_Solve_SiconosPgs)->Unit(benchmark::kMillisecond)->MinTime(0.3);
BENCHMARK(BM_Solve_SiconosPsor)->Unit(benchmark::kMillisecond)->MinTime(0.3);
// Newton-min either converges in about 2 iterations or not at all (a singular generalised Jacobian
// where A is only semi-definite, residues growing to 1e20 and beyond): capped at 100, since a cap
// of 10000 removed one failure of 64 at 100× the time.
BENCHMARK(BM_Solve_SiconosNewtonMin)->Arg(100)->Unit(benchmark::kMillisecond)->MinTime(0.3);

// ---------------------------------------------------------------------------------------------
// One step of the frictional point-contact world: a stack of boxes (0.2 m, 1 kg, μ 0.6) on a
// floor, h = 1/240 s, block PGS to 1e-7 with at most 20000 sweeps, settled for 1 s first.
PolyhedronBodyDescription stackBox(int k) {
  const Vec3 half(0.1, 0.1, 0.1);
  PolyhedronBodyDescription b;
  b.name = "box" + std::to_string(k);
  b.shape = std::make_shared<ConvexPolyhedron>(ConvexPolyhedron::box(half));
  b.mass_properties = MassProperties::principal(1.0, Vec3::Constant(2.0 / 3.0 * 0.01));
  b.initial_state.position = Vec3(0.0, 0.0, (2 * k + 1) * half.z());
  b.friction = 0.6;
  return b;
}

void BM_FrictionalStackStep(benchmark::State& state) {
  PointContactWorldDescription d;
  for (int k = 0; k < state.range(0); ++k)
    d.bodies.push_back(stackBox(k));
  HalfSpaceDescription floor;
  floor.name = "floor";
  floor.friction = 0.6;
  d.half_spaces.push_back(floor);
  d.settings.step = 1.0 / 240.0;
  d.settings.solver.tolerance = 1e-7;
  d.settings.solver.max_iterations = 20000;
  PointContactWorld world(d);
  world.advanceTo(1.0);
  double sweeps = 0, contacts = 0, capped = 0;
  for (auto _ : state) {
    const PointContactStepStats& s = world.step();
    sweeps += s.solve.iterations;
    contacts += static_cast<double>(s.contacts);
    capped += s.solve.converged ? 0 : 1;
  }
  state.counters["sweeps_per_step"] =
      benchmark::Counter(sweeps, benchmark::Counter::kAvgIterations);
  state.counters["contacts"] = benchmark::Counter(contacts, benchmark::Counter::kAvgIterations);
  state.counters["unconverged_steps"] = capped;
  state.counters["us_per_sweep"] =
      benchmark::Counter(sweeps * 1e-6, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_FrictionalStackStep)->Arg(4)->Arg(10)->Unit(benchmark::kMillisecond)->Iterations(240);

// The ten-box stack of scenes/box-stack-10.json (velocity level: frictional impulses, block PGS)
// and scenes/box-stack-10-acceleration.json (preda-florian-2005's acceleration formulation:
// frictionless contact-matrix LCP by Algorithm 1), 10 s each as the scenes run: CPU, solver
// sweeps per step, the stack's drift (largest displacement of a box) and the relative energy
// change.
void stackFormulation(benchmark::State& state, const char* scene_name) {
  const Scene scene =
      loadSceneFile(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/" + scene_name + ".json");
  double drift = 0.0, energy = 0.0, sweeps = 0.0;
  for (auto _ : state) {
    World world(scene.world);
    double e0 = 0.0;
    for (std::size_t i = 0; i < world.bodyCount(); ++i)
      e0 += world.energy(i);
    world.advanceTo(scene.duration);
    drift = 0.0;
    double e1 = 0.0;
    for (std::size_t i = 0; i < world.bodyCount(); ++i) {
      drift = std::max(
          drift, (world.state(i).position - scene.world.bodies[i].initial_state.position).norm());
      e1 += world.energy(i);
    }
    energy = (e1 - e0) / e0;
    sweeps =
        static_cast<double>(world.stats().solver_sweeps) / static_cast<double>(world.stats().steps);
  }
  state.counters["drift_m"] = drift;
  state.counters["rel_energy_change"] = energy;
  state.counters["sweeps_per_step"] = sweeps;
}
void BM_BoxStack10_Velocity(benchmark::State& state) {
  stackFormulation(state, "box-stack-10");
}
void BM_BoxStack10_Acceleration(benchmark::State& state) {
  stackFormulation(state, "box-stack-10-acceleration");
}
BENCHMARK(BM_BoxStack10_Velocity)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_BoxStack10_Acceleration)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
}  // namespace contactsim

BENCHMARK_MAIN();
