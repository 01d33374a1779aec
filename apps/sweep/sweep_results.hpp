// What a sweep leaves in its output directory besides the runs: results.csv (one row per run, in
// variant order) and plots/<metric>_vs_<parameter>.svg (io/svg_plot), written atomically.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "contactsim/io/atomic_files.hpp"
#include "sweep/sweep_run.hpp"

namespace contactsim::sweep {

/// index, key, the parameters, the metrics (the spec's, then any a row adds: Python callables),
/// status, error. Numbers by toText (shortest round trip), so equal doubles give equal text.
[[nodiscard]] std::string resultsCsv(const SweepSpec& spec, const std::vector<RunRow>& rows);

/// One SVG per numeric metric against each numeric parameter, over the successful runs; one
/// line per combination of the other groups' values (more than 8: the least, median and greatest
/// over them at each value).
[[nodiscard]] std::vector<OutputFile> metricPlots(const SweepSpec& spec,
                                                  const std::vector<RunRow>& rows);

/// results.csv in `directory` and the plots in `directory`/plots.
void writeSweepResults(const SweepSpec& spec, const std::vector<RunRow>& rows,
                       const std::filesystem::path& directory);

}  // namespace contactsim::sweep
