// Contact geometry of planar map bodies (ullrich-pai §5.1 step 3): the rigid, undeformed outlines
// give the contact point, the normal n (from B to A) and the total penetration δ along n.
//
// Against a fixed half-plane every outline vertex is its own contact point (so a bar lying on the
// block touches with both tips, a polygon with two corners: ullrich-pai §5.2). Between two map
// bodies there is one contact per pair at the deepest point of the separating-axis test over the
// edge normals of both (convex) outlines.
#pragma once

#include <cstddef>
#include <optional>
#include <span>

#include "contactsim/math/planar_body.hpp"

namespace contactsim {

/// A fixed, rigid and massive half-plane (the block): the solid lies behind `point` on the −normal
/// side.
struct HalfPlane {
  Vec2 point = Vec2::Zero();    ///< on the surface [m]
  Vec2 normal = Vec2::UnitY();  ///< unit, out of the solid

  /// Throws InvalidInputError unless point and normal are finite and ‖normal‖ = 1 within 1e-9.
  void validate(const std::string& what) const;
};

/// (q − p)·n: how deep a world point p lies inside the half-plane (negative: outside by that much).
inline double halfPlanePenetration(const HalfPlane& h, const Vec2& p) {
  return (h.point - p).dot(h.normal);
}

/// The deepest point between two convex outlines A and B (world coordinates, counter-clockwise).
struct PolygonContact {
  Vec2 normal = Vec2::UnitY();  ///< unit, from B to A: the force on A is +F n
  double penetration = 0.0;  ///< δ = (point_b − point_a)·n; negative: apart by at least −δ
  Vec2 point_a = Vec2::Zero();  ///< on A's outline [m]
  Vec2 point_b = Vec2::Zero();  ///< on B's outline (point_a + δ n) [m]
};

/// Separating axis test over the edge normals of both polygons: the axis of least penetration (or
/// largest separation) is the normal; B's edges are preferred on ties (within 1e-9 of the size).
/// The point on the incident polygon is its deepest vertex along the normal, or the midpoint of
/// the incident edge when that edge lies parallel to the reference edge (both ends within 1e-9 of
/// the size), so that a flat face pressed on a flat face pushes through its middle.
PolygonContact deepestPoint(std::span<const Vec2> a, std::span<const Vec2> b);

/// The first vertex of a counter-clockwise outline where it turns clockwise (a reflex vertex), or
/// nothing for a convex outline (collinear vertices allowed).
std::optional<std::size_t> firstReflexVertex(std::span<const Vec2> outline);

}  // namespace contactsim
