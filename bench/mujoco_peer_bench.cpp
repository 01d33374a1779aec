// Peer comparison in one run, MuJoCo 2.2.2 against contactsim on the same initial states.
//
// Free body: the same torque-free asymmetric body (m = 1 kg, principal moments 0.2, 0.5, 0.6 kg m²,
// ω₀ = (0.3, 2.0, −0.5) rad/s), 1 ms steps of RK4 in both (MuJoCo: free joint, integrator RK4).
// Reports time per step and the relative energy error after 10 s.
//
// Many bodies (issue 30): the ball lattice of reference/ball_lattice.hpp (side³ balls, 1 s, no
// gravity, e = 0.9, μ = 0.3) with 125 and 1000 balls, and the billiard break of
// scenes/billiard-break.json (2 s). MuJoCo steps them at 1 ms with Euler and with RK4 (MJCF built
// from a string); contactsim runs its event-driven world (the lattice: RK4 at 1 ms; the break: the
// scene's adaptive RK4). Counters:
// - cpu_per_sim_s: process CPU seconds (all threads) per simulated second; wall_per_sim_s likewise.
// - max_penetration_m: the deepest overlap of two balls (or a ball and the table) sampled every
//   1 ms (MuJoCo: every step's contacts); in contactsim any overlap beyond the touch tolerance
//   (1e-10 m) would be a defect.
// - rel_energy_change: (E_end − E₀)/E₀; dissipation by e < 1 is expected in both.
// - elastic_energy_error: |E_end − E₀|/E₀ of the same run with e = 1 and no friction, where the
//   energy is conserved exactly by the collision law: contactsim's error is rounding, MuJoCo's
//   that of its soft contact.
// - impacts: contactsim's collision events; MuJoCo's contacts that were not there the step before.
//
// Restitution in MuJoCo (solref, negative form: −stiffness, −damping): a contact is a damped
// spring in acceleration space, r̈ = −k r − b ṙ, k = ω², b = 2 ζ ω, whose coefficient of restitution
// is e = exp(−π ζ / √(1 − ζ²)), so ζ = −ln e / √(π² + ln² e) (0.0335 for e = 0.9; 1e-9 stands for
// 0 at e = 1). ω = 500 rad/s (contact time π/ω ≈ 6 ms, 6 steps; penetration at 1 m/s ≈ 2 mm): the
// positive form (time constant, damping ratio) with a small ratio makes the spring stiffer
// (k ∝ 1/ratio²) and blows up at 1 ms steps. MuJoCo's impedance (solimp, default) softens it a
// little, so e is approximate. Friction: MuJoCo combines two geoms' friction by their maximum, so
// the balls carry the ball–ball μ and the table the ball–table μ of the billiard scene (0, 0.2).
// MuJoCo's "impacts" count contacts that begin (a resting ball's contact flickers).
//
// `bench_mujoco_peer --scaling-figure DIR` runs the lattice from 8 to 1000 balls instead and writes
// docs/figures/many-bodies/scaling.{csv,svg} (see scalingFigure).
#include <benchmark/benchmark.h>
#include <mujoco/mujoco.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <memory>
#include <numbers>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "ball_lattice.hpp"
#include "contactsim/io/atomic_files.hpp"
#include "contactsim/io/svg_plot.hpp"
#include "contactsim/scene/scene.hpp"
#include "contactsim/world/world.hpp"
#include "dynamics/free_body.hpp"
#include "dynamics/rk4.hpp"

namespace {

using contactsim::Vec3;

// ---------------------------------------------------------------- MuJoCo models from strings

struct MujocoModel {
  mjModel* m = nullptr;
  mjData* d = nullptr;
  explicit MujocoModel(const std::string& xml) {
    auto vfs = std::make_unique<mjVFS>();  // ~2 MB: never on the stack
    mj_defaultVFS(vfs.get());
    mj_makeEmptyFileVFS(vfs.get(), "model.xml", static_cast<int>(xml.size()));
    std::memcpy(vfs->filedata[mj_findFileVFS(vfs.get(), "model.xml")], xml.data(), xml.size());
    char error[1000] = "";
    m = mj_loadXML("model.xml", vfs.get(), error, sizeof error);
    mj_deleteVFS(vfs.get());
    if (m == nullptr)
      throw std::runtime_error(std::string("MuJoCo: ") + error);
    d = mj_makeData(m);
  }
  MujocoModel(const MujocoModel&) = delete;
  MujocoModel& operator=(const MujocoModel&) = delete;
  ~MujocoModel() {
    mj_deleteData(d);
    mj_deleteModel(m);
  }
};

// ---------------------------------------------------------------- free body (RK4 per step)

constexpr char kFreeBodyXml[] = R"(<mujoco>
  <option timestep="0.001" integrator="RK4" gravity="0 0 0"/>
  <worldbody>
    <body name="b">
      <freejoint/>
      <inertial pos="0 0 0" mass="1" diaginertia="0.2 0.5 0.6"/>
    </body>
  </worldbody>
</mujoco>)";

const Vec3 kMoments(0.2, 0.5, 0.6);
const Vec3 kOmega0(0.3, 2.0, -0.5);

double kineticEnergy(const Vec3& omega_body) {
  return 0.5 * omega_body.dot(kMoments.cwiseProduct(omega_body));
}

void BM_Peer_MuJoCo_FreeBodyRk4Step(benchmark::State& state) {
  MujocoModel model(kFreeBodyXml);
  model.d->qvel[3] = kOmega0.x();
  model.d->qvel[4] = kOmega0.y();
  model.d->qvel[5] = kOmega0.z();
  const double e0 = kineticEnergy(kOmega0);
  for (auto _ : state) {
    mj_step(model.m, model.d);
  }
  MujocoModel fresh(kFreeBodyXml);  // accuracy on its own 10 s run, outside the timing
  fresh.d->qvel[3] = kOmega0.x();
  fresh.d->qvel[4] = kOmega0.y();
  fresh.d->qvel[5] = kOmega0.z();
  for (int k = 0; k < 10000; ++k)
    mj_step(fresh.m, fresh.d);
  const Vec3 omega(fresh.d->qvel[3], fresh.d->qvel[4], fresh.d->qvel[5]);
  state.counters["rel_energy_error_10s"] = std::abs(kineticEnergy(omega) - e0) / e0;
}
BENCHMARK(BM_Peer_MuJoCo_FreeBodyRk4Step);

void BM_Peer_Contactsim_FreeBodyRk4Step(benchmark::State& state) {
  using namespace contactsim;
  const FreeBodySystem system(MassProperties::principal(1.0, kMoments), Vec3::Zero());
  RigidBodyState s;
  s.twist = spatial(kOmega0, Vec3::Zero());
  FreeBodySystem::State x = FreeBodySystem::pack(s);
  for (auto _ : state) {
    x = rk4Step(system, 0.0, x, 1e-3);
    benchmark::DoNotOptimize(x);
  }
  FreeBodySystem::State y = FreeBodySystem::pack(s);
  for (int k = 0; k < 10000; ++k)
    y = rk4Step(system, k * 1e-3, y, 1e-3);
  const double e0 = kineticEnergy(kOmega0);
  state.counters["rel_energy_error_10s"] = std::abs(kineticEnergy(Vec3(y.segment<3>(7))) - e0) / e0;
}
BENCHMARK(BM_Peer_Contactsim_FreeBodyRk4Step);

// ---------------------------------------------------------------- many balls: the scenes

// One ball of a scene: initial state (world velocities), radius, mass, moment of inertia.
struct Ball {
  std::string name;
  Vec3 position, linear_velocity, angular_velocity;
  double radius = 0.0, mass = 0.0, inertia = 0.0;
};

// A scene both simulators run: balls, gravity, an optional table (the plane z = 0), duration.
struct PeerScene {
  contactsim::WorldDescription world;          // contactsim's description
  contactsim::WorldDescription elastic_world;  // the same with e = 1, μ = 0
  std::vector<Ball> balls;
  Vec3 gravity = Vec3::Zero();
  bool table = false;
  double ball_friction = 0.0, table_friction = 0.0, restitution = 1.0;
  double duration = 1.0;
};

PeerScene lattice(int side) {
  using namespace contactsim::reference;
  PeerScene s;
  s.world = ballLatticeWorld(side);
  s.elastic_world = ballLatticeWorld(side, 1.0, 0.0);
  const std::vector<LatticeBall> balls = ballLattice(side);
  for (std::size_t i = 0; i < balls.size(); ++i) {
    const LatticeBall& b = balls[i];
    s.balls.push_back({"ball" + std::to_string(i), b.position, b.linear_velocity,
                       b.angular_velocity, kLatticeRadius, kLatticeMass,
                       0.4 * kLatticeMass * kLatticeRadius * kLatticeRadius});
  }
  s.ball_friction = 0.3;
  s.restitution = 0.9;
  s.duration = 1.0;
  return s;
}

PeerScene billiardBreak() {
  using namespace contactsim;
  const Scene scene = loadSceneFile(CONTACTSIM_SOURCE_DIR "/scenes/billiard-break.json");
  PeerScene s;
  s.world = scene.world;
  s.elastic_world = scene.world;
  s.elastic_world.collisions.impact.restitution = 1.0;
  s.elastic_world.collisions.impact.friction = 0.0;
  s.elastic_world.collisions.friction.mu = 0.0;
  s.gravity = scene.world.gravity;
  s.table = true;
  s.ball_friction = scene.world.collisions.impact.friction;
  s.table_friction = scene.world.collisions.friction.mu;
  s.restitution = scene.world.collisions.impact.restitution;
  s.duration = scene.duration;
  for (const BodyDescription& b : scene.world.bodies) {
    if (b.fixed)
      continue;
    const RigidBodyState& x = b.initial_state;
    // The scene's spheres are centred at the centre of mass: the bounding radius is the radius.
    const double radius = b.surface->evaluate(0, 0.5, 0.5, JetOrder::kPosition).c.norm();
    s.balls.push_back({b.name, x.position, x.worldLinearVelocity(), x.worldAngularVelocity(),
                       radius, b.mass_properties.mass(), b.mass_properties.inertia()(0, 0)});
  }
  return s;
}

// The contacts' natural frequency [rad/s] (see the top).
constexpr double kOmega = 500.0;

// The damping ratio whose damped spring rebounds with restitution e (see the top).
double dampingRatio(double e) {
  const double l = std::log(e);
  return -l / std::sqrt(std::numbers::pi * std::numbers::pi + l * l);
}

std::string mjcf(const PeerScene& s, const char* integrator, bool elastic) {
  const double e = elastic ? 1.0 : s.restitution;
  std::ostringstream x;
  x.precision(17);
  x << "<mujoco>\n<option timestep=\"0.001\" integrator=\"" << integrator << "\" gravity=\""
    << s.gravity.x() << ' ' << s.gravity.y() << ' ' << s.gravity.z()
    << "\"/>\n"
    // Room for a contact per ball at once and 4 rows each (pyramidal cones of condim 3): MuJoCo
    // 2.2 allocates njmax² doubles, so not much more.
    << "<size nconmax=\"" << s.balls.size() + 50 << "\" njmax=\"" << 4 * (s.balls.size() + 50)
    << "\"/>\n<default><geom solref=\"" << -kOmega * kOmega << ' '
    << -std::max(2.0 * dampingRatio(e) * kOmega, 1e-9) << "\"/></default>\n<worldbody>\n";
  if (s.table) {
    x << "<geom name=\"table\" type=\"plane\" size=\"4 4 0.1\" friction=\""
      << (elastic ? 0.0 : s.table_friction) << " 0 0\"/>\n";
  }
  for (const Ball& b : s.balls) {
    x << "<body name=\"" << b.name << "\" pos=\"" << b.position.x() << ' ' << b.position.y() << ' '
      << b.position.z() << "\"><freejoint/><inertial pos=\"0 0 0\" mass=\"" << b.mass
      << "\" diaginertia=\"" << b.inertia << ' ' << b.inertia << ' ' << b.inertia
      << "\"/><geom type=\"sphere\" size=\"" << b.radius << "\" friction=\""
      << (elastic ? 0.0 : s.ball_friction) << " 0 0\"/></body>\n";
  }
  x << "</worldbody>\n</mujoco>\n";
  return x.str();
}

void setInitialState(const PeerScene& s, const MujocoModel& model) {
  mj_resetData(model.m, model.d);
  for (std::size_t i = 0; i < s.balls.size(); ++i) {
    const Ball& b = s.balls[i];
    mjtNum* qvel = model.d->qvel + 6 * i;  // linear (world), angular (body = world: identity)
    for (int k = 0; k < 3; ++k) {
      qvel[k] = b.linear_velocity(k);
      qvel[3 + k] = b.angular_velocity(k);
    }
  }
}

double mujocoEnergy(const PeerScene& s, const MujocoModel& model) {
  double e = 0.0;
  for (std::size_t i = 0; i < s.balls.size(); ++i) {
    const Ball& b = s.balls[i];
    const mjtNum* v = model.d->qvel + 6 * i;
    const Vec3 lin(v[0], v[1], v[2]), ang(v[3], v[4], v[5]);
    const Vec3 p(model.d->qpos[7 * i], model.d->qpos[7 * i + 1], model.d->qpos[7 * i + 2]);
    e += 0.5 * b.mass * lin.squaredNorm() + 0.5 * b.inertia * ang.squaredNorm() -
         b.mass * s.gravity.dot(p);
  }
  return e;
}

double cpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

double wallSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void timingCounters(benchmark::State& state, double cpu, double wall, double duration) {
  const auto runs = static_cast<double>(state.iterations());
  state.counters["cpu_per_sim_s"] = cpu / (runs * duration);
  state.counters["wall_per_sim_s"] = wall / (runs * duration);
}

void runMujoco(benchmark::State& state, const PeerScene& s, const char* integrator) {
  const MujocoModel model(mjcf(s, integrator, false));
  const int steps = static_cast<int>(std::lround(s.duration / model.m->opt.timestep));
  double cpu = 0.0, wall = 0.0;
  for (auto _ : state) {
    state.PauseTiming();
    setInitialState(s, model);
    const double c0 = cpuSeconds(), w0 = wallSeconds();
    state.ResumeTiming();
    for (int k = 0; k < steps; ++k)
      mj_step(model.m, model.d);
    state.PauseTiming();
    cpu += cpuSeconds() - c0;
    wall += wallSeconds() - w0;
    state.ResumeTiming();
  }
  timingCounters(state, cpu, wall, s.duration);
  // Accuracy on a run of its own, outside the timing: penetration and impacts at every step.
  setInitialState(s, model);
  const double e0 = mujocoEnergy(s, model);
  double deepest = 0.0;
  long impacts = 0;
  std::set<std::pair<int, int>> touching;
  for (int k = 0; k < steps; ++k) {
    mj_step(model.m, model.d);
    std::set<std::pair<int, int>> now;
    for (int c = 0; c < model.d->ncon; ++c) {
      const mjContact& contact = model.d->contact[c];
      deepest = std::max(deepest, -contact.dist);
      now.emplace(contact.geom1, contact.geom2);
    }
    for (const auto& p : now)
      impacts += touching.count(p) == 0;
    touching = std::move(now);
  }
  state.counters["max_penetration_m"] = deepest;
  state.counters["rel_energy_change"] = (mujocoEnergy(s, model) - e0) / e0;
  state.counters["impacts"] = static_cast<double>(impacts);
  const MujocoModel elastic(mjcf(s, integrator, true));
  setInitialState(s, elastic);
  const double elastic_e0 = mujocoEnergy(s, elastic);
  for (int k = 0; k < steps; ++k)
    mj_step(elastic.m, elastic.d);
  state.counters["elastic_energy_error"] =
      std::abs(mujocoEnergy(s, elastic) - elastic_e0) / elastic_e0;
}

double totalEnergy(const contactsim::World& world) {
  double e = 0.0;
  for (std::size_t i = 0; i < world.bodyCount(); ++i)
    e += world.energy(i);
  return e;
}

void runContactsim(benchmark::State& state, const PeerScene& s) {
  using namespace contactsim;
  std::optional<World> world;
  double cpu = 0.0, wall = 0.0;
  for (auto _ : state) {
    state.PauseTiming();
    world.emplace(s.world);
    const double c0 = cpuSeconds(), w0 = wallSeconds();
    state.ResumeTiming();
    world->advanceTo(s.duration);
    benchmark::DoNotOptimize(world->state(0));
    state.PauseTiming();
    cpu += cpuSeconds() - c0;
    wall += wallSeconds() - w0;
    state.ResumeTiming();
  }
  timingCounters(state, cpu, wall, s.duration);
  long impacts = 0;
  for (const WorldEvent& e : world->events())
    impacts += e.type == "collision";
  state.counters["impacts"] = static_cast<double>(impacts);
  // Accuracy on a run of its own, sampled every 1 ms.
  World sampled(s.world);
  const double e0 = totalEnergy(sampled);
  double deepest = 0.0;
  const auto steps = static_cast<int>(std::lround(s.duration / 1e-3));
  const double radius = s.balls.front().radius;
  for (int k = 1; k <= steps; ++k) {
    sampled.advanceTo(k * 1e-3);
    std::vector<Vec3> centres;
    for (std::size_t i = 0; i < sampled.bodyCount(); ++i) {
      if (sampled.isFixed(i))
        continue;
      centres.push_back(sampled.state(i).position);
      if (s.table)
        deepest = std::max(deepest, radius - centres.back().z());
    }
    deepest = std::max(deepest, -reference::smallestBallGap(centres, radius));
  }
  state.counters["max_penetration_m"] = deepest;
  state.counters["rel_energy_change"] = (totalEnergy(sampled) - e0) / e0;
  World elastic(s.elastic_world);
  const double elastic_e0 = totalEnergy(elastic);
  elastic.advanceTo(s.duration);
  state.counters["elastic_energy_error"] = std::abs(totalEnergy(elastic) - elastic_e0) / elastic_e0;
}

const PeerScene& lattice125() {
  static const PeerScene s = lattice(5);
  return s;
}
const PeerScene& lattice1000() {
  static const PeerScene s = lattice(10);
  return s;
}
const PeerScene& billiard() {
  static const PeerScene s = billiardBreak();
  return s;
}

void BM_Peer_MuJoCo_Lattice125_Euler(benchmark::State& state) {
  runMujoco(state, lattice125(), "Euler");
}
void BM_Peer_MuJoCo_Lattice125_Rk4(benchmark::State& state) {
  runMujoco(state, lattice125(), "RK4");
}
void BM_Peer_Contactsim_Lattice125(benchmark::State& state) {
  runContactsim(state, lattice125());
}
void BM_Peer_MuJoCo_BilliardBreak_Euler(benchmark::State& state) {
  runMujoco(state, billiard(), "Euler");
}
void BM_Peer_MuJoCo_BilliardBreak_Rk4(benchmark::State& state) {
  runMujoco(state, billiard(), "RK4");
}
void BM_Peer_Contactsim_BilliardBreak(benchmark::State& state) {
  runContactsim(state, billiard());
}
void BM_Peer_MuJoCo_Lattice1000_Euler(benchmark::State& state) {
  runMujoco(state, lattice1000(), "Euler");
}
void BM_Peer_MuJoCo_Lattice1000_Rk4(benchmark::State& state) {
  runMujoco(state, lattice1000(), "RK4");
}
void BM_Peer_Contactsim_Lattice1000(benchmark::State& state) {
  runContactsim(state, lattice1000());
}

BENCHMARK(BM_Peer_MuJoCo_Lattice125_Euler)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Peer_MuJoCo_Lattice125_Rk4)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Peer_Contactsim_Lattice125)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Peer_MuJoCo_BilliardBreak_Euler)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Peer_MuJoCo_BilliardBreak_Rk4)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Peer_Contactsim_BilliardBreak)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Peer_MuJoCo_Lattice1000_Euler)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Peer_MuJoCo_Lattice1000_Rk4)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Peer_Contactsim_Lattice1000)->Unit(benchmark::kMillisecond);

// ---------------------------------------------------------------- the scaling figure

// CPU seconds (process, all threads) of one run of `duration`, the median of `repeats`.
template <class Run>
double medianCpu(int repeats, Run&& run) {
  std::vector<double> times;
  for (int k = 0; k < repeats; ++k) {
    const double c0 = cpuSeconds();
    run();
    times.push_back(cpuSeconds() - c0);
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

// Least-squares slope of log y against log x: the exponent of y ~ x^p.
double fitExponent(const std::vector<double>& x, const std::vector<double>& y) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  const auto n = static_cast<double>(x.size());
  for (std::size_t k = 0; k < x.size(); ++k) {
    const double lx = std::log(x[k]), ly = std::log(y[k]);
    sx += lx, sy += ly, sxx += lx * lx, sxy += lx * ly;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

// bench_mujoco_peer --scaling-figure DIR: the lattice with 2³ … 10³ balls, 1 s, in contactsim and
// in MuJoCo (Euler, RK4), CPU per simulated second (median of 3 runs each), and the exponent p of
// a fit CPU ~ N^p from 27 balls up; writes DIR/scaling.{csv,svg} (log–log axes as log10 values).
int scalingFigure(const std::filesystem::path& directory) {
  using namespace contactsim;
  std::vector<double> balls, ours, euler, rk4;
  std::ostringstream csv;
  csv << "balls,contactsim_cpu_per_sim_s,mujoco_euler_cpu_per_sim_s,mujoco_rk4_cpu_per_sim_s,"
         "contactsim_impacts\n";
  for (int side = 2; side <= 10; ++side) {
    const PeerScene s = lattice(side);
    long impacts = 0;
    const double c = medianCpu(3, [&] {
      World world(s.world);
      world.advanceTo(s.duration);
      impacts = 0;
      for (const WorldEvent& e : world.events())
        impacts += e.type == "collision";
    });
    double m[2];
    for (int k = 0; k < 2; ++k) {
      const MujocoModel model(mjcf(s, k == 0 ? "Euler" : "RK4", false));
      const int steps = static_cast<int>(std::lround(s.duration / model.m->opt.timestep));
      m[k] = medianCpu(3, [&] {
        setInitialState(s, model);
        for (int j = 0; j < steps; ++j)
          mj_step(model.m, model.d);
      });
    }
    const auto n = static_cast<double>(s.balls.size());
    balls.push_back(n);
    ours.push_back(c / s.duration);
    euler.push_back(m[0] / s.duration);
    rk4.push_back(m[1] / s.duration);
    csv << n << ',' << ours.back() << ',' << euler.back() << ',' << rk4.back() << ',' << impacts
        << '\n';
    std::printf("%5.0f balls: contactsim %.4g s, MuJoCo Euler %.4g s, RK4 %.4g s per simulated s\n",
                n, ours.back(), euler.back(), rk4.back());
  }
  // The fit from 27 balls up (8 balls barely collide).
  const std::vector<double> n_fit(balls.begin() + 1, balls.end());
  const double p_ours = fitExponent(n_fit, {ours.begin() + 1, ours.end()});
  const double p_euler = fitExponent(n_fit, {euler.begin() + 1, euler.end()});
  const double p_rk4 = fitExponent(n_fit, {rk4.begin() + 1, rk4.end()});
  const auto logs = [](const std::vector<double>& v) {
    std::vector<double> out;
    for (const double x : v)
      out.push_back(std::log10(x));
    return out;
  };
  char label[128];
  PlotSpec spec;
  spec.title = "Balls colliding, 1 s at 1 ms: CPU per simulated second";
  spec.x_label = "log10 balls";
  spec.y_label = "log10 CPU seconds per simulated second";
  std::snprintf(label, sizeof label, "contactsim (exact events), N^%.2f", p_ours);
  spec.series.push_back({label, logs(balls), logs(ours)});
  std::snprintf(label, sizeof label, "MuJoCo 2.2.2 Euler, N^%.2f", p_euler);
  spec.series.push_back({label, logs(balls), logs(euler)});
  std::snprintf(label, sizeof label, "MuJoCo 2.2.2 RK4, N^%.2f", p_rk4);
  spec.series.push_back({label, logs(balls), logs(rk4)});
  csv << "# fit exponents from 27 balls: contactsim " << p_ours << ", MuJoCo Euler " << p_euler
      << ", MuJoCo RK4 " << p_rk4 << '\n';
  writeFilesAtomically(directory, {{"scaling.svg", svgLinePlot(spec)}, {"scaling.csv", csv.str()}});
  std::printf("fit exponents (27 to 1000 balls): contactsim %.3f, MuJoCo Euler %.3f, RK4 %.3f\n",
              p_ours, p_euler, p_rk4);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "--scaling-figure") {
    return scalingFigure(argv[2]);
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
    return 1;
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
