#include "bem/elastostatics.hpp"

#include <cmath>
#include <string>
#include <tuple>

#include "contactsim/error.hpp"
#include "mixed_system.hpp"

namespace contactsim {

ElastostaticSolver::ElastostaticSolver(BoundaryMesh mesh, const ElasticMaterial& material)
    : mesh_(std::move(mesh)), material_(material) {
  material_.validate();
  quadrature_ = buildBoundaryQuadrature(mesh_);
  matrices_ = assembleStatic(mesh_, quadrature_, material_);
}

BoundaryState ElastostaticSolver::solve(const std::vector<NodeCondition>& conditions) const {
  const std::size_t count = mesh_.nodes.size();
  bem_detail::requireConditionCount(conditions, matrices_.h);
  Eigen::VectorXd values(static_cast<Eigen::Index>(2 * count));
  for (std::size_t j = 0; j < count; ++j) {
    if (!conditions[j].value.allFinite()) {
      throw InvalidInputError("elastostatics: boundary condition at node " + toText(j) +
                              " is not finite");
    }
    values.segment<2>(static_cast<Eigen::Index>(2 * j)) = conditions[j].value;
  }
  const MatXd a = bem_detail::mixedMatrix(matrices_.h, matrices_.g, mesh_, conditions);
  const Eigen::VectorXd b =
      bem_detail::mixedRightHandSide(matrices_.h, matrices_.g, mesh_, conditions, values);
  // Columns of H (displacement unknowns) and G (traction unknowns) differ by the shear modulus:
  // equilibrate them so that the condition estimate means something.
  const Eigen::VectorXd scale = a.colwise().norm().cwiseInverse().transpose();
  const Eigen::PartialPivLU<MatXd> lu(a * scale.asDiagonal());
  const Eigen::VectorXd x = scale.asDiagonal() * lu.solve(b);
  // Rigid-body translation is an exact null vector of H (its diagonal is built that way), so a
  // problem that leaves it free shows a reciprocal condition number at rounding level.
  if (!x.allFinite() || lu.rcond() < 1e-12) {
    throw NumericalError(
        "elastostatics: the boundary element system is singular (do the conditions leave a "
        "rigid-body motion free?)");
  }
  BoundaryState state;
  state.displacement.resize(count);
  state.traction.resize(count);
  for (std::size_t j = 0; j < count; ++j) {
    std::tie(state.displacement[j], state.traction[j]) =
        bem_detail::nodeState(mesh_.nodes[j], conditions[j], conditions[j].value,
                              x.segment<2>(static_cast<Eigen::Index>(2 * j)));
  }
  return state;
}

double ElastostaticSolver::tangentialStress(const BoundaryState& state, int node,
                                            int element_index) const {
  const auto& element = mesh_.elements.at(static_cast<std::size_t>(element_index));
  int local = -1;
  for (int a = 0; a < 3; ++a) {
    if (element.nodes[static_cast<std::size_t>(a)] == node) {
      local = a;
    }
  }
  if (local < 0) {
    throw InvalidInputError("element " + toText(element_index) + " does not carry node " +
                            toText(node));
  }
  const double xi = element.node_xi[static_cast<std::size_t>(local)];
  // dN/dξ of the quadratic Lagrange basis through node_xi.
  const auto& nx = element.node_xi;
  const std::array<double, 3> dshape{
      (2.0 * xi - nx[1] - nx[2]) / ((nx[0] - nx[1]) * (nx[0] - nx[2])),
      (2.0 * xi - nx[0] - nx[2]) / ((nx[1] - nx[0]) * (nx[1] - nx[2])),
      (2.0 * xi - nx[0] - nx[1]) / ((nx[2] - nx[0]) * (nx[2] - nx[1]))};
  Vec2 du = Vec2::Zero();
  for (std::size_t a = 0; a < 3; ++a) {
    du += dshape[a] * state.displacement[static_cast<std::size_t>(element.nodes[a])];
  }
  const Vec2 tangent = element.tangent(xi);
  const double jacobian = tangent.norm();
  const double strain = (tangent / jacobian).dot(du) / jacobian;
  const Vec2 normal = element.normal(xi);
  const double sigma_nn = state.traction[static_cast<std::size_t>(node)].dot(normal);
  const double e = material_.youngs_modulus;
  const double nu = material_.poisson_ratio;
  return e / (1.0 - nu * nu) * strain + nu / (1.0 - nu) * sigma_nn;
}

}  // namespace contactsim
