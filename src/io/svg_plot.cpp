#include "contactsim/io/svg_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace contactsim {
namespace {

std::string escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else
      out += c;
  }
  return out;
}

// Round step of about (hi − lo)/5: 1, 2 or 5 times a power of ten.
double niceStep(double lo, double hi) {
  const double raw = (hi - lo) / 5.0;
  const double p = std::pow(10.0, std::floor(std::log10(raw)));
  const double m = raw / p;
  return (m < 1.5 ? 1.0 : m < 3.5 ? 2.0 : m < 7.5 ? 5.0 : 10.0) * p;
}

std::string number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", std::abs(v) < 1e-12 ? 0.0 : v);
  return buffer;
}

// Each finite point of series k, in order.
void forEachPoint(const PlotSpec& spec, std::size_t k, const PlotPoints& points,
                  const std::function<void(double, double)>& point) {
  const auto finite = [&point](double x, double y) {
    if (std::isfinite(x) && std::isfinite(y))
      point(x, y);
  };
  if (points) {
    points(k, finite);
    return;
  }
  const PlotSeries& s = spec.series[k];
  for (std::size_t i = 0; i < std::min(s.x.size(), s.y.size()); ++i)
    finite(s.x[i], s.y[i]);
}

}  // namespace

std::string svgLinePlot(const PlotSpec& spec) {
  std::string svg;
  writeSvgLinePlot(spec, [&svg](std::string_view piece) { svg += piece; });
  return svg;
}

void writeSvgLinePlot(const PlotSpec& spec, const std::function<void(std::string_view)>& out,
                      const PlotPoints& points) {
  // Bounds of every finite point.
  constexpr double W = 640, H = 420, left = 70, right = 20, top = 40, bottom = 60;
  double x0 = std::numeric_limits<double>::infinity(), x1 = -x0, y0 = x0, y1 = -x0;
  for (std::size_t k = 0; k < spec.series.size(); ++k) {
    forEachPoint(spec, k, points, [&](double x, double y) {
      x0 = std::min(x0, x);
      x1 = std::max(x1, x);
      y0 = std::min(y0, y);
      y1 = std::max(y1, y);
    });
  }
  if (!(x1 >= x0))
    x0 = 0, x1 = 1, y0 = 0, y1 = 1;
  if (x1 - x0 < 1e-12)
    x0 -= 0.5, x1 += 0.5;
  if (y1 - y0 < 1e-12)
    y0 -= 0.5, y1 += 0.5;
  const double pw = W - left - right, ph = H - top - bottom;
  if (spec.equal_axes) {  // grow the shorter range so one unit is as long on both axes
    const double scale = std::max((x1 - x0) / pw, (y1 - y0) / ph);
    const double cx = 0.5 * (x0 + x1), cy = 0.5 * (y0 + y1);
    x0 = cx - 0.5 * scale * pw, x1 = cx + 0.5 * scale * pw;
    y0 = cy - 0.5 * scale * ph, y1 = cy + 0.5 * scale * ph;
  }
  auto X = [&](double x) { return left + (x - x0) / (x1 - x0) * pw; };
  auto Y = [&](double y) { return top + (1.0 - (y - y0) / (y1 - y0)) * ph; };
  std::string svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" height=\"420\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"640\" height=\"420\" "
      "fill=\"white\"/>\n";
  svg += "<text x=\"320\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">" + escape(spec.title) +
         "</text>\n";
  svg += "<rect x=\"" + number(left) + "\" y=\"" + number(top) + "\" width=\"" + number(pw) +
         "\" height=\"" + number(ph) + "\" fill=\"none\" stroke=\"black\"/>\n";
  const double xs = niceStep(x0, x1), ys = niceStep(y0, y1);
  for (double t = std::ceil(x0 / xs) * xs; t <= x1 + 1e-9 * xs; t += xs) {
    svg += "<line x1=\"" + number(X(t)) + "\" y1=\"" + number(top + ph) + "\" x2=\"" +
           number(X(t)) + "\" y2=\"" + number(top + ph + 5) + "\" stroke=\"black\"/><text x=\"" +
           number(X(t)) + "\" y=\"" + number(top + ph + 18) + "\" text-anchor=\"middle\">" +
           number(t) + "</text>\n";
  }
  for (double t = std::ceil(y0 / ys) * ys; t <= y1 + 1e-9 * ys; t += ys) {
    svg += "<line x1=\"" + number(left - 5) + "\" y1=\"" + number(Y(t)) + "\" x2=\"" +
           number(left) + "\" y2=\"" + number(Y(t)) + "\" stroke=\"black\"/><text x=\"" +
           number(left - 8) + "\" y=\"" + number(Y(t) + 4) + "\" text-anchor=\"end\">" + number(t) +
           "</text>\n";
  }
  svg += "<text x=\"" + number(left + pw / 2) + "\" y=\"" + number(H - 15) +
         "\" text-anchor=\"middle\">" + escape(spec.x_label) + "</text>\n";
  svg += "<text transform=\"translate(18," + number(top + ph / 2) +
         ") rotate(-90)\" text-anchor=\"middle\">" + escape(spec.y_label) + "</text>\n";
  for (const double m : spec.x_markers) {
    if (m < x0 || m > x1)
      continue;
    svg += "<line x1=\"" + number(X(m)) + "\" y1=\"" + number(top) + "\" x2=\"" + number(X(m)) +
           "\" y2=\"" + number(top + ph) + "\" stroke=\"gray\" stroke-dasharray=\"2,3\"/>\n";
  }
  // The series, their points streamed in pieces of about 64 KiB.
  out(svg);
  const char* colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};
  for (std::size_t k = 0; k < spec.series.size(); ++k) {
    const PlotSeries& s = spec.series[k];
    const char* colour = colours[k % 6];
    out("<polyline fill=\"none\" stroke=\"" + std::string(colour) +
        "\" stroke-width=\"1.5\" points=\"");
    std::string line;
    forEachPoint(spec, k, points, [&](double x, double y) {
      line += number(X(x)) + "," + number(Y(y)) + " ";
      if (line.size() >= (1u << 16)) {
        out(line);
        line.clear();
      }
    });
    out(line + "\"/>\n");
    out("<text x=\"" + number(left + 10) + "\" y=\"" +
        number(top + 16 + 16 * static_cast<double>(k)) + "\" fill=\"" + colour + "\">" +
        escape(s.label) + "</text>\n");
  }
  out("</svg>\n");
}

}  // namespace contactsim
