// runSceneToDirectory (issue 27, defect 8): the outputs written as the run goes are the bytes
// writeRunOutputs writes from a run held in memory, the result keeps two samples, and a run that
// fails leaves nothing behind.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <new>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "contactsim/error.hpp"
#include "contactsim/scene/run.hpp"

namespace contactsim {
namespace {
namespace fs = std::filesystem;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// summary.json without its wall time (the one value two runs do not share).
std::string withoutWallTime(std::string summary) {
  const std::size_t at = summary.find("\"wall_seconds\"");
  if (at != std::string::npos)
    summary.erase(at, summary.find('\n', at) - at);
  return summary;
}

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("contactsim_streamed_test_" + name);
  fs::remove_all(dir);
  return dir;
}

std::vector<std::string> listing(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    names.push_back(fs::relative(entry.path(), dir).string());
  std::sort(names.begin(), names.end());
  return names;
}

// Scenes of every kind of world the CLI runs: free flight (RK4), smooth contact with events
// (the rattleback, fixed table), point contact at whole steps, 6D patch contact, mixed.
TEST(StreamedRunTest, WritesTheBytesOfTheRunHeldInMemory) {
  const std::string scenes = std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/";
  for (const auto& [file, duration] :
       {std::pair{"tumbling-body.json", 2.0}, std::pair{"rattleback-spin.json", 2.0},
        std::pair{"box-stack-10.json", 0.5}, std::pair{"sloppy-stack.json", 0.2},
        std::pair{"ball-into-dominoes.json", 0.3}}) {
    Scene scene = loadSceneFile(scenes + file);
    scene.duration = duration;
    const fs::path dir = scratch(scene.name);
    RunOptions streamed;
    streamed.keep_samples = false;
    const RunResult s = runSceneToDirectory(scene, streamed, dir / "streamed");
    const RunResult m = runScene(scene);
    writeRunOutputs(m, dir / "memory");
    EXPECT_EQ(s.samples.size(), 2u) << file;
    EXPECT_EQ(s.sample_count, m.samples.size()) << file;
    EXPECT_EQ(s.samples.back().time, m.samples.back().time) << file;
    for (const char* name :
         {"trajectory.csv", "events.csv", "spin.svg", "com_path.svg", "energy.svg"}) {
      EXPECT_EQ(read(dir / "streamed" / name), read(dir / "memory" / name)) << file << " " << name;
    }
    EXPECT_EQ(withoutWallTime(read(dir / "streamed/summary.json")),
              withoutWallTime(read(dir / "memory/summary.json")))
        << file;
    EXPECT_EQ(listing(dir / "streamed"), listing(dir / "memory")) << file;  // no temporaries
    fs::remove_all(dir);
  }
}

// A run that diverges after its first sample was written: no outputs, no temporary files, no
// directory made for it; a directory that was there keeps what it held.
TEST(StreamedRunTest, AFailedRunLeavesNothing) {
  Scene scene = loadSceneFile(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/tumbling-body.json");
  scene.world.integrator.step = 1.0;
  scene.world.bodies[0].initial_state.twist << 1e80, 2e80, 3e80, 0, 0, 0;
  const fs::path dir = scratch("failed");
  EXPECT_THROW((void)runSceneToDirectory(scene, {}, dir / "made/for/it"), NumericalError);
  EXPECT_FALSE(fs::exists(dir));
  fs::create_directories(dir / "there");
  std::ofstream(dir / "there/trajectory.csv") << "earlier\n";
  EXPECT_THROW((void)runSceneToDirectory(scene, {}, dir / "there"), NumericalError);
  EXPECT_EQ(listing(dir / "there"), std::vector<std::string>{"trajectory.csv"});
  EXPECT_EQ(read(dir / "there/trajectory.csv"), "earlier\n");
  fs::remove_all(dir);
}

// Out of memory in the middle of a streamed run (std::bad_alloc from the 51st sample's handling):
// an Error naming the time and the samples taken, and nothing left behind.
TEST(StreamedRunTest, OutOfMemoryMidRunIsNamedAndLeavesNothing) {
  const Scene scene =
      loadSceneFile(std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/tumbling-body.json");
  const fs::path dir = scratch("out-of-memory");
  RunOptions options;
  options.keep_samples = false;
  int samples = 0;
  options.on_sample = [&samples](const TrajectorySample&) {
    if (++samples > 50)
      throw std::bad_alloc();
  };
  try {
    (void)runSceneToDirectory(scene, options, dir / "out");
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "out of memory at t = 0.5 s after 51 samples of 1 bodies");
  }
  EXPECT_FALSE(fs::exists(dir));
}

}  // namespace
}  // namespace contactsim
