#include "bem/elastodynamics.hpp"

#include <tbb/parallel_for.h>

#include <Eigen/LU>
#include <cmath>
#include <string>
#include <tuple>

#include "contactsim/error.hpp"
#include "mixed_system.hpp"

namespace contactsim {

ElastodynamicSolver::ElastodynamicSolver(BoundaryMesh mesh, const ElasticMaterial& material)
    : mesh_(std::move(mesh)), material_(material) {
  material_.validate();
  rules_ = buildBoundaryQuadrature(mesh_);
  statics_ = assembleStatic(mesh_, rules_, material_);
}

BoundaryHistory ElastodynamicSolver::solve(const std::vector<NodeCondition>& kinds,
                                           const std::function<Vec2(int node, double t)>& given,
                                           const ConvolutionQuadrature& cq) const {
  using Complex = std::complex<double>;
  bem_detail::requireConditionCount(kinds, statics_.h);
  const std::size_t nodes = mesh_.nodes.size();
  const auto unknowns = static_cast<Eigen::Index>(2 * nodes);
  const auto steps = static_cast<std::size_t>(cq.steps());
  // The given data (sampled once, [node][step]) and their scaled transforms per unknown slot.
  std::vector<std::vector<Vec2>> data(nodes, std::vector<Vec2>(steps));
  std::vector<std::vector<Complex>> data_hat(static_cast<std::size_t>(unknowns));
  for (std::size_t j = 0; j < nodes; ++j) {
    std::vector<double> gx(steps);
    std::vector<double> gy(steps);
    for (std::size_t n = 0; n < steps; ++n) {
      const Vec2 value = given(static_cast<int>(j), static_cast<double>(n) * cq.timeStep());
      if (!value.allFinite()) {
        throw InvalidInputError("elastodynamics: boundary data at node " + toText(j) + ", step " +
                                toText(n) + " is not finite");
      }
      data[j][n] = value;
      gx[n] = value.x();
      gy[n] = value.y();
    }
    data_hat[2 * j] = cq.transform(gx);
    data_hat[2 * j + 1] = cq.transform(gy);
  }
  const auto& frequencies = cq.frequencies();
  const double max_panel = dynamicPanelLength(material_, frequencies);
  std::vector<Eigen::VectorXcd> solutions(frequencies.size());
  tbb::parallel_for(std::size_t{0}, frequencies.size(), [&](std::size_t l) {
    const auto m = assembleLaplace(mesh_, rules_, material_, frequencies[l], statics_, max_panel);
    const MatXcd a = bem_detail::mixedMatrix(m.h, m.g, mesh_, kinds);
    Eigen::VectorXcd values(unknowns);
    for (Eigen::Index k = 0; k < unknowns; ++k) {
      values[k] = data_hat[static_cast<std::size_t>(k)][l];
    }
    const Eigen::VectorXcd b = bem_detail::mixedRightHandSide(m.h, m.g, mesh_, kinds, values);
    solutions[l] = a.partialPivLu().solve(b);
  });
  // Back to the time domain, unknown by unknown; then assemble the states.
  BoundaryHistory history;
  history.displacement.assign(steps, std::vector<Vec2>(nodes));
  history.traction.assign(steps, std::vector<Vec2>(nodes));
  std::vector<Complex> spectrum(frequencies.size());
  for (std::size_t j = 0; j < nodes; ++j) {
    std::array<std::vector<double>, 2> unknown;
    for (std::size_t k = 0; k < 2; ++k) {
      for (std::size_t l = 0; l < frequencies.size(); ++l) {
        spectrum[l] = solutions[l][static_cast<Eigen::Index>(2 * j + k)];
      }
      unknown[k] = cq.inverse(spectrum);
    }
    for (std::size_t n = 0; n < steps; ++n) {
      std::tie(history.displacement[n][j], history.traction[n][j]) = bem_detail::nodeState(
          mesh_.nodes[j], kinds[j], data[j][n], Vec2(unknown[0][n], unknown[1][n]));
    }
  }
  for (std::size_t n = 0; n < steps; ++n) {
    for (std::size_t j = 0; j < nodes; ++j) {
      if (!history.traction[n][j].allFinite() || !history.displacement[n][j].allFinite()) {
        throw NumericalError("elastodynamics: the solution is not finite (node " + toText(j) +
                             ", step " + toText(n) + ")");
      }
    }
  }
  return history;
}

}  // namespace contactsim
