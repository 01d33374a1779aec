// One run of a sweep: the variant's scene through runScene (the path of `contactsim run`),
// single-threaded, its metrics, and its row of results.csv. The CLI's local pool and the Python
// module's Dask tasks both call runVariant, so both give the same rows.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "contactsim/io/atomic_files.hpp"
#include "contactsim/scene/run.hpp"
#include "sweep/sweep_spec.hpp"

namespace contactsim::sweep {

/// One row of results.csv.
struct RunRow {
  std::size_t index = 0;
  std::string key;                    ///< Variant::key
  nlohmann::ordered_json parameters;  ///< name → value
  nlohmann::ordered_json metrics;     ///< name → number or null (a failed run: all null)
  std::string status;                 ///< "ok" or "failed"
  std::string error;                  ///< the exception's message of a failed run
};

struct VariantRun {
  RunRow row;
  std::optional<RunResult> result;  ///< when asked (Python metrics), on success
  /// The outputs the spec keeps (summary: summary.json; all: also trajectory.csv, events.csv),
  /// for runs/<key>/.
  std::vector<OutputFile> files;
};

/// Runs one variant on the calling thread alone (a TBB arena of one). An exception of the run
/// (bad state, numerical failure) makes a failed row; it is never thrown.
[[nodiscard]] VariantRun runVariant(const SweepSpec& spec, const Variant& variant,
                                    bool keep_result = false);

/// The row as the JSON document runs/<key>.json holds, and back (SceneError naming `origin`).
[[nodiscard]] std::string rowJson(const RunRow& row);
[[nodiscard]] RunRow parseRowJson(std::string_view text, const std::string& origin);

}  // namespace contactsim::sweep
