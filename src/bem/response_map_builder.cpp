#include "contactsim/bem/response_map_builder.hpp"

#include <Eigen/LU>
#include <array>
#include <cmath>
#include <string>

#include "bem/boundary_matrices.hpp"
#include "bem/convolution_quadrature.hpp"
#include "bem/step_response_map.hpp"
#include "contactsim/error.hpp"

namespace contactsim {

const char* timeQuadratureName(TimeQuadrature quadrature) noexcept {
  return quadrature == TimeQuadrature::bdf1 ? "bdf1" : "bdf2";
}

TimeQuadrature parseTimeQuadrature(const std::string& name, const std::string& where) {
  constexpr std::array kQuadratures{TimeQuadrature::bdf2, TimeQuadrature::bdf1};
  for (const TimeQuadrature quadrature : kQuadratures) {
    if (name == timeQuadratureName(quadrature))
      return quadrature;
  }
  throw InvalidInputError(where + ": quadrature must be '" + timeQuadratureName(kQuadratures[0]) +
                          "' or '" + timeQuadratureName(kQuadratures[1]) + "', got '" + name + "'");
}

ResponseMap computeResponseMap(const BoundaryMesh& mesh, const ElasticMaterial& material,
                               const ResponseMapOptions& options, const std::string& name) {
  material.validate();
  if (!mesh.nodes.empty() && mesh.nodes.back().loop != 0) {
    throw InvalidInputError(
        "response map: the body must be bounded by one loop (holes are not supported: the map's "
        "outline and the run time's mass properties are the outer loop)");
  }
  requireValidTailFraction(options);
  const ConvolutionQuadrature cq(options.time_step, options.samples, options.quadrature);
  const auto rules = buildBoundaryQuadrature(mesh);
  const auto statics = assembleStatic(mesh, rules, material);
  const std::size_t nodes = mesh.nodes.size();
  const auto weights = mesh.tributaryLengths();
  const double max_panel = dynamicPanelLength(material, cq.frequencies());
  // C_j(s) = n_jᵀ [H(s)⁻¹ G(s)]_jj n_j at every node for one frequency.
  const auto compliances = [&](std::complex<double> s) {
    const auto m = assembleLaplace(mesh, rules, material, s, statics, max_panel);
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
  // themselves represent it, and the steady state. At real s below the lowest vibration
  // frequency, s² C_j(s) = R_j + C_j^elastic(0) s² + c₂ s⁴ + O(s⁶): three samples at s₁, 2s₁, 3s₁
  // give R_j and C_j^elastic(0) (a Vandermonde solve in s²). s₁ = 0.1 c_s / size balances the
  // truncation (3s₁ against the bar's first bending frequency, ≈ 2 % there) against the
  // cancellation of C^elastic under R/s² (mirror-image nodes of the bar agree to 2 % at 0.1,
  // 7 % at 0.05). Subtracting the closed form
  // w_j (1/m + (r × n)²/I) instead leaves the rigid modes' discretisation error as a residual
  // 1/s² term that swamps C^elastic at low s.
  std::vector<double> rigid(nodes, 0.0);
  std::vector<double> steady(nodes, 0.0);
  if (options.remove_rigid_motion) {
    const double s1 = 0.1 * material.shearWaveSpeed() /
                      (2.0 * mesh.massProperties(material.density).bounding_radius);
    Eigen::Matrix3d vandermonde;
    std::array<std::vector<std::complex<double>>, 3> samples;
    for (int k = 0; k < 3; ++k) {
      const double sk = (k + 1) * s1;
      vandermonde.row(k) << 1.0, sk * sk, sk * sk * sk * sk;
      samples[static_cast<std::size_t>(k)] = compliances(sk);
    }
    const Eigen::PartialPivLU<Eigen::Matrix3d> lu(vandermonde);
    for (std::size_t j = 0; j < nodes; ++j) {
      Eigen::Vector3d y;
      for (int k = 0; k < 3; ++k) {
        const double sk = (k + 1) * s1;
        y[k] = sk * sk * samples[static_cast<std::size_t>(k)][j].real();
      }
      const Eigen::Vector3d c = lu.solve(y);
      rigid[j] = c[0];
      steady[j] = weights[j] / c[1];
    }
  }
  // spectrum[j][l] = F_j(s_l) / (1 − ζ_l): the generating function of the step response.
  const auto spectrum = stepResponseSpectrum(cq, weights, options, [&](std::complex<double> s) {
    auto c = compliances(s);
    for (std::size_t j = 0; j < nodes; ++j)
      c[j] -= rigid[j] / (s * s);
    return c;
  });
  return stepResponseMap(cq, mesh, material, options, name, spectrum, steady);
}

}  // namespace contactsim
