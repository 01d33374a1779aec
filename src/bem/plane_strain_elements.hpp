// A plane-strain finite element model of a 2D body: quadratic elements (9-node Lagrange
// quadrilaterals, 6-node triangles), consistent mass, per unit thickness (Zienkiewicz & Taylor,
// The Finite Element Method vol. 1, ch. 6–9; Hughes 2000 §3.7).
//
// The response maps use it as a second discretisation of the same body besides the collocation
// boundary elements (finite_element_map.cpp). It is a Galerkin method: K and M are symmetric,
// K ≥ 0 and M > 0, so the body has no growing mode at any time step — which collocation cannot
// promise (docs/figures/restitution-study/README.md) — and a driving-point compliance
// bᵀ(s² M + K)⁻¹ b (load and displacement work-conjugate) is positive real for every load b.
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <array>
#include <map>
#include <utility>
#include <vector>

#include "contactsim/bem/boundary_mesh.hpp"
#include "contactsim/bem/elastic_material.hpp"
#include "contactsim/bem/response_map_builder.hpp"

namespace contactsim {

struct PlaneStrainMesh {
  std::vector<Vec2> nodes;
  /// Nodes of a quadrilateral by tensor index a + 3b at (ξ, η) = (a − 1, b − 1), counter-clockwise
  /// in (ξ, η).
  std::vector<std::array<int, 9>> quads;
  /// Corners 0, 1, 2 counter-clockwise, then the mid-sides 01, 12, 20.
  std::vector<std::array<int, 6>> triangles;
  /// An element edge on the boundary, under boundary element `element`: its nodes at the edge's
  /// t = −1, 0, 1, which is the boundary element's ξ = xi_start … xi_end (affinely).
  struct BoundaryEdge {
    std::size_t element = 0;
    double xi_start = -1.0, xi_end = 1.0;
    std::array<int, 3> nodes{};
  };
  std::vector<BoundaryEdge> boundary_edges;
};

/// Points by position on a 1 nm grid: elements built from different formulas (the rectangle's
/// rows and the tips' rings meet on the tips' flat sides; a mirror image) agree to round-off,
/// far below the grid, though round-off may put a point in a neighbouring cell.
class NodeIndex {
 public:
  /// Indexes `points` (which must outlive this) as they are now.
  explicit NodeIndex(const std::vector<Vec2>& points);
  /// Indexes points[k], e.g. one appended since.
  void add(int k);
  /// The index of the point within 2 nm of `p`, or −1.
  [[nodiscard]] int find(const Vec2& p) const;

 private:
  static constexpr double kGrid = 1e-9;  // [m]
  const std::vector<Vec2>& points_;
  std::map<std::pair<long long, long long>, int> index_;
};

/// The stadium bounded by `boundary` = meshLoops({barLoop(length, diameter, side_elements,
/// tip_elements, side_grading)}), meshed so that every node of `boundary` is a node here (same
/// quadratic geometry): a rectangle of quadrilaterals, `options.side_columns` columns under each
/// boundary element of the sides, and at each tip `options.rings` rings of quadrilaterals under
/// the tip's elements around a fan of triangles. The rings fill the outer half of the tip radius,
/// their thicknesses growing inward by `options.ring_growth` (finest at the surface, which the
/// contacts load); the rectangle's rows continue them. Throws InvalidInputError for rings < 1,
/// ring_growth not in [1, 4] or side_columns not in [1, 64], NumericalError if `boundary` is not
/// that bar's.
PlaneStrainMesh barPlaneStrainMesh(const BoundaryMesh& boundary, double length, double diameter,
                                   int tip_elements, const FiniteElementOptions& options);

/// Consistent nodal loads of each boundary node's traction N_j(ξ) n_j (ullrich-pai §3: the
/// boundary elements' shape function times the node's normal), integrated over the model's
/// boundary edges under the elements carrying node j: f_a = n_j ∫ L_a(t) N_j(ξ(t)) |dx/dξ| dξ/dt dt
/// with the edge's quadratic shape functions L_a (the model's trace on the boundary). Column j,
/// rows 2k (x) and 2k + 1 (y) of model node k.
Eigen::MatrixXd tractionLoads(const BoundaryMesh& boundary, const PlaneStrainMesh& mesh);

/// Stiffness K and consistent mass M (2 dofs per node, x then y) of plane strain with `material`,
/// per unit thickness. Throws NumericalError naming the element if one is inverted.
struct StiffnessAndMass {
  Eigen::SparseMatrix<double> stiffness, mass;
};
StiffnessAndMass assemblePlaneStrain(const PlaneStrainMesh& mesh, const ElasticMaterial& material);

}  // namespace contactsim
