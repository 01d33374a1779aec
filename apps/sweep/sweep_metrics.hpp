// The built-in metrics of a sweep: numbers read off one run's RunResult (docs/sweep-format.md,
// "Metrics"). A metric with nothing to report (no such event, no zero crossing) is null, an
// empty cell in results.csv.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "contactsim/scene/run.hpp"
#include "sweep/sweep_spec.hpp"

namespace contactsim::sweep {

/// The trajectory.csv columns a metric may read, per body: px .. vz (world) and energy.
[[nodiscard]] const std::vector<std::string>& trajectoryColumns();

/// Parses the metric object at `path` of the spec; `base` (the base scene) names the bodies.
/// Throws SceneError naming `file` and the JSON path of the fault.
[[nodiscard]] MetricSpec parseMetric(const nlohmann::json& entry, const Scene& base,
                                     const std::string& file, const std::string& path);

/// Whether a metric reads the samples' contacts (RunOptions::record_contacts).
[[nodiscard]] bool needsContacts(const std::vector<MetricSpec>& metrics);

/// How long the run took: process-independent thread CPU time and wall time [s].
struct RunTiming {
  double cpu_seconds = 0.0;
  double wall_seconds = 0.0;
};

/// Each metric's value for one run, in the spec's order: name → number or null.
[[nodiscard]] nlohmann::ordered_json evaluateMetrics(const std::vector<MetricSpec>& metrics,
                                                     const RunResult& result,
                                                     const RunTiming& timing);

}  // namespace contactsim::sweep
