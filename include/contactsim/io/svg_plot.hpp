// Minimal line plots as standalone SVG documents: what a run writes for a user to look at
// (spin rate against time, centre-of-mass paths) without any plotting dependency.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace contactsim {

struct PlotSeries {
  std::string label;
  std::vector<double> x;
  std::vector<double> y;
};

struct PlotSpec {
  std::string title;
  std::string x_label;
  std::string y_label;
  std::vector<PlotSeries> series;
  std::vector<double> x_markers;  ///< vertical dotted lines (events)
  bool equal_axes = false;        ///< same scale on x and y (paths)
};

/// An SVG document (640 × 420) with axes, ticks, the series as polylines and a legend.
/// Non-finite points are skipped.
std::string svgLinePlot(const PlotSpec& spec);

/// Where series k's points come from instead of its x and y: calls `point(x, y)` for each point
/// in order, each time it is asked (twice per plot: the bounds, then the line), so that a long
/// series can be read back from a file instead of held in memory.
using PlotPoints =
    std::function<void(std::size_t series, const std::function<void(double, double)>& point)>;

/// The same document, handed to `out` piece by piece (a series' points never held as one text),
/// the points from `points` when given.
void writeSvgLinePlot(const PlotSpec& spec, const std::function<void(std::string_view)>& out,
                      const PlotPoints& points = {});

}  // namespace contactsim
