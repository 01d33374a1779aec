// Mass properties of uniform planar polygons per unit thickness (used by the boundary element
// response maps and the planar run time of ullrich-pai §5).
#pragma once

#include <Eigen/Core>
#include <span>

namespace contactsim {

using Vec2 = Eigen::Vector2d;

/// Mass properties per unit thickness of a uniform polygon.
struct PlanarMassProperties {
  double area = 0.0;             ///< [m²]
  double mass = 0.0;             ///< ρ·area [kg/m]
  Vec2 centroid = Vec2::Zero();  ///< body frame [m]
  double inertia = 0.0;  ///< polar moment about the centroid, ρ ∫(x² + y²) dA [kg m²/m]
  double bounding_radius = 0.0;  ///< max distance of an outline point from the centroid [m]
};

/// Area, centroid and polar moment of a simple counter-clockwise polygon of density ρ (Green's
/// theorem over the edges). Throws InvalidInputError for fewer than 3 points, a non-finite point,
/// a clockwise or zero-area outline, or a density that is not positive and finite.
PlanarMassProperties planarMassProperties(std::span<const Vec2> outline, double density);

}  // namespace contactsim
