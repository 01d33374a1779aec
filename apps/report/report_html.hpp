// The replay report: one self-contained HTML page (three.js inlined, no network at view time)
// that animates every body of a run from its trajectory samples, with play/pause, a time slider,
// contact points, normals and forces, the event log as a clickable timeline, and the run's plots.
#pragma once

#include <filesystem>
#include <string>

#include "contactsim/scene/run.hpp"

namespace contactsim::report {

/// The page for `result`, with the SVG plots given (spin.svg, com_path.svg as writeRunOutputs
/// writes them). Throws Error when this build has no three.js (viewer/node_modules missing).
[[nodiscard]] std::string reportHtml(const RunResult& result, const std::string& spin_svg,
                                     const std::string& com_path_svg);

/// Writes `directory`/report.html atomically, its plots read from spin.svg and com_path.svg in
/// `directory` (writeRunOutputs writes them). Throws Error naming a missing plot.
void writeReport(const RunResult& result, const std::filesystem::path& directory);

}  // namespace contactsim::report
