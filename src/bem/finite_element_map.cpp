// computeBarFiniteElementMap (include/contactsim/bem/response_map_builder.hpp): ullrich-pai §3's
// compliance C_j(s) and §4's map, from a plane-strain finite element model of the body.
#include <algorithm>
#include <cmath>

#include "bem/convolution_quadrature.hpp"
#include "bem/mirror_modes.hpp"
#include "bem/plane_strain_elements.hpp"
#include "bem/step_response_map.hpp"
#include "contactsim/bem/response_map_builder.hpp"
#include "contactsim/error.hpp"

namespace contactsim {
namespace {

// Dense eigenproblems up to this size (~1.3 GB and ~8 min for each mirror class at the limit).
constexpr Eigen::Index kMaxDenseDofs = 6000;

// Even four equal mirror classes would exceed the dense eigenproblems' limit.
InvalidInputError tooManyDofs(double dofs) {
  return InvalidInputError("bar finite elements: " + toText(dofs) +
                           " degrees of freedom (at least), at most " + toText(4 * kMaxDenseDofs) +
                           " (four dense eigenproblems): use fewer rings, columns or elements");
}

// The finite element node at each boundary node (the mesh shares them by construction).
std::vector<int> boundaryNodes(const BoundaryMesh& boundary, const PlaneStrainMesh& mesh) {
  const NodeIndex index(mesh.nodes);
  std::vector<int> out;
  for (const auto& node : boundary.nodes) {
    out.push_back(index.find(node.position));
    if (out.back() < 0) {
      throw NumericalError("bar finite elements: boundary node at (" + toText(node.position.x()) +
                           ", " + toText(node.position.y()) + ") is not a node of the model");
    }
  }
  return out;
}

// The probes of each node's reading: its normal at its model node (ullrich-pai §3's pairing), or
// its own load f_j / w_j (work-conjugate to its traction; not the paper's, and passive always).
Eigen::MatrixXd readings(const BoundaryMesh& boundary, const PlaneStrainMesh& mesh,
                         const Eigen::MatrixXd& loads, const std::vector<double>& tributary,
                         FiniteElementOptions::Reading reading) {
  if (reading == FiniteElementOptions::Reading::kWorkConjugate) {
    Eigen::MatrixXd probes = loads;
    for (Eigen::Index j = 0; j < probes.cols(); ++j)
      probes.col(j) /= tributary[static_cast<std::size_t>(j)];
    return probes;
  }
  const auto fem_node = boundaryNodes(boundary, mesh);
  Eigen::MatrixXd probes = Eigen::MatrixXd::Zero(loads.rows(), loads.cols());
  for (std::size_t j = 0; j < boundary.nodes.size(); ++j) {
    const auto k = static_cast<Eigen::Index>(fem_node[j]);
    probes(2 * k, static_cast<Eigen::Index>(j)) = boundary.nodes[j].normal.x();
    probes(2 * k + 1, static_cast<Eigen::Index>(j)) = boundary.nodes[j].normal.y();
  }
  return probes;
}

}  // namespace

ResponseMap computeBarFiniteElementMap(double length, double diameter, int side_elements,
                                       int tip_elements, double side_grading,
                                       const FiniteElementOptions& elements,
                                       const ElasticMaterial& material,
                                       const ResponseMapOptions& options, const std::string& name) {
  // Limits: what the model cannot mesh, and models too large, before any meshing.
  material.validate();
  if (side_elements > 1 && side_elements % 2 != 0) {
    throw InvalidInputError(
        "bar finite elements: need 1 or an even number of side elements (the lower side's "
        "columns mirror the upper side's), got " +
        toText(side_elements));
  }
  // The rectangle's nodes alone, a lower bound on the model's.
  const double rectangle_nodes = (2.0 * side_elements * elements.side_columns + 1.0) *
                                 (4.0 * std::max(elements.rings, 0) + 5.0);
  if (2.0 * rectangle_nodes > 4.0 * kMaxDenseDofs)
    throw tooManyDofs(2.0 * rectangle_nodes);
  // Meshes: the boundary elements' nodes (the map's) and the model sharing them.
  const BoundaryMesh boundary =
      meshLoops({barLoop(length, diameter, side_elements, tip_elements, side_grading)});
  const PlaneStrainMesh mesh =
      barPlaneStrainMesh(boundary, length, diameter, tip_elements, elements);
  if (2.0 * static_cast<double>(mesh.nodes.size()) > 4.0 * kMaxDenseDofs)
    throw tooManyDofs(2.0 * static_cast<double>(mesh.nodes.size()));
  requireValidTailFraction(options);
  const ConvolutionQuadrature cq(options.time_step, options.samples, options.quadrature);
  const auto system = assemblePlaneStrain(mesh, material);
  const auto tributary = boundary.tributaryLengths();
  const Eigen::MatrixXd loads = tractionLoads(boundary, mesh);
  const Eigen::MatrixXd probes = readings(boundary, mesh, loads, tributary, elements.reading);

  // Modes: K φ = ω² M φ with φᵀ M φ = 1, seen through the loads and the readings; the three
  // lowest are the rigid ones (ω² ≈ 0).
  const auto count = static_cast<Eigen::Index>(boundary.nodes.size());
  Eigen::MatrixXd both(loads.rows(), 2 * count);
  both << loads, probes;
  const auto modes = projectedModes(mesh, system, both, true, kMaxDenseDofs);
  const Eigen::VectorXd& omega2 = modes.omega2;
  const auto dofs = omega2.size();
  if (!(std::abs(omega2[2]) < 1e-6 * omega2[3])) {
    throw NumericalError("bar finite elements: the model has no three rigid modes (ω² = " +
                         toText(omega2[2]) + ", next " + toText(omega2[3]) + ")");
  }
  // Each node's modal terms: C_j(s) = Σ_m (φ_mᵀ f_j)(φ_mᵀ probe_j) / (s² + ω_m²).
  Eigen::MatrixXd weight =
      modes.projections.topRows(count).cwiseProduct(modes.projections.bottomRows(count));
  const std::size_t nodes = boundary.nodes.size();
  std::vector<double> steady(nodes, 0.0);
  if (options.remove_rigid_motion) {
    weight.leftCols(3).setZero();
    const Eigen::VectorXd static_compliance =
        weight.rightCols(dofs - 3) * omega2.tail(dofs - 3).cwiseInverse();
    for (std::size_t j = 0; j < nodes; ++j)
      steady[j] = tributary[j] / static_compliance[static_cast<Eigen::Index>(j)];
  }
  const Eigen::MatrixXcd complex_weight = weight.cast<std::complex<double>>();

  // Frequencies: F_j(s_l) = w_j / C_j(s_l), each a matrix–vector product.
  const auto spectrum = stepResponseSpectrum(cq, tributary, options, [&](std::complex<double> s) {
    Eigen::VectorXcd resolvent(dofs);
    for (Eigen::Index m = 0; m < dofs; ++m)
      resolvent[m] = 1.0 / (s * s + (m < 3 ? 0.0 : omega2[m]));  // rigid modes: exactly 1/s²
    const Eigen::VectorXcd compliance = complex_weight * resolvent;
    return std::vector<std::complex<double>>(compliance.begin(), compliance.end());
  });
  // Only the node reading can grow (the work-conjugate one is a positive-real sum).
  const std::string remedy =
      elements.reading == FiniteElementOptions::Reading::kWorkConjugate
          ? "a work-conjugate finite element map cannot grow (its compliance is a positive-real "
            "sum), so this is a numerical failure of the eigensolver or the quadrature: please "
            "report it with the options used"
          : "read the displacement work-conjugate to the node's traction "
            "(FiniteElementOptions::Reading::kWorkConjugate, --reading work-conjugate), which is "
            "passive on every mesh and step";
  return stepResponseMap(cq, boundary, material, options, name, spectrum, steady, remedy);
}

}  // namespace contactsim
