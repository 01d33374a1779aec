#include "studies/bowl_study.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "contactsim/error.hpp"
#include "contactsim/io/atomic_files.hpp"
#include "contactsim/io/svg_plot.hpp"
#include "contactsim/math/checks.hpp"
#include "contactsim/world/world.hpp"

namespace contactsim {

namespace {

// kry-pai-2002 Table II: CPU seconds of the 3 s runs on a 1.8 GHz Xeon, by maximum step [ms].
const std::map<int, double> kPaperCpuSeconds = {{1, 6.542},  {2, 3.328},  {4, 1.766}, {8, 0.974},
                                                {16, 0.521}, {32, 0.370}, {64, 0.286}};

int milliseconds(double step) {
  return static_cast<int>(std::lround(step * 1000.0));
}

std::string runName(double step) {
  return std::to_string(milliseconds(step)) + "ms";
}

void countEvents(BowlRun& run) {
  for (const WorldEvent& e : run.result.events) {
    run.collisions += e.type == "collision" ? 1 : 0;
    run.contacts_on += e.type == "contact-on" ? 1 : 0;
    run.small_bounces += e.type == "small-bounce" ? 1 : 0;
    run.separations += (e.type == "separation" || e.type == "irregular-region") ? 1 : 0;
    run.patch_crossings += e.type == "patch-crossing" ? 1 : 0;
    run.mode_switches += e.type == "mode-switch" ? 1 : 0;
  }
}

// What the bowl is doing at the end: the friction mode of its last contact, or flight.
std::string lastMode(const RunResult& r) {
  std::string mode = "in flight";
  for (const WorldEvent& e : r.events) {
    if (e.type == "contact-on") {
      mode = e.detail.find("rolling") != std::string::npos ? "rolling" : "sliding";
    } else if (e.type == "mode-switch") {
      mode = e.detail.find("-> sliding") != std::string::npos ? "sliding" : "rolling";
    } else if (e.type == "free-flight") {
      mode = "in flight";
    }
  }
  return mode;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 == 1 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

}  // namespace

void BowlStudyOptions::validate() const {
  if (max_steps.empty()) {
    throw InvalidInputError("bowl study: give at least one maximum step");
  }
  requirePositive(min_step, "bowl study: min_step [s]");
  for (const double h : max_steps) {
    requirePositive(h, "bowl study: max step [s]");
    if (h < min_step) {
      throw InvalidInputError("bowl study: max step " + std::to_string(h) +
                              " s is below the minimum step " + std::to_string(min_step) + " s");
    }
  }
  requirePositive(duration, "bowl study: duration [s]");
  if (repeats < 1) {
    throw InvalidInputError("bowl study: repeats must be at least 1, got " +
                            std::to_string(repeats));
  }
  requirePositive(slip_threshold, "bowl study: slip threshold [m/s]");
  requirePositive(fine_slip_threshold, "bowl study: fine slip threshold [m/s]");
  requirePositive(output_rate, "bowl study: output rate [Hz]");
  requirePositive(table_half_width, "bowl study: table half width [m]");
}

BowlStudyResult runBowlStudy(const BowlStudyOptions& options) {
  options.validate();
  const Scene base = loadSceneFile(options.scene, options.limits);
  if (base.world.bodies.empty() || base.world.bodies[0].fixed || !base.world.collisions.enabled) {
    throw InvalidInputError("bowl study: the scene " + options.scene.string() +
                            " must have collisions and a free body first (the bowl)");
  }
  BowlStudyResult out;
  out.options = options;
  std::size_t runs_done = 0;
  for (const double max_step : options.max_steps) {
    Scene scene = base;
    scene.duration = options.duration;
    scene.output.rate = options.output_rate;
    scene.world.integrator.method = IntegratorMethod::kAdaptiveRk4;
    scene.world.integrator.adaptive.min_step = options.min_step;
    scene.world.integrator.adaptive.max_step = max_step;
    scene.world.integrator.keep_step_sizes = true;  // Fig. 8's histograms
    scene.world.collisions.friction.slip_threshold =
        max_step <= options.min_step ? options.fine_slip_threshold : options.slip_threshold;
    checkRunLimits(scene, options.limits);  // --duration and --max-steps of the study's own
    BowlRun run;
    run.max_step = max_step;
    std::vector<double> setup_seconds, cpu_seconds;
    for (int k = 0; k < options.repeats; ++k) {
      const std::clock_t setup = std::clock();
      { const World world(scene.world); }
      setup_seconds.push_back(static_cast<double>(std::clock() - setup) / CLOCKS_PER_SEC);
      const std::clock_t start = std::clock();
      RunOptions run_options;
      if (options.progress) {
        const double runs = static_cast<double>(options.max_steps.size()) * options.repeats;
        run_options.progress = [&options, runs, done = static_cast<double>(runs_done)](
                                   double t, double d) { options.progress((done + t / d) / runs); };
      }
      RunResult result = runScene(scene, run_options);
      ++runs_done;
      cpu_seconds.push_back(static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC);
      if (k == 0) {
        run.result = std::move(result);
      }
    }
    run.setup_seconds = median(setup_seconds);
    run.cpu_seconds = median(cpu_seconds);
    countEvents(run);
    for (const TrajectorySample& s : run.result.samples) {
      const Vec3& p = s.bodies[0].state.position;
      run.stayed_on_table = run.stayed_on_table && std::abs(p.x()) < options.table_half_width &&
                            std::abs(p.y()) < options.table_half_width && p.z() > 0.0;
    }
    const RigidBodyState& last = run.result.samples.back().bodies[0].state;
    run.final_speed = last.worldLinearVelocity().norm();
    run.final_state = !run.stayed_on_table     ? "off the table"
                      : run.final_speed < 1e-3 ? "at rest"
                                               : lastMode(run.result);
    out.runs.push_back(std::move(run));
  }
  return out;
}

void writeBowlStudy(const BowlStudyResult& result, const std::filesystem::path& directory) {
  std::vector<OutputFile> files;
  // Table II: CPU time per maximum step, against the paper's.
  std::ostringstream csv, md;
  csv << "max_step_ms,cpu_seconds,setup_seconds,simulation_seconds,paper_cpu_seconds,steps,"
         "rejected,collisions,"
         "contacts_on,"
         "small_bounces,separations,patch_crossings,mode_switches,stayed_on_table,final_state,"
         "final_speed\n";
  md << "| max step | CPU [s] | of which set-up [s] | simulation [s] | paper [s] (1.8 GHz Xeon) | "
        "steps | "
        "collisions | contact on | "
        "small bounces | patch crossings | mode switches | end |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const BowlRun& r : result.runs) {
    const auto paper = kPaperCpuSeconds.find(milliseconds(r.max_step));
    const std::string paper_text =
        paper == kPaperCpuSeconds.end() ? "" : std::to_string(paper->second);
    char line[512];
    std::snprintf(line, sizeof line,
                  "%d,%.6f,%.6f,%.6f,%s,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%d,%s,%.6g\n",
                  milliseconds(r.max_step), r.cpu_seconds, r.setup_seconds, r.simulationSeconds(),
                  paper_text.c_str(), r.result.stats.steps, r.result.stats.rejected, r.collisions,
                  r.contacts_on, r.small_bounces, r.separations, r.patch_crossings, r.mode_switches,
                  r.stayed_on_table ? 1 : 0, r.final_state.c_str(), r.final_speed);
    csv << line;
    std::snprintf(line, sizeof line,
                  "| %d ms | %.3f | %.3f | %.3f | %s | %ld | %ld | %ld | %ld | %ld | %ld | %s |\n",
                  milliseconds(r.max_step), r.cpu_seconds, r.setup_seconds, r.simulationSeconds(),
                  paper == kPaperCpuSeconds.end() ? "—" : paper_text.substr(0, 5).c_str(),
                  r.result.stats.steps, r.collisions, r.contacts_on, r.small_bounces,
                  r.patch_crossings, r.mode_switches, r.final_state.c_str());
    md << line;
  }
  files.push_back({"table.csv", csv.str()});
  files.push_back({"table.md", md.str()});

  // Fig. 7: centre-of-mass paths seen from above, and per run the height against time with the
  // impacts and contact changes marked.
  PlotSpec paths{
      "Bowl centre of mass seen from above (kry-pai-2002 Fig. 7)", "x [m]", "y [m]", {}, {}, true};
  // Fig. 9: x(t) of every run, with the patch transitions of the finest run marked.
  PlotSpec xt{"Bowl x(t); dotted: patch transitions of the " +
                  runName(result.runs.front().max_step) + " run (kry-pai-2002 Fig. 9)",
              "t [s]",
              "x [m]",
              {},
              {},
              false};
  for (const BowlRun& r : result.runs) {
    PlotSeries path{runName(r.max_step), {}, {}}, height{"z", {}, {}},
        x{runName(r.max_step), {}, {}};
    for (const TrajectorySample& s : r.result.samples) {
      const Vec3& p = s.bodies[0].state.position;
      path.x.push_back(p.x());
      path.y.push_back(p.y());
      height.x.push_back(s.time);
      height.y.push_back(p.z());
      x.x.push_back(s.time);
      x.y.push_back(p.x());
    }
    paths.series.push_back(path);
    xt.series.push_back(x);
    PlotSpec fig7{"Bowl centre-of-mass height, " + runName(r.max_step) +
                      " max step; dotted: collisions, contact on/off",
                  "t [s]",
                  "z [m]",
                  {height},
                  {},
                  false};
    std::ostringstream events;
    events << "time,type,detail\n";
    for (const WorldEvent& e : r.result.events) {
      if (e.type == "collision" || e.type == "contact-on" || e.type == "separation" ||
          e.type == "irregular-region") {
        fig7.x_markers.push_back(e.time);
      }
      if (&r == &result.runs.front() && e.type == "patch-crossing") {
        xt.x_markers.push_back(e.time);
      }
      events << e.time << "," << e.type << ",\"" << e.detail << "\"\n";
    }
    files.push_back({"com_height_" + runName(r.max_step) + ".svg", svgLinePlot(fig7)});
    files.push_back({"events_" + runName(r.max_step) + ".csv", events.str()});
  }
  files.push_back({"com_paths.svg", svgLinePlot(paths)});
  files.push_back({"x_t.svg", svgLinePlot(xt)});

  // Fig. 8: histograms of the step sizes, in octaves of the minimum step.
  const double h0 = result.options.min_step;
  std::ostringstream hist;
  hist << "max_step_ms,step_ms_low,step_ms_high,count\n";
  PlotSpec fig8{"Step sizes, count per octave (kry-pai-2002 Fig. 8)",
                "log2(step / min step)",
                "steps",
                {},
                {},
                false};
  for (const BowlRun& r : result.runs) {
    std::map<int, long> bins;
    for (const double h : r.result.stats.step_sizes) {
      ++bins[static_cast<int>(std::floor(std::log2(h / h0) + 1e-9))];
    }
    PlotSeries series{runName(r.max_step), {}, {}};
    for (const auto& [octave, count] : bins) {
      hist << milliseconds(r.max_step) << "," << h0 * 1000.0 * std::ldexp(1.0, octave) << ","
           << h0 * 1000.0 * std::ldexp(1.0, octave + 1) << "," << count << "\n";
      series.x.push_back(octave);
      series.y.push_back(static_cast<double>(count));
    }
    fig8.series.push_back(series);
  }
  files.push_back({"step_sizes.csv", hist.str()});
  files.push_back({"step_sizes.svg", svgLinePlot(fig8)});

  nlohmann::json summary;
  summary["scene"] = result.options.scene.string();
  summary["duration"] = result.options.duration;
  summary["min_step"] = result.options.min_step;
  nlohmann::json runs = nlohmann::json::array();
  for (const BowlRun& r : result.runs) {
    const Vec3& p = r.result.samples.back().bodies[0].state.position;
    runs.push_back({{"max_step", r.max_step},
                    {"cpu_seconds", r.cpu_seconds},
                    {"setup_seconds", r.setup_seconds},
                    {"steps", r.result.stats.steps},
                    {"collisions", r.collisions},
                    {"contacts_on", r.contacts_on},
                    {"small_bounces", r.small_bounces},
                    {"patch_crossings", r.patch_crossings},
                    {"stayed_on_table", r.stayed_on_table},
                    {"final_state", r.final_state},
                    {"final_position", {p.x(), p.y(), p.z()}}});
  }
  summary["runs"] = runs;
  files.push_back({"summary.json", summary.dump(2) + "\n"});
  writeFilesAtomically(directory, files);
}

}  // namespace contactsim
