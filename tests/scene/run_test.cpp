#include "contactsim/scene/run.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

Scene ballistic() {
  return parseScene(R"({
    "format": "contactsim-scene", "version": 1, "name": "ballistic", "duration": 1.05,
    "integrator": {"method": "adaptive-rk4", "min_step": 0.001, "max_step": 0.016},
    "output": {"rate": 10},
    "bodies": [{"name": "a", "mass": 2, "inertia": [1, 2, 2.5], "linear_velocity": [1, 0, 5],
                "angular_velocity": [0, 0, 2]},
               {"name": "b", "mass": 1, "inertia": [1, 1, 1], "position": [0, 3, 0]}]})",
                    "inline");
}

TEST(RunTest, SamplesAtTheOutputRateAndTheEnd) {
  const RunResult r = runScene(ballistic());
  ASSERT_EQ(r.samples.size(), 12u);  // t = 0, 0.1, ..., 1.0, and 1.05
  EXPECT_DOUBLE_EQ(r.samples[3].time, 0.3);
  EXPECT_DOUBLE_EQ(r.samples.back().time, 1.05);
  // Free fall of body a is exact for RK4: z = 5 t − ½ g t².
  const double t = 1.05;
  EXPECT_NEAR(r.samples.back().bodies[0].state.position.z(), 5 * t - 0.5 * 9.81 * t * t, 1e-12);
  EXPECT_NEAR(r.samples.back().bodies[0].energy, r.samples.front().bodies[0].energy, 1e-9);
  EXPECT_GT(r.stats.steps, 0);
  EXPECT_LE(r.stats.largest_step, 0.016);
}

TEST(RunTest, CsvHasAHeaderAndARowPerSampleAndBody) {
  const RunResult r = runScene(ballistic());
  const std::string csv = trajectoryCsv(r);
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "time,body,px,py,pz,qw,qx,qy,qz,wx,wy,wz,vx,vy,vz,energy");
  int rows = 0;
  while (std::getline(in, line))
    ++rows;
  EXPECT_EQ(rows, 24);
  EXPECT_NE(summaryJson(r).find("\"relative_energy_drift\""), std::string::npos);
}

// Issue 27, defect 7: body b starts without spin, so its relative angular-momentum drift is
// undefined (it read 3.2e13 in a scene whose momentum started near zero): null, with the absolute
// drift beside it; body a's torque-free spin keeps L exactly (RK4 on a free body: to rounding).
TEST(RunTest, SummaryReportsAbsoluteDriftsAndNoRelativeOneFromZero) {
  const RunResult r = runScene(ballistic());
  const std::string summary = summaryJson(r);
  const auto field = [&](const std::string& key, std::size_t from) {
    const auto at = summary.find("\"" + key + "\": ", from);
    EXPECT_NE(at, std::string::npos) << key;
    return summary.substr(at + key.size() + 4,
                          summary.find_first_of(",\n", at) - at - key.size() - 4);
  };
  // Keys are sorted, so a body's fields come before its name: each body's object starts at the
  // last '{' before its name.
  const auto a = summary.rfind('{', summary.find("\"name\": \"a\""));
  const auto b = summary.rfind('{', summary.find("\"name\": \"b\""));
  ASSERT_LT(a, b);
  EXPECT_EQ(field("relative_angular_momentum_drift", b), "null");
  EXPECT_EQ(field("angular_momentum_drift", b), "0.0");
  EXPECT_LT(std::stod(field("angular_momentum_drift", a)), 1e-12);
  EXPECT_LT(std::stod(field("relative_angular_momentum_drift", a)), 1e-12);
  EXPECT_LT(std::abs(std::stod(field("energy_drift", a))), 1e-8);  // RK4 in gravity: 9.4e-10
}

TEST(RunTest, RunsAreBitwiseDeterministic) {
  const Scene scene = builtinDefaultScene();
  EXPECT_EQ(trajectoryCsv(runScene(scene)), trajectoryCsv(runScene(scene)));
}

TEST(RunTest, ResultsScaleExactlyWithUnitsOfLength) {
  // Measuring lengths in units 2¹⁰ times smaller multiplies positions, velocities, gravity by 2¹⁰
  // and inertia and energy by 2²⁰; powers of two make the scaling exact in floating point.
  const double s = 1024.0;
  const Scene a = ballistic();
  Scene b = a;
  b.world.gravity *= s;
  for (BodyDescription& body : b.world.bodies) {
    body.mass_properties =
        MassProperties(body.mass_properties.mass(), body.mass_properties.inertia() * s * s);
    body.initial_state.position *= s;
    linear(body.initial_state.twist) *= s;
  }
  const RunResult ra = runScene(a), rb = runScene(b);
  for (std::size_t i = 0; i < ra.body_names.size(); ++i) {
    const BodySample& x = ra.samples.back().bodies[i];
    const BodySample& y = rb.samples.back().bodies[i];
    EXPECT_LT((y.state.position - s * x.state.position).norm(), 1e-12 * s);
    EXPECT_LT((y.state.orientation.coeffs() - x.state.orientation.coeffs()).norm(), 1e-14);
    EXPECT_NEAR(y.energy, s * s * x.energy, 1e-12 * s * s * std::abs(x.energy));
  }
}

TEST(RunTest, WorldRejectsBadParameterSets) {
  Scene s = ballistic();
  s.world.bodies[0].initial_state.twist(0) = std::nan("");
  EXPECT_THROW((void)runScene(s), InvalidInputError);
  s = ballistic();
  s.world.bodies[1].initial_state.orientation = Quat(2.0, 0.0, 0.0, 0.0);
  EXPECT_THROW((void)runScene(s), InvalidInputError);
  s = ballistic();
  s.world.bodies[1].name = "a";
  EXPECT_THROW((void)runScene(s), InvalidInputError);
  s = ballistic();
  s.world.integrator.adaptive.min_step = -1.0;
  EXPECT_THROW((void)runScene(s), InvalidInputError);
  World world(ballistic().world);
  world.advanceTo(0.5);
  EXPECT_THROW(world.advanceTo(0.1), InvalidInputError);
  EXPECT_THROW(world.advanceTo(std::numeric_limits<double>::infinity()), InvalidInputError);
}

TEST(RunTest, DivergenceIsReportedNotPropagated) {
  // A huge spin with a huge step makes RK4 blow up; the world reports it instead of writing NaN.
  Scene s = ballistic();
  s.world.integrator.method = IntegratorMethod::kRk4;
  s.world.integrator.step = 1.0;
  s.world.bodies[0].initial_state.twist << 1e80, 2e80, 3e80, 0, 0, 0;
  EXPECT_THROW((void)runScene(s), NumericalError);
}

}  // namespace
}  // namespace contactsim

namespace contactsim {
namespace {

// Point-contact scenes through the scene layer: resting boxes stay put, and the incline's box
// follows Coulomb's law, a = g (sin θ − μ cos θ).
TEST(PointContactSceneTest, BoxesOnAPlaneStayAtRest) {
  const RunResult r =
      runScene(loadSceneFile(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/boxes-on-plane.json"));
  for (std::size_t i = 0; i < r.body_names.size(); ++i) {
    const Vec3 moved =
        r.samples.back().bodies[i].state.position - r.samples.front().bodies[i].state.position;
    EXPECT_LT(moved.norm(), 1e-6) << r.body_names[i];
  }
  EXPECT_GE(r.stats.most_contacts, 20u);  // 4 floor pairs of 4, box on box, the bridge's two ends
}

TEST(PointContactSceneTest, BoxSlidesDownTheInclineWithCoulombsAcceleration) {
  const RunResult r =
      runScene(loadSceneFile(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/box-incline.json"));
  const double theta = 0.5, mu = 0.3, g = 9.81;
  const Vec3 downhill(-std::cos(theta), 0.0, -std::sin(theta));
  const auto speed = [&](std::size_t k) {
    return r.samples[k].bodies[1].state.worldLinearVelocity().dot(downhill);
  };
  const std::size_t a = 20, b = r.samples.size() - 1;
  const double acceleration = (speed(b) - speed(a)) / (r.samples[b].time - r.samples[a].time);
  EXPECT_NEAR(acceleration, g * (std::sin(theta) - mu * std::cos(theta)), 1e-6);
  EXPECT_EQ(r.stats.unconverged_solves, 0);
  // The summary names the fixed step that ran, not adaptive bounds it never had.
  const std::string summary = summaryJson(r);
  EXPECT_NE(summary.find("\"step\": 0.001"), std::string::npos) << summary;
  EXPECT_EQ(summary.find("min_step"), std::string::npos) << summary;
}

// Issue 27, defect 7: velocity-level worlds stop at whole steps, so the sample at `duration`
// found the world where the last one left it and wrote the same instant twice (five shipped
// scenes ended with duplicate rows); at a rate above 1/h every sample repeated. One sample per
// instant, each within half a step of k / rate, the last within half a step of duration.
TEST(PointContactSceneTest, VelocityWorldsWriteOneSamplePerInstant) {
  for (const double rate : {100.0, 3000.0}) {
    Scene scene = loadSceneFile(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/boxes-on-plane.json");
    scene.duration = 0.05;
    scene.output.rate = rate;
    const double h = scene.world.integrator.step;
    const RunResult r = runScene(scene);
    for (std::size_t k = 1; k < r.samples.size(); ++k) {
      EXPECT_GT(r.samples[k].time, r.samples[k - 1].time) << "rate " << rate << ", sample " << k;
    }
    EXPECT_NEAR(r.samples.back().time, scene.duration, 0.5 * h) << "rate " << rate;
    // At most one sample per step, and one per 1/rate when that is longer than a step.
    const double per = std::min(rate, 1.0 / h);
    EXPECT_EQ(r.samples.size(), static_cast<std::size_t>(std::lround(scene.duration * per)) + 1)
        << "rate " << rate;
  }
  // Asking for a time the world already stands past is allowed; going back before the last
  // target is not.
  World world(
      loadSceneFile(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/boxes-on-plane.json").world);
  world.advanceTo(0.0025);  // the world steps once, to h = 1/240 s
  EXPECT_NEAR(world.time(), 1.0 / 240.0, 1e-15);
  EXPECT_NO_THROW(world.advanceTo(0.003));
  EXPECT_NEAR(world.time(), 1.0 / 240.0, 1e-15);
  EXPECT_THROW(world.advanceTo(0.002), InvalidInputError);
}

}  // namespace
}  // namespace contactsim
