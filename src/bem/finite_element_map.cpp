// computeBarFiniteElementMap (include/contactsim/bem/response_map_builder.hpp): ullrich-pai §3's
// compliance C_j(s) and §4's map, from a plane-strain finite element model of the body.
#include <cmath>

#include "bem/convolution_quadrature.hpp"
#include "bem/gauss_legendre.hpp"
#include "bem/mirror_modes.hpp"
#include "bem/plane_strain_elements.hpp"
#include "bem/step_response_map.hpp"
#include "contactsim/bem/response_map_builder.hpp"
#include "contactsim/error.hpp"

namespace contactsim {
namespace {

// Dense eigenproblems up to this size (~0.9 GB and ~4 min for each mirror class at the limit).
constexpr Eigen::Index kMaxDenseDofs = 6000;

// The finite element node at each boundary node (the mesh shares them by construction).
std::vector<int> boundaryNodes(const BoundaryMesh& boundary, const PlaneStrainMesh& mesh) {
  std::vector<int> out;
  for (const auto& node : boundary.nodes) {
    int found = -1;
    for (std::size_t k = 0; k < mesh.nodes.size() && found < 0; ++k) {
      if ((mesh.nodes[k] - node.position).norm() < 1e-9)
        found = static_cast<int>(k);
    }
    if (found < 0) {
      throw NumericalError("bar finite elements: boundary node at (" + toText(node.position.x()) +
                           ", " + toText(node.position.y()) + ") is not a node of the model");
    }
    out.push_back(found);
  }
  return out;
}

// Consistent nodal loads of the traction N_j(ξ) n_j on the boundary elements carrying node j,
// integrated over the model's boundary edges under them: f_a = n_j ∫ L_a(t) N_j(ξ(t)) |dx/dξ|
// dξ/dt dt with the edge's quadratic shape functions L_a (the model's trace on the boundary).
// Column j, dofs 2k (x) and 2k + 1 (y) of node k.
Eigen::MatrixXd tractionLoads(const BoundaryMesh& boundary, const PlaneStrainMesh& mesh) {
  const auto& rule = bem_detail::gaussLegendre(5);
  const auto dofs = static_cast<Eigen::Index>(2 * mesh.nodes.size());
  Eigen::MatrixXd loads =
      Eigen::MatrixXd::Zero(dofs, static_cast<Eigen::Index>(boundary.nodes.size()));
  for (const auto& edge : mesh.boundary_edges) {
    const auto& element = boundary.elements[edge.element];
    const double half = 0.5 * (edge.xi_end - edge.xi_start);  // dξ/dt
    for (std::size_t q = 0; q < rule.x.size(); ++q) {
      const double t = rule.x[q];
      const double xi = edge.xi_start + (t + 1.0) * half;
      const auto shape = element.shape(xi);
      const double length = element.tangent(xi).norm() * half * rule.w[q];
      const std::array<double, 3> trace{0.5 * t * (t - 1.0), 1.0 - t * t, 0.5 * t * (t + 1.0)};
      for (std::size_t a = 0; a < 3; ++a) {
        for (std::size_t b = 0; b < 3; ++b) {
          const auto j = static_cast<std::size_t>(element.nodes[b]);
          const int k = edge.nodes[a];
          const Vec2 f = trace[a] * shape[b] * length * boundary.nodes[j].normal;
          loads(2 * k, static_cast<Eigen::Index>(j)) += f.x();
          loads(2 * k + 1, static_cast<Eigen::Index>(j)) += f.y();
        }
      }
    }
  }
  return loads;
}

// The probes of each node's reading: its normal at its model node, or its own load f_j / w_j.
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
  // Meshes: the boundary elements' nodes (the map's) and the model sharing them.
  material.validate();
  const BoundaryMesh boundary =
      meshLoops({barLoop(length, diameter, side_elements, tip_elements, side_grading)});
  const PlaneStrainMesh mesh =
      barPlaneStrainMesh(boundary, length, diameter, tip_elements, elements);
  if (const auto dofs = static_cast<Eigen::Index>(2 * mesh.nodes.size());
      dofs > 4 * kMaxDenseDofs) {  // even four equal mirror classes would be too large
    throw InvalidInputError("bar finite elements: " + toText(dofs) +
                            " degrees of freedom, at most " + toText(4 * kMaxDenseDofs) +
                            " (four dense eigenproblems): use fewer rings, columns or elements");
  }
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
      elements.reading == FiniteElementOptions::Reading::kNode
          ? "read the displacement work-conjugate to the node's traction "
            "(FiniteElementOptions::Reading::kWorkConjugate, --reading work-conjugate), which is "
            "passive on every mesh and step"
          : "";
  return stepResponseMap(cq, boundary, material, options, name, spectrum, steady, remedy);
}

}  // namespace contactsim
