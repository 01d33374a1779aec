// H u = G t with per-node mixed conditions rearranged into A x = b (internal to bem; shared by the
// static and the Laplace-domain solvers). Unknown x per node component: the displacement where
// the traction is given, the traction where the displacement is given, in the condition's frame.
#pragma once

#include <Eigen/Core>
#include <string>
#include <utility>
#include <vector>

#include "bem/boundary_conditions.hpp"
#include "contactsim/error.hpp"

namespace contactsim::bem_detail {

template <class Matrix>
void requireConditionCount(const std::vector<NodeCondition>& conditions, const Matrix& h) {
  if (static_cast<Eigen::Index>(2 * conditions.size()) != h.rows()) {
    throw InvalidInputError("boundary elements: " + toText(conditions.size()) +
                            " boundary conditions for " + toText(h.rows() / 2) + " nodes");
  }
}

/// Column k of a node's frame, in the matrices' scalar type.
template <class Scalar>
Eigen::Matrix<Scalar, 2, 1> frameColumn(const BoundaryNode& node, const NodeCondition& c, int k) {
  return nodeFrame(node, c.frame).col(k).template cast<Scalar>();
}

/// A node's displacement and traction, global components, from its condition, the values given
/// (condition frame) and the solved unknowns (the other component of each pair).
inline std::pair<Vec2, Vec2> nodeState(const BoundaryNode& node, const NodeCondition& c,
                                       const Vec2& given, const Vec2& unknown) {
  Vec2 u_local;
  Vec2 t_local;
  for (int k = 0; k < 2; ++k) {
    const bool displacement = c.displacement_given[static_cast<std::size_t>(k)];
    u_local[k] = displacement ? given[k] : unknown[k];
    t_local[k] = displacement ? unknown[k] : given[k];
  }
  const Eigen::Matrix2d frame = nodeFrame(node, c.frame);
  return {frame * u_local, frame * t_local};
}

/// The system matrix A (independent of the given values).
template <class Matrix>
Matrix mixedMatrix(const Matrix& h, const Matrix& g, const BoundaryMesh& mesh,
                   const std::vector<NodeCondition>& conditions) {
  requireConditionCount(conditions, h);
  Matrix a(h.rows(), h.cols());
  for (std::size_t j = 0; j < conditions.size(); ++j) {
    const auto& c = conditions[j];
    const auto col = static_cast<Eigen::Index>(2 * j);
    for (int k = 0; k < 2; ++k) {
      const auto f = frameColumn<typename Matrix::Scalar>(mesh.nodes[j], c, k);
      if (c.displacement_given[static_cast<std::size_t>(k)]) {
        a.col(col + k) = -(g.middleCols(col, 2) * f);
      } else {
        a.col(col + k) = h.middleCols(col, 2) * f;
      }
    }
  }
  return a;
}

/// The right-hand side b for given values (per node, in the condition's frame).
template <class Matrix, class Vector>
Vector mixedRightHandSide(const Matrix& h, const Matrix& g, const BoundaryMesh& mesh,
                          const std::vector<NodeCondition>& conditions, const Vector& values) {
  Vector b = Vector::Zero(h.rows());
  for (std::size_t j = 0; j < conditions.size(); ++j) {
    const auto& c = conditions[j];
    const auto col = static_cast<Eigen::Index>(2 * j);
    for (int k = 0; k < 2; ++k) {
      const auto f = frameColumn<typename Matrix::Scalar>(mesh.nodes[j], c, k);
      const auto value = values[col + k];
      if (c.displacement_given[static_cast<std::size_t>(k)]) {
        b -= (h.middleCols(col, 2) * f) * value;
      } else {
        b += (g.middleCols(col, 2) * f) * value;
      }
    }
  }
  return b;
}

}  // namespace contactsim::bem_detail
