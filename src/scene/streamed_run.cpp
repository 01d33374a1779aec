// runSceneToDirectory: a run whose outputs are written as it goes (issue 27, defect 8).
#include <algorithm>
#include <cmath>
#include <functional>
#include <string_view>

#include "contactsim/error.hpp"
#include "contactsim/io/atomic_files.hpp"
#include "contactsim/scene/run.hpp"
#include "io/column_file.hpp"
#include "run_outputs.hpp"

namespace contactsim {

// Phases: the staging directory with trajectory.csv open and the plot values' column file; the
// run, each sample's rows and plot values written as it is taken; events.csv and summary.json;
// the plots drawn from the column file; everything renamed into place. An exception anywhere
// leaves nothing: StagedOutputs removes its temporary directory and the directories it made.
RunResult runSceneToDirectory(const Scene& scene, RunOptions options,
                              const std::filesystem::path& directory) {
  StagedOutputs staged(directory);
  StagedOutputs::Stream trajectory = staged.open("trajectory.csv");
  trajectory.write(scene_detail::kTrajectoryHeader);
  std::vector<std::string> names;
  std::vector<bool> fixed;
  std::size_t free_bodies = 0;
  for (const BodyDescription& body : scene.world.bodies) {
    names.push_back(body.name);
    fixed.push_back(body.fixed);
    free_bodies += body.fixed ? 0 : 1;
  }
  // runScene's samples: k / rate for k = 0 .. ⌊duration · rate⌋, and the duration.
  const double bound = std::floor(scene.duration * scene.output.rate + 1e-9) + 2.0;
  ColumnFile plot_values(staged.scratch("plot-values"), 2 + 4 * free_bodies,
                         static_cast<std::size_t>(std::min(bound, 1e18)));
  std::string rows;
  options.on_sample = [&, caller = std::move(options.on_sample)](const TrajectorySample& s) {
    if (caller)
      caller(s);
    rows.clear();
    scene_detail::appendTrajectoryRows(rows, s, names);
    trajectory.write(rows);
    plot_values.append(scene_detail::plotRow(s, fixed));
  };
  RunResult result = runScene(scene, options);
  if (result.body_names != names || result.fixed != fixed)
    throw Error("the world's bodies are not the scene's (" + scene.origin + ")");
  trajectory.close();
  staged.write("events.csv", eventsCsv(result));
  staged.write("summary.json", summaryJson(result));
  for (const scene_detail::RowPlot& plot : scene_detail::rowPlots(result)) {
    StagedOutputs::Stream file = staged.open(plot.name);
    writeSvgLinePlot(
        plot.spec, [&file](std::string_view piece) { file.write(piece); },
        [&](std::size_t k, const std::function<void(double, double)>& point) {
          plot_values.forEach(plot.columns[k].first, plot.columns[k].second, point);
        });
    file.close();
  }
  staged.commit();
  return result;
}

}  // namespace contactsim
