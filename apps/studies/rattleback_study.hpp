// The rattleback study of kry-2000 §6.4 and Appendix B (kry-pai-2002 §4.2.1, Fig. 11) in one call:
// the thesis rattleback spun counter-clockwise from the App. B start, run against each claim of
// the thesis and the paper (first reversal after about 8 s, a second between 23 and 40 s, rolling
// and spinning resistance that prevent the second, no reversal without friction, maximum steps of
// 1–200 ms, the tap start, the rocking period before the reversal), with the runs that explain
// where ours differs (start point, inertia scale, sliding-only friction, the linear rocking
// periods of App. B's body), and the 128 ms bowl of kry-pai-2002 §4.2 under three step controls.
// An app of the library (apps/studies): it uses the public contactsim API only.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "contactsim/scene/scene.hpp"

namespace contactsim {

struct RattlebackStudyOptions {
  /// The rattleback (first body, free) on the floor (second, fixed) with one smooth contact; the
  /// study sets the contact's q, q̇, friction and the integrator to App. B's values itself.
  std::filesystem::path scene = "scenes/rattleback-spin.json";
  /// kry-pai-2002 §4.2's bowl thrown on the table, run at 128 ms; empty: no bowl rows.
  std::filesystem::path bowl_scene = "scenes/round-bowl-throw.json";
  double duration = 120.0;       ///< [s] App. B runs, resistance, inertia scales
  double sweep_duration = 60.0;  ///< [s] the step and start-point sweeps (first reversal)
  double max_step = 0.01;        ///< [s] kry-pai-2002 Fig. 11
  double min_step = 0.001;       ///< [s] adaptive RK4's halving floor
  double output_rate = 50.0;     ///< [Hz] samples (at most 1 / max step: samples end steps)
  std::vector<double> max_steps = {0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2};  ///< [s]
  /// Starts at (0.5 − d, 0.5 − d) on the rattleback, App. B's direction (d = 0.05).
  std::vector<double> start_offsets = {0.02, 0.05, 0.1, 0.15, 0.2};
  /// App. B's inertia diag(1, 10, 10) times each.
  std::vector<double> inertia_scales = {1.0, 0.5, 0.3, 0.2, 0.1};
  /// The limits of the scene files and of each run (docs/scene-format.md, "Limits";
  /// `rattleback-study --no-limits`: none).
  SceneLimits limits;
  /// Told the fraction of the runs done, in [0, 1], as they go (a progress bar).
  std::function<void(double fraction)> progress;
  /// Throws InvalidInputError naming the option.
  void validate() const;
};

/// One rattleback run: what it varies and what its spin did.
struct RattlebackRun {
  std::string group;          ///< "claim", "step", "start", "inertia", "rocking"
  std::string label;          ///< what the run is, in words
  double parameter = 0.0;     ///< the swept value: max step [s], offset d, inertia scale
  bool sliding_only = false;  ///< mu_static = 0: Coulomb sliding throughout (kry-2000's friction)
  std::string error;          ///< non-empty: the run stopped with this error at error_time
  std::vector<double> times, spin;  ///< samples of the world spin rate ω_z [rad/s]
  /// Settled reversals: ω_z passes −½ω_z(0) (then +½ω_z(0), ...); each at the first zero
  /// crossing after the spin last held its previous sense.
  std::vector<double> reversals;
  double final_spin = 0.0, min_spin = 0.0, max_spin = 0.0;  ///< [rad/s]
  double mean_late_spin = 0.0;  ///< mean ω_z over the second half [rad/s]
  double relative_energy_drift = 0.0;
  double relative_lz_drift = 0.0;  ///< |ΔL_z| / |L_z(0)|, world angular momentum about the COM
  long steps = 0;
  double cpu_seconds = 0.0;
  /// Rocking runs: periods of the two linear rocking modes, measured [s] and by the closed form.
  std::vector<double> rocking_periods, linear_periods;
};

/// kry-pai-2002 §4.2's bowl at 128 ms under one step control.
struct BowlStepRun {
  std::string label;
  std::string error;  ///< the run's error, if it stopped
  bool stayed_on_table = true;
  long steps = 0, steps_over_100ms = 0;
  double largest_step = 0.0;                           ///< [s]
  double final_x = 0.0, final_y = 0.0, final_z = 0.0;  ///< centre of mass at the end [m]
  /// The largest rise of the bowl's energy over its least value before [J]: impacts and friction
  /// only take energy away, so any rise is the integrator's.
  double energy_rise = 0.0;
  double end_time = 0.0;  ///< of the last sample [s]
};

struct RattlebackStudyResult {
  RattlebackStudyOptions options;
  std::vector<RattlebackRun> runs;
  std::vector<BowlStepRun> bowl;
  /// The first run of `group` whose label is `label`, or nullptr.
  [[nodiscard]] const RattlebackRun* find(const std::string& group, const std::string& label) const;
};

RattlebackStudyResult runRattlebackStudy(const RattlebackStudyOptions& options);

/// Writes README.md (each thesis and paper claim a row: reproduced or not, with the number, and
/// the evidence where ours differs), runs.csv, spin_*.svg and reversal_vs_*.svg, atomically.
void writeRattlebackStudy(const RattlebackStudyResult& result,
                          const std::filesystem::path& directory);

}  // namespace contactsim
