// The bar's finite element model and its response map (computeBarFiniteElementMap), against
// answers from outside it: the area and polar moment of the region the boundary elements bound
// (Green's theorem on the curved elements, BoundaryMesh::massProperties), the exact strain energy
// of a uniform strain (isoparametric quadratic elements reproduce linear fields), rigid motions
// costing no energy, and the collocation boundary elements' map of the same nodes (a different
// discretisation: the fundamental solution on the boundary, not elements in the interior).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "bem/gauss_legendre.hpp"
#include "bem/plane_strain_elements.hpp"
#include "contactsim/bem/response_map_builder.hpp"
#include "contactsim/error.hpp"
#include "support/long_test.hpp"

namespace contactsim {
namespace {

constexpr double kLength = 0.2, kDiameter = 0.0125;  // the restitution study's bar
constexpr int kSide = 16, kTip = 12;
constexpr double kGrading = 1.4;

// The largest |F_j(t)| / F_j(0) over every node and sample; every steady state must be positive.
double largestResponse(const ResponseMap& map) {
  double worst = 0.0;
  for (const auto& node : map.nodes) {
    for (double f : node.force)
      worst = std::max(worst, std::abs(f) / node.force[0]);
    EXPECT_GT(node.stiffness, 0.0);
  }
  return worst;
}

BoundaryMesh barBoundary() {
  return meshLoops({barLoop(kLength, kDiameter, kSide, kTip, kGrading)});
}

Eigen::VectorXd field(const PlaneStrainMesh& mesh, const auto& displacement) {
  Eigen::VectorXd u(2 * static_cast<Eigen::Index>(mesh.nodes.size()));
  for (std::size_t k = 0; k < mesh.nodes.size(); ++k)
    u.segment<2>(2 * static_cast<Eigen::Index>(k)) = displacement(mesh.nodes[k]);
  return u;
}

// With one column of elements under each side boundary element, and with three.
class PlaneStrainBar : public ::testing::TestWithParam<int> {};

TEST_P(PlaneStrainBar, MassMomentAndUniformStrainEnergyAreExact) {
  const auto mesh =
      barPlaneStrainMesh(barBoundary(), kLength, kDiameter, kTip, {3, 1.5, GetParam()});
  const auto system = assemblePlaneStrain(mesh, kSteel);
  const auto exact = meshLoops({barLoop(kLength, kDiameter, kSide, kTip, kGrading)})
                         .massProperties(kSteel.density);
  ASSERT_NEAR(exact.centroid.norm(), 0.0, 1e-15);
  // Mass and polar moment: translations and the rotation through M.
  const Eigen::VectorXd along = field(mesh, [](const Vec2&) { return Vec2(1.0, 0.0); });
  const Eigen::VectorXd turn = field(mesh, [](const Vec2& x) { return Vec2(-x.y(), x.x()); });
  EXPECT_NEAR(along.dot(system.mass * along), exact.mass, 1e-12 * exact.mass);
  // (x² + y²) on the curved quadrilaterals is beyond the 3 × 3 rule's degree: 4e-12 relative.
  EXPECT_NEAR(turn.dot(system.mass * turn), exact.inertia, 1e-10 * exact.inertia);
  // Rigid motions are free: K times them vanishes to round-off of K's entries.
  const double scale = system.stiffness.coeffs().cwiseAbs().maxCoeff() * kLength;
  EXPECT_LT((system.stiffness * along).cwiseAbs().maxCoeff(), 1e-12 * scale);
  EXPECT_LT((system.stiffness * turn).cwiseAbs().maxCoeff(), 1e-12 * scale);
  // A uniform strain ε = (ε_xx, ε_yy, γ_xy): energy ½ εᵀ D ε · area (plane strain).
  const double exx = 1e-4, eyy = -3e-5, gxy = 6e-5;
  const Eigen::VectorXd strained = field(mesh, [&](const Vec2& x) {
    return Vec2(exx * x.x() + 0.5 * gxy * x.y(), 0.5 * gxy * x.x() + eyy * x.y());
  });
  const double lambda = kSteel.lameLambda(), mu = kSteel.shearModulus();
  const double energy_density = 0.5 * ((lambda + 2.0 * mu) * (exx * exx + eyy * eyy) +
                                       2.0 * lambda * exx * eyy + mu * gxy * gxy);
  EXPECT_NEAR(0.5 * strained.dot(system.stiffness * strained), energy_density * exact.area,
              1e-11 * energy_density * exact.area);
}

// The model's boundary edges tile every boundary element: ξ from −1 to 1 without gaps, each
// edge's nodes on the element's curve at its ξ.
TEST_P(PlaneStrainBar, BoundaryEdgesTileTheBoundaryElements) {
  const auto boundary = barBoundary();
  const auto mesh = barPlaneStrainMesh(boundary, kLength, kDiameter, kTip, {3, 1.5, GetParam()});
  std::vector<double> reached(boundary.elements.size(), -1.0);
  std::size_t side_edges = 0;
  for (const auto& edge : mesh.boundary_edges) {
    ASSERT_LT(edge.element, boundary.elements.size());
    EXPECT_DOUBLE_EQ(edge.xi_start, reached[edge.element]);
    reached[edge.element] = edge.xi_end;
    const auto& element = boundary.elements[edge.element];
    const std::array<double, 3> xi{edge.xi_start, 0.5 * (edge.xi_start + edge.xi_end), edge.xi_end};
    for (std::size_t a = 0; a < 3; ++a) {
      EXPECT_LT(
          (mesh.nodes[static_cast<std::size_t>(edge.nodes[a])] - element.position(xi[a])).norm(),
          1e-9);
    }
    if (edge.xi_end - edge.xi_start < 2.0)
      ++side_edges;
  }
  for (const double end : reached)
    EXPECT_DOUBLE_EQ(end, 1.0);
  EXPECT_EQ(side_edges, GetParam() > 1 ? 2u * kSide * static_cast<std::size_t>(GetParam()) : 0u);
}

// The consistent loads carry each node's traction N_j n_j exactly: against any linear
// displacement u(x) = A x + b (which the model's quadratic elements reproduce) their work f_jᵀu
// equals ∫ N_j n_j·u dΓ integrated on the boundary elements themselves (8-point Gauss, independent
// of the model's edges); the resultant Σ_k f_kj is w_j n_j.
TEST_P(PlaneStrainBar, LoadsCarryEachNodesTractionExactly) {
  const auto boundary = barBoundary();
  const auto mesh = barPlaneStrainMesh(boundary, kLength, kDiameter, kTip, {3, 1.5, GetParam()});
  const Eigen::MatrixXd loads = tractionLoads(boundary, mesh);
  Eigen::Matrix2d a;
  a << 0.3, -1.1, 0.7, 0.2;
  const Vec2 b(0.4, -0.9);
  const auto u = [&](const Vec2& x) -> Vec2 { return a * x + b; };
  const Eigen::VectorXd field_u = field(mesh, u);
  std::vector<double> exact(boundary.nodes.size(), 0.0);
  const auto& rule = bem_detail::gaussLegendre(8);
  for (const auto& element : boundary.elements) {
    for (std::size_t q = 0; q < rule.x.size(); ++q) {
      const auto shape = element.shape(rule.x[q]);
      const double dl = element.tangent(rule.x[q]).norm() * rule.w[q];
      for (std::size_t k = 0; k < 3; ++k) {
        const auto j = static_cast<std::size_t>(element.nodes[k]);
        exact[j] += shape[k] * boundary.nodes[j].normal.dot(u(element.position(rule.x[q]))) * dl;
      }
    }
  }
  const auto tributary = boundary.tributaryLengths();
  for (std::size_t j = 0; j < boundary.nodes.size(); ++j) {
    const auto column = static_cast<Eigen::Index>(j);
    // On the straight sides both rules are exact; on the tips' arcs |dx/dξ| is not a
    // polynomial and the loads' 5-point rule per edge meets the 8-point one to ~1e-11.
    const bool side = std::abs(boundary.nodes[j].position.x()) < 0.5 * (kLength - kDiameter) - 1e-9;
    EXPECT_NEAR(loads.col(column).dot(field_u), exact[j], (side ? 1e-12 : 1e-10) * tributary[j])
        << j;
    const Vec2 resultant(loads.col(column)(Eigen::seq(0, Eigen::last, 2)).sum(),
                         loads.col(column)(Eigen::seq(1, Eigen::last, 2)).sum());
    EXPECT_LT((resultant - tributary[j] * boundary.nodes[j].normal).norm(), 1e-14) << j;
  }
}

INSTANTIATE_TEST_SUITE_P(Columns, PlaneStrainBar, ::testing::Values(1, 2, 3));

TEST(PlaneStrainElements, RefusesBadRings) {
  const auto boundary = barBoundary();
  EXPECT_THROW((void)barPlaneStrainMesh(boundary, kLength, kDiameter, kTip, {0, 1.5}),
               InvalidInputError);
  EXPECT_THROW((void)barPlaneStrainMesh(boundary, kLength, kDiameter, kTip, {2, 0.5}),
               InvalidInputError);
  EXPECT_THROW((void)barPlaneStrainMesh(boundary, kLength, kDiameter, kTip, {2, 1.5, 0}),
               InvalidInputError);
  // One element per tip: its fan triangle would be flat.
  EXPECT_THROW(
      (void)barPlaneStrainMesh(meshLoops({barLoop(kLength, kDiameter, kSide, 1, kGrading)}),
                               kLength, kDiameter, 1, {3, 1.5, 2}),
      InvalidInputError);
  // An odd number of side elements: the lower side is not the upper side's mirror.
  EXPECT_THROW((void)computeBarFiniteElementMap(kLength, kDiameter, 15, kTip, kGrading, {}, kSteel,
                                                ResponseMapOptions{}, "odd"),
               InvalidInputError);
  // Another bar's boundary is not this model's.
  EXPECT_THROW((void)barPlaneStrainMesh(boundary, 0.9 * kLength, kDiameter, kTip, {}),
               NumericalError);
  ResponseMapOptions options;
  EXPECT_THROW((void)computeBarFiniteElementMap(kLength, kDiameter, 200, kTip, kGrading, {40, 1.0},
                                                kSteel, options, "too big"),
               InvalidInputError);
}

// The two discretisations of the same body and nodes, at the restitution study's default step:
// on the tips, which the drops strike, the instantaneous impedance F_j(0), the steady state k_j
// and the step responses over a single impact's 50 µs agree to 3.6 %, 3.1 % and 4.9 % of F_j(0)
// (measured); everywhere and over the whole window to 6.7 %, 7.3 % and 14 % — the largest at the
// middle of the sides and at the tip–side junctions at 67–92 µs, when the reflected waves come
// back through the sides' 29 mm elements, which the two methods disperse differently. With the
// rigid-body part kept (the paper's literal free body) the responses agree as closely (tips 3.6 %
// and 4.8 %, everywhere 6.6 % and 15.5 %, measured); k_j is then the tail's mean of a response the
// rigid motion carries away, which both methods leave ill-defined (even negative), so it is not
// compared.
class FiniteElementMapRigidPart : public ::testing::TestWithParam<bool> {};

TEST_P(FiniteElementMapRigidPart, AgreesWithTheBoundaryElementMap) {
  CONTACTSIM_SKIP_LONG_TEST_UNDER_SANITIZERS();
  ResponseMapOptions options;
  options.time_step = 1e-6;
  options.samples = 100;
  options.remove_rigid_motion = GetParam();
  const auto boundary = computeResponseMap(
      meshLoops({barLoop(kLength, kDiameter, kSide, kTip, kGrading)}), kSteel, options, "bem");
  const auto finite = computeBarFiniteElementMap(kLength, kDiameter, kSide, kTip, kGrading, {},
                                                 kSteel, options, "fem");
  ASSERT_EQ(finite.nodes.size(), boundary.nodes.size());
  struct Largest {
    double impedance = 0.0, stiffness = 0.0, response = 0.0;
  } tips, all;
  const double tip_centre = 0.5 * (kLength - kDiameter);
  // Largest relative differences over the nodes, responses over the first `samples` samples.
  const auto update = [](Largest& largest, const ResponseMapNode& b, const ResponseMapNode& f,
                         std::size_t samples) {
    largest.impedance = std::max(largest.impedance, std::abs(f.force[0] / b.force[0] - 1.0));
    largest.stiffness = std::max(largest.stiffness, std::abs(f.stiffness / b.stiffness - 1.0));
    for (std::size_t m = 0; m < samples; ++m)
      largest.response = std::max(largest.response, std::abs(f.force[m] - b.force[m]) / b.force[0]);
  };
  for (std::size_t j = 0; j < finite.nodes.size(); ++j) {
    const auto& b = boundary.nodes[j];
    const auto& f = finite.nodes[j];
    ASSERT_LT((b.position - f.position).norm(), 1e-15);
    update(all, b, f, f.force.size());
    if (std::abs(b.position.x()) > tip_centre + 1e-12)
      update(tips, b, f, 50);  // a single impact's 50 µs
  }
  EXPECT_LT(tips.impedance, 0.04);
  EXPECT_LT(tips.response, 0.06);
  EXPECT_LT(all.impedance, 0.08);
  if (options.remove_rigid_motion) {
    EXPECT_LT(tips.stiffness, 0.04);
    EXPECT_LT(all.stiffness, 0.08);
    EXPECT_LT(all.response, 0.15);
  } else {
    EXPECT_LT(all.response, 0.16);
  }
}

// Named by the parameter: RigidPartRemoved, RigidPartKept.
std::string rigidPartName(const ::testing::TestParamInfo<bool>& param) {
  return param.param ? "RigidPartRemoved" : "RigidPartKept";
}

INSTANTIATE_TEST_SUITE_P(FiniteElementMap, FiniteElementMapRigidPart,
                         ::testing::Values(true, false), rigidPartName);

// At Δt = 0.125 µs the boundary elements' map of this mesh grows (node 4, 2.17 F(0) at 0.51 ms:
// computeResponseMap refuses it; docs/figures/restitution-study/README.md). The finite element
// model's modes do not grow, and on this mesh its map stays passive: no step response exceeds its
// start (the node's point displacement against its element-wide traction is not a work-conjugate
// pair, so this is a measurement on this mesh, not a theorem).
TEST(FiniteElementMap, StaysPassiveWhereCollocationGrows) {
  CONTACTSIM_SKIP_LONG_TEST_UNDER_SANITIZERS();
  ResponseMapOptions options;
  options.time_step = 1.25e-7;
  options.samples = 4096;
  const auto map = computeBarFiniteElementMap(kLength, kDiameter, kSide, kTip, kGrading, {}, kSteel,
                                              options, "fem");
  const double worst = largestResponse(map);
  EXPECT_LE(worst, 1.0 + 1e-6);
}

// Two columns of elements under each side boundary element, Δt 0.125 µs. Read at the node (the
// paper's pairing of a point displacement with an element-wide traction), the map grows — a side
// node reaches 32 000 F(0) by 0.51 ms (measured) and the builder refuses it. Read work-conjugate to
// the traction, C_j(s) = Σ_m (φ_mᵀ f_j)² / (w_j (s² + ω_m²)) is a sum of positive-real terms, so
// the same model's map is passive: no step response exceeds its start.
TEST(FiniteElementMap, WorkConjugateReadingIsPassiveWhereTheNodeReadingGrows) {
  CONTACTSIM_SKIP_LONG_TEST_UNDER_SANITIZERS();
  ResponseMapOptions options;
  options.time_step = 1.25e-7;
  options.samples = 4096;
  FiniteElementOptions elements;
  elements.side_columns = 2;
  try {
    (void)computeBarFiniteElementMap(kLength, kDiameter, kSide, kTip, kGrading, elements, kSteel,
                                     options, "node");
    ADD_FAILURE() << "the node reading's growing map was accepted";
  } catch (const NumericalError& error) {  // names the cure
    EXPECT_NE(std::string(error.what()).find("work-conjugate"), std::string::npos) << error.what();
  }
  elements.reading = FiniteElementOptions::Reading::kWorkConjugate;
  const auto map = computeBarFiniteElementMap(kLength, kDiameter, kSide, kTip, kGrading, elements,
                                              kSteel, options, "work-conjugate");
  const double worst = largestResponse(map);
  EXPECT_LE(worst, 1.0 + 1e-9);
}

}  // namespace
}  // namespace contactsim
