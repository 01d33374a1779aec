#include "bem/mirror_modes.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/SparseCore>
#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>
#include <utility>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

// Each node's mirror image under x → −x and under y → −y, if every node has both.
struct Mirrors {
  std::vector<int> x, y;
};

std::optional<Mirrors> findMirrors(const PlaneStrainMesh& mesh) {
  const NodeIndex index(mesh.nodes);
  Mirrors mirrors;
  for (const auto& p : mesh.nodes) {
    mirrors.x.push_back(index.find(Vec2(-p.x(), p.y())));
    mirrors.y.push_back(index.find(Vec2(p.x(), -p.y())));
    if (mirrors.x.back() < 0 || mirrors.y.back() < 0)
      return std::nullopt;
  }
  // Each mirror must be an involution (an image's image is the node itself).
  for (std::size_t k = 0; k < mesh.nodes.size(); ++k) {
    if (mirrors.x[static_cast<std::size_t>(mirrors.x[k])] != static_cast<int>(k) ||
        mirrors.y[static_cast<std::size_t>(mirrors.y[k])] != static_cast<int>(k))
      return std::nullopt;
  }
  return mirrors;
}

// An orthonormal basis of the class (a, b) — fields u with u_x(−x, y) = −a u_x(x, y),
// u_y(−x, y) = a u_y(x, y), and likewise b for y → −y — by projecting each node's unit
// displacements: column = Σ_g χ(g) g·e over the group {1, S_x, S_y, S_x S_y}.
Eigen::SparseMatrix<double> classBasis(const Mirrors& mirrors, int a, int b) {
  const auto nodes = static_cast<int>(mirrors.x.size());
  std::vector<Eigen::Triplet<double>> entries;
  int column = 0;
  for (int k = 0; k < nodes; ++k) {
    const int kx = mirrors.x[static_cast<std::size_t>(k)];
    const int ky = mirrors.y[static_cast<std::size_t>(k)];
    const int kxy = mirrors.y[static_cast<std::size_t>(kx)];
    if (k != std::min({k, kx, ky, kxy}))
      continue;  // one column per orbit, from its lowest node
    for (int d = 0; d < 2; ++d) {
      const double sx = d == 0 ? -1.0 : 1.0, sy = d == 1 ? -1.0 : 1.0;
      std::map<int, double> v;
      v[2 * k + d] += 1.0;
      v[2 * kx + d] += a * sx;
      v[2 * ky + d] += b * sy;
      v[2 * kxy + d] += a * b * sx * sy;
      double norm2 = 0.0;
      for (const auto& [dof, c] : v)
        norm2 += c * c;
      if (norm2 < 0.5)
        continue;  // a node on a mirror line, the component the class forbids
      for (const auto& [dof, c] : v) {
        if (c != 0.0)
          entries.emplace_back(dof, column, c / std::sqrt(norm2));
      }
      ++column;
    }
  }
  Eigen::SparseMatrix<double> basis(2 * nodes, column);
  basis.setFromTriplets(entries.begin(), entries.end());
  return basis;
}

// One dense generalised eigenproblem, projected: (ω², Vᵀ probes) with the eigenvectors V.
std::pair<Eigen::VectorXd, Eigen::MatrixXd> denseModes(const Eigen::MatrixXd& stiffness,
                                                       const Eigen::MatrixXd& mass,
                                                       const Eigen::MatrixXd& probes) {
  const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> modes(stiffness, mass);
  if (modes.info() != Eigen::Success) {
    throw NumericalError("bar finite elements: the eigenproblem K φ = ω² M φ did not converge");
  }
  return {modes.eigenvalues(), probes.transpose() * modes.eigenvectors()};
}

}  // namespace

ModalProjections projectedModes(const PlaneStrainMesh& mesh, const StiffnessAndMass& system,
                                const Eigen::MatrixXd& probes, bool use_symmetry,
                                Eigen::Index max_dense_dofs) {
  // Blocks: the four mirror classes' bases, or the identity.
  const Eigen::Index dofs = system.stiffness.rows();
  std::vector<Eigen::SparseMatrix<double>> bases;
  const auto mirrors = use_symmetry ? findMirrors(mesh) : std::nullopt;
  if (mirrors) {
    for (const auto& [a, b] : {std::pair{1, 1}, {1, -1}, {-1, 1}, {-1, -1}})
      bases.push_back(classBasis(*mirrors, a, b));
  }
  Eigen::Index total = 0;
  std::string sizes;
  for (const auto& basis : bases) {
    total += basis.cols();
    sizes += (sizes.empty() ? "" : ", ") + toText(basis.cols());
  }
  if (total != dofs) {  // no symmetry (or not every dof in one class): one block
    Eigen::SparseMatrix<double> identity(dofs, dofs);
    identity.setIdentity();
    bases.assign(1, identity);
    sizes = toText(dofs);
  }
  for (const auto& basis : bases) {
    if (basis.cols() > max_dense_dofs) {
      throw InvalidInputError("bar finite elements: " + toText(dofs) +
                              " degrees of freedom in dense eigenproblems of " + sizes +
                              ", at most " + toText(max_dense_dofs) +
                              " each: use fewer rings, columns or elements");
    }
  }
  // Each block's modes: Tᵀ K T ψ = ω² Tᵀ M T ψ, φ = T ψ (so φᵀ M φ = ψᵀ Tᵀ M T ψ = 1).
  ModalProjections out{Eigen::VectorXd(dofs), Eigen::MatrixXd(probes.cols(), dofs)};
  Eigen::Index m = 0;
  for (const auto& basis : bases) {
    const Eigen::SparseMatrix<double> k = basis.transpose() * system.stiffness * basis;
    const Eigen::SparseMatrix<double> mass = basis.transpose() * system.mass * basis;
    const Eigen::MatrixXd probe = basis.transpose() * probes;
    const auto [omega2, projections] = denseModes(Eigen::MatrixXd(k), Eigen::MatrixXd(mass), probe);
    out.omega2.segment(m, omega2.size()) = omega2;
    out.projections.middleCols(m, omega2.size()) = projections;
    m += omega2.size();
  }
  // All blocks' modes in ascending ω².
  std::vector<Eigen::Index> order(static_cast<std::size_t>(dofs));
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](Eigen::Index i, Eigen::Index j) { return out.omega2[i] < out.omega2[j]; });
  ModalProjections sorted{Eigen::VectorXd(dofs), Eigen::MatrixXd(probes.cols(), dofs)};
  for (Eigen::Index i = 0; i < dofs; ++i) {
    sorted.omega2[i] = out.omega2[order[static_cast<std::size_t>(i)]];
    sorted.projections.col(i) = out.projections.col(order[static_cast<std::size_t>(i)]);
  }
  return sorted;
}

}  // namespace contactsim
