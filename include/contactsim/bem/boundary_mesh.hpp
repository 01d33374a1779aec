// The boundary of a 2D body as quadratic boundary elements (ullrich-pai §3: "piecewise ...
// quadratic elements"; Dominguez 1993 ch. 2). Every element has three geometric points at local
// coordinates ξ = −1, 0, 1 and three functional nodes that carry displacement and traction. Where
// two elements meet smoothly they share their end node; at a corner (a jump in the tangent) the
// end nodes move inside their elements to ξ = ±2/3 (discontinuous elements), so no collocation
// point sits on a corner and tractions may jump there.
//
// A boundary is one or more closed loops: the outer loop counter-clockwise, holes clockwise, so
// the body is always on the left and the outward normal is the tangent turned clockwise.
#pragma once

#include <Eigen/Core>
#include <array>
#include <vector>

#include "contactsim/math/planar_body.hpp"

namespace contactsim {

struct BoundaryElement {
  std::array<Vec2, 3> geometry;  ///< points at ξ = −1, 0, 1
  std::array<int, 3> nodes{};    ///< functional nodes (indices into BoundaryMesh::nodes)
  std::array<double, 3> node_xi{-1.0, 0.0, 1.0};  ///< their local coordinates

  /// Position x(ξ), tangent dx/dξ.
  [[nodiscard]] Vec2 position(double xi) const;
  [[nodiscard]] Vec2 tangent(double xi) const;
  /// Outward unit normal at ξ.
  [[nodiscard]] Vec2 normal(double xi) const;
  /// Quadratic Lagrange shape functions through the functional nodes, at ξ.
  [[nodiscard]] std::array<double, 3> shape(double xi) const;
  /// Arc length (Gauss quadrature).
  [[nodiscard]] double length() const;
};

struct BoundaryNode {
  Vec2 position = Vec2::Zero();
  Vec2 normal = Vec2::UnitX();  ///< outward unit normal (average of the elements sharing it)
  int loop = 0;
};

struct BoundaryMesh {
  std::vector<BoundaryNode> nodes;
  std::vector<BoundaryElement> elements;

  /// Throws InvalidInputError unless there are elements, every node index is in range, every
  /// element's node coordinates are distinct and within [−1, 1], and all points are finite
  /// (for meshes built by hand rather than by meshLoops).
  void validate() const;
  /// The polygon through the geometric points of loop 0, counter-clockwise.
  [[nodiscard]] std::vector<Vec2> outline() const;
  /// ∫ N_j dΓ over the elements carrying node j: the length a nodal traction acts on.
  [[nodiscard]] std::vector<double> tributaryLengths() const;
  /// Area, centroid and polar moment per unit thickness of the region the quadratic elements
  /// bound (Green's theorem on the curved elements, so they match what the boundary elements
  /// see; the outline polygon misses the curvature). Throws InvalidInputError for ρ ≤ 0.
  [[nodiscard]] PlanarMassProperties massProperties(double density) const;
};

/// A piece of a loop: a straight segment a → b, or a circular arc about `centre` from angle
/// `start` to `end` (radians; end < start runs clockwise). Its elements have lengths in geometric
/// progression with ratio `grading` from the start of the piece to its end (1: uniform).
struct CurvePiece {
  enum class Kind { kLine, kArc } kind = Kind::kLine;
  Vec2 a = Vec2::Zero();
  Vec2 b = Vec2::Zero();
  Vec2 centre = Vec2::Zero();
  double radius = 0.0;
  double start = 0.0;
  double end = 0.0;
  int elements = 1;
  double grading = 1.0;

  static CurvePiece line(Vec2 from, Vec2 to, int elements, double grading = 1.0);
  static CurvePiece arc(Vec2 centre, double radius, double start, double end, int elements,
                        double grading = 1.0);
  [[nodiscard]] Vec2 point(double fraction) const;
};

/// Meshes closed loops, each a chain of pieces whose ends meet (within 1e-9 of the loop's size).
/// Throws InvalidInputError naming the loop and piece when a loop does not close, a piece has
/// zero length, fewer than one element, a non-positive grading, when a loop has the wrong
/// orientation (the first loop must enclose positive area, later loops negative), when the
/// boundary intersects itself (any two loops' polygons through the geometric points cross), or
/// when a hole lies outside the outer loop.
BoundaryMesh meshLoops(const std::vector<std::vector<CurvePiece>>& loops);

/// A circle as `elements` equal arcs; counter-clockwise (outer boundary) or clockwise (a hole).
std::vector<CurvePiece> circleLoop(Vec2 centre, double radius, int elements,
                                   bool counter_clockwise);

/// A polygon (vertices in order) with `elements_per_side` per side.
std::vector<CurvePiece> polygonLoop(const std::vector<Vec2>& vertices, int elements_per_side);

/// The steel bar of ullrich-pai §4 / Fig. 1: length `length` overall, diameter `diameter`,
/// semicircular ends, centred on the origin with its axis along x. `side_elements` per straight
/// side (graded towards the tips by `side_grading`) and `tip_elements` per semicircular end
/// (uniform). The paper's mesh has 28 elements and 56 nodes (26 along the sides, 30 on the
/// tips counting their ends): 7 elements per side and 7 per tip.
std::vector<CurvePiece> barLoop(double length, double diameter, int side_elements, int tip_elements,
                                double side_grading);

}  // namespace contactsim
