// The response map of the bar of ullrich-pai §4 (Fig. 1 mesh): the compliance shortcut agrees with
// a direct mixed-condition solve, and the steady response depends on where the bar is hit.
#include "contactsim/bem/response_map_builder.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

#include "contactsim/bem/elastodynamics.hpp"
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

TEST(ResponseMapBuilder, SteadyResponseDependsOnTheImpactAngle) {
  const auto mesh = paperBar();
  const auto map = computeResponseMap(mesh, kSteel, ResponseMapOptions{}, "bar");
  std::printf("angle  k [N/m per m]\n");
  double k_min = 1e300;
  double k_max = 0.0;
  for (const double angle : {0.0, 12.86, 25.71, 38.57, 51.43, 64.29, 77.14, 90.0}) {
    const double k = map.nodes[static_cast<std::size_t>(tipNode(mesh, angle))].stiffness;
    std::printf("%5.1f  %.4e\n", angle, k);
    EXPECT_TRUE(std::isfinite(k));
    k_min = std::min(k_min, k);
    k_max = std::max(k_max, k);
  }
  EXPECT_GT(k_max, 1.2 * k_min);
}

}  // namespace
}  // namespace contactsim
