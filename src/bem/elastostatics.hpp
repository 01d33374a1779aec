// Elastostatic boundary value problems: H u = G t rearranged so that the unknown component of
// every node (displacement where traction is given, traction where displacement is given) moves to
// the left (ullrich-pai §3, after eq. 5; Dominguez 1993 §2.5), solved densely.
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "bem/boundary_conditions.hpp"
#include "bem/boundary_matrices.hpp"
#include "contactsim/bem/boundary_mesh.hpp"
#include "contactsim/bem/elastic_material.hpp"

namespace contactsim {

class ElastostaticSolver {
 public:
  /// Throws InvalidInputError for an invalid material or a degenerate mesh.
  ElastostaticSolver(BoundaryMesh mesh, const ElasticMaterial& material);

  /// One condition per node. A problem whose conditions leave rigid-body motion free (tractions
  /// everywhere) is singular: pin three displacement components. Throws InvalidInputError for a
  /// wrong count or non-finite values, NumericalError if the system is singular.
  [[nodiscard]] BoundaryState solve(const std::vector<NodeCondition>& conditions) const;

  /// Tangential normal stress σ_ττ at a node from the solved state (plane strain):
  /// σ_ττ = E/(1 − ν²) ε_ττ + ν/(1 − ν) σ_nn, ε_ττ from the derivative of the interpolated
  /// displacement along the element (`element`, which must carry the node).
  [[nodiscard]] double tangentialStress(const BoundaryState& state, int node, int element) const;

  [[nodiscard]] const BoundaryMesh& mesh() const { return mesh_; }
  [[nodiscard]] const BoundaryMatrices<MatXd>& matrices() const { return matrices_; }
  [[nodiscard]] const BoundaryQuadrature& quadrature() const { return quadrature_; }

 private:
  BoundaryMesh mesh_;
  ElasticMaterial material_;
  BoundaryQuadrature quadrature_;
  BoundaryMatrices<MatXd> matrices_;
};

}  // namespace contactsim
