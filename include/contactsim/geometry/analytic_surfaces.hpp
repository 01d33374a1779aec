// Analytic surfaces covered by regular charts over the unit square, so that a contact can be
// evolved over the whole surface without singular points (no poles): the sphere and ellipsoid by
// six cube-face charts (a point is the centre plus radii ⊙ q/‖q‖ for q on a face of the cube
// [−1, 1]³), the torus by four charts, the plane by one bounded chart. Jets come from evaluating
// the formulas on Taylor3 series, exact to rounding. Charts are oriented so that c_s × c_t points
// outward, and neighbouring charts share their edge curves with g(α) = 1 − α.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "contactsim/geometry/taylor.hpp"

namespace contactsim {

/// The exact sphere a surface is: centre (body coordinates) and radius [m].
struct SphereForm {
  Vec3 center = Vec3::Zero();
  double radius = 0.0;
};

/// The square z = 0, |x|, |y| ≤ half_extent of the body frame, outward normal +z (makePlane).
struct PlaneForm {
  double half_extent = 0.0;
};

/// A surface given by one formula per chart, (s, t) ∈ [0, 1]², adjacency found at construction by
/// matching edge curves in space.
class ChartSurface : public Surface {
 public:
  using Chart = std::function<TaylorPoint(const Taylor3& s, const Taylor3& t)>;

  /// `closed`: every chart edge must find its neighbour (else InvalidInputError); otherwise
  /// unmatched edges are open boundary.
  ChartSurface(std::vector<Chart> charts, bool closed);

  [[nodiscard]] int patchCount() const override { return static_cast<int>(charts_.size()); }
  [[nodiscard]] const PatchDomain& domain(int patch) const override;
  [[nodiscard]] SurfaceJet evaluate(int patch, double s, double t,
                                    JetOrder order = JetOrder::kThird) const override;
  [[nodiscard]] std::optional<EdgeNeighbor> neighbor(int patch, int edge) const override;
  /// The sphere this surface is exactly (makeSphere, or makeEllipsoid with equal radii: outward
  /// normals, the six cube-face charts of sphereChartPoint), else none: proximity queries then
  /// take closed forms instead of meshes and Newton.
  [[nodiscard]] const std::optional<SphereForm>& sphereForm() const { return sphere_; }
  /// The square this surface is exactly (makePlane), else none: spheres on it move in closed
  /// form (world/sphere_on_plane.hpp).
  [[nodiscard]] const std::optional<PlaneForm>& planeForm() const { return plane_; }

 private:
  friend ChartSurface makeEllipsoid(const Vec3& radii, const Vec3& center);
  friend ChartSurface makePlane(double half_extent);
  std::vector<Chart> charts_;
  std::vector<std::optional<EdgeNeighbor>> neighbors_;
  PatchDomain domain_;
  std::optional<SphereForm> sphere_;
  std::optional<PlaneForm> plane_;
};

/// Ellipsoid with semi-axes `radii` along the body axes, centred at `center` (body coordinates).
/// Throws InvalidInputError for non-positive or non-finite radii.
ChartSurface makeEllipsoid(const Vec3& radii, const Vec3& center = Vec3::Zero());
/// The parameter point of the ellipsoid's and sphere's charts (makeEllipsoid, makeSphere) whose
/// point lies in the direction d ≠ 0 from the centre, as seen on the unit cube: the inverse of the
/// chart map q = n + u e₁ + v e₂ ↦ q/‖q‖ (for a sphere, the point at radius r along d).
[[nodiscard]] SurfacePoint sphereChartPoint(const Vec3& direction);
/// Sphere of radius r about `center`.
ChartSurface makeSphere(double radius, const Vec3& center = Vec3::Zero());
/// The inside of a spherical shell of inner radius r about `center`: the sphere with its normals
/// pointing to the centre, so that a body within touches it.
ChartSurface makeSphereInterior(double radius, const Vec3& center = Vec3::Zero());
/// A hollow ball about the origin: the outer sphere (charts 0–5, normals outward) and the inner
/// one (charts 6–11, normals to the centre). Throws InvalidInputError unless 0 < inner < outer.
ChartSurface makeSphericalShell(double inner_radius, double outer_radius);
/// Torus about the body z axis: tube centre circle of radius R, tube radius r < R.
ChartSurface makeTorus(double major_radius, double minor_radius);
/// The plane z = 0 over [−half_extent, half_extent]², normal +z, open boundary.
ChartSurface makePlane(double half_extent);

}  // namespace contactsim
