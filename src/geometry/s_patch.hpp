// n-sided S-patches (Loop & DeRose 1989) as kry-2000 §5.2.1 uses them to replace a Loop surface
// near an extraordinary vertex: a regular n-gon domain P of unit area, embedded in the
// (n − 1)-simplex by L (eqs. 5.13–5.16), composed with the degree-d Bézier simplex B (eqs.
// 5.6–5.12): S = B ∘ L. Derivatives to third order: L's from its formulas on Taylor3 jets, B's
// from its blossom at the point (§5.2.2, eq. 5.18; de Casteljau's algorithm), joined by Taylor's
// formula (the thesis differentiated by automatic differentiation, §5.3.1, Fig. 5.11).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "contactsim/geometry/surface.hpp"
#include "contactsim/geometry/taylor.hpp"

namespace contactsim {

class SPatch {
 public:
  /// Largest number of sides (a Loop vertex's valence) and degree supported.
  static constexpr int kMaxSides = 16;
  static constexpr int kMaxDegree = 6;

  /// The regular n-gon of unit area centred at the origin with its first vertex on the +u axis,
  /// counter-clockwise (kry-2000 §5.2.1).
  [[nodiscard]] static PatchDomain regularDomain(int sides);

  /// The multi-indices i = (i_1 … i_n), |i| = d, in the order control points are given: reverse
  /// lexicographic, (d, 0, …, 0) first and (0, …, 0, d) last; n entries per index, flattened.
  [[nodiscard]] static std::vector<std::uint8_t> multiIndices(int sides, int degree);

  /// Throws InvalidInputError unless 3 ≤ sides ≤ kMaxSides, 1 ≤ degree ≤ kMaxDegree and there is
  /// one finite control point per multi-index (in multiIndices' order).
  SPatch(int sides, int degree, std::vector<Vec3> control_points);

  [[nodiscard]] int sides() const { return sides_; }
  [[nodiscard]] int degree() const { return degree_; }
  [[nodiscard]] const PatchDomain& domain() const { return domain_; }
  [[nodiscard]] const std::vector<Vec3>& controlPoints() const { return control_; }
  /// The position of multi-index i in the control points, or −1 when |i| ≠ degree.
  [[nodiscard]] int indexOf(std::span<const std::uint8_t> multi_index) const;

  /// The embedding's simplex coordinates l_1 … l_n at (u, v) (eq. 5.15), summing to one.
  [[nodiscard]] std::vector<double> embedding(double u, double v) const;
  /// Position and derivatives in (u, v) up to `order` (eq. 5.12 of eq. 5.16).
  [[nodiscard]] SurfaceJet evaluate(double u, double v, JetOrder order = JetOrder::kThird) const;
  /// Every basis function at (u, v) with its first derivatives: (B_i, ∂B_i/∂u, ∂B_i/∂v) per
  /// control point, in their order (what the surface is linear in).
  [[nodiscard]] std::vector<Vec3> basisFirstOrder(double u, double v) const;

 private:
  // The simplex coordinates as jets in (u, v), l_i = π_i / Σ π_j (eqs. 5.13–5.15).
  void embeddingJets(double u, double v, Taylor3* l) const;
  // visit(c, B_c) for every control point c with its basis function as a jet at (u, v).
  template <class Visit>
  void forEachBasis(double u, double v, Visit&& visit) const;
  // Index tables of the jet's de Casteljau steps and Taylor terms (evaluate).
  void buildJetTables();

  int sides_;
  int degree_;
  PatchDomain domain_;
  std::vector<Vec3> control_;
  std::vector<std::uint8_t> indices_;  // multiIndices(sides_, degree_)
  std::vector<double> multinomial_;    // d! / Π i_k! per control point
  // Per degree m < d: for each multi-index β of degree m (multiIndices' order), the positions of
  // β + e_1 … β + e_n among those of degree m + 1: a de Casteljau step's inputs.
  std::array<std::vector<int>, kMaxDegree> raise_;
  // Per multi-index α of degree k = 1, 2, 3 (k ≤ d): α = parent + e_j with the parent's position
  // among those of degree k − 1, j, and C(d, k) k! / α!, α's Taylor coefficient.
  struct Term {
    int parent;
    int variable;
    double coefficient;
  };
  std::array<std::vector<Term>, 4> terms_;
};

}  // namespace contactsim
