#include "sweep/sweep_results.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

#include "contactsim/io/svg_plot.hpp"

namespace contactsim::sweep {
namespace {

using nlohmann::ordered_json;

// RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled.
std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) {
    return s;
  }
  std::string out = "\"";
  for (const char c : s) {
    out += c == '"' ? std::string("\"\"") : std::string(1, c);
  }
  return out + "\"";
}

std::string cell(const ordered_json& v) {
  return v.is_null() ? std::string() : csvField(valueText(v));
}

// The metric columns: the spec's, then those rows add, in order of appearance.
std::vector<std::string> metricColumns(const SweepSpec& spec, const std::vector<RunRow>& rows) {
  std::vector<std::string> names;
  for (const MetricSpec& m : spec.metrics) {
    names.push_back(m.name);
  }
  for (const RunRow& r : rows) {
    for (const auto& item : r.metrics.items()) {
      if (std::find(names.begin(), names.end(), item.key()) == names.end()) {
        names.push_back(item.key());
      }
    }
  }
  return names;
}

// File names keep letters, digits, '-' and '_'.
std::string fileName(const std::string& s) {
  std::string out;
  for (const char c : s) {
    out += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '_';
  }
  return out.empty() ? "_" : out;
}

// Whether parameter `name` is parameter p or varies together with it (one group).
bool sameGroup(const SweepSpec& spec, std::size_t p, const std::string& name) {
  const Parameter& a = spec.parameters[p];
  return std::any_of(spec.parameters.begin(), spec.parameters.end(), [&](const Parameter& b) {
    return b.name == name && (b.name == a.name || (!a.group.empty() && b.group == a.group));
  });
}

PlotSpec plotOf(const SweepSpec& spec, const std::vector<RunRow>& rows, std::size_t p,
                const std::string& metric) {
  const std::string& name = spec.parameters[p].name;
  PlotSpec plot{spec.name + ": " + metric + " against " + name, name, metric, {}, {}, false};
  // One line per combination of the other parameters, points in order of x.
  std::map<std::string, std::vector<std::pair<double, double>>> lines;
  for (const RunRow& r : rows) {
    const auto& y = r.metrics.contains(metric) ? r.metrics.at(metric) : ordered_json();
    if (r.status != "ok" || !y.is_number()) {
      continue;
    }
    std::string others;
    for (const auto& item : r.parameters.items()) {
      if (!sameGroup(spec, p, item.key())) {
        others += (others.empty() ? "" : ", ") + item.key() + " " + valueText(item.value());
      }
    }
    lines[others].emplace_back(r.parameters.at(name).get<double>(), y.get<double>());
  }
  if (lines.size() > 8) {
    // Too many to tell apart: the least, the median and the greatest over the other parameters'
    // combinations at each value.
    std::map<double, std::vector<double>> at;
    for (const auto& [label, points] : lines) {
      for (const auto& [x, y] : points) {
        at[x].push_back(y);
      }
    }
    lines.clear();
    for (auto& [x, ys] : at) {
      std::sort(ys.begin(), ys.end());
      const std::size_t m = ys.size() / 2;
      lines["greatest over the others"].emplace_back(x, ys.back());
      lines["median"].emplace_back(x, ys.size() % 2 == 1 ? ys[m] : 0.5 * (ys[m - 1] + ys[m]));
      lines["least"].emplace_back(x, ys.front());
    }
  }
  for (auto& [label, points] : lines) {
    std::sort(points.begin(), points.end());
    PlotSeries s{label.empty() ? metric : label, {}, {}};
    for (const auto& [x, y] : points) {
      s.x.push_back(x);
      s.y.push_back(y);
    }
    plot.series.push_back(std::move(s));
  }
  return plot;
}

}  // namespace

std::string resultsCsv(const SweepSpec& spec, const std::vector<RunRow>& rows) {
  const std::vector<std::string> metrics = metricColumns(spec, rows);
  std::string csv = "index,key";
  for (const Parameter& p : spec.parameters) {
    csv += ',';
    csv += csvField(p.name);
  }
  for (const std::string& m : metrics) {
    csv += ',';
    csv += csvField(m);
  }
  csv += ",status,error\n";
  for (const RunRow& r : rows) {
    csv += std::to_string(r.index) + "," + r.key;
    for (const Parameter& p : spec.parameters) {
      csv += ',';
      csv += cell(r.parameters.contains(p.name) ? r.parameters.at(p.name) : ordered_json());
    }
    for (const std::string& m : metrics) {
      csv += ',';
      csv += cell(r.metrics.contains(m) ? r.metrics.at(m) : ordered_json());
    }
    csv += "," + r.status + "," + csvField(r.error) + "\n";
  }
  return csv;
}

std::vector<OutputFile> metricPlots(const SweepSpec& spec, const std::vector<RunRow>& rows) {
  std::vector<OutputFile> files;
  const std::vector<std::string> metrics = metricColumns(spec, rows);
  for (std::size_t p = 0; p < spec.parameters.size(); ++p) {
    const auto& values = spec.parameters[p].values;
    if (!std::all_of(values.begin(), values.end(), [](const auto& v) { return v.is_number(); })) {
      continue;
    }
    for (const std::string& m : metrics) {
      const PlotSpec plot = plotOf(spec, rows, p, m);
      if (!plot.series.empty()) {
        files.push_back(
            {fileName(m) + "_vs_" + fileName(spec.parameters[p].name) + ".svg", svgLinePlot(plot)});
      }
    }
  }
  return files;
}

void writeSweepResults(const SweepSpec& spec, const std::vector<RunRow>& rows,
                       const std::filesystem::path& directory) {
  const std::vector<OutputFile> plots = metricPlots(spec, rows);
  if (!plots.empty()) {
    writeFilesAtomically(directory / "plots", plots);
  }
  writeFilesAtomically(directory, {{"results.csv", resultsCsv(spec, rows)}});
}

}  // namespace contactsim::sweep
