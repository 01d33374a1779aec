// Transient elastodynamic boundary value problems by convolution quadrature (ullrich-pai §3;
// Lubich 1988): every step of the time-domain solution comes from Laplace-domain boundary element
// solves H(s_l) u = G(s_l) t at the quadrature's frequencies (run in parallel), combined by FFT.
// Zero initial conditions, no body forces (ullrich-pai eq. 5).
#pragma once

#include <functional>
#include <vector>

#include "bem/boundary_conditions.hpp"
#include "bem/boundary_matrices.hpp"
#include "bem/convolution_quadrature.hpp"
#include "contactsim/bem/boundary_mesh.hpp"
#include "contactsim/bem/elastic_material.hpp"

namespace contactsim {

/// Displacements and tractions per step: [step][node], global components.
struct BoundaryHistory {
  std::vector<std::vector<Vec2>> displacement;
  std::vector<std::vector<Vec2>> traction;
};

class ElastodynamicSolver {
 public:
  /// Throws InvalidInputError for an invalid material or a degenerate mesh.
  ElastodynamicSolver(BoundaryMesh mesh, const ElasticMaterial& material);

  /// `kinds` fixes per node which components are given (their `value` is ignored); `given(node,
  /// t)` returns the given values at time t in that node's frame. Samples t_n = nΔt,
  /// n = 0 … steps − 1. Throws InvalidInputError for a wrong count or non-finite data.
  [[nodiscard]] BoundaryHistory solve(const std::vector<NodeCondition>& kinds,
                                      const std::function<Vec2(int node, double t)>& given,
                                      const ConvolutionQuadrature& quadrature) const;

  [[nodiscard]] const BoundaryMesh& mesh() const { return mesh_; }
  [[nodiscard]] const ElasticMaterial& material() const { return material_; }
  [[nodiscard]] const BoundaryQuadrature& quadrature() const { return rules_; }
  [[nodiscard]] const BoundaryMatrices<MatXd>& statics() const { return statics_; }

 private:
  BoundaryMesh mesh_;
  ElasticMaterial material_;
  BoundaryQuadrature rules_;
  BoundaryMatrices<MatXd> statics_;
};

}  // namespace contactsim
