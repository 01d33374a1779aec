// Exact evaluation of a Loop patch with one extraordinary vertex of valence N (Stam 1998): the
// K = N + 6 control vertices are subdivided n − 1 times by the K × K subdivision matrix A, applied
// through its eigenstructure so that the cost does not grow with n, then one extended step picks
// the 12 control vertices of the regular sub-patch k ∈ {1, 2, 3} that contains the point.
#pragma once

#include <array>
#include <vector>

#include <Eigen/Core>

#include "contactsim/geometry/surface.hpp"

namespace contactsim::loop {

/// Largest K = N + 6 (N ≤ kMaxLoopValence = 32): fixed capacity keeps evaluation off the heap.
inline constexpr int kMaxK = 38;
/// K × 3 control points or eigen-coordinates, at most kMaxK rows, no heap allocation.
using KPoints = Eigen::Matrix<double, Eigen::Dynamic, 3, Eigen::ColMajor, kMaxK, 3>;

/// Per-valence data, computed on first use from Loop's rules on a synthetic neighbourhood.
struct ExtraordinaryBasis {
  int valence = 0;
  int K = 0;
  Eigen::MatrixXd A;  ///< subdivision matrix, K × K, in extraordinaryLayout order
  /// A = V B V⁻¹ with B block diagonal: one block per distinct eigenvalue λ, λ I + nilpotent
  /// (the generalised eigenspaces; valence 3 has a 2 × 2 Jordan block at λ = 1/16).
  Eigen::MatrixXd V, V_inverse;
  struct Block {
    int start;
    int size;
    double lambda;
    Eigen::MatrixXd nilpotent;  ///< B_λ − λ I
  };
  std::vector<Block> blocks;
  /// Per eigen-coordinate: its eigenvalue, and whether it belongs to a non-trivial Jordan block
  /// (only those need the nilpotent part; all others scale by λ^m).
  std::vector<double> lambda;
  std::vector<char> in_jordan_block;
  /// Monomial coefficients per control column after one extended step and picking, for the three
  /// regular sub-patches k = 1 (v > ½), 2 (middle), 3 (w > ½): (Bᵀ W_k V), 15 × K; applied to
  /// eigen-coordinates V⁻¹ A^{n−1} C₀ they give the quartic of the level-n sub-patch.
  std::array<Eigen::Matrix<double, 15, Eigen::Dynamic, Eigen::ColMajor, 15, kMaxK>, 3>
      quartic_from_eigen;

  /// B^m X for X in eigen coordinates (K × 3).
  [[nodiscard]] KPoints power(int m, const KPoints& X) const;
};

/// The basis of valence N (3 ≤ N ≤ kMaxLoopValence, N ≠ 6); cached, thread-safe.
const ExtraordinaryBasis& extraordinaryBasis(int valence);

/// A patch with one extraordinary vertex at (v, w) = (0, 0), ready to evaluate.
struct ExtraordinaryPatch {
  const ExtraordinaryBasis* basis = nullptr;
  KPoints eigen_coefficients;  ///< V⁻¹ C₀, K × 3
  Vec3 limit_position;         ///< Loop's limit mask at the extraordinary vertex

  /// `control_points`: K × 3 in extraordinaryLayout order.
  static ExtraordinaryPatch make(int valence, const Eigen::MatrixXd& control_points);

  /// Position and derivatives at (v, w), v, w ≥ 0, v + w ≤ 1 (up to rounding). At the vertex itself
  /// the position is the limit position and the derivatives are those at distance 2⁻⁴⁰.
  /// `max_level` caps Stam's level n: points nearer the vertex are evaluated by the polynomial
  /// pieces of that level, extended (a patch cut at v + w = ½ by an S-patch uses 1).
  [[nodiscard]] SurfaceJet evaluate(double v, double w, JetOrder order,
                                    int max_level = kAnyLevel) const;
  /// 4 n + k for level n (capped at max_level) and sub-triangle k holding (v, w); −1 at the vertex
  /// itself (uncapped).
  [[nodiscard]] static int piece(double v, double w, int max_level = kAnyLevel);
  static constexpr int kAnyLevel = 1 << 20;
};

}  // namespace contactsim::loop
