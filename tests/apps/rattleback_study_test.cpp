// The rattleback study (kry-2000 §6.4, App. B), a short variant: its runs against what is known
// without it — the exact steady spin on the top, the vertical angular momentum that frictionless
// contact keeps, the linear rocking periods of App. B's body — and its files.
#include "studies/rattleback_study.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "contactsim/error.hpp"
#include "study_limit_checks.hpp"
#include "support/long_test.hpp"

namespace contactsim {
namespace {

RattlebackStudyOptions shortStudy() {
  RattlebackStudyOptions o;
  o.scene = std::string(CONTACTSIM_SOURCE_DIR) + "/scenes/rattleback-spin.json";
  o.bowl_scene.clear();
  o.duration = 30.0;
  o.sweep_duration = 30.0;
  o.max_steps = {0.01, 0.1};
  o.start_offsets = {0.1};
  o.inertia_scales = {0.3};
  return o;
}

TEST(RattlebackStudyTest, RunsAgreeWithWhatIsKnownWithoutThem) {
  CONTACTSIM_SKIP_LONG_TEST_UNDER_SANITIZERS();
  const RattlebackStudyResult result = runRattlebackStudy(shortStudy());

  // On its top the centre of mass lies on the spin axis, a principal axis of inertia: the spin
  // is a steady motion and stays at its start to rounding.
  const RattlebackRun* top = result.find("claim", "spin start on the top");
  ASSERT_NE(top, nullptr);
  ASSERT_TRUE(top->error.empty()) << top->error;
  for (const double w : top->spin)
    EXPECT_NEAR(w, 1.0, 1e-12);

  // Without friction the floor pushes along its normal only (z): the torque about the centre of
  // mass has no z part, so L_z holds, and the spin cannot turn round.
  const RattlebackRun* none = result.find("claim", "all friction zero");
  ASSERT_NE(none, nullptr);
  ASSERT_TRUE(none->error.empty()) << none->error;
  EXPECT_LT(none->relative_lz_drift, 1e-8);
  EXPECT_TRUE(none->reversals.empty());

  // Small rocking without spin: the periods of K v = ω² M v with App. B's numbers (radii 2.7 and
  // 0.3, the top 0.1 from the centre of mass, m = 5, I = diag(1, 10) turned by −0.174 rad),
  // solved apart from the code (numpy.linalg.eigvals): 2.49555349 s and 1.45288035 s.
  int rocking = 0;
  for (const RattlebackRun& r : result.runs) {
    if (r.group != "rocking")
      continue;
    ++rocking;
    ASSERT_EQ(r.rocking_periods.size(), 2u);
    EXPECT_NEAR(r.linear_periods[0], 2.49555349, 1e-8);
    EXPECT_NEAR(r.linear_periods[1], 1.45288035, 1e-8);
    EXPECT_NEAR(r.rocking_periods[0] / 2.49555349, 1.0, 5e-4) << r.label;
    EXPECT_NEAR(r.rocking_periods[1] / 1.45288035, 1.0, 5e-4) << r.label;
  }
  EXPECT_EQ(rocking, 2);

  // Spun counter-clockwise off the top it turns clockwise (kry-2000 Fig. 6.7); tapped, it spins
  // clockwise (Fig. 6.6). Rolling without slip or spin resistance loses no energy.
  const RattlebackRun* spin = result.find("claim", "App. B spin start");
  ASSERT_NE(spin, nullptr);
  ASSERT_EQ(spin->reversals.size(), 1u);
  EXPECT_LT(spin->final_spin, 0.0);
  EXPECT_LT(std::abs(spin->relative_energy_drift), 1e-6);
  const RattlebackRun* tap = result.find("claim", "App. B tap start");
  ASSERT_NE(tap, nullptr);
  EXPECT_LT(tap->mean_late_spin, 0.0);

  const auto dir = std::filesystem::temp_directory_path() / "contactsim-rattleback-study-test";
  std::filesystem::remove_all(dir);
  writeRattlebackStudy(result, dir);
  for (const char* name :
       {"README.md", "runs.csv", "spin_claims.svg", "spin_steps.svg", "reversal_vs_step.svg",
        "reversal_vs_start.svg", "reversal_vs_inertia.svg"}) {
    EXPECT_TRUE(std::filesystem::exists(dir / name)) << name;
  }
  std::ifstream in(dir / "README.md");
  std::stringstream text;
  text << in.rdbuf();
  for (int row = 1; row <= 11; ++row) {  // every claim is a row
    EXPECT_NE(text.str().find("\n| " + std::to_string(row) + " | "), std::string::npos) << row;
  }
  std::filesystem::remove_all(dir);
}

// What the error names, or "" when the options pass.
std::string refusal(const RattlebackStudyOptions& o) {
  try {
    o.validate();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(RattlebackStudyTest, BadOptionsAreRefusedByName) {
  RattlebackStudyOptions o = shortStudy();
  EXPECT_EQ(refusal(o), "");
  o.start_offsets = {0.6};
  EXPECT_NE(refusal(o).find("start offsets"), std::string::npos) << refusal(o);
  o = shortStudy();
  o.duration = -1.0;
  EXPECT_NE(refusal(o).find("duration"), std::string::npos) << refusal(o);
  o = shortStudy();
  o.inertia_scales = {0.0};
  EXPECT_NE(refusal(o).find("inertia scale"), std::string::npos) << refusal(o);
}

// Issue 27: the study's own --duration is held to the scene limits (1e300 s at 10 ms steps:
// 1e302 steps, beyond max_steps), refused before any run; --no-limits lifts it.
TEST(RattlebackStudyTest, ItsDurationIsHeldToTheSceneLimits) {
  RattlebackStudyOptions o = shortStudy();
  o.duration = 1e300;
  test::expectHeldToTheSceneLimits([&] { return runRattlebackStudy(o); });
}

}  // namespace
}  // namespace contactsim
