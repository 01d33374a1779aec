// The response map of the bar of ullrich-pai §4 (Fig. 1 mesh): the compliance shortcut agrees with
// a direct mixed-condition solve, and the steady response depends on where the bar is hit.
#include "contactsim/bem/response_map_builder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
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

// On the paper's 7-per-side mesh the tip-side junction's response grows once the rigid part is
// removed (see restitution_study.hpp): refused with a clear error naming the node and the ratio,
// not handed out as a force law. A body with a hole is refused before any work.
TEST(ResponseMapBuilder, RefusesAnUnstableResponseAndHoles) {
  ResponseMapOptions options;
  options.samples = 512;
  try {
    (void)computeResponseMap(paperBar(), kSteel, options, "bar");
    ADD_FAILURE() << "the paper's mesh was accepted";
  } catch (const NumericalError& e) {
    const std::string what = e.what();
    std::printf("%s\n", what.c_str());
    EXPECT_NE(what.find("times its instantaneous value"), std::string::npos) << what;
    EXPECT_NE(what.find("node "), std::string::npos) << what;
  }
  const auto ring =
      meshLoops({circleLoop({0, 0}, 0.02, 12, true), circleLoop({0, 0}, 0.01, 8, false)});
  EXPECT_THROW((void)computeResponseMap(ring, kSteel, ResponseMapOptions{}, "ring"),
               InvalidInputError);
}

// Steps much finer than the elements: a disc of 2 cm radius with 4 elements (31 mm each) at
// Δt = 25 ns, where a pressure wave crosses 0.15 mm per step. Before the dynamic kernels were
// integrated on panels split to their length (boundary_matrices.hpp) this map was refused, a
// step response reaching 5.8 times its start at 6.3 µs; now every node's response stays within
// its start, and it agrees with the map at twice the step, sample for sample after the first
// 0.2 µs (the instantaneous impedance at t = 0 is the step's own), to 1e-3 of its start: the
// maps converge as Δt falls at a fixed mesh. BDF1 (first order, damped) gives the same map to
// the same 1e-3 at the finer step.
TEST(ResponseMapBuilder, StepsFinerThanTheElementsGiveBoundedConvergingResponses) {
  const auto disc = meshLoops({circleLoop({0, 0}, 0.02, 4, true)});
  ResponseMapOptions options;
  options.time_step = 2.5e-8;
  options.samples = 256;
  const ResponseMap fine = computeResponseMap(disc, kSteel, options, "disc");
  options.quadrature = TimeQuadrature::bdf1;
  const ResponseMap damped = computeResponseMap(disc, kSteel, options, "disc");
  options.quadrature = TimeQuadrature::bdf2;
  options.time_step = 5e-8;
  options.samples = 128;
  const ResponseMap coarse = computeResponseMap(disc, kSteel, options, "disc");
  double worst_step = 0.0;
  double worst_quadrature = 0.0;
  for (std::size_t j = 0; j < fine.nodes.size(); ++j) {
    const auto& f = fine.nodes[j].force;
    const double start = std::abs(f.front());
    for (const double value : f)
      ASSERT_LE(std::abs(value), start) << "node " << j;
    for (std::size_t m = 4; m < coarse.nodes[j].force.size(); ++m)
      worst_step = std::max(worst_step, std::abs(coarse.nodes[j].force[m] - f[2 * m]) / start);
    for (std::size_t m = 8; m < f.size(); ++m)
      worst_quadrature =
          std::max(worst_quadrature, std::abs(damped.nodes[j].force[m] - f[m]) / start);
  }
  std::printf("50 → 25 ns: %.3e of F(0); BDF1 − BDF2 at 25 ns: %.3e of F(0)\n", worst_step,
              worst_quadrature);
  EXPECT_LT(worst_step, 1e-3);
  EXPECT_LT(worst_quadrature, 1e-3);
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
