// Differential geometry at a surface point from its jet: unit normal, the orthonormal contact
// frame of kry-pai-2002 eqs. 5–6, and principal curvatures and directions.
#pragma once

#include "contactsim/geometry/surface.hpp"

namespace contactsim {

/// Unit normal c_s × c_t / ‖c_s × c_t‖. Throws NumericalError where the parameterization is not
/// regular (c_s × c_t = 0).
Vec3 unitNormal(const SurfaceJet& jet);

/// ^1_{1c}E of kry-pai-2002 eqs. 5–6: origin c, x along c_s, y in the tangent plane (the
/// cheaper Gram–Schmidt form of footnote 1), z the unit normal.
Frame contactFrame(const SurfaceJet& jet);

struct PrincipalCurvatures {
  /// κ₁ ≤ κ₂, positive where the surface bends away from its normal (a sphere with outward normal
  /// has κ = 1/R). Radii of curvature are 1/κ.
  double kappa_min;
  double kappa_max;
  Vec3 direction_min;  ///< unit tangent of κ₁
  Vec3 direction_max;  ///< unit tangent of κ₂
};

/// From the first and second fundamental forms (needs order ≥ 2). Throws NumericalError where
/// the parameterization is not regular.
PrincipalCurvatures principalCurvatures(const SurfaceJet& jet);

}  // namespace contactsim
