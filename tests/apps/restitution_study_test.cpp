// The restitution study against the classical elastic-rod impact (St-Venant): a bar hitting a
// rigid block end-on carries the force ρ c d v (c = √(E/(ρ(1 − ν²))) in plane strain, d the
// width, per unit thickness) for the wave's round trip 2L/c and leaves with nearly its approach
// speed; and the energy bookkeeping of the run time.
#include "studies/restitution_study.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "contactsim/error.hpp"
#include "support/long_test.hpp"

namespace contactsim {
namespace {

RestitutionStudyOptions quickOptions() {
  RestitutionStudyOptions options;
  options.tip_elements = 7;
  options.map.samples = 256;
  options.angle_step = 45.0;
  return options;
}

TEST(RestitutionStudy, NormalImpactIsTheElasticRodImpact) {
  const auto result = runRestitutionStudy(quickOptions());
  ASSERT_EQ(result.impacts.size(), 3u);  // 0, 45, 90 degrees
  const auto& normal = result.impacts.front();
  const auto& material = result.options.material;
  const double nu = material.poisson_ratio;
  const double c = std::sqrt(material.youngs_modulus / (material.density * (1.0 - nu * nu)));
  const double v = result.options.impact_speed;
  const double force = material.density * c * result.options.diameter * v;
  const double round_trip = 2.0 * result.options.length / c;
  EXPECT_NEAR(normal.peak_force, force, 0.05 * force);
  EXPECT_NEAR(normal.contact_duration, round_trip, 0.15 * round_trip);
  EXPECT_GE(normal.restitution, 0.8);
  EXPECT_LE(normal.restitution, 1.0);
  for (const auto& impact : result.impacts) {
    // Bookkeeping: the contact forces' work on the rigid body is its kinetic energy change (an
    // identity of the scheme: this checks that forces, levers and states are applied
    // consistently). Physics: the map is passive, so an impact never gains energy.
    EXPECT_NEAR(impact.contact_work, impact.kinetic_energy_change,
                1e-9 * std::abs(impact.kinetic_energy_change));
    EXPECT_LE(impact.kinetic_energy_change, 0.0);
    EXPECT_LT(impact.restitution, 1.0);
  }
  // Oblique impacts excite the bar's vibrations: restitution falls below the normal impact's.
  EXPECT_LT(result.impacts[1].restitution, normal.restitution - 0.1);
  EXPECT_LT(result.impacts[2].restitution, normal.restitution - 0.1);
}

// The features of the converged curve (docs/figures/restitution-study/README.md): e falls
// through single impacts from end-on (the elastic rod gives its energy back when the longitudinal
// wave returns: St-Venant, e → 1) to a minimum at 22.5°; from 30° on the tip chatters (SH96:
// "multi impacts between the bar and the surface") and e rises again. The reference values are
// the converged curve's (README: the finite element map refined along the sides, 8 columns per
// side element, work-conjugate reading, Δt 0.0625 µs; its last refinements move no angle by more
// than 0.0096). Checked on two coarser studies that lie within kError of them at 0° and 22.5°
// (measured, README tables): the default (boundary elements, Δt = 1 µs: 0.001 at 0°, 0.009 at
// 22.5°) and the finite elements with 2 columns at 0.5 µs (0.002, 0.006). The chatter angles'
// values are not asserted here: those coarse studies lie up to 0.04 from the converged curve there
// (the converged run itself takes minutes).
void expectTheFeaturesOfTheConvergedCurve(const RestitutionStudyResult& result) {
  constexpr double kEndOn = 0.9943;       // e at 0°, the converged curve
  constexpr double kMinimumAngle = 22.5;  // [degrees], every refinement and both maps
  constexpr double kMinimum = 0.2056;     // e at 22.5°, the converged curve
  constexpr double kError = 0.02;
  ASSERT_EQ(result.impacts.size(), 13u);  // 0, 7.5, …, 90 degrees: the tip's nodes
  const auto& impacts = result.impacts;
  EXPECT_NEAR(impacts.front().restitution, kEndOn, kError);
  // The minimum over the tip (90° is the bar lying flat: its whole side lands, not the tip).
  std::size_t lowest = 0;
  for (std::size_t k = 0; k + 1 < impacts.size(); ++k) {
    if (impacts[k].restitution < impacts[lowest].restitution)
      lowest = k;
  }
  EXPECT_DOUBLE_EQ(impacts[lowest].angle, kMinimumAngle);
  EXPECT_NEAR(impacts[lowest].restitution, kMinimum, kError);
  for (std::size_t k = 0; k + 1 < impacts.size(); ++k) {
    const auto& impact = impacts[k];
    EXPECT_NEAR(impact.first_node_angle, impact.angle, 1e-6);
    if (impact.angle <= kMinimumAngle) {
      // One impact on one node (ullrich-pai §5.1 step 3), ended by the longitudinal wave's
      // return 2L/c ≈ 77 µs later.
      EXPECT_EQ(impact.contact_vertices, 1) << impact.angle;
      EXPECT_EQ(impact.contact_intervals, 1) << impact.angle;
      EXPECT_LT(impact.contact_duration, 100e-6) << impact.angle;
      if (k > 0) {
        EXPECT_LT(impact.restitution, impacts[k - 1].restitution) << impact.angle;
      }
    } else {
      // Chatter; near 90° the bar turns during it far enough for the next node to touch.
      EXPECT_GE(impact.contact_intervals, 3) << impact.angle;
      EXPECT_LE(impact.contact_vertices, 2) << impact.angle;
      EXPECT_GT(impact.restitution, kMinimum + 0.2) << impact.angle;
    }
  }
}

TEST(RestitutionStudy, CurveHasTheFeaturesOfTheConvergedCurve) {
  CONTACTSIM_SKIP_LONG_TEST_UNDER_SANITIZERS();
  // The default mesh (16 / 12 elements), boundary elements, Δt 1 µs, N_f 512.
  expectTheFeaturesOfTheConvergedCurve(runRestitutionStudy(RestitutionStudyOptions{}));
}

TEST(RestitutionStudy, FiniteElementCurveHasTheFeaturesOfTheConvergedCurve) {
  CONTACTSIM_SKIP_LONG_TEST_UNDER_SANITIZERS();
  // The same nodes, the map by finite elements (2 columns per side element, work-conjugate
  // reading), Δt 0.5 µs.
  RestitutionStudyOptions options;
  options.finite_element_rings = 3;
  options.side_columns = 2;
  options.reading = FiniteElementOptions::Reading::kWorkConjugate;
  options.map.time_step = 5e-7;
  options.map.samples = 1024;
  expectTheFeaturesOfTheConvergedCurve(runRestitutionStudy(options));
}

TEST(RestitutionStudy, WritesItsFiguresAndRejectsBadOptions) {
  auto options = quickOptions();
  options.angle_step = 90.0;
  const auto result = runRestitutionStudy(options);
  const auto dir = std::filesystem::temp_directory_path() / "contactsim-restitution-study-test";
  std::filesystem::remove_all(dir);
  writeRestitutionStudy(result, dir);
  for (const char* name :
       {"bar_map.json", "step_responses.csv", "step_responses.svg", "stiffness.csv",
        "stiffness.svg", "restitution.csv", "restitution.svg", "summary.json"}) {
    EXPECT_TRUE(std::filesystem::is_regular_file(dir / name)) << name;
  }
  // The written map loads back to the same responses.
  const auto loaded = loadResponseMap((dir / "bar_map.json").string());
  ASSERT_EQ(loaded.nodes.size(), result.map.nodes.size());
  EXPECT_EQ(loaded.nodes[7].force, result.map.nodes[7].force);
  std::filesystem::remove_all(dir);

  auto bad = quickOptions();
  bad.impact_speed = -1.0;
  EXPECT_THROW((void)runRestitutionStudy(bad), InvalidInputError);
  bad = quickOptions();
  bad.material.poisson_ratio = 0.5;
  EXPECT_THROW((void)runRestitutionStudy(bad), InvalidInputError);
  bad = quickOptions();
  bad.map_file = "/nonexistent/map.json";
  EXPECT_THROW((void)runRestitutionStudy(bad), InvalidInputError);
  bad = quickOptions();
  bad.finite_element_rings = -1;
  EXPECT_THROW((void)runRestitutionStudy(bad), InvalidInputError);
  bad.finite_element_rings = 2;
  bad.ring_growth = 0.0;
  EXPECT_THROW((void)runRestitutionStudy(bad), InvalidInputError);
  bad.ring_growth = 1.5;
  bad.side_columns = 0;
  EXPECT_THROW((void)runRestitutionStudy(bad), InvalidInputError);
}

}  // namespace
}  // namespace contactsim
