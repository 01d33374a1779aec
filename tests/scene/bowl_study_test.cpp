// The bowl study (kry-pai-2002 §4.2): every run keeps the bowl on the table, its step sizes
// account for the whole simulated time (flight and contact alike), and the outputs appear.
#include "contactsim/scene/bowl_study.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

// One run per maximum step of scenes/<scene>.json, sampled at 50 Hz.
BowlStudyOptions studyOf(const std::string& scene, std::vector<double> max_steps) {
  BowlStudyOptions options;
  options.scene = std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/" + scene;
  options.max_steps = std::move(max_steps);
  options.output_rate = 50.0;
  options.repeats = 1;
  return options;
}

TEST(BowlStudyTest, RunsStayOnTheTableAndWriteTheFigures) {
  BowlStudyOptions options = studyOf("bowl-throw.json", {0.016, 0.064});
  options.duration = 1.0;
  const BowlStudyResult result = runBowlStudy(options);
  ASSERT_EQ(result.runs.size(), 2u);
  for (const BowlRun& run : result.runs) {
    EXPECT_TRUE(run.stayed_on_table) << run.max_step;
    EXPECT_GT(run.collisions, 0) << run.max_step;
    EXPECT_GT(run.contacts_on, 0) << run.max_step;
    EXPECT_GT(run.cpu_seconds, 0.0);
    EXPECT_GT(run.setup_seconds, 0.0);  // building the world alone, a part of the run
    EXPECT_LT(run.setup_seconds, run.cpu_seconds);
    const auto& h = run.result.stats.step_sizes;
    EXPECT_LE(*std::max_element(h.begin(), h.end()), run.max_step * (1 + 1e-12));
    // Steps tile the run (the last contact step may end past it): trial flights are not counted.
    EXPECT_NEAR(std::accumulate(h.begin(), h.end(), 0.0), options.duration, run.max_step)
        << run.max_step;
  }
  const auto dir = std::filesystem::temp_directory_path() / "contactsim-bowl-study-test";
  std::filesystem::remove_all(dir);
  writeBowlStudy(result, dir);
  for (const char* name :
       {"table.csv", "table.md", "com_paths.svg", "com_height_16ms.svg", "step_sizes.csv",
        "step_sizes.svg", "x_t.svg", "events_64ms.csv", "summary.json"}) {
    EXPECT_TRUE(std::filesystem::exists(dir / name)) << name;
  }
  std::filesystem::remove_all(dir);
}

// The bowl of the paper's proportions on a foot ring of regular patches
// (scenes/footed-bowl-throw.json): with its RK4 steps error-controlled by step doubling it stays
// on the table at the largest steps, lands without small bounces (none of its contacts comes
// near an extraordinary vertex), and ends rolling or at rest. Without step doubling its 16 ms and
// larger runs went unstable rolling onto the foot ring.
TEST(BowlStudyTest, FootedBowlStaysOnTheTableAtTheLargestStepsWithStepDoubling) {
  const BowlStudyResult result = runBowlStudy(studyOf("footed-bowl-throw.json", {0.064, 0.128}));
  for (const BowlRun& run : result.runs) {
    EXPECT_TRUE(run.stayed_on_table) << run.max_step;
    EXPECT_GT(run.collisions, 0) << run.max_step;
    EXPECT_EQ(run.contacts_on, 1) << run.max_step;
    EXPECT_EQ(run.small_bounces, 0) << run.max_step;
    EXPECT_TRUE(run.final_state == "rolling" || run.final_state == "at rest") << run.final_state;
    EXPECT_GT(run.result.stats.rejected, 0) << run.max_step;  // the error control did act
  }
}

TEST(BowlStudyTest, BadOptionsAreRejected) {
  BowlStudyOptions options;
  options.max_steps = {0.0005};  // below the minimum step
  EXPECT_THROW(options.validate(), InvalidInputError);
  options.max_steps = {};
  EXPECT_THROW(options.validate(), InvalidInputError);
  options = BowlStudyOptions{};
  options.scene = "no/such/scene.json";
  EXPECT_THROW((void)runBowlStudy(options), Error);
}

}  // namespace
}  // namespace contactsim
