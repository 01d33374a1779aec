// What writeRunOutputs and the streamed outputs of runSceneToDirectory share, so that both write
// the same bytes: trajectory rows, and the plots drawn from rows of plot values. Internal to
// scene.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "contactsim/io/svg_plot.hpp"
#include "contactsim/scene/run.hpp"

namespace contactsim::scene_detail {

inline constexpr const char* kTrajectoryHeader =
    "time,body,px,py,pz,qw,qx,qy,qz,wx,wy,wz,vx,vy,vz,energy\n";

/// trajectory.csv's rows of one sample, appended to `csv`.
void appendTrajectoryRows(std::string& csv, const TrajectorySample& s,
                          const std::vector<std::string>& body_names);

/// What the plots draw of one sample: t, the free bodies' total energy, then per free body
/// ω_z (world), x, y and energy.
[[nodiscard]] std::vector<double> plotRow(const TrajectorySample& s,
                                          const std::vector<bool>& fixed);

/// A plot of the rows of plotRow: series k draws columns[k] = (x, y) of every row.
struct RowPlot {
  std::string name;  ///< the file
  PlotSpec spec;     ///< the series' labels, no points
  std::vector<std::pair<std::size_t, std::size_t>> columns;
};

/// spin.svg, com_path.svg and energy.svg.
[[nodiscard]] std::vector<RowPlot> rowPlots(const RunResult& result);

}  // namespace contactsim::scene_detail
