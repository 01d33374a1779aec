// Collocation boundary element matrices (ullrich-pai §3 eq. 5; Dominguez 1993 §2.4–2.6): at every
// functional node ξ_i,  c(ξ_i) u(ξ_i) + ∫_Γ T(ξ_i, x) u(x) dΓ = ∫_Γ U(ξ_i, x) t(x) dΓ,  with u and
// t interpolated by the quadratic shape functions, gives H u = G t (2 rows and columns per node,
// global x/y components).
//
// Integration: ordinary Gauss on elements far from the collocation node, uniform subdivision on
// near ones, and on the elements that carry the node a split at the node with panels graded
// geometrically towards it (the log singularity of U, the bounded jump of T·N). The strongly
// singular diagonal blocks of the static H, free term included, come from rigid-body translation
// (each row block of H sums to zero). The Laplace-domain matrices are the static ones plus the
// integrals of U(s) − U_Kelvin and T(s) − T_Kelvin, which are bounded, on the same panels split
// into pieces of at most 8 c_s/|s|max (≈ 2 c_s Δt for BDF2): U(s) oscillates and decays on the
// length c_s/|s| (its terms are K_n(s r/c)), which the static panels (12.5 mm on the bar's sides)
// miss as |s| grows. On a 12-element disc under uniform pressure at Δt = 25 ns the compliance
// was off by 165 % (2.6e-3 split; tests/bem/boundary_matrices_test.cpp), and the maps of discs
// at steps far finer than their elements grew (tests/bem/response_map_builder_test.cpp). One
// split serves every s of a transform: a rule that changed with s would make H(s) jump between
// neighbouring frequencies by the static panels' own error, which the convolution quadrature's
// inverse amplifies by up to 1/√ε towards the end of its window.
#pragma once

#include <Eigen/Core>
#include <array>
#include <complex>
#include <vector>

#include "contactsim/bem/boundary_mesh.hpp"
#include "contactsim/bem/elastic_material.hpp"

namespace contactsim {

using MatXd = Eigen::MatrixXd;
using MatXcd = Eigen::MatrixXcd;

struct BoundaryQuadraturePoint {
  Vec2 x = Vec2::Zero();
  Vec2 normal = Vec2::UnitX();
  double weight = 0.0;  ///< Gauss weight × Jacobian
  std::array<double, 3> shape{};
};

/// A span [xi0, xi1] of an element integrated by one Gauss rule.
struct QuadraturePanel {
  double xi0 = 0.0;
  double xi1 = 0.0;
  double length = 0.0;  ///< its arc length
};

/// The points to integrate element `element` against collocation node `source`.
struct SourceElementRule {
  int element = 0;
  int source_local = -1;  ///< which of the element's nodes is the source, or −1
  std::vector<BoundaryQuadraturePoint> points;  ///< kPointsPerPanel per panel, in panel order
  std::vector<QuadraturePanel> panels;
};

/// All rules, per collocation node; built once per mesh and reused for every frequency.
struct BoundaryQuadrature {
  std::vector<std::vector<SourceElementRule>> rules;  ///< [source node][k]
  [[nodiscard]] std::size_t pointCount() const;
};

/// Throws InvalidInputError if the mesh has no elements or a degenerate (zero-length) element.
BoundaryQuadrature buildBoundaryQuadrature(const BoundaryMesh& mesh);

template <class Matrix>
struct BoundaryMatrices {
  Matrix h;
  Matrix g;
};

/// Elastostatic H and G (Kelvin's solution), H's diagonal blocks by rigid-body translation.
BoundaryMatrices<MatXd> assembleStatic(const BoundaryMesh& mesh, const BoundaryQuadrature& rules,
                                       const ElasticMaterial& material);

/// The longest panel of the dynamic part for a transform over `frequencies`: 8 c_s / max |s|.
double dynamicPanelLength(const ElasticMaterial& material,
                          const std::vector<std::complex<double>>& frequencies);

/// Laplace-domain H(s), G(s) for Re s > 0 from the static ones, the dynamic part integrated on the
/// static panels split into pieces no longer than `max_panel` (dynamicPanelLength of the
/// transform's frequencies; the file's header says why).
BoundaryMatrices<MatXcd> assembleLaplace(const BoundaryMesh& mesh, const BoundaryQuadrature& rules,
                                         const ElasticMaterial& material, std::complex<double> s,
                                         const BoundaryMatrices<MatXd>& statics, double max_panel);

}  // namespace contactsim
