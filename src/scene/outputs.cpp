#include <algorithm>
#include <cstdio>
#include <functional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "contactsim/io/atomic_files.hpp"
#include "contactsim/io/svg_plot.hpp"
#include "contactsim/scene/run.hpp"
#include "run_outputs.hpp"

namespace contactsim {
namespace {

nlohmann::json toJson(const Vec3& v) {
  return {v.x(), v.y(), v.z()};
}

double relativeChange(double initial, double final_value) {
  const double scale = std::abs(initial) > 0.0 ? std::abs(initial) : 1.0;
  return (final_value - initial) / scale;
}

// |L₁ − L₀| / |L₀|, or null where L₀ is negligible (below 1e-6 of |L₁|, or zero): a body starting
// without spin has no meaningful relative drift (it read 3.2e13), only the absolute one.
nlohmann::json relativeDrift(const Vec3& initial, const Vec3& final_value) {
  if (!(initial.norm() > 0.0) || initial.norm() < 1e-6 * final_value.norm())
    return nullptr;
  return (final_value - initial).norm() / initial.norm();
}

}  // namespace

namespace scene_detail {

void appendTrajectoryRows(std::string& csv, const TrajectorySample& s,
                          const std::vector<std::string>& body_names) {
  char line[512];
  for (std::size_t i = 0; i < s.bodies.size(); ++i) {
    const RigidBodyState& x = s.bodies[i].state;
    const Vec3 w = x.worldAngularVelocity();
    const Vec3 v = x.worldLinearVelocity();
    std::snprintf(line, sizeof line,
                  "%.10g,%s,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,"
                  "%.17g,%.17g,%.17g\n",
                  s.time, body_names[i].c_str(), x.position.x(), x.position.y(), x.position.z(),
                  x.orientation.w(), x.orientation.x(), x.orientation.y(), x.orientation.z(), w.x(),
                  w.y(), w.z(), v.x(), v.y(), v.z(), s.bodies[i].energy);
    csv += line;
  }
}

std::vector<double> plotRow(const TrajectorySample& s, const std::vector<bool>& fixed) {
  std::vector<double> row{s.time, 0.0};
  for (std::size_t i = 0; i < fixed.size(); ++i) {
    if (fixed[i])
      continue;
    const RigidBodyState& x = s.bodies[i].state;
    row.insert(row.end(),
               {x.worldAngularVelocity().z(), x.position.x(), x.position.y(), s.bodies[i].energy});
    row[1] += s.bodies[i].energy;
  }
  return row;
}

// Phases: one series per free body in each plot (columns 2 + 4k .. 5 + 4k of plotRow) and the
// total energy; the events but patch crossings marked.
std::vector<RowPlot> rowPlots(const RunResult& result) {
  RowPlot spin{
      "spin.svg", {"spin rate", "time [s]", "world angular velocity z [rad/s]", {}, {}, false}, {}};
  RowPlot path{
      "com_path.svg", {"centre of mass seen from above", "x [m]", "y [m]", {}, {}, true}, {}};
  RowPlot energy{
      "energy.svg", {"energy (kinetic + potential)", "time [s]", "energy [J]", {}, {}, false}, {}};
  const auto add = [](RowPlot& plot, const std::string& label, std::size_t x, std::size_t y) {
    plot.spec.series.push_back({label, {}, {}});
    plot.columns.emplace_back(x, y);
  };
  std::size_t column = 2;
  for (std::size_t i = 0; i < result.body_names.size(); ++i) {
    if (result.fixed[i])
      continue;
    add(spin, result.body_names[i], 0, column);
    add(path, result.body_names[i], column + 1, column + 2);
    add(energy, result.body_names[i], 0, column + 3);
    column += 4;
  }
  add(energy, "all free bodies", 0, 1);
  for (const WorldEvent& e : result.events) {
    if (e.type != "patch-crossing") {
      spin.spec.x_markers.push_back(e.time);
      energy.spec.x_markers.push_back(e.time);
    }
  }
  return {std::move(spin), std::move(path), std::move(energy)};
}

}  // namespace scene_detail

std::string trajectoryCsv(const RunResult& result) {
  std::string csv = scene_detail::kTrajectoryHeader;
  for (const TrajectorySample& s : result.samples)
    scene_detail::appendTrajectoryRows(csv, s, result.body_names);
  return csv;
}

std::string eventsCsv(const RunResult& result) {
  std::string csv = "time,body,type,detail\n";
  char time[32];
  for (const WorldEvent& e : result.events) {
    std::snprintf(time, sizeof time, "%.10g", e.time);
    csv += std::string(time) + "," + e.body + "," + e.type + ",\"" + e.detail + "\"\n";
  }
  return csv;
}

namespace {

// The plots of a run whose samples are all in memory.
std::vector<OutputFile> plots(const RunResult& result) {
  std::vector<std::vector<double>> rows;
  for (const TrajectorySample& s : result.samples)
    rows.push_back(scene_detail::plotRow(s, result.fixed));
  std::vector<OutputFile> files;
  for (const scene_detail::RowPlot& plot : scene_detail::rowPlots(result)) {
    std::string svg;
    writeSvgLinePlot(
        plot.spec, [&svg](std::string_view piece) { svg += piece; },
        [&](std::size_t k, const std::function<void(double, double)>& point) {
          const auto [x, y] = plot.columns[k];
          for (const std::vector<double>& row : rows)
            point(row[x], row[y]);
        });
    files.push_back({plot.name, std::move(svg)});
  }
  return files;
}

}  // namespace

std::string summaryJson(const RunResult& result) {
  const Scene& scene = result.scene;
  nlohmann::json j;
  j["scene"] = {{"name", scene.name}, {"origin", scene.origin}, {"duration", scene.duration}};
  const IntegratorSettings& integrator = scene.world.integrator;
  j["integrator"] = {{"method", toString(integrator.method)}};
  if (integrator.method != IntegratorMethod::kAdaptiveRk4 &&
      integrator.method != IntegratorMethod::kCashKarp45) {
    j["integrator"]["step"] = integrator.step;  // fixed steps, the velocity-level ones too
  } else {
    j["integrator"]["min_step"] = integrator.adaptive.min_step;
    j["integrator"]["max_step"] = integrator.adaptive.max_step;
  }
  j["steps"] = {{"accepted", result.stats.steps},
                {"rejected", result.stats.rejected},
                {"smallest", result.stats.smallest_step},
                {"largest", result.stats.largest_step}};
  if (result.scene.world.integrator.method == IntegratorMethod::kPointContact) {
    const double steps = std::max(1.0, static_cast<double>(result.stats.steps));
    j["point_contact"] = {
        {"solver_sweeps", result.stats.solver_sweeps},
        {"mean_sweeps_per_step", static_cast<double>(result.stats.solver_sweeps) / steps},
        {"most_contacts", result.stats.most_contacts},
        {"unconverged_solves", result.stats.unconverged_solves}};
  }
  j["samples"] = result.samplesTaken();
  j["events"] = result.events.size();
  // What the contacts changed of the velocities given with their poses (issue 25).
  nlohmann::json projected = nlohmann::json::object();
  for (const WorldEvent& e : result.events) {
    if (e.type == "velocity-projected")
      projected[e.body] = e.detail;
  }
  if (!projected.empty())
    j["velocity_projections"] = projected;
  j["wall_seconds"] = result.wall_seconds;
  nlohmann::json bodies = nlohmann::json::array();
  const TrajectorySample& first = result.samples.front();
  const TrajectorySample& last = result.samples.back();
  for (std::size_t i = 0; i < result.body_names.size(); ++i) {
    const Vec3& L0 = result.initial_angular_momentum[i];
    const Vec3& L1 = result.final_angular_momentum[i];
    const RigidBodyState& x = last.bodies[i].state;
    bodies.push_back(
        {{"name", result.body_names[i]},
         {"initial_energy", first.bodies[i].energy},
         {"final_energy", last.bodies[i].energy},
         {"energy_drift", last.bodies[i].energy - first.bodies[i].energy},
         {"relative_energy_drift", relativeChange(first.bodies[i].energy, last.bodies[i].energy)},
         {"initial_angular_momentum", toJson(L0)},
         {"final_angular_momentum", toJson(L1)},
         {"angular_momentum_drift", (L1 - L0).norm()},
         {"relative_angular_momentum_drift", relativeDrift(L0, L1)},
         {"final_position", toJson(x.position)},
         {"final_orientation_wxyz",
          {x.orientation.w(), x.orientation.x(), x.orientation.y(), x.orientation.z()}}});
  }
  j["bodies"] = bodies;
  return j.dump(2) + "\n";
}

void writeRunOutputs(const RunResult& result, const std::filesystem::path& directory) {
  std::vector<OutputFile> files{{"trajectory.csv", trajectoryCsv(result)},
                                {"events.csv", eventsCsv(result)},
                                {"summary.json", summaryJson(result)}};
  for (OutputFile& f : plots(result))
    files.push_back(std::move(f));
  writeFilesAtomically(directory, files);
}

}  // namespace contactsim
