// A run read back from its output directory (`contactsim view`): the samples' poses and energies
// from trajectory.csv, the event log from events.csv, and the scene that summary.json names.
#pragma once

#include <filesystem>
#include <optional>

#include "contactsim/scene/run.hpp"

namespace contactsim::report {

/// The run whose outputs are in `directory`. The scene is `scene_file` when given, else the file
/// summary.json names (or the built-in default scene). Samples carry positions, orientations and
/// energies (the velocities trajectory.csv holds too), no contacts. Throws Error naming the
/// directory or file at fault: no outputs there, a file unreadable or malformed, a scene whose
/// bodies are not the trajectory's, a file beyond `limits` (the scene's, and max_file_bytes for
/// the run's own files).
[[nodiscard]] RunResult readRunOutputs(const std::filesystem::path& directory,
                                       const std::optional<std::filesystem::path>& scene_file,
                                       const SceneLimits& limits = {});

}  // namespace contactsim::report
