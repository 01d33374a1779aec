// A sweep on the local cores (`contactsim sweep`): a pool of threads, each running one variant
// at a time on itself alone; every finished run's row written at once, atomically, to
// OUT/runs/<key>.json, so that a sweep run again skips what is done. The rows, and so
// results.csv, do not depend on the number of jobs: each run is the same single-threaded code.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <vector>

#include "sweep/sweep_run.hpp"

namespace contactsim::sweep {

struct LocalSweepOptions {
  std::filesystem::path out;  ///< everything the sweep writes goes under it
  int jobs = 1;               ///< runs at a time, ≥ 1
  /// Told the runs finished (resumed ones included) and their total, from the pool's threads.
  std::function<void(std::size_t done, std::size_t total)> progress;
};

struct LocalSweepResult {
  std::vector<RunRow> rows;  ///< in variant order
  std::size_t resumed = 0;   ///< rows found from an earlier sweep into the same directory
  std::size_t failed = 0;
};

/// Runs every variant without a row in `options.out` yet, then writes results.csv and the plots.
[[nodiscard]] LocalSweepResult runSweepLocal(const SweepSpec& spec,
                                             const std::vector<Variant>& variants,
                                             const LocalSweepOptions& options);

/// The row an earlier sweep left for this variant in `out`, if any.
[[nodiscard]] std::optional<RunRow> finishedRow(const std::filesystem::path& out,
                                                const Variant& variant);

/// Writes the run's kept outputs to out/runs/<key>/, then its row to out/runs/<key>.json (both
/// atomically: a row on disk means a complete run).
void recordRun(const std::filesystem::path& out, const VariantRun& run);

}  // namespace contactsim::sweep
