#include "studies/rattleback_study.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <ctime>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>

#include "contactsim/error.hpp"
#include "contactsim/geometry/bezier_surface.hpp"
#include "contactsim/math/checks.hpp"
#include "contactsim/scene/scene.hpp"
#include "contactsim/world/world.hpp"

namespace contactsim {

namespace {

// kry-2000 Appendix B, spin start, in this project's order (s, t) on the rattleback, (u, v) on
// the floor: the thesis file's `coords = 0.45 0.45 0.5 0.5 0` read with the rattleback's pair
// first. Read the other way (the rattleback on its top, (0.5, 0.5)) the spin is an exact steady
// rotation, against the thesis's "we start the spin slightly off the center of the top" (the
// study's run "top start" shows it); this reading is also the one that makes the file's tap start
// (0.15, 0.5, 0.5, 0.5, q̇ = 0) a tap: the rattleback released tilted onto one end.
const Vec5 kSpinStart = (Vec5() << 0.45, 0.45, 0.5, 0.5, 0.0).finished();
const Vec5 kTopStart = (Vec5() << 0.5, 0.5, 0.45, 0.45, 0.0).finished();
const Vec5 kTapStart = (Vec5() << 0.15, 0.5, 0.5, 0.5, 0.0).finished();
const Vec5 kSpin = (Vec5() << 0.0, 0.0, 0.0, 0.0, -1.0).finished();  // counter-clockwise

// The App. B rattleback's geometry at its top (0.5, 0.5), from the control points alone (rows of
// 4 at x = −1.5 … 1.5 scaled by 0.6, y by 0.2; z: 0 inside, −1 on the ring, −2 at the corners,
// scaled by 0.2 and lifted by 0.2; then turned by −0.174 rad about z). Along the middle row the
// blended heights are 0.2·(−1.25, −0.25, −0.25, −1.25), so z_uu = 6·0.2·(−1) = −1.2 = z_vv while
// x_u = 3·0.6 = 1.8 and y_v = 3·0.2 = 0.6: radii of curvature 1.8²/1.2 = 2.7 along the long axis,
// 0.6²/1.2 = 0.3 across it; the top lies at z = 0.2 − 0.2·0.5 = 0.1 above the centre of mass.
constexpr double kLongRadius = 2.7, kShortRadius = 0.3, kTopHeight = 0.1, kTurn = -0.174;

double clockSeconds(std::clock_t since) {
  return static_cast<double>(std::clock() - since) / CLOCKS_PER_SEC;
}

// Settled reversals of ω_z: the sense flips when ω_z passes minus half the initial spin; the
// reversal's time is the first zero crossing after the spin last held its old sense.
std::vector<double> settledReversals(const std::vector<double>& t, const std::vector<double>& w) {
  std::vector<double> out;
  if (w.empty() || w[0] == 0.0)
    return out;
  const double threshold = 0.5 * std::abs(w[0]);
  double sense = w[0] > 0.0 ? 1.0 : -1.0;
  double first_zero = -1.0;
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (first_zero < 0.0 && (w[i] > 0.0) != (w[i - 1] > 0.0))
      first_zero = t[i - 1] + (t[i] - t[i - 1]) * w[i - 1] / (w[i - 1] - w[i]);
    if (sense * w[i] < -threshold) {
      out.push_back(first_zero);
      sense = -sense;
      first_zero = -1.0;
    } else if (sense * w[i] > threshold) {
      first_zero = -1.0;
    }
  }
  return out;
}

// Mean period of a signal from its zero crossings (two per period), or NaN.
double crossingPeriod(const std::vector<double>& t, const std::vector<double>& x) {
  std::vector<double> zeros;
  for (std::size_t i = 1; i < x.size(); ++i) {
    if ((x[i] > 0.0) != (x[i - 1] > 0.0))
      zeros.push_back(t[i - 1] + (t[i] - t[i - 1]) * x[i - 1] / (x[i - 1] - x[i]));
  }
  if (zeros.size() < 3)
    return std::nan("");
  return 2.0 * (zeros.back() - zeros.front()) / static_cast<double>(zeros.size() - 1);
}

// Small rocking about the top without spin, rolling without slip: potential ½ θᵀKθ with
// K = m g [(ρ_short − h) e₁e₁ᵀ + (ρ_long − h) e₂e₂ᵀ] (a tilt about the long axis e₁ rolls across
// it, on the short radius) and kinetic energy ½ θ̇ᵀMθ̇ with M = I_xy + m h² 1 (the centre of mass
// swings about the contact at height h), both in body axes; the modes solve K v = ω² M v.
struct RockingModes {
  Eigen::Matrix2d M;
  Eigen::Matrix2d vectors;  // columns v_j
  Eigen::Vector2d periods;
};

RockingModes linearRocking(double mass, const Mat3& inertia, double g) {
  const Eigen::Vector2d e1(std::cos(kTurn), std::sin(kTurn)), e2(-e1.y(), e1.x());
  const Eigen::Matrix2d K = mass * g *
                            ((kShortRadius - kTopHeight) * e1 * e1.transpose() +
                             (kLongRadius - kTopHeight) * e2 * e2.transpose());
  RockingModes modes;
  modes.M =
      inertia.topLeftCorner<2, 2>() + mass * kTopHeight * kTopHeight * Eigen::Matrix2d::Identity();
  const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::Matrix2d> solver(K, modes.M);
  modes.vectors = solver.eigenvectors();
  for (int j = 0; j < 2; ++j)
    modes.periods(j) = 2.0 * std::acos(-1.0) / std::sqrt(solver.eigenvalues()(j));
  return modes;
}

// One sample of the free body (body 0): its state, energy and world angular momentum.
struct Sample {
  double time = 0.0;
  RigidBodyState state;
  double energy = 0.0;
  Vec3 angular_momentum = Vec3::Zero();
};

// What a sampled run ends with: the integrator's statistics, or the error that stopped it.
struct Sampled {
  IntegrationStats stats;
  std::string error;
};

// The scene sampled at t = k / rate as runScene does (the same advanceTo calls, so the same
// steps), each sample handed to `take` as it comes, so that a run that stops (the rattleback
// leaving the floor) keeps what it sampled before.
Sampled sampleRun(const Scene& scene, const std::function<void(const Sample&)>& take,
                  const std::function<void(double)>& progress) {
  Sampled out;
  std::optional<World> world;
  auto sample = [&] {
    if (!std::isfinite(world->energy(0))) {  // as runScene says it
      std::ostringstream what;
      what << "body '" << world->bodyName(0) << "': energy not finite at t = " << world->time()
           << " s (position or velocity overflowed)";
      throw NumericalError(what.str());
    }
    take({world->time(), world->state(0), world->energy(0), world->angularMomentum(0)});
    if (progress)
      progress(world->time() / scene.duration);
  };
  try {
    world.emplace(scene.world);
    sample();
    const auto count = static_cast<long>(std::floor(scene.duration * scene.output.rate + 1e-9));
    for (long k = 1; k <= count; ++k) {
      world->advanceTo(static_cast<double>(k) / scene.output.rate);
      sample();
    }
    if (world->time() < scene.duration) {
      world->advanceTo(scene.duration);
      sample();
    }
  } catch (const Error& e) {
    out.error = e.what();
  }
  if (world)
    out.stats = world->stats();  // up to where it stopped
  return out;
}

class Runner {
 public:
  Runner(const RattlebackStudyOptions& options, std::size_t total)
      : options_(options), total_(static_cast<double>(total)) {
    base_ = loadSceneFile(options.scene, options.limits);
    const auto& bodies = base_.world.bodies;
    if (bodies.size() != 2 || bodies[0].fixed || !bodies[1].fixed ||
        base_.world.smooth_contacts.size() != 1 || base_.world.smooth_contacts[0].free_body != 0) {
      throw InvalidInputError("rattleback study: the scene " + options.scene.string() +
                              " must hold the rattleback (free, first), the floor (fixed) and "
                              "one smooth contact between them");
    }
  }

  // The App. B scene: spin start, μ = 0.3, μ_r = μ_s = 0, no-slip entry at 5 mm/s, adaptive RK4
  // between the minimum and maximum steps.
  [[nodiscard]] Scene appB(double duration, double max_step) const {
    Scene s = base_;
    s.duration = duration;
    s.output.rate = std::min(options_.output_rate, 1.0 / max_step);
    s.world.gravity = Vec3(0.0, 0.0, -9.81);  // not stated in App. B (NOTES.md)
    auto& integrator = s.world.integrator;
    integrator.method = IntegratorMethod::kAdaptiveRk4;
    integrator.adaptive.min_step = std::min(options_.min_step, max_step);
    integrator.adaptive.max_step = max_step;
    SmoothContactDescription& c = s.world.smooth_contacts[0];
    c.initial_pose.reset();
    c.initial_impulse.reset();
    c.initial.q = kSpinStart;
    c.initial.qdot = kSpin;
    c.initial.mode = FrictionMode::kSliding;
    c.friction = FrictionParameters{};
    c.friction.mu = 0.3;
    c.friction.slip_threshold = 0.005;
    return s;
  }

  RattlebackRun run(const Scene& scene, std::string group, std::string label, double parameter) {
    checkRunLimits(scene, options_.limits);  // --duration of the study's own
    RattlebackRun r;
    r.group = std::move(group);
    r.label = std::move(label);
    r.parameter = parameter;
    r.sliding_only = scene.world.smooth_contacts[0].friction.mu_static == 0.0;
    std::vector<Sample> samples;
    const std::clock_t start = std::clock();
    const Sampled sampled = sampleRun(
        scene,
        [&](const Sample& x) {
          r.times.push_back(x.time);
          samples.push_back(x);
        },
        progressFor());
    r.cpu_seconds = clockSeconds(start);
    r.error = sampled.error;
    r.steps = sampled.stats.steps;
    done_ += 1.0;
    if (samples.empty())
      return r;
    double late = 0.0;
    int n = 0;
    for (std::size_t i = 0; i < samples.size(); ++i) {
      r.spin.push_back(samples[i].state.worldAngularVelocity().z());
      if (r.times[i] >= 0.5 * r.times.back()) {
        late += r.spin.back();
        ++n;
      }
    }
    r.reversals = settledReversals(r.times, r.spin);
    r.final_spin = r.spin.back();
    r.min_spin = *std::min_element(r.spin.begin(), r.spin.end());
    r.max_spin = *std::max_element(r.spin.begin(), r.spin.end());
    r.mean_late_spin = late / n;
    const double e0 = samples.front().energy;
    r.relative_energy_drift = (samples.back().energy - e0) / std::abs(e0);
    const double lz0 = samples.front().angular_momentum.z();
    r.relative_lz_drift = std::abs(samples.back().angular_momentum.z() - lz0) / std::abs(lz0);
    if (r.group == "rocking")
      measureRocking(scene, samples, r);
    return r;
  }

  BowlStepRun bowl(const Scene& base, std::string label, double min_step, bool locate) {
    Scene s = base;
    s.duration = 3.0;
    s.output.rate = 100.0;
    s.world.integrator.method = IntegratorMethod::kAdaptiveRk4;
    s.world.integrator.adaptive.min_step = min_step;
    s.world.integrator.adaptive.max_step = 0.128;
    s.world.integrator.adaptive.locate_events = locate;
    s.world.integrator.keep_step_sizes = true;
    BowlStepRun b;
    b.label = std::move(label);
    double least_energy = std::numeric_limits<double>::infinity();
    const Sampled sampled = sampleRun(
        s,
        [&](const Sample& x) {
          const Vec3& p = x.state.position;
          b.stayed_on_table = b.stayed_on_table && std::abs(p.x()) < 0.2 && std::abs(p.y()) < 0.2 &&
                              p.z() > 0.0;  // the table top, 40 cm square (bowl-study)
          b.final_x = p.x();
          b.final_y = p.y();
          b.final_z = p.z();
          b.end_time = x.time;
          least_energy = std::min(least_energy, x.energy);
          b.energy_rise = std::max(b.energy_rise, x.energy - least_energy);
        },
        progressFor());
    b.error = sampled.error;
    b.steps = sampled.stats.steps;
    b.largest_step = sampled.stats.largest_step;
    b.steps_over_100ms =
        std::count_if(sampled.stats.step_sizes.begin(), sampled.stats.step_sizes.end(),
                      [](double h) { return h > 0.1; });
    done_ += 1.0;
    return b;
  }

 private:
  // The two modes' coordinates p_j = v_jᵀ M ω_xy (body axes; θ̇ = ω at first order) each
  // oscillate at one frequency: their zero crossings give the measured periods.
  // Told the fraction of this run done; the whole study's progress.
  [[nodiscard]] std::function<void(double)> progressFor() const {
    if (!options_.progress)
      return {};
    return [this](double fraction) { options_.progress((done_ + fraction) / total_); };
  }

  static void measureRocking(const Scene& scene, const std::vector<Sample>& samples,
                             RattlebackRun& r) {
    const BodyDescription& body = scene.world.bodies[0];
    const RockingModes modes = linearRocking(
        body.mass_properties.mass(), body.mass_properties.inertia(), -scene.world.gravity.z());
    for (int j = 0; j < 2; ++j) {
      const Eigen::Vector2d u = modes.M * modes.vectors.col(j);
      std::vector<double> p;
      for (const Sample& s : samples)
        p.push_back(u.dot(angular(s.state.twist).head<2>()));
      r.rocking_periods.push_back(crossingPeriod(r.times, p));
      r.linear_periods.push_back(modes.periods(j));
    }
  }

  const RattlebackStudyOptions& options_;
  Scene base_;
  double done_ = 0.0, total_ = 1.0;
};

}  // namespace

void RattlebackStudyOptions::validate() const {
  requirePositive(duration, "rattleback study: duration [s]");
  requirePositive(sweep_duration, "rattleback study: sweep duration [s]");
  requirePositive(max_step, "rattleback study: max step [s]");
  requirePositive(min_step, "rattleback study: min step [s]");
  requirePositive(output_rate, "rattleback study: output rate [Hz]");
  for (const double h : max_steps)
    requirePositive(h, "rattleback study: max step [s]");
  for (const double d : start_offsets) {
    if (!(d > 0.0 && d < 0.5))
      throw InvalidInputError("rattleback study: start offsets must lie in (0, 0.5), got " +
                              std::to_string(d));
  }
  for (const double k : inertia_scales)
    requirePositive(k, "rattleback study: inertia scale");
}

const RattlebackRun* RattlebackStudyResult::find(const std::string& group,
                                                 const std::string& label) const {
  for (const RattlebackRun& r : runs) {
    if (r.group == group && r.label == label)
      return &r;
  }
  return nullptr;
}

RattlebackStudyResult runRattlebackStudy(const RattlebackStudyOptions& options) {
  options.validate();
  const bool bowl = !options.bowl_scene.empty();
  const std::size_t total = 12 + 2 * options.max_steps.size() + options.start_offsets.size() +
                            options.inertia_scales.size() + (bowl ? 4 : 0);
  Runner runner(options, total);
  RattlebackStudyResult out;
  out.options = options;
  auto& runs = out.runs;
  const double T = options.duration, h = options.max_step;

  // The claims: App. B's spin start; its other reading (on the top); resistance; no friction;
  // kry-2000's sliding-only friction; the tap start.
  runs.push_back(runner.run(runner.appB(T, h), "claim", "App. B spin start", h));
  Scene top = runner.appB(T, h);
  top.world.smooth_contacts[0].initial.q = kTopStart;
  runs.push_back(runner.run(top, "claim", "spin start on the top", h));
  Scene resist = runner.appB(T, h);
  resist.world.smooth_contacts[0].friction.mu_rolling = 0.003;
  resist.world.smooth_contacts[0].friction.mu_spinning = 0.0001;
  runs.push_back(runner.run(resist, "claim", "mu_r 0.003 and mu_s 0.0001", h));
  // Without friction nothing holds the centre of mass, which moves off at 0.09 m/s (the spin is
  // about the contact point, off the centre of mass): App. B's 3 m floor, ten times as large.
  Scene frictionless = runner.appB(T, h);
  frictionless.world.smooth_contacts[0].friction.mu = 0.0;
  std::vector<Vec3> floor;
  for (const double x : {-15.0, -5.0, 5.0, 15.0}) {
    for (const double y : {-15.0, -5.0, 5.0, 15.0})
      floor.emplace_back(x, y, 0.0);
  }
  frictionless.world.bodies[1].surface =
      std::make_shared<BezierSurface>(std::vector<BezierPatch>{BezierPatch(3, 3, floor)});
  runs.push_back(runner.run(frictionless, "claim", "all friction zero", h));
  Scene sliding = runner.appB(T, h);
  sliding.world.smooth_contacts[0].friction.mu_static = 0.0;  // no-slip never holds
  runs.push_back(runner.run(sliding, "claim", "sliding friction only", h));
  Scene tap = runner.appB(T / 4.0, h);
  tap.world.smooth_contacts[0].initial.q = kTapStart;
  tap.world.smooth_contacts[0].initial.qdot = Vec5::Zero();
  runs.push_back(runner.run(tap, "claim", "App. B tap start", h));

  // Small rocking without spin, released just off the top (rolling), against the closed form.
  Scene rocking = runner.appB(30.0, 0.001);
  rocking.output.rate = 200.0;
  rocking.world.smooth_contacts[0].initial.q << 0.49, 0.5, 0.5, 0.5, 0.0;
  rocking.world.smooth_contacts[0].initial.qdot = Vec5::Zero();
  runs.push_back(runner.run(rocking, "rocking", "released 0.01 off the top along s", 0.01));
  rocking.world.smooth_contacts[0].initial.q << 0.5, 0.49, 0.5, 0.5, 0.0;
  runs.push_back(runner.run(rocking, "rocking", "released 0.01 off the top along t", 0.01));

  // Maximum steps, with no-slip friction and with sliding only (nothing halves the rattleback's
  // steps: adaptive RK4 doubles up to the maximum and stays there).
  for (const double step : options.max_steps) {
    Scene s = runner.appB(options.sweep_duration, step);
    runs.push_back(runner.run(s, "step", "no-slip", step));
    s.world.smooth_contacts[0].friction.mu_static = 0.0;
    runs.push_back(runner.run(s, "step", "sliding only", step));
  }
  // Start points along App. B's direction off the top.
  for (const double d : options.start_offsets) {
    Scene s = runner.appB(options.sweep_duration, h);
    s.world.smooth_contacts[0].initial.q << 0.5 - d, 0.5 - d, 0.5, 0.5, 0.0;
    runs.push_back(runner.run(s, "start", "offset", d));
  }
  // The inertia tensor scaled: the body's own time scale.
  for (const double k : options.inertia_scales) {
    Scene s = runner.appB(T, h);
    BodyDescription& body = s.world.bodies[0];
    body.mass_properties =
        MassProperties(body.mass_properties.mass(), k * body.mass_properties.inertia());
    runs.push_back(runner.run(s, "inertia", "scale", k));
  }

  // The resistance of row 3 and a third of it, with App. B's inertia and with 0.3 of it.
  for (const double k : {1.0, 0.3}) {
    for (const double mu_r : {0.003, 0.001}) {
      Scene s = runner.appB(T, h);
      s.world.smooth_contacts[0].friction.mu_rolling = mu_r;
      s.world.smooth_contacts[0].friction.mu_spinning = 0.0001;
      BodyDescription& body = s.world.bodies[0];
      body.mass_properties =
          MassProperties(body.mass_properties.mass(), k * body.mass_properties.inertia());
      runs.push_back(runner.run(s, "resistance",
                                "mu_r " + std::to_string(mu_r).substr(0, 5) + ", inertia x " +
                                    std::to_string(k).substr(0, 3),
                                mu_r));
    }
  }

  // kry-pai-2002 §4.2: at 128 ms the bowl slides off the table.
  if (bowl) {
    const Scene b = loadSceneFile(options.bowl_scene, options.limits);
    out.bowl.push_back(
        runner.bowl(b, "adaptive 1-128 ms, events located (bowl-study)", 0.001, true));
    out.bowl.push_back(runner.bowl(
        b, "adaptive 1-128 ms, halved at patch exits (kry-pai-2002 §3.7)", 0.001, false));
    out.bowl.push_back(runner.bowl(b, "128 ms steps (min = max), events located", 0.128, true));
    out.bowl.push_back(runner.bowl(b, "128 ms steps (min = max), halving only", 0.128, false));
  }
  return out;
}

}  // namespace contactsim
