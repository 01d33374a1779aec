// One q̈ evaluation of smooth contact evolution (kry-pai-2002 §4.1: 0.9 ms for all derivatives,
// Bézier on Bézier, 350 MHz Pentium II; issue target ≤ 2 µs), its parts, and the CPU time of a
// 10 s rattleback run at a 10 ms maximum step.
#include <benchmark/benchmark.h>

#include <memory>

#include "contact/smooth/smooth_contact.hpp"
#include "contactsim/geometry/bezier_surface.hpp"
#include "contactsim/geometry/loop_surface.hpp"

namespace contactsim {
namespace {

const Vec5 kQ = (Vec5() << 0.52, 0.47, 0.45, 0.45, 0.3).finished();
const Vec5 kQdot = (Vec5() << 0.3, -0.2, 0.5, 0.1, -1.0).finished();

void BM_ContactFrameJet_Bezier(benchmark::State& state) {
  const BezierSurface s = thesisRattlebackSurface();
  const SurfaceJet jet = s.evaluate(0, 0.52, 0.47);
  for (auto _ : state)
    benchmark::DoNotOptimize(contactFrameJet(jet));
}
BENCHMARK(BM_ContactFrameJet_Bezier);

void BM_ContactKinematics_FromJets(benchmark::State& state) {
  const BezierSurface a = thesisRattlebackSurface(), b = thesisFloorSurface();
  const SurfaceJet j1 = a.evaluate(0, kQ(0), kQ(1)), j2 = b.evaluate(0, kQ(2), kQ(3));
  for (auto _ : state)
    benchmark::DoNotOptimize(contactKinematics(j1, j2, kQ(4), kQdot));
}
BENCHMARK(BM_ContactKinematics_FromJets);

void BM_ContactAcceleration_Sliding(benchmark::State& state) {
  const BezierSurface a = thesisRattlebackSurface(), b = thesisFloorSurface();
  const ContactKinematics k =
      contactKinematics(a.evaluate(0, kQ(0), kQ(1)), b.evaluate(0, kQ(2), kQ(3)), kQ(4), kQdot);
  const MassProperties m = MassProperties::principal(5.0, Vec3(1, 10, 10));
  FrictionParameters f;
  f.mu = 0.3;
  const Wrench f_ext = spatial(Vec3::Zero(), Vec3(0, 0, -49.05));
  for (auto _ : state) {
    benchmark::DoNotOptimize(contactAcceleration(k, kQdot, m, f_ext, FrictionMode::kSliding, f,
                                                 Eigen::Vector2d::UnitX()));
  }
}
BENCHMARK(BM_ContactAcceleration_Sliding);

// The same solve with body 2 (the floor patch) free too: the pair's effective inertia, both
// bodies' Newton–Euler equations and body 2's acceleration.
void BM_ContactAcceleration_Sliding_FreeBody2(benchmark::State& state) {
  const BezierSurface a = thesisRattlebackSurface(), b = thesisFloorSurface();
  const ContactKinematics k =
      contactKinematics(a.evaluate(0, kQ(0), kQ(1)), b.evaluate(0, kQ(2), kQ(3)), kQ(4), kQdot);
  const MassProperties m = MassProperties::principal(5.0, Vec3(1, 10, 10));
  const MassProperties m2 = MassProperties::principal(20.0, Vec3(4, 8, 11));
  FrictionParameters f;
  f.mu = 0.3;
  const Wrench f_ext = spatial(Vec3::Zero(), Vec3(0, 0, -49.05));
  FreeBody2 body2{&m2, spatial(Vec3(0.1, -0.2, 0.3), Vec3(0.5, 0.0, -0.1)),
                  spatial(Vec3::Zero(), Vec3(0, 0, -196.2))};
  for (auto _ : state) {
    benchmark::DoNotOptimize(contactAcceleration(k, kQdot, m, f_ext, body2, FrictionMode::kSliding,
                                                 f, Eigen::Vector2d::UnitX()));
  }
}
BENCHMARK(BM_ContactAcceleration_Sliding_FreeBody2);

template <class Make1, class Make2>
void qddot(benchmark::State& state, Make1 make1, Make2 make2, int p1, int p2, FrictionMode mode) {
  const auto s1 = make1();
  const auto s2 = make2();
  const MassProperties m = MassProperties::principal(5.0, Vec3(1, 10, 10));
  FrictionParameters f;
  f.mu = 0.3;
  for (auto _ : state) {
    // Everything a derivative evaluation does: two jets, kinematics (H, Ḣ), the solve.
    const ContactKinematics k = contactKinematics(s1.evaluate(p1, kQ(0), kQ(1)),
                                                  s2.evaluate(p2, kQ(2), kQ(3)), kQ(4), kQdot);
    const Wrench f_ext = spatial(Vec3::Zero(), k.E_2_1.linear().transpose() * Vec3(0, 0, -49.05));
    benchmark::DoNotOptimize(
        contactAcceleration(k, kQdot, m, f_ext, mode, f, Eigen::Vector2d::UnitX()));
  }
}

void BM_Qddot_BezierBezier_Sliding(benchmark::State& state) {
  qddot(state, thesisRattlebackSurface, thesisFloorSurface, 0, 0, FrictionMode::kSliding);
}
BENCHMARK(BM_Qddot_BezierBezier_Sliding);

void BM_Qddot_BezierBezier_Rolling(benchmark::State& state) {
  qddot(state, thesisRattlebackSurface, thesisFloorSurface, 0, 0, FrictionMode::kRolling);
}
BENCHMARK(BM_Qddot_BezierBezier_Rolling);

void BM_Qddot_LoopLoop_Sliding(benchmark::State& state) {
  auto load = [] {
    return LoopSurface::loadObj(std::string(CONTACTSIM_SOURCE_DIR) + "/tests/data/meshes/ev7.obj");
  };
  qddot(state, load, load, 3, 5, FrictionMode::kSliding);
}
BENCHMARK(BM_Qddot_LoopLoop_Sliding);

void BM_Rattleback10s_MaxStep10ms(benchmark::State& state) {
  for (auto _ : state) {
    SmoothContactSetup setup;
    setup.surface1 = std::make_shared<BezierSurface>(thesisRattlebackSurface());
    setup.mass1 = MassProperties::principal(5.0, Vec3(1, 10, 10));
    setup.surface2 = std::make_shared<BezierSurface>(thesisFloorSurface());
    setup.friction.mu = 0.3;
    setup.friction.slip_threshold = 0.005;
    setup.integrator.min_step = 1e-3;
    setup.integrator.max_step = 0.01;
    // kry-2000 App. B's spin start, as scenes/rattleback-spin.json (the rattleback's pair first).
    SmoothContactState s;
    s.q << 0.45, 0.45, 0.5, 0.5, 0.0;
    s.qdot << 0, 0, 0, 0, -1.0;
    SmoothContact c(setup, s);
    c.advanceTo(10.0);
    benchmark::DoNotOptimize(c.state());
  }
}
BENCHMARK(BM_Rattleback10s_MaxStep10ms)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace contactsim

BENCHMARK_MAIN();
