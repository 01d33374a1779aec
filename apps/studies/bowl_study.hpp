// The bowl study of kry-pai-2002 §4.2 in one call: a Loop-subdivision bowl thrown onto a
// Loop-subdivision table with rounded edges (scenes/round-bowl-throw.json), run for 3 s at maximum
// steps of 1–64 ms (minimum 1 ms, RK4, no-slip entry at 5 mm/s, 2.5 mm/s for the 1 ms run) and at
// 128 ms, where the paper's bowl slides off the table. Produces the centre-of-mass trajectories
// with their events (Fig. 7), step-size histograms (Fig. 8), x(t) with patch transitions (Fig. 9)
// and the CPU-time table (Table II).
// An app of the library (apps/studies): it uses the public contactsim API only.
#pragma once

#include <algorithm>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "contactsim/scene/run.hpp"

namespace contactsim {

struct BowlStudyOptions {
  std::filesystem::path scene = "scenes/round-bowl-throw.json";
  std::vector<double> max_steps = {0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.128};
  double min_step = 0.001;  ///< [s]
  double duration = 3.0;    ///< [s]
  /// Runs per maximum step: CPU times are their medians (this machine's timings vary by tens of
  /// per cent from run to run); trajectories and counts come from the first.
  int repeats = 3;
  double slip_threshold = 0.005;        ///< [m/s] no-slip entry (kry-pai-2002 §4.2)
  double fine_slip_threshold = 0.0025;  ///< [m/s] for the runs at max step ≤ min step
  double output_rate = 100.0;           ///< [Hz] samples for the figures
  double table_half_width = 0.2;        ///< [m] of the table top, centred at the origin
  /// The limits of the scene file and of each run (docs/scene-format.md, "Limits"; `bowl-study
  /// --no-limits`: none).
  SceneLimits limits;
  /// Told the fraction of the runs done, in [0, 1], as they go (a progress bar).
  std::function<void(double fraction)> progress;
  /// Throws InvalidInputError naming the option.
  void validate() const;
};

struct BowlRun {
  double max_step = 0.0;     ///< [s]
  double cpu_seconds = 0.0;  ///< process CPU time of the whole run (set-up included), median
  /// Process CPU time of building the world alone (tessellations and their BVHs), timed in a
  /// separate construction before the run (median): the part of cpu_seconds that is not
  /// simulation.
  double setup_seconds = 0.0;
  /// cpu_seconds less setup_seconds: the simulation itself (flight, impacts, contact evolution,
  /// output), what kry-pai-2002 Table II times.
  [[nodiscard]] double simulationSeconds() const {
    return std::max(0.0, cpu_seconds - setup_seconds);
  }
  RunResult result;
  long collisions = 0, contacts_on = 0, small_bounces = 0, separations = 0;
  long patch_crossings = 0, mode_switches = 0;
  /// Whether the centre of mass stayed over the table top (|x|, |y| < half width) and above it.
  bool stayed_on_table = true;
  double final_speed = 0.0;  ///< of the centre of mass [m/s]
  /// "at rest", "rolling" or "sliding" (the last friction mode), "in flight" or "off the table".
  std::string final_state;
};

struct BowlStudyResult {
  BowlStudyOptions options;
  std::vector<BowlRun> runs;
};

BowlStudyResult runBowlStudy(const BowlStudyOptions& options);

/// Writes table.{csv,md} (Table II), com_paths.svg and com_height_<ms>ms.svg (Fig. 7),
/// step_sizes.{csv,svg} (Fig. 8), x_t.svg (Fig. 9), events_<ms>ms.csv and summary.json,
/// atomically.
void writeBowlStudy(const BowlStudyResult& result, const std::filesystem::path& directory);

}  // namespace contactsim
