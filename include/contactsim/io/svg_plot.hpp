// Minimal line plots as standalone SVG documents: what a run writes for a user to look at
// (spin rate against time, centre-of-mass paths) without any plotting dependency.
#pragma once

#include <string>
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

}  // namespace contactsim
