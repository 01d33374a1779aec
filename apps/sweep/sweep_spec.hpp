// A sweep: one base scene run many times with values put into it at JSON pointers (RFC 6901),
// the metrics to read off each run, and what to keep of its outputs (docs/sweep-format.md).
// Parsed and expanded into its variants whole before any run starts: every error names the spec
// file and the JSON path of the fault in it (contactsim::SceneError, as scene files do).
// An app of the library (apps/sweep): it uses the public contactsim API only.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "contactsim/scene/scene.hpp"

namespace contactsim::sweep {

/// One swept value: where it goes in the scene and the values it takes.
struct Parameter {
  std::string name;     ///< the results.csv column (default: the pointer)
  std::string pointer;  ///< JSON pointer into the scene document; empty: a label column
  /// Parameters of one group vary together (the k-th values of each); the groups are combined
  /// as a Cartesian product, in the order they first appear.
  std::string group;
  std::vector<nlohmann::json> values;
  std::string spec_path;  ///< "/parameters/i": where it is in the spec, for messages
};

/// What a run's row reports: built-in quantities of a RunResult (sweep_metrics.hpp).
struct MetricSpec {
  std::string name;    ///< column; default "<type>" or "<type>_<event|column>"
  std::string type;    ///< final, energy_drift, first_event_time, event_count, zero_crossing,
                       ///< min, max, steps, rejected_steps, cpu_seconds, wall_seconds
  std::string event;   ///< first_event_time, event_count: the event type
  std::string body;    ///< per-body metrics: the body (default: the first free body)
  std::string column;  ///< final, zero_crossing, min, max: a trajectory.csv column (px .. energy)
  std::string spec_path;
  /// cpu_seconds and wall_seconds vary from run to run; all others are bitwise reproducible.
  [[nodiscard]] bool timing() const { return type == "cpu_seconds" || type == "wall_seconds"; }
};

enum class Keep { kNone, kSummary, kAll };

struct SweepSpec {
  std::string file;  ///< the spec file, or the name given to inline text, for messages
  std::string name;
  nlohmann::json scene;      ///< the base scene document, with `set` applied
  std::string scene_origin;  ///< names it in scene errors and resolves its relative paths
  std::vector<Parameter> parameters;
  std::vector<MetricSpec> metrics;
  Keep keep = Keep::kNone;
  /// The limits of the base scene and every variant (`sweep --no-limits`: none).
  SceneLimits limits;
};

/// One run of the sweep.
struct Variant {
  std::size_t index = 0;               ///< row-major over the groups, first parameter slowest
  std::vector<nlohmann::json> values;  ///< per parameter
  std::string key;  ///< 16 hex digits: FNV-1a of the scene text, metrics, keep and values
};

/// Parses a spec. `file` names it in errors; relative scene paths are read from its directory.
/// `limits` hold for the scene file it names (max_file_bytes), the base scene and every variant.
[[nodiscard]] SweepSpec parseSweepSpec(std::string_view text, const std::string& file,
                                       const SceneLimits& limits = {});
/// Reads and parses a spec file of at most limits.max_file_bytes (SceneError when it is missing,
/// larger or unreadable).
[[nodiscard]] SweepSpec loadSweepSpec(const std::filesystem::path& file,
                                      const SceneLimits& limits = {});

/// Every variant, each scene checked by the scene loader (a rejected value is reported at the
/// spec's /parameters/i/values/k).
[[nodiscard]] std::vector<Variant> expandVariants(const SweepSpec& spec);

/// The scene document of one variant: the base with the variant's values put in.
[[nodiscard]] std::string variantSceneText(const SweepSpec& spec, const Variant& variant);

/// The scene of one variant, as `contactsim run` would load it.
[[nodiscard]] Scene variantScene(const SweepSpec& spec, const Variant& variant);

/// A parameter's value as results.csv writes it: numbers by toText (shortest round trip), strings
/// as they are, anything else as compact JSON.
[[nodiscard]] std::string valueText(const nlohmann::json& value);

}  // namespace contactsim::sweep
