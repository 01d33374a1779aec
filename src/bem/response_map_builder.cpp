#include "contactsim/bem/response_map_builder.hpp"

#include <tbb/parallel_for.h>

#include <Eigen/LU>
#include <cmath>
#include <string>

#include "contactsim/bem/boundary_matrices.hpp"
#include "contactsim/bem/convolution_quadrature.hpp"
#include "contactsim/error.hpp"

namespace contactsim {

ResponseMap computeResponseMap(const BoundaryMesh& mesh, const ElasticMaterial& material,
                               const ResponseMapOptions& options, const std::string& name) {
  material.validate();
  if (!(options.tail_fraction > 0.0 && options.tail_fraction <= 1.0)) {
    throw InvalidInputError("response map: tail fraction must lie in (0, 1], got " +
                            std::to_string(options.tail_fraction));
  }
  const ConvolutionQuadrature cq(options.time_step, options.samples);
  const auto rules = buildBoundaryQuadrature(mesh);
  const auto statics = assembleStatic(mesh, rules, material);
  const std::size_t nodes = mesh.nodes.size();
  const auto weights = mesh.tributaryLengths();
  // C_j(s) = n_jᵀ [H(s)⁻¹ G(s)]_jj n_j at every node for one frequency.
  const auto compliances = [&](std::complex<double> s) {
    const auto m = assembleLaplace(mesh, rules, material, s, statics);
    const Eigen::PartialPivLU<MatXcd> lu(m.h);
    const MatXcd flexibility = lu.solve(m.g);  // u = H⁻¹ G t
    std::vector<std::complex<double>> out(nodes);
    for (std::size_t j = 0; j < nodes; ++j) {
      const auto row = static_cast<Eigen::Index>(2 * j);
      const Eigen::Vector2cd n = mesh.nodes[j].normal.cast<std::complex<double>>();
      out[j] = n.dot(flexibility.block<2, 2>(row, row) * n);  // n is real: no conjugation
    }
    return out;
  };
  // The rigid-body part R_j / s² of C_j(s), R_j = w_j / m_eff,j, as the boundary elements
  // themselves represent it: s² C_j(s) = R_j + s² C_j^elastic(0) + O(s⁴) at real s far below the
  // lowest vibration frequency, extrapolated from s₁ and 2s₁ (Richardson). The closed form
  // w_j (1/m + (r × n)²/I) differs from it by the discretisation error of the rigid modes, and
  // subtracting that instead leaves a residual 1/s² term that can put a zero of C^elastic in
  // Re s > 0, i.e. a growing response (seen at the tip–side junctions of the bar).
  std::vector<double> rigid(nodes, 0.0);
  if (options.remove_rigid_motion) {
    const double s1 = 1e-2 * material.shearWaveSpeed() /
                      (2.0 * mesh.massProperties(material.density).bounding_radius);
    const auto c1 = compliances(s1);
    const auto c2 = compliances(2.0 * s1);
    for (std::size_t j = 0; j < nodes; ++j) {
      rigid[j] = 4.0 * s1 * s1 * (c1[j].real() - c2[j].real()) / 3.0;
    }
  }
  const auto& frequencies = cq.frequencies();
  const auto& zeta = cq.points();
  // spectrum[j][l] = F_j(s_l) / (1 − ζ_l): the generating function of the step response.
  std::vector<std::vector<std::complex<double>>> spectrum(
      nodes, std::vector<std::complex<double>>(frequencies.size()));
  tbb::parallel_for(std::size_t{0}, frequencies.size(), [&](std::size_t l) {
    const std::complex<double> s = frequencies[l];
    const auto c = compliances(s);
    for (std::size_t j = 0; j < nodes; ++j) {
      spectrum[j][l] = weights[j] / (c[j] - rigid[j] / (s * s)) / (1.0 - zeta[l]);
    }
  });
  const auto outline = mesh.outline();
  ResponseMap map;
  map.name = name;
  map.material = material;
  map.time_step = options.time_step;
  map.outline = outline;
  const auto tail =
      static_cast<std::size_t>(std::max(1.0, std::round(options.tail_fraction * options.samples)));
  for (std::size_t j = 0; j < nodes; ++j) {
    ResponseMapNode node;
    node.position = mesh.nodes[j].position;
    node.normal = mesh.nodes[j].normal;
    node.force = cq.inverse(spectrum[j]);
    double sum = 0.0;
    for (std::size_t m = node.force.size() - tail; m < node.force.size(); ++m) {
      sum += node.force[m];
    }
    node.stiffness = sum / static_cast<double>(tail);
    for (double f : node.force) {
      if (!std::isfinite(f)) {
        throw NumericalError("response map: node " + std::to_string(j) +
                             " has a non-finite response");
      }
    }
    map.nodes.push_back(std::move(node));
  }
  return map;
}

}  // namespace contactsim
