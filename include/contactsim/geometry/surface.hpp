// A closed (or bounded) surface as a complex of parametric patches (kry-pai-2002 §3.5): each patch
// has a convex polygonal parameter domain, a jet evaluator giving the position and its partial
// derivatives to third order (the ten sets c, c_s, …, c_ttt of §3.7, footnote 4), and for each
// domain edge its neighbour. A domain is a convex polygon with counter-clockwise vertices
// P_1..P_n; edge i runs from P_i to P_{i+1}, a point on it is P_i (1 − α) + P_{i+1} α.
#pragma once

#include <optional>
#include <vector>

#include "contactsim/math/types.hpp"

namespace contactsim {

// The jet of a surface at one parameter point.

/// How many derivative orders an evaluation computes: callers needing less pay less.
enum class JetOrder : int { kPosition = 0, kFirst = 1, kSecond = 2, kThird = 3 };

struct SurfaceJet {
  JetOrder order = JetOrder::kThird;  ///< derivatives above this order are zero, not computed
  Vec3 c = Vec3::Zero();
  Vec3 c_s = Vec3::Zero(), c_t = Vec3::Zero();
  Vec3 c_ss = Vec3::Zero(), c_st = Vec3::Zero(), c_tt = Vec3::Zero();
  Vec3 c_sss = Vec3::Zero(), c_sst = Vec3::Zero(), c_stt = Vec3::Zero(), c_ttt = Vec3::Zero();

  /// ∂^{i+j} c / ∂sⁱ ∂tʲ for i + j ≤ 3.
  [[nodiscard]] const Vec3& derivative(int i, int j) const;
};

// The parameter domain of one patch.

struct EdgeCrossing {
  int edge;       ///< index i of the edge P_i → P_{i+1}
  double alpha;   ///< position along the edge, in [0, 1]
  double lambda;  ///< fraction of the segment travelled to the crossing, in [0, 1]
};

class PatchDomain {
 public:
  /// Throws InvalidInputError unless the vertices (≥ 3, finite) form a strictly convex polygon in
  /// counter-clockwise order.
  explicit PatchDomain(std::vector<Vec2> vertices);
  /// The unit square [0, 1]² (tensor-product patches, analytic charts).
  static PatchDomain unitSquare();
  /// The triangle (0, 0), (1, 0), (0, 1) (Loop patches).
  static PatchDomain unitTriangle();

  [[nodiscard]] int edgeCount() const { return static_cast<int>(vertices_.size()); }
  [[nodiscard]] const Vec2& vertex(int i) const { return vertices_[static_cast<std::size_t>(i)]; }
  /// Point of edge i at α.
  [[nodiscard]] Vec2 pointOnEdge(int edge, double alpha) const;

  /// Signed distance to edge i's line, positive inside.
  [[nodiscard]] double edgeDistance(int edge, const Vec2& p) const;
  /// Distance to the boundary, positive inside, negative outside (the smallest edge distance).
  [[nodiscard]] double boundaryDistance(const Vec2& p) const;
  /// Inside or on the boundary extended outward by ε ≥ 0 (thesis §4.5.5 ε-extended boundaries).
  [[nodiscard]] bool contains(const Vec2& p, double epsilon = 0.0) const;
  /// Within ε of the boundary, inside or out.
  [[nodiscard]] bool nearBoundary(const Vec2& p, double epsilon) const;

  /// The first edge the segment from `from` (inside) to `to` crosses, or nothing if `to` is inside.
  /// Through a corner it returns the edge that ends at that corner (α = 1), the counter-clockwise
  /// rule of kry-2000 §4.5.4 that keeps corner transitions from oscillating.
  [[nodiscard]] std::optional<EdgeCrossing> firstEdgeCrossed(const Vec2& from,
                                                             const Vec2& to) const;

 private:
  std::vector<Vec2> vertices_;
  std::vector<Vec2> inward_normals_;  // unit
};

// The patch complex.

/// The patch across edge `edge` of a patch, and how the edge parameter maps: a point at α on this
/// edge is at 1 − α on the neighbour's edge when `reversed` (consistently oriented patches, as
/// Loop's g(α) = 1 − α), else at α.
struct EdgeNeighbor {
  int patch;
  int edge;
  bool reversed = true;
};

/// A point of a patch complex.
struct SurfacePoint {
  int patch;
  Vec2 st;
};

class Surface {
 public:
  virtual ~Surface() = default;

  [[nodiscard]] virtual int patchCount() const = 0;
  [[nodiscard]] virtual const PatchDomain& domain(int patch) const = 0;
  /// Position and derivatives up to `order` at (patch, s, t), in body coordinates. The point may
  /// lie slightly outside the domain (ε-extended boundaries); patches are evaluated as polynomials
  /// or formulas there. Throws InvalidInputError for a bad patch index or non-finite (s, t).
  [[nodiscard]] virtual SurfaceJet evaluate(int patch, double s, double t,
                                            JetOrder order = JetOrder::kThird) const = 0;
  /// Which polynomial piece of the patch holds (s, t). Patches that are one analytic or
  /// polynomial function return 0; Loop patches near extraordinary vertices are made of many
  /// pieces (Stam's levels and sub-triangles) across whose seams the third derivatives jump, so
  /// integrators stop their steps there (kry-pai-2002 §3.7 treats patch edges the same way).
  [[nodiscard]] virtual int polynomialPiece(int patch, double s, double t) const;

  /// How far (s, t) lies, in the patch's parameter units, from the nearest point of the patch
  /// where the parameterisation is not regular: where surface derivatives vanish or blow up, as
  /// at the extraordinary vertices of Loop surfaces (kry-pai-2002 §3.6). +∞ for surfaces
  /// regular everywhere (the default).
  [[nodiscard]] virtual double irregularDistance(int patch, double s, double t) const;

  /// The neighbour across an edge, or nothing on an open boundary.
  [[nodiscard]] virtual std::optional<EdgeNeighbor> neighbor(int patch, int edge) const = 0;

  /// The same surface point written in the neighbour's coordinates: point α of `edge` of `patch`.
  [[nodiscard]] std::optional<SurfacePoint> acrossEdge(int patch, int edge, double alpha) const;

 protected:
  /// Throws InvalidInputError unless 0 ≤ patch < patchCount() and s, t are finite.
  void checkArguments(int patch, double s, double t) const;
};

}  // namespace contactsim
