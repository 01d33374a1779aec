// The bowl study (kry-pai-2002 §4.2): every run keeps the bowl on the table, its step sizes
// account for the whole simulated time (flight and contact alike), and the outputs appear.
#include "studies/bowl_study.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "contactsim/error.hpp"
#include "study_limit_checks.hpp"

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

// The study's default bowl (scenes/round-bowl-throw.json: round bottom, lowest at a regular
// vertex, plain RK4 with located patch crossings, μ = 0.15) at every maximum step of Table II.
// Exact bounds from outside the code: the centre of mass never drops below its height standing
// upright, 5.036 cm (make_meshes.py: centre of mass 5.161 cm above the control mesh's pole, the
// limit surface's lowest point 0.125 cm above it; the bottom's radius of curvature, 10.9 cm,
// exceeds that height, so tilting only raises it), and impacts and friction only dissipate: the
// energy never rises above its start (to within 3e-5 of it: the samples' Hermite interpolation
// inside the first 64 ms flight step of the spinning bowl is exact only to 1.5e-5; at 16 ms the
// excess is 6e-7).
TEST(BowlStudyTest, RoundBowlStaysOnTheTableAndRollsAtEveryMaximumStep) {
  const BowlStudyResult result = runBowlStudy(
      studyOf("round-bowl-throw.json", {0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064}));
  for (const BowlRun& run : result.runs) {
    EXPECT_TRUE(run.stayed_on_table) << run.max_step;
    EXPECT_GT(run.collisions, 0) << run.max_step;
    EXPECT_EQ(run.contacts_on, 1) << run.max_step;
    EXPECT_EQ(run.small_bounces, 0) << run.max_step;
    EXPECT_GT(run.patch_crossings, 0) << run.max_step;
    // kry-pai-2002 §4.2: "periods of both pure rolling and sliding" — the contact starts sliding,
    // rolls, slides again as the wobbling bowl's rolling needs more friction than μ f_n, and
    // rolls again (no chatter: at most one switch per 40 ms on average).
    EXPECT_GE(run.mode_switches, 3) << run.max_step;
    EXPECT_LE(run.mode_switches, 75) << run.max_step;
    EXPECT_TRUE(run.final_state == "rolling" || run.final_state == "at rest") << run.final_state;
    const std::vector<TrajectorySample>& samples = run.result.samples;
    const double e0 = samples.front().bodies[0].energy;
    for (const TrajectorySample& s : samples) {
      EXPECT_GE(s.bodies[0].state.position.z(), 0.05036 - 2e-4) << run.max_step << " " << s.time;
      EXPECT_LE(s.bodies[0].energy, e0 * (1.0 + 3e-5)) << run.max_step << " " << s.time;
    }
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

// Issue 27: a study's own duration is held to the scene limits like a scene's (--duration 1e300
// ran for ever): 1e300 s at 128 ms steps are 7.8e300 steps, beyond max_steps (1e9).
TEST(BowlStudyTest, ItsDurationIsHeldToTheSceneLimits) {
  BowlStudyOptions options = studyOf("round-bowl-throw.json", {0.128});
  options.duration = 1e300;
  test::expectHeldToTheSceneLimits([&] { return runBowlStudy(options); });
}

}  // namespace
}  // namespace contactsim
