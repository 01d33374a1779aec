// Running a scene: sampled trajectories, a summary, and the files `contactsim run` writes.
#pragma once

#include <algorithm>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "contactsim/scene/scene.hpp"

namespace contactsim {

struct BodySample {
  RigidBodyState state;
  double energy = 0.0;  ///< kinetic + potential [J]
};

struct TrajectorySample {
  double time = 0.0;
  std::vector<BodySample> bodies;     ///< in scene order
  std::vector<ContactInfo> contacts;  ///< RunOptions::record_contacts: the contacts then
};

struct RunResult {
  Scene scene;
  std::vector<std::string> body_names;
  std::vector<TrajectorySample>
      samples;  ///< at t = k / rate, k = 0 .. ⌊duration·rate⌋, and at duration; velocity-level
                ///< worlds at the whole step nearest each, one sample per instant (only the first
                ///< and the last when RunOptions::keep_samples is false)
  std::size_t sample_count = 0;  ///< samples the run took (runScene sets it)
  IntegrationStats stats;
  double wall_seconds = 0.0;
  std::vector<Vec3> initial_angular_momentum;  ///< world, about each centre of mass
  std::vector<Vec3> final_angular_momentum;
  std::vector<bool> fixed;         ///< per body
  std::vector<WorldEvent> events;  ///< patch crossings, mode switches, separations

  /// The samples taken: sample_count, or samples.size() for a result made without runScene.
  [[nodiscard]] std::size_t samplesTaken() const { return std::max(sample_count, samples.size()); }
};

/// What a run records besides the trajectory, and whom it tells how far it has got.
struct RunOptions {
  /// Keep each sample's contacts (TrajectorySample::contacts), for replays and scripts.
  bool record_contacts = false;
  /// Called after each sample with the simulated time reached and the scene's duration [s].
  std::function<void(double time, double duration)> progress;
  /// Called with each sample as it is taken, in time order (streamed outputs).
  std::function<void(const TrajectorySample&)> on_sample;
  /// Keep every sample in RunResult::samples; false keeps the first and the last only, so that
  /// memory does not grow with duration × rate (on_sample still sees every one).
  bool keep_samples = true;
};

/// Simulates the scene for its duration. Throws InvalidInputError / NumericalError.
[[nodiscard]] RunResult runScene(const Scene& scene, const RunOptions& options = {});

/// CSV, one row per sample and body: time, body, position, quaternion (w, x, y, z), world angular
/// and linear velocity, energy.
[[nodiscard]] std::string trajectoryCsv(const RunResult& result);

/// JSON summary: scene, integrator, step statistics, wall time, per-body energy and angular
/// momentum drift, final state.
[[nodiscard]] std::string summaryJson(const RunResult& result);

/// CSV of the event log: time, body, type, detail.
[[nodiscard]] std::string eventsCsv(const RunResult& result);

/// Writes trajectory.csv, events.csv, summary.json, spin.svg (world ω_z of each free body against
/// time, events marked), com_path.svg (centre-of-mass paths seen from above) and energy.svg (each
/// free body's energy and their sum against time, events marked) into `directory`, atomically
/// (all or nothing).
void writeRunOutputs(const RunResult& result, const std::filesystem::path& directory);

/// runScene writing writeRunOutputs' files (the same bytes) into `directory` as it goes: each
/// sample's trajectory rows go to a private temporary file when the sample is taken and the
/// plots' values to a temporary column file, so that memory does not grow with duration × rate
/// (options.keep_samples false: the result holds the first and last samples). The files are
/// renamed into place when the run has ended; a run that fails leaves nothing (no temporaries,
/// no directory it made).
[[nodiscard]] RunResult runSceneToDirectory(const Scene& scene, RunOptions options,
                                            const std::filesystem::path& directory);

}  // namespace contactsim
