// contactsim: run a scene and write its trajectory and summary.
//
//   contactsim                         run the built-in default scene
//   contactsim run SCENE.json [--out DIR]
//   contactsim validate SCENE.json     check a scene without running it
//
// Errors go to stderr as one line "contactsim: error: ..." and the exit code is 1 (2 for usage).
#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "contactsim/error.hpp"
#include "contactsim/scene/run.hpp"
#include "contactsim/version.hpp"

namespace {

int runAndReport(const contactsim::Scene& scene, const std::string& out_dir, bool quiet) {
  const contactsim::RunResult result = contactsim::runScene(scene);
  const std::string dir = out_dir.empty() ? "contactsim-out/" + scene.name : out_dir;
  contactsim::writeRunOutputs(result, dir);
  if (!quiet) {
    std::printf("scene %s (%s): %.6g s simulated, %ld steps, %zu samples, %.3f s wall\n",
                scene.name.c_str(), scene.origin.c_str(), scene.duration, result.stats.steps,
                result.samples.size(), result.wall_seconds);
    for (std::size_t i = 0; i < result.body_names.size(); ++i) {
      if (result.fixed[i])
        continue;
      const double e0 = result.samples.front().bodies[i].energy;
      const double e1 = result.samples.back().bodies[i].energy;
      const double scale = std::abs(e0) > 0.0 ? std::abs(e0) : 1.0;
      std::printf("  body %s: energy %.12g J -> %.12g J (relative drift %.3e)\n",
                  result.body_names[i].c_str(), e0, e1, (e1 - e0) / scale);
    }
    std::printf("  %zu events (patch crossings, friction mode switches, separations)\n",
                result.events.size());
    std::printf("wrote %s/{trajectory.csv,events.csv,summary.json,spin.svg,com_path.svg}\n",
                dir.c_str());
  }
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
  run->add_flag("--quiet", quiet, "Print nothing on success");
  CLI::App* validate = app.add_subcommand("validate", "Check a scene file without running it");
  validate->add_option("scene", scene_file, "Scene file")->required();

  CLI11_PARSE(app, argc, argv);
  try {
    if (*run) {
      return runAndReport(contactsim::loadSceneFile(scene_file), out_dir, quiet);
    }
    if (*validate) {
      const contactsim::Scene scene = contactsim::loadSceneFile(scene_file);
      std::printf("%s: valid scene '%s' with %zu bodies\n", scene_file.c_str(), scene.name.c_str(),
                  scene.world.bodies.size());
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
