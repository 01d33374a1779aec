// computeBarFiniteElementMap (include/contactsim/bem/response_map_builder.hpp): ullrich-pai §3's
// compliance C_j(s) and §4's map, from a plane-strain finite element model of the body.
#include <Eigen/Eigenvalues>
#include <cmath>

#include "bem/convolution_quadrature.hpp"
#include "bem/gauss_legendre.hpp"
#include "bem/plane_strain_elements.hpp"
#include "bem/step_response_map.hpp"
#include "contactsim/bem/response_map_builder.hpp"
#include "contactsim/error.hpp"

namespace contactsim {
namespace {

constexpr Eigen::Index kMaxDofs = 8000;

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

// Consistent nodal loads of the traction N_j(ξ) n_j on the boundary elements carrying node j:
// f_a = n_j ∫ N_a N_j |dx/dξ| dξ (the boundary elements' shape functions are the finite elements'
// traces on the boundary). Column j, dofs 2k (x) and 2k + 1 (y) of node k.
Eigen::MatrixXd tractionLoads(const BoundaryMesh& boundary, const std::vector<int>& fem_node,
                              Eigen::Index dofs) {
  const auto& rule = bem_detail::gaussLegendre(5);
  Eigen::MatrixXd loads = Eigen::MatrixXd::Zero(dofs, static_cast<Eigen::Index>(fem_node.size()));
  for (const auto& element : boundary.elements) {
    for (std::size_t q = 0; q < rule.x.size(); ++q) {
      const auto shape = element.shape(rule.x[q]);
      const double length = element.tangent(rule.x[q]).norm() * rule.w[q];
      for (std::size_t a = 0; a < 3; ++a) {
        for (std::size_t b = 0; b < 3; ++b) {
          const auto j = static_cast<std::size_t>(element.nodes[b]);
          const int k = fem_node[static_cast<std::size_t>(element.nodes[a])];
          const Vec2 f = shape[a] * shape[b] * length * boundary.nodes[j].normal;
          loads(2 * k, static_cast<Eigen::Index>(j)) += f.x();
          loads(2 * k + 1, static_cast<Eigen::Index>(j)) += f.y();
        }
      }
    }
  }
  return loads;
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
      barPlaneStrainMesh(length, diameter, side_elements, tip_elements, side_grading,
                         elements.rings, elements.ring_growth);
  const auto dofs = static_cast<Eigen::Index>(2 * mesh.nodes.size());
  if (dofs > kMaxDofs) {
    throw InvalidInputError("bar finite elements: " + toText(dofs) +
                            " degrees of freedom, at most " + toText(kMaxDofs) +
                            " (a dense eigenproblem): use fewer rings or elements");
  }
  requireValidTailFraction(options);
  const ConvolutionQuadrature cq(options.time_step, options.samples, options.quadrature);
  const auto fem_node = boundaryNodes(boundary, mesh);
  const auto system = assemblePlaneStrain(mesh, material);
  const Eigen::MatrixXd loads = tractionLoads(boundary, fem_node, dofs);

  // Modes: K φ = ω² M φ with φᵀ M φ = 1; the three lowest are the rigid ones (ω² ≈ 0).
  const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> modes{
      Eigen::MatrixXd(system.stiffness), Eigen::MatrixXd(system.mass)};
  if (modes.info() != Eigen::Success) {
    throw NumericalError("bar finite elements: the eigenproblem K φ = ω² M φ did not converge");
  }
  const Eigen::VectorXd& omega2 = modes.eigenvalues();
  const Eigen::MatrixXd& shapes = modes.eigenvectors();
  if (!(std::abs(omega2[2]) < 1e-6 * omega2[3])) {
    throw NumericalError("bar finite elements: the model has no three rigid modes (ω² = " +
                         toText(omega2[2]) + ", next " + toText(omega2[3]) + ")");
  }
  // Each node's modal terms: C_j(s) = Σ_m weight(j, m) / (s² + ω_m²).
  const std::size_t nodes = boundary.nodes.size();
  const auto count = static_cast<Eigen::Index>(nodes);
  const Eigen::MatrixXd modal_load = loads.transpose() * shapes;  // (j, m): φ_mᵀ f_j
  Eigen::MatrixXd weight(count, dofs);
  for (Eigen::Index j = 0; j < count; ++j) {
    const Vec2 n = boundary.nodes[static_cast<std::size_t>(j)].normal;
    const Eigen::Index k = fem_node[static_cast<std::size_t>(j)];
    weight.row(j) =
        modal_load.row(j).cwiseProduct(n.x() * shapes.row(2 * k) + n.y() * shapes.row(2 * k + 1));
  }
  const auto tributary = boundary.tributaryLengths();
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
  return stepResponseMap(cq, boundary, material, options, name, spectrum, steady);
}

}  // namespace contactsim
