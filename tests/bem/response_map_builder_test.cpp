// The response map of the bar of ullrich-pai §4 (Fig. 1 mesh): the compliance shortcut agrees with
// a direct mixed-condition solve, and the steady response depends on where the bar is hit.
#include "contactsim/bem/response_map_builder.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>

#include "bem/elastodynamics.hpp"
#include "contactsim/error.hpp"

namespace contactsim {
namespace {

constexpr double kLength = 0.2;
constexpr double kDiameter = 0.0125;

BoundaryMesh paperBar() {
  return meshLoops({barLoop(kLength, kDiameter, 7, 7, 1.4)});
}

// The node on the right tip whose normal makes `degrees` with the bar axis.
int tipNode(const BoundaryMesh& mesh, double degrees) {
  const double angle = degrees * std::numbers::pi / 180.0;
  const Vec2 direction(std::cos(angle), std::sin(angle));
  int best = 0;
  for (std::size_t j = 0; j < mesh.nodes.size(); ++j) {
    if (mesh.nodes[j].position.x() > 0 &&
        mesh.nodes[j].normal.dot(direction) >
            mesh.nodes[static_cast<std::size_t>(best)].normal.dot(direction)) {
      best = static_cast<int>(j);
    }
  }
  return best;
}

TEST(ResponseMapBuilder, AgreesWithADirectMixedSolve) {
  const auto mesh = paperBar();
  ASSERT_EQ(mesh.nodes.size(), 56u);
  ResponseMapOptions options;
  options.time_step = 2e-6;
  options.samples = 48;
  options.remove_rigid_motion = false;  // the direct solve is the free body, rigid part included
  const auto map = computeResponseMap(mesh, kSteel, options, "bar");
  ASSERT_EQ(map.nodes.size(), 56u);
  const auto weights = mesh.tributaryLengths();
  const ElastodynamicSolver solver(mesh, kSteel);
  for (const int j : {tipNode(mesh, 0.0), tipNode(mesh, 60.0)}) {
    std::vector<NodeCondition> kinds(mesh.nodes.size(), NodeCondition::traction({0, 0}));
    kinds[static_cast<std::size_t>(j)].frame = NodeCondition::Frame::kNormalTangent;
    kinds[static_cast<std::size_t>(j)].displacement_given = {true, false};
    const auto history = solver.solve(
        kinds, [&](int node, double) { return node == j ? Vec2(-1.0, 0.0) : Vec2(0.0, 0.0); },
        ConvolutionQuadrature(options.time_step, options.samples));
    const auto& force = map.nodes[static_cast<std::size_t>(j)].force;
    double scale = 0.0;
    for (double f : force) {
      scale = std::max(scale, std::abs(f));
    }
    for (std::size_t n = 0; n < force.size(); ++n) {
      const double t_n = history.traction[n][static_cast<std::size_t>(j)].dot(
          mesh.nodes[static_cast<std::size_t>(j)].normal);
      // Pushed in by 1: the traction along the outward normal is compressive (negative).
      EXPECT_NEAR(force[n], -weights[static_cast<std::size_t>(j)] * t_n, 1e-6 * scale) << "n " << n;
    }
  }
}

TEST(ResponseMapBuilder, SteadyResponseIsPositiveBoundedAndDependsOnTheAngle) {
  // The study's mesh (16 per side, 12 per tip); the steady state does not depend on the window.
  const auto mesh = meshLoops({barLoop(kLength, kDiameter, 16, 12, 1.4)});
  ResponseMapOptions options;
  options.samples = 64;
  const auto map = computeResponseMap(mesh, kSteel, options, "bar");
  for (const auto& node : map.nodes) {
    EXPECT_GT(node.stiffness, 0.0);
  }
  // End-on, the bar's deformation relative to its rigid motion is at least that of a 1D rod
  // decelerated by its own inertia: end compliance L / (3 E' A), E' = E/(1 − ν²), A = d per unit
  // thickness; local indentation only adds compliance. So k(0°) < 3 E' d / L.
  const double e_plane =
      kSteel.youngs_modulus / (1.0 - kSteel.poisson_ratio * kSteel.poisson_ratio);
  const double k_axis = map.nodes[static_cast<std::size_t>(tipNode(mesh, 0.0))].stiffness;
  EXPECT_LT(k_axis, 3.0 * e_plane * kDiameter / kLength);
  EXPECT_GT(k_axis, 0.3 * e_plane * kDiameter / kLength);
  // Geometry dependence (Fig. 3): stiff end-on, much softer on the rounded flank.
  const double k_60 = map.nodes[static_cast<std::size_t>(tipNode(mesh, 60.0))].stiffness;
  EXPECT_GT(k_axis, 5.0 * k_60);
  // Mirror-image nodes (above and below the axis) agree.
  const double k_up = map.nodes[static_cast<std::size_t>(tipNode(mesh, 30.0))].stiffness;
  const double k_down = map.nodes[static_cast<std::size_t>(tipNode(mesh, -30.0))].stiffness;
  EXPECT_NEAR(k_up, k_down, 0.05 * k_up);
}

TEST(ResponseMapBuilder, TellsItsProgressOncePerFrequencyAndGivesTheSameMap) {
  ResponseMapOptions options;
  options.time_step = 2e-6;
  options.samples = 24;
  options.remove_rigid_motion = false;
  const auto quiet = computeResponseMap(paperBar(), kSteel, options, "bar");
  std::vector<std::size_t> done;
  std::size_t total = 0;
  options.progress = [&](std::size_t d, std::size_t t) {
    done.push_back(d);  // one call at a time, so no lock here
    total = t;
  };
  const auto told = computeResponseMap(paperBar(), kSteel, options, "bar");
  ASSERT_GT(total, 0u);
  ASSERT_EQ(done.size(), total);
  for (std::size_t k = 0; k < done.size(); ++k)
    EXPECT_EQ(done[k], k + 1);
  for (std::size_t j = 0; j < quiet.nodes.size(); ++j)
    EXPECT_EQ(told.nodes[j].force, quiet.nodes[j].force);
}

TEST(ResponseMapBuilder, RefusesAnUnstableResponseAndHoles) {
  // On the paper's 7-per-side mesh the tip-side junction's response grows (see
  // restitution_study.hpp): a clear error, not an unstable force law.
  ResponseMapOptions options;
  options.samples = 512;
  EXPECT_THROW((void)computeResponseMap(paperBar(), kSteel, options, "bar"), NumericalError);
  const auto ring =
      meshLoops({circleLoop({0, 0}, 0.02, 12, true), circleLoop({0, 0}, 0.01, 8, false)});
  EXPECT_THROW((void)computeResponseMap(ring, kSteel, ResponseMapOptions{}, "ring"),
               InvalidInputError);
}

// A step response peaks at its start (the instantaneous impedance) and relaxes. On a disc of 2 cm
// radius with 12 elements (24 nodes), Δt = 50 ns gives exactly that at every node; halving it
// to 25 ns resolves what the elements do not, and the responses later reach about 6 times F(0),
// the kind of map (the bar at Δt = 0.125 µs: 6.6 times) on which the run time diverges: refused,
// naming the node and the ratio.
TEST(ResponseMapBuilder, RefusesAStepResponseThatOvershootsItsStart) {
  const auto disc = meshLoops({circleLoop({0, 0}, 0.02, 12, true)});
  ResponseMapOptions options;
  options.samples = 256;
  options.time_step = 5e-8;
  const ResponseMap map = computeResponseMap(disc, kSteel, options, "disc");
  for (const ResponseMapNode& node : map.nodes) {
    for (const double f : node.force)
      EXPECT_LE(std::abs(f), std::abs(node.force.front()));
  }
  options.time_step = 2.5e-8;
  try {
    (void)computeResponseMap(disc, kSteel, options, "disc");
    FAIL() << "no error at 25 ns";
  } catch (const NumericalError& e) {
    const std::string what = e.what();
    std::printf("%s\n", what.c_str());
    EXPECT_NE(what.find("times its instantaneous value"), std::string::npos) << what;
    EXPECT_NE(what.find("node "), std::string::npos) << what;
  }
}

// BDF1's convolution quadrature damps what the mesh does not resolve: on the same disc, where
// BDF2 is refused at 25 and 12.5 ns, BDF1 keeps every node's step response within its start.
// (Bounded is not converged: at fixed mesh the maps keep changing as Δt falls below the
// elements' wave crossing — 50 → 25 ns moves them by 0.007 F(0), 25 → 12.5 ns by 0.033 —
// docs/figures/restitution-study/README.md.)
TEST(ResponseMapBuilder, Bdf1KeepsTheResponsesOfStepsFinerThanTheMeshBounded) {
  const auto disc = meshLoops({circleLoop({0, 0}, 0.02, 12, true)});
  for (const int refine : {2, 4}) {
    ResponseMapOptions options;
    options.time_step = 5e-8 / refine;
    options.samples = 128 * refine;
    EXPECT_THROW((void)computeResponseMap(disc, kSteel, options, "disc"), NumericalError)
        << "BDF2 at 50/" << refine << " ns";
    options.quadrature = TimeQuadrature::bdf1;
    const ResponseMap map = computeResponseMap(disc, kSteel, options, "disc");
    for (std::size_t j = 0; j < map.nodes.size(); ++j) {
      const auto& force = map.nodes[j].force;
      for (const double f : force)
        ASSERT_LE(std::abs(f), std::abs(force.front())) << "node " << j << ", 50/" << refine;
    }
  }
}

// The names the CLI, the Python binding and the study's summary share: each parses back to its
// quadrature, and anything else (a case change included) is refused with the names accepted.
TEST(ResponseMapBuilder, NamesEachQuadratureAndParsesTheNamesBack) {
  EXPECT_STREQ(timeQuadratureName(TimeQuadrature::bdf2), "bdf2");
  EXPECT_STREQ(timeQuadratureName(TimeQuadrature::bdf1), "bdf1");
  for (const TimeQuadrature q : {TimeQuadrature::bdf2, TimeQuadrature::bdf1})
    EXPECT_EQ(parseTimeQuadrature(timeQuadratureName(q), "here"), q);
  for (const std::string bad : {"bdf3", "BDF1", ""}) {
    try {
      (void)parseTimeQuadrature(bad, "map options");
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const InvalidInputError& e) {
      EXPECT_EQ(std::string(e.what()),
                "map options: quadrature must be 'bdf2' or 'bdf1', got '" + bad + "'");
    }
  }
}

}  // namespace
}  // namespace contactsim
