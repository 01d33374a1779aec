// Peer comparison in one run: the same torque-free asymmetric body (m = 1 kg, principal moments
// 0.2, 0.5, 0.6 kg m², ω₀ = (0.3, 2.0, −0.5) rad/s), 1 ms steps of RK4 in contactsim and in MuJoCo
// 2.2.2 (free joint, integrator RK4). Reports time per step and the relative energy error after 10
// s.
#include <benchmark/benchmark.h>
#include <mujoco/mujoco.h>

#include <cstring>
#include <memory>
#include <string>

#include "dynamics/free_body.hpp"
#include "dynamics/rk4.hpp"

namespace {

constexpr char kXml[] = R"(<mujoco>
  <option timestep="0.001" integrator="RK4" gravity="0 0 0"/>
  <worldbody>
    <body name="b">
      <freejoint/>
      <inertial pos="0 0 0" mass="1" diaginertia="0.2 0.5 0.6"/>
    </body>
  </worldbody>
</mujoco>)";

const contactsim::Vec3 kMoments(0.2, 0.5, 0.6);
const contactsim::Vec3 kOmega0(0.3, 2.0, -0.5);

double kineticEnergy(const contactsim::Vec3& omega_body) {
  return 0.5 * omega_body.dot(kMoments.cwiseProduct(omega_body));
}

struct MujocoModel {
  mjModel* m = nullptr;
  mjData* d = nullptr;
  MujocoModel() {
    auto vfs = std::make_unique<mjVFS>();  // ~2 MB: never on the stack
    mj_defaultVFS(vfs.get());
    mj_makeEmptyFileVFS(vfs.get(), "body.xml", sizeof kXml - 1);
    std::memcpy(vfs->filedata[mj_findFileVFS(vfs.get(), "body.xml")], kXml, sizeof kXml - 1);
    char error[1000] = "";
    m = mj_loadXML("body.xml", vfs.get(), error, sizeof error);
    mj_deleteVFS(vfs.get());
    if (m == nullptr)
      throw std::runtime_error(std::string("MuJoCo: ") + error);
    d = mj_makeData(m);
    d->qvel[3] = kOmega0.x();  // free joint: linear (world), then angular (body frame)
    d->qvel[4] = kOmega0.y();
    d->qvel[5] = kOmega0.z();
  }
  ~MujocoModel() {
    mj_deleteData(d);
    mj_deleteModel(m);
  }
  contactsim::Vec3 omega() const { return {d->qvel[3], d->qvel[4], d->qvel[5]}; }
};

void BM_Peer_MuJoCo_FreeBodyRk4Step(benchmark::State& state) {
  MujocoModel model;
  const double e0 = kineticEnergy(model.omega());
  long steps = 0;
  for (auto _ : state) {
    mj_step(model.m, model.d);
    ++steps;
  }
  MujocoModel fresh;  // accuracy on its own 10 s run, outside the timing
  for (int k = 0; k < 10000; ++k)
    mj_step(fresh.m, fresh.d);
  state.counters["rel_energy_error_10s"] = std::abs(kineticEnergy(fresh.omega()) - e0) / e0;
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

}  // namespace

BENCHMARK_MAIN();
