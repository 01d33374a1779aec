// Elastostatic boundary elements against closed forms: Lamé's thick cylinder, Kirsch's plate with
// a hole, rigid-body motion, and the bar of ullrich-pai §4 under self-balanced loads.
#include "bem/elastostatics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

constexpr double kPi = std::numbers::pi;
using Frame = NodeCondition::Frame;

int nearestNode(const BoundaryMesh& mesh, const Vec2& p) {
  int best = 0;
  for (std::size_t j = 0; j < mesh.nodes.size(); ++j) {
    if ((mesh.nodes[j].position - p).norm() <
        (mesh.nodes[static_cast<std::size_t>(best)].position - p).norm()) {
      best = static_cast<int>(j);
    }
  }
  return best;
}

int elementCarrying(const BoundaryMesh& mesh, int node) {
  for (std::size_t e = 0; e < mesh.elements.size(); ++e) {
    for (int n : mesh.elements[e].nodes) {
      if (n == node) {
        return static_cast<int>(e);
      }
    }
  }
  return -1;
}

// Pins the rigid-body motion of a problem whose exact solution has no tangential displacement at
// the outer-loop points (r, 0), (0, r), (−r, 0): the tangential component becomes given (zero).
void pinTangential(const BoundaryMesh& mesh, double r, std::vector<NodeCondition>& conditions) {
  for (const Vec2& p : {Vec2(r, 0.0), Vec2(0.0, r), Vec2(-r, 0.0)}) {
    auto& c = conditions[static_cast<std::size_t>(nearestNode(mesh, p))];
    const Eigen::Matrix2d frame = nodeFrame(
        mesh.nodes[static_cast<std::size_t>(nearestNode(mesh, p))], Frame::kNormalTangent);
    const Vec2 local = frame.transpose() * (c.frame == Frame::kGlobal ? c.value : frame * c.value);
    c.frame = Frame::kNormalTangent;
    c.displacement_given = {false, true};
    c.value = Vec2(local.x(), 0.0);
  }
}

struct LameResult {
  double displacement_error;  // max over nodes of |u_r − exact| / u_r(a)
  double hoop_error;          // |σ_θθ(a) − exact| / exact at an inner node
};

// Lamé: annulus a < r < b under internal pressure p, plane strain.
LameResult lame(int outer_elements, int inner_elements) {
  const double a = 0.05;
  const double b = 0.1;
  const double p = 1e7;
  const ElasticMaterial steel = kSteel;
  const double e = steel.youngs_modulus;
  const double nu = steel.poisson_ratio;
  const auto mesh = meshLoops(
      {circleLoop({0, 0}, b, outer_elements, true), circleLoop({0, 0}, a, inner_elements, false)});
  const ElastostaticSolver solver(mesh, steel);
  std::vector<NodeCondition> conditions;
  for (const auto& node : mesh.nodes) {
    conditions.push_back(node.loop == 1 ? NodeCondition::traction({-p, 0.0}, Frame::kNormalTangent)
                                        : NodeCondition::traction({0.0, 0.0}));
  }
  pinTangential(mesh, b, conditions);
  const auto state = solver.solve(conditions);
  const double k = p * a * a / (b * b - a * a);
  const auto exact_u = [&](double r) {
    return k * (1.0 + nu) / e * ((1.0 - 2.0 * nu) * r + b * b / r);
  };
  LameResult result{0.0, 0.0};
  for (std::size_t j = 0; j < mesh.nodes.size(); ++j) {
    const Vec2 x = mesh.nodes[j].position;
    const double r = x.norm();
    const double ur = state.displacement[j].dot(x / r);
    result.displacement_error =
        std::max(result.displacement_error, std::abs(ur - exact_u(r)) / exact_u(a));
  }
  const int inner = nearestNode(mesh, {0.0, a});
  const double hoop = solver.tangentialStress(state, inner, elementCarrying(mesh, inner));
  const double exact_hoop = k * (1.0 + b * b / (a * a));
  result.hoop_error = std::abs(hoop - exact_hoop) / exact_hoop;
  return result;
}

TEST(Elastostatics, LameThickCylinderWithinHalfPercentAndConverging) {
  const auto coarse = lame(12, 8);
  const auto standard = lame(16, 12);
  const auto fine = lame(32, 24);
  EXPECT_LT(standard.displacement_error, 5e-3);
  EXPECT_LT(standard.hoop_error, 5e-3);
  EXPECT_LT(fine.displacement_error, standard.displacement_error);
  EXPECT_LT(fine.hoop_error, standard.hoop_error);
  EXPECT_LT(standard.displacement_error, coarse.displacement_error);
  RecordProperty("lame_u_error_16_12", std::to_string(standard.displacement_error));
  RecordProperty("lame_hoop_error_16_12", std::to_string(standard.hoop_error));
  std::printf("Lame: u error %.3e / %.3e / %.3e, hoop error %.3e / %.3e / %.3e\n",
              coarse.displacement_error, standard.displacement_error, fine.displacement_error,
              coarse.hoop_error, standard.hoop_error, fine.hoop_error);
}

// Kirsch: a hole of radius a in a plate under uniaxial tension σ along x. The plate is a disc of
// radius R loaded by the exact Kirsch tractions, so the exact solution holds in all of it.
double kirschConcentration(int outer_elements, int hole_elements) {
  const double a = 0.01;
  const double big_r = 0.1;
  const double sigma = 1e6;
  const auto mesh = meshLoops({circleLoop({0, 0}, big_r, outer_elements, true),
                               circleLoop({0, 0}, a, hole_elements, false)});
  const ElastostaticSolver solver(mesh, kSteel);
  std::vector<NodeCondition> conditions;
  for (const auto& node : mesh.nodes) {
    if (node.loop == 1) {
      conditions.push_back(NodeCondition::traction({0.0, 0.0}));
      continue;
    }
    const double r = node.position.norm();
    const double theta = std::atan2(node.position.y(), node.position.x());
    const double q = a * a / (r * r);
    const double srr =
        0.5 * sigma * (1 - q) + 0.5 * sigma * (1 - 4 * q + 3 * q * q) * std::cos(2 * theta);
    const double srt = -0.5 * sigma * (1 + 2 * q - 3 * q * q) * std::sin(2 * theta);
    const Vec2 er(std::cos(theta), std::sin(theta));
    const Vec2 et(-std::sin(theta), std::cos(theta));
    conditions.push_back(NodeCondition::traction(srr * er + srt * et));
  }
  pinTangential(mesh, big_r, conditions);
  const auto state = solver.solve(conditions);
  const int top = nearestNode(mesh, {0.0, a});
  return solver.tangentialStress(state, top, elementCarrying(mesh, top)) / sigma;
}

TEST(Elastostatics, KirschStressConcentrationIsThree) {
  const double coarse = kirschConcentration(16, 8);
  const double standard = kirschConcentration(16, 16);
  const double fine = kirschConcentration(24, 32);
  std::printf("Kirsch: K = %.5f / %.5f / %.5f\n", coarse, standard, fine);
  EXPECT_NEAR(standard, 3.0, 0.06);
  EXPECT_LT(std::abs(fine - 3.0), std::abs(coarse - 3.0));
}

TEST(Elastostatics, RigidBodyMotionGivesZeroTraction) {
  // The paper's mesh, and a strongly graded one (elements from 0.24 mm to 11 mm, 0.1 m from the
  // origin) whose graded singular panels once collapsed onto the node in floating point.
  for (const int side_elements : {7, 30}) {
    SCOPED_TRACE(side_elements);
    const auto mesh = meshLoops({barLoop(0.2, 0.0125, side_elements, 7, 1.4)});
    const ElastostaticSolver solver(mesh, kSteel);
    const Vec2 translation(1e-4, -2e-4);
    const double rotation = 3e-4;
    std::vector<NodeCondition> conditions;
    for (const auto& node : mesh.nodes) {
      const Vec2 x = node.position;
      conditions.push_back(
          NodeCondition::displacement(translation + rotation * Vec2(-x.y(), x.x())));
    }
    const auto state = solver.solve(conditions);
    // Scale: the traction a strain of the same size (1e-3) would cause.
    const double scale = kSteel.youngs_modulus * 1e-3;
    for (const auto& t : state.traction) {
      EXPECT_LT(t.norm(), 1e-6 * scale);
    }
  }
}

TEST(Elastostatics, BarUnderSelfBalancedEndLoadsHasUniformAxialStress) {
  const double length = 0.2;
  const double diameter = 0.0125;
  const double p = 1e6;
  const auto mesh = meshLoops({barLoop(length, diameter, 7, 7, 1.4)});
  const ElastostaticSolver solver(mesh, kSteel);
  std::vector<NodeCondition> conditions;
  const double tip_centre = 0.5 * length - 0.5 * diameter;
  for (const auto& node : mesh.nodes) {
    const double x = node.position.x();
    const bool right_tip = x > tip_centre + 1e-12;
    const bool left_tip = x < -tip_centre - 1e-12;
    conditions.push_back(NodeCondition::traction({right_tip ? p : (left_tip ? -p : 0.0), 0.0}));
  }
  // Pin rigid motion where the exact solution has u_x = 0 by symmetry: x and y at the middle of
  // the top side, x at the middle of the bottom side.
  std::vector<int> pinned;
  for (const Vec2& at : {Vec2(0.0, 0.5 * diameter), Vec2(0.0, -0.5 * diameter)}) {
    const int node = nearestNode(mesh, at);
    pinned.push_back(node);
    auto& c = conditions[static_cast<std::size_t>(node)];
    c.displacement_given = {true, pinned.size() == 1};
    c.value = Vec2::Zero();
  }
  (void)pinned;
  const auto state = solver.solve(conditions);
  // Self-balanced loads: the pins carry (almost) nothing.
  for (int node : pinned) {
    EXPECT_LT(state.traction[static_cast<std::size_t>(node)].norm(), 5e-3 * p);
  }
  // Saint-Venant: away from the tips the axial stress is the end load over the section. The
  // load is the traction p along x on the right tip's nodes: its resultant is p Σ w_j.
  const auto weights = mesh.tributaryLengths();
  double resultant = 0.0;  // per unit thickness
  for (std::size_t j = 0; j < mesh.nodes.size(); ++j) {
    resultant += conditions[j].value.x() > 0.0 ? p * weights[j] : 0.0;
  }
  const int middle = nearestNode(mesh, {0.0, 0.5 * diameter});
  const double stress = solver.tangentialStress(state, middle, elementCarrying(mesh, middle));
  EXPECT_NEAR(stress, resultant / diameter, 0.01 * p);
}

TEST(Elastostatics, BadInputIsRejected) {
  EXPECT_THROW((void)meshLoops({polygonLoop({{0, 0}, {1, 0}, {1, 1}}, 1), {}}), InvalidInputError);
  EXPECT_THROW((void)meshLoops({polygonLoop({{0, 0}, {0, 1}, {1, 1}}, 1)}),
               InvalidInputError);  // clockwise outer loop
  EXPECT_THROW(
      (void)meshLoops({{CurvePiece::line({0, 0}, {1, 0}, 1), CurvePiece::line({1, 0}, {1, 1}, 1)}}),
      InvalidInputError);  // not closed
  EXPECT_THROW((void)meshLoops({polygonLoop({{0, 0}, {1, 0}, {1, 0}, {1, 1}}, 1)}),
               InvalidInputError);  // zero-length side
  // A figure eight: the boundary crosses itself.
  EXPECT_THROW((void)meshLoops({polygonLoop({{0, 0}, {1, 1}, {1, 0}, {0, 1}}, 1)}),
               InvalidInputError);
  // A hole outside the outer loop, and loops that cross.
  EXPECT_THROW(
      (void)meshLoops({circleLoop({0, 0}, 1.0, 8, true), circleLoop({5, 0}, 0.5, 8, false)}),
      InvalidInputError);
  EXPECT_THROW(
      (void)meshLoops({circleLoop({0, 0}, 1.0, 8, true), circleLoop({1, 0}, 0.5, 8, false)}),
      InvalidInputError);
  // A grading that overflows.
  EXPECT_THROW(
      (void)meshLoops({{CurvePiece::line({0, 0}, {1, 0}, 400, 100.0),
                        CurvePiece::line({1, 0}, {0, 1}, 1), CurvePiece::line({0, 1}, {0, 0}, 1)}}),
      InvalidInputError);
  // A hand-built mesh with a node index out of range.
  auto broken = meshLoops({circleLoop({0, 0}, 1.0, 8, true)});
  broken.elements[3].nodes[1] = 999;
  EXPECT_THROW((void)buildBoundaryQuadrature(broken), InvalidInputError);
  ElasticMaterial bad = kSteel;
  bad.poisson_ratio = 0.5;
  EXPECT_THROW(bad.validate(), InvalidInputError);
  bad = kSteel;
  bad.youngs_modulus = 0.0;
  EXPECT_THROW(bad.validate(), InvalidInputError);
  const auto mesh = meshLoops({circleLoop({0, 0}, 1.0, 8, true)});
  EXPECT_THROW(ElastostaticSolver(mesh, bad), InvalidInputError);
  const ElastostaticSolver solver(mesh, kSteel);
  std::vector<NodeCondition> tractions(mesh.nodes.size(), NodeCondition::traction({0, 0}));
  EXPECT_THROW((void)solver.solve(tractions), NumericalError);  // rigid motion free
  tractions.pop_back();
  EXPECT_THROW((void)solver.solve(tractions), InvalidInputError);
}

}  // namespace
}  // namespace contactsim
