// contactsim: run a scene and write its trajectory and summary.
//
//   contactsim                         run the built-in default scene
//   contactsim run SCENE.json [--out DIR] [--html] [--gltf] [--duration S] [--no-limits]
//   contactsim view OUTDIR [--scene SCENE.json]   report.html from a run's outputs
//   contactsim validate SCENE.json   check a scene without running it
//   contactsim migrate OLD.json [-o NEW.json]   the scene in format 2
//   contactsim restitution-study [--out DIR] [--angle-step DEG] [--speed V] [--friction MU]
//                                [--side-elements N] [--side-grading R] [--tip-elements N]
//                                [--quadrature bdf2|bdf1] [--finite-elements RINGS]
//                                [--ring-growth R] [--side-columns N]
//                                [--reading node|work-conjugate] [--map FILE]   the steel bar of
//                                ullrich-pai §4 (issue 8)
//   contactsim bowl-study [--out DIR] [--scene FILE] [--max-steps MS,...] [--duration S] [--repeats
//   N]
//                                       the bowl thrown on the table, kry-pai-2002 §4.2 (issue 5)
//   contactsim rattleback-study [--out DIR] [--duration S] [--no-bowl]
//                                       the thesis rattleback, kry-2000 §6.4 / App. B (issue 25)
//   contactsim sweep SPEC.json [--out DIR] [--jobs N]   a parameter study (docs/sweep-format.md)
//
// Every command that reads a file (run, view, validate, migrate, restitution-study, bowl-study,
// rattleback-study, sweep) holds it to the limits of docs/scene-format.md, "Limits", and takes
// --no-limits.
//
// Errors go to stderr as one line "contactsim: error: ..." and the exit code is 1 (2 for usage).
// Runs and studies draw a progress bar on stderr while it is a terminal, unless --quiet.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>
#include <vector>

#include "contactsim/error.hpp"
#include "contactsim/io/atomic_files.hpp"
#include "contactsim/scene/run.hpp"
#include "contactsim/version.hpp"
#include "progress_bar.hpp"
#include "report/gltf_export.hpp"
#include "report/report_html.hpp"
#include "report/run_outputs_reader.hpp"
#include "studies/bowl_study.hpp"
#include "studies/rattleback_study.hpp"
#include "studies/restitution_study.hpp"
#include "sweep/sweep_local.hpp"

namespace {

// What `run` writes besides the standard outputs.
struct Extras {
  bool html = false;  ///< report.html
  bool gltf = false;  ///< scene.glb
};

// The outputs are written as the run goes (only the report and the glTF file need every sample in
// memory), and appear when it has ended.
int runAndReport(const contactsim::Scene& scene, const std::string& out_dir, bool quiet,
                 const Extras& extras = {}) {
  contactsim::RunOptions options;
  options.record_contacts = extras.html;
  options.keep_samples = extras.html || extras.gltf;
  const std::string dir = out_dir.empty() ? "contactsim-out/" + scene.name : out_dir;
  if (!quiet) {  // what `validate` would warn of, before the run that may show it
    for (const std::string& warning : contactsim::sceneWarnings(scene))
      std::fprintf(stderr, "contactsim: warning: %s\n", warning.c_str());
  }
  contactsim::RunResult result;
  {
    contactsim::ProgressBar bar("simulating " + scene.name, !quiet);
    if (bar.drawing())
      options.progress = [&bar](double t, double duration) { bar.update(t / duration); };
    result = contactsim::runSceneToDirectory(scene, options, dir);
  }
  if (extras.html)
    contactsim::report::writeReport(result, dir);
  if (extras.gltf)
    contactsim::report::writeSceneGlb(result, dir);
  if (!quiet) {
    std::printf("scene %s (%s): %.6g s simulated, %ld steps, %zu samples, %.3f s wall\n",
                scene.name.c_str(), scene.origin.c_str(), scene.duration, result.stats.steps,
                result.samplesTaken(), result.wall_seconds);
    for (std::size_t i = 0; i < result.body_names.size(); ++i) {
      if (result.fixed[i])
        continue;
      const double e0 = result.samples.front().bodies[i].energy;
      const double e1 = result.samples.back().bodies[i].energy;
      const double scale = std::abs(e0) > 0.0 ? std::abs(e0) : 1.0;
      std::printf("  body %s: energy %.12g J -> %.12g J (relative drift %.3e)\n",
                  result.body_names[i].c_str(), e0, e1, (e1 - e0) / scale);
    }
    for (const contactsim::WorldEvent& e : result.events) {
      if (e.type == "velocity-projected")  // the loader's projection, one line per body
        std::printf("  body %s: velocities projected %s\n", e.body.c_str(), e.detail.c_str());
    }
    std::printf("  %zu events (patch crossings, friction mode switches, separations)\n",
                result.events.size());
    std::printf(
        "wrote %s/{trajectory.csv,events.csv,summary.json,spin.svg,com_path.svg,energy.svg%s%s}\n",
        dir.c_str(), extras.html ? ",report.html" : "", extras.gltf ? ",scene.glb" : "");
  }
  return 0;
}

int runRestitutionStudy(contactsim::RestitutionStudyOptions options, const std::string& out_dir,
                        bool quiet) {
  contactsim::RestitutionStudyResult result;
  {
    contactsim::ProgressBar map_bar("response map", !quiet && options.map_file.empty());
    contactsim::ProgressBar drops_bar("drops", !quiet);
    if (map_bar.drawing()) {
      options.map.progress = [&map_bar](std::size_t done, std::size_t total) {
        map_bar.update(static_cast<double>(done) / static_cast<double>(total));
      };
    }
    if (drops_bar.drawing())
      options.progress = [&drops_bar](double fraction) { drops_bar.update(fraction); };
    result = contactsim::runRestitutionStudy(options);
    result.options.map.progress = nullptr;  // the bars end here
    result.options.progress = nullptr;
  }
  const std::string dir = out_dir.empty() ? "contactsim-out/restitution-study" : out_dir;
  contactsim::writeRestitutionStudy(result, dir);
  if (!quiet) {
    const auto& map = result.map;
    std::printf(
        "response map: %zu nodes, %zu samples at %.3g us, precomputed in %.3f s (%.4f s "
        "per node)\n",
        map.nodes.size(), map.sampleCount(), map.time_step * 1e6, result.map_seconds,
        result.map_seconds / static_cast<double>(map.nodes.size()));
    std::printf("impact angle [deg]  restitution  contact [us]\n");
    for (const auto& impact : result.impacts) {
      std::printf("%18.1f  %11.4f  %12.2f\n", impact.angle, impact.restitution,
                  impact.contact_duration * 1e6);
    }
    std::printf(
        "wrote %s/{bar_map.json,step_responses,stiffness,restitution}.{csv,svg}, "
        "summary.json\n",
        dir.c_str());
  }
  return 0;
}

int runBowlStudy(contactsim::BowlStudyOptions options, const std::string& out_dir, bool quiet) {
  contactsim::BowlStudyResult result;
  {
    contactsim::ProgressBar bar("bowl study", !quiet);
    if (bar.drawing())
      options.progress = [&bar](double fraction) { bar.update(fraction); };
    result = contactsim::runBowlStudy(options);
  }
  const std::string dir = out_dir.empty() ? "contactsim-out/bowl-study" : out_dir;
  contactsim::writeBowlStudy(result, dir);
  if (!quiet) {
    std::printf(
        "max step  CPU [s]  set-up [s]  simulation [s]  steps  collisions  contact-on  bounces  "
        "end\n");
    for (const auto& run : result.runs) {
      std::printf("%5.0f ms  %7.3f  %10.3f  %14.3f  %5ld  %10ld  %10ld  %7ld  %s\n",
                  run.max_step * 1000.0, run.cpu_seconds, run.setup_seconds,
                  run.simulationSeconds(), run.result.stats.steps, run.collisions, run.contacts_on,
                  run.small_bounces, run.final_state.c_str());
    }
    std::printf(
        "wrote %s/{table.{csv,md},com_paths.svg,com_height_*.svg,step_sizes.{csv,svg},"
        "x_t.svg,events_*.csv,summary.json}\n",
        dir.c_str());
  }
  return 0;
}

int runRattlebackStudy(contactsim::RattlebackStudyOptions options, const std::string& out_dir,
                       bool quiet) {
  contactsim::RattlebackStudyResult result;
  {
    contactsim::ProgressBar bar("rattleback study", !quiet);
    if (bar.drawing())
      options.progress = [&bar](double fraction) { bar.update(fraction); };
    result = contactsim::runRattlebackStudy(options);
  }
  const std::string dir = out_dir.empty() ? "contactsim-out/rattleback-study" : out_dir;
  contactsim::writeRattlebackStudy(result, dir);
  if (!quiet) {
    for (const auto& run : result.runs) {
      std::printf("%-8s %-40s %8.4g  reversals:", run.group.c_str(), run.label.c_str(),
                  run.parameter);
      for (const double t : run.reversals)
        std::printf(" %.2f", t);
      std::printf("%s%s\n", run.error.empty() ? "" : "  stopped: ", run.error.c_str());
    }
    for (const auto& b : result.bowl) {
      std::printf("bowl     %-60s %s\n", b.label.c_str(),
                  !b.error.empty()    ? "stopped"
                  : b.stayed_on_table ? "stays"
                                      : "leaves the table");
    }
    std::printf("wrote %s/{README.md,runs.csv,spin_*.svg,reversal_vs_*.svg}\n", dir.c_str());
  }
  return 0;
}

// `contactsim sweep`: the whole spec checked and expanded first (an error names the spec file and
// its JSON path before any run), then the runs on `jobs` threads, resuming what `out` holds.
// Response maps computed at load are cached under OUT/cache unless CONTACTSIM_CACHE_DIR says
// otherwise, so that a sweep writes nothing outside its directory.
int runSweep(const std::string& spec_file, std::string out, int jobs, bool quiet,
             const contactsim::SceneLimits& limits) {
  namespace sweep = contactsim::sweep;
  if (out.empty()) {  // the file's stem: a spec's "name" could lead out of contactsim-out/
    out = "contactsim-out/" + std::filesystem::path(spec_file).stem().string();
  }
  setenv("CONTACTSIM_CACHE_DIR", (std::filesystem::path(out) / "cache").c_str(), 0);
  if (jobs < 1) {
    jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  }
  const sweep::SweepSpec spec = sweep::loadSweepSpec(spec_file, limits);
  const std::vector<sweep::Variant> variants = sweep::expandVariants(spec);
  sweep::LocalSweepResult result;
  {
    contactsim::ProgressBar bar("sweep " + spec.name, !quiet);
    sweep::LocalSweepOptions options{out, jobs, {}};
    if (bar.drawing()) {
      options.progress = [&bar](std::size_t done, std::size_t total) {
        bar.update(static_cast<double>(done) / static_cast<double>(total));
      };
    }
    result = sweep::runSweepLocal(spec, variants, options);
  }
  if (!quiet) {
    std::printf("sweep %s: %zu runs (%zu from an earlier sweep), %zu failed\n", spec.name.c_str(),
                result.rows.size(), result.resumed, result.failed);
    std::printf("wrote %s/{results.csv,plots/,runs/}\n", out.c_str());
  }
  return 0;
}

// The scene `run` simulates: the file, checked as it is, then with `duration` [s] instead of its
// own when that is positive (so the limits hold for the run's real length too).
contactsim::Scene loadRunScene(const std::string& file, double duration,
                               const contactsim::SceneLimits& limits) {
  contactsim::Scene scene = contactsim::loadSceneFile(file, limits);
  if (!(duration > 0.0))
    return scene;
  nlohmann::json text =
      nlohmann::json::parse(contactsim::readSceneFile(file, limits.max_file_bytes));
  text["duration"] = duration;
  return contactsim::parseScene(text.dump(), file, limits);
}

// `contactsim view`: report.html written into a run's output directory from its outputs.
int viewOutputs(const std::string& directory, const std::string& scene_file, bool quiet,
                const contactsim::SceneLimits& limits) {
  std::optional<std::filesystem::path> scene;
  if (!scene_file.empty())
    scene = scene_file;
  const contactsim::RunResult result = contactsim::report::readRunOutputs(directory, scene, limits);
  contactsim::report::writeReport(result, directory);
  if (!quiet)
    std::printf("wrote %s/report.html\n", directory.c_str());
  return 0;
}

// `contactsim migrate`: the format 2 text on standard output, or written whole to `out`.
int migrateScene(const std::string& scene_file, const std::string& out,
                 const contactsim::SceneLimits& limits) {
  const std::filesystem::path in = scene_file;
  const std::filesystem::path destination =
      out.empty() ? in.parent_path() : std::filesystem::path(out).parent_path();
  const std::string text = contactsim::migrateScene(
      contactsim::readSceneFile(in, limits.max_file_bytes), scene_file, destination, limits);
  if (out.empty()) {
    std::cout << text;
    return 0;
  }
  const std::filesystem::path target = out;
  contactsim::writeFilesAtomically(
      target.has_parent_path() ? target.parent_path() : std::filesystem::path("."),
      {{target.filename().string(), text}});
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"contactsim: rigid bodies in contact"};
  app.set_version_flag("--version", contactsim::kVersion);
  app.require_subcommand(0, 1);

  std::string scene_file;
  std::string out_dir;
  bool quiet = false;
  CLI::App* run = app.add_subcommand("run", "Simulate a scene file and write its outputs");
  run->add_option("scene", scene_file, "Scene file (JSON, docs/scene-format.md)")->required();
  run->add_option("--out", out_dir, "Output directory (default contactsim-out/<scene name>)");
  run->add_flag("--quiet", quiet, "Print nothing on success, no progress bar either");
  Extras extras;
  run->add_flag("--html", extras.html,
                "Also write report.html: a 3D replay with contacts, events and plots");
  run->add_flag("--gltf", extras.gltf,
                "Also write scene.glb: the bodies' meshes and motion as glTF 2.0 animation");
  double duration = 0.0;
  CLI::Option* duration_option = run->add_option(
      "--duration", duration, "Simulate this long instead of the scene's duration [s]");

  // Every command that reads a file takes the same flag.
  bool no_limits = false;
  const auto add_no_limits = [&no_limits](CLI::App* command) {
    command->add_flag("--no-limits", no_limits,
                      "Lift the size limits of docs/scene-format.md (steps, samples, bodies, "
                      "triangles, rays, file sizes)");
  };
  add_no_limits(run);

  std::string view_dir;
  std::string view_scene;
  CLI::App* view =
      app.add_subcommand("view", "Write report.html into the output directory of an earlier run");
  view->add_option("outdir", view_dir, "The run's output directory")->required();
  view->add_option("--scene", view_scene,
                   "The run's scene file (default: the one its summary.json names)");
  view->add_flag("--quiet", quiet, "Print nothing on success");
  add_no_limits(view);
  CLI::App* validate = app.add_subcommand("validate", "Check a scene file without running it");
  validate->add_option("scene", scene_file, "Scene file")->required();
  add_no_limits(validate);

  std::string migrate_out;
  CLI::App* migrate =
      app.add_subcommand("migrate", "Write the scene format 2 equivalent of a format 1 scene");
  migrate->add_option("scene", scene_file, "Scene file in format 1")->required();
  migrate->add_option("-o,--output", migrate_out, "Write it here (default: standard output)");
  add_no_limits(migrate);

  contactsim::RestitutionStudyOptions study;
  CLI::App* restitution = app.add_subcommand(
      "restitution-study",
      "The steel bar of ullrich-pai section 4: response map, Figs. 2-3, restitution vs angle");
  restitution->add_option("--out", out_dir,
                          "Output directory (default contactsim-out/restitution-study)");
  restitution->add_option("--angle-step", study.angle_step, "Impact angle step [degrees]");
  restitution->add_option("--speed", study.impact_speed, "Impact speed [m/s]");
  restitution->add_option("--friction", study.friction, "Coulomb friction at the block");
  restitution
      ->add_option("--scheme", study.scheme,
                   "Contact scheme: trapezoidal (default, second order) or end-of-step")
      ->transform(CLI::CheckedTransformer(
          std::map<std::string, contactsim::ResponseScheme>{
              {"trapezoidal", contactsim::ResponseScheme::kTrapezoidal},
              {"end-of-step", contactsim::ResponseScheme::kEndOfStep}},
          CLI::ignore_case));
  CLI::Option* side_elements = restitution->add_option(
      "--side-elements", study.side_elements, "Boundary elements per straight side (default 16)");
  CLI::Option* tip_elements = restitution->add_option(
      "--tip-elements", study.tip_elements, "Boundary elements per rounded tip (default 12)");
  CLI::Option* side_grading = restitution->add_option(
      "--side-grading", study.side_grading,
      "Growth of the side elements from the tips to the middle (default 1.4; 1: uniform)");
  CLI::Option* samples =
      restitution->add_option("--samples", study.map.samples, "Samples per response N_f");
  CLI::Option* time_step =
      restitution->add_option("--time-step", study.map.time_step, "Sample spacing of the map [s]");
  CLI::Option* quadrature =
      restitution
          ->add_option("--quadrature", study.map.quadrature,
                       "The map's convolution quadrature: bdf2 (default, second order) or bdf1 "
                       "(first order, damped: for steps finer than the mesh)")
          ->transform(CLI::CheckedTransformer(
              std::map<std::string, contactsim::TimeQuadrature>{
                  {contactsim::timeQuadratureName(contactsim::TimeQuadrature::bdf2),
                   contactsim::TimeQuadrature::bdf2},
                  {contactsim::timeQuadratureName(contactsim::TimeQuadrature::bdf1),
                   contactsim::TimeQuadrature::bdf1}},
              CLI::ignore_case));
  CLI::Option* finite_elements = restitution->add_option(
      "--finite-elements", study.finite_element_rings,
      "Compute the map with a plane-strain finite element model of the bar, this many rings of "
      "elements under each tip (default 0: boundary elements)");
  CLI::Option* ring_growth = restitution->add_option(
      "--ring-growth", study.ring_growth,
      "Finite elements: the rings' thicknesses grow inward by this (default 1.5)");
  CLI::Option* side_columns = restitution->add_option(
      "--side-columns", study.side_columns,
      "Finite elements: columns of elements under each side boundary element (default 1)");
  CLI::Option* reading =
      restitution
          ->add_option("--reading", study.reading,
                       "Finite elements: what a node's compliance reads: node (its displacement, "
                       "default) or work-conjugate (to its traction: passive on every mesh)")
          ->transform(CLI::CheckedTransformer(
              std::map<std::string, contactsim::FiniteElementOptions::Reading>{
                  {"node", contactsim::FiniteElementOptions::Reading::kNode},
                  {"work-conjugate", contactsim::FiniteElementOptions::Reading::kWorkConjugate}},
              CLI::ignore_case));
  side_columns->needs(finite_elements);
  reading->needs(finite_elements);
  ring_growth->needs(finite_elements);
  restitution->add_option("--map", study.map_file, "Use this response map instead of computing one")
      ->excludes(finite_elements)
      ->excludes(ring_growth)
      ->excludes(side_columns)
      ->excludes(reading)
      ->excludes(quadrature)
      ->excludes(samples)
      ->excludes(time_step)
      ->excludes(side_elements)
      ->excludes(side_grading)
      ->excludes(tip_elements);
  restitution->add_flag("--quiet", quiet, "Print nothing on success");
  add_no_limits(restitution);

  contactsim::BowlStudyOptions bowl;
  std::vector<double> bowl_steps_ms;
  std::string bowl_scene = bowl.scene.string();
  CLI::App* bowl_study = app.add_subcommand(
      "bowl-study",
      "The bowl thrown on the table of kry-pai-2002 section 4.2: Figs. 7-9, Table II");
  bowl_study->add_option("--out", out_dir, "Output directory (default contactsim-out/bowl-study)");
  bowl_study->add_option("--scene", bowl_scene, "The scene (default scenes/round-bowl-throw.json)");
  bowl_study
      ->add_option("--max-steps", bowl_steps_ms,
                   "Maximum steps [ms] (default 1,2,4,8,16,32,64,128)")
      ->delimiter(',');
  bowl_study->add_option("--duration", bowl.duration, "Simulated time per run [s]");
  bowl_study->add_option("--repeats", bowl.repeats,
                         "Runs per maximum step; CPU times are their medians (default 3)");
  bowl_study->add_flag("--quiet", quiet, "Print nothing on success");
  add_no_limits(bowl_study);

  contactsim::RattlebackStudyOptions rattleback;
  bool no_bowl = false;
  CLI::App* rattleback_study = app.add_subcommand(
      "rattleback-study",
      "The thesis rattleback of kry-2000 section 6.4 / App. B and the 128 ms bowl: each claim "
      "reproduced or not");
  rattleback_study->add_option("--out", out_dir,
                               "Output directory (default contactsim-out/rattleback-study)");
  rattleback_study->add_option("--duration", rattleback.duration,
                               "Simulated time of the App. B runs [s] (default 120)");
  rattleback_study->add_flag("--no-bowl", no_bowl, "Leave out the 128 ms bowl runs");
  rattleback_study->add_flag("--quiet", quiet, "Print nothing on success");
  add_no_limits(rattleback_study);

  std::string sweep_spec;
  std::string sweep_out;
  int jobs = 0;  // the cores
  CLI::App* sweep = app.add_subcommand(
      "sweep", "Run a scene over a grid or sample of parameter values (docs/sweep-format.md)");
  sweep->add_option("spec", sweep_spec, "Sweep spec (JSON)")->required();
  sweep->add_option(
      "--out", sweep_out,
      "Output directory: results.csv, plots/, runs/ (default contactsim-out/<spec stem>)");
  sweep->add_option("--jobs,-j", jobs, "Runs at a time, each on one thread (default: the cores)")
      ->check(CLI::Range(1, 4096));
  sweep->add_flag("--quiet", quiet, "Print nothing on success, no progress bar either");
  add_no_limits(sweep);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version end here too (exit 0); every usage error exits 2.
    return app.exit(e) == 0 ? 0 : 2;
  }
  if (*duration_option && !(std::isfinite(duration) && duration > 0.0)) {
    std::cerr << "contactsim: error: --duration must be a finite positive time [s]\n";
    return 2;
  }
  const contactsim::SceneLimits limits =
      no_limits ? contactsim::SceneLimits::none() : contactsim::SceneLimits{};
  try {
    if (*run) {
      return runAndReport(loadRunScene(scene_file, duration, limits), out_dir, quiet, extras);
    }
    if (*view) {
      return viewOutputs(view_dir, view_scene, quiet, limits);
    }
    if (*restitution) {
      study.max_map_file_bytes = limits.max_file_bytes;
      return runRestitutionStudy(study, out_dir, quiet);
    }
    if (*bowl_study) {
      bowl.scene = bowl_scene;
      bowl.limits = limits;
      if (!bowl_steps_ms.empty()) {
        bowl.max_steps.clear();
        for (const double ms : bowl_steps_ms) {
          bowl.max_steps.push_back(ms / 1000.0);
        }
      }
      return runBowlStudy(bowl, out_dir, quiet);
    }
    if (*rattleback_study) {
      if (no_bowl)
        rattleback.bowl_scene.clear();
      rattleback.limits = limits;
      return runRattlebackStudy(rattleback, out_dir, quiet);
    }
    if (*sweep) {
      return runSweep(sweep_spec, sweep_out, jobs, quiet, limits);
    }
    if (*migrate) {
      return migrateScene(scene_file, migrate_out, limits);
    }
    if (*validate) {
      const contactsim::Scene scene = contactsim::loadSceneFile(scene_file, limits);
      std::printf("%s: valid scene '%s' with %zu bodies\n", scene_file.c_str(), scene.name.c_str(),
                  scene.world.bodies.size());
      for (const std::string& warning : contactsim::sceneWarnings(scene))
        std::fprintf(stderr, "contactsim: warning: %s\n", warning.c_str());
      return 0;
    }
    return runAndReport(contactsim::builtinDefaultScene(), out_dir, quiet);
  } catch (const contactsim::Error& e) {
    std::cerr << "contactsim: error: " << e.what() << "\n";
  } catch (const std::exception& e) {
    std::cerr << "contactsim: error: " << e.what() << "\n";
  }
  return 1;
}
