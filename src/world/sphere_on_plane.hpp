// The motion of an exact sphere (centred at its centre of mass, equal principal moments I) flying
// under gravity or in contact with a fixed plane whose normal n is against gravity, in closed form
// (issue 30: the billiard break). With N = m g_n the normal force (g_n = −g·n > 0) and the contact
// point c = x − R n, the material velocity there is u = v − R ω × n (the slip, in the plane):
//  - flying: x(s) = x₀ + v₀ s + ½ g s², ω constant;
//  - sliding (Coulomb, μ): the friction force −μ N ŝ with ŝ = u/|u| gives
//      a = −μ g_n ŝ,   α = (μ N R / I) n × ŝ,
//    so that u̇ = a − R α × n = −μ g_n (1 + m R²/I) ŝ: the slip keeps its direction and falls
//    linearly to zero at s* = |u₀| / (μ g_n (1 + m R²/I)), where rolling begins (for a solid sphere
//    s* = 2|u₀| / (7 μ g_n), and a ball struck without spin then rolls at 5/7 of its speed);
//  - rolling (u = 0, no rolling or spinning resistance): v and ω constant (kry-2000 eqs.
//    4.27–4.29 with μ_r = μ_s = 0), the spin about n included.
// The centre is a polynomial of degree ≤ 2 in time in every phase, so times of impact are roots of
// polynomials (math/polynomial_roots.hpp). The orientation is exp(ω s) R₀ where ω is constant;
// while sliding ω turns (α ⊥ n, ω₀ need not be), and R(s) is advanced by the fourth-order Magnus
// integrator of Ṙ = [ω]ₓ R (Blanes, Casas & Ros 2000, two Gauss points: for ω linear in time its
// Ω₁ and Ω₂ are exact) in substeps that keep the terms it leaves out below 1e-13 rad each (the
// orientation of a sphere is output only: nothing in its motion depends on it). Internal to world.
#pragma once

#include <limits>

#include "contactsim/dynamics/rigid_body_state.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"

namespace contactsim::world_detail {

/// A fixed square plane (PlaneForm) in the world.
struct PlaneInWorld {
  Vec3 origin = Vec3::Zero();
  Vec3 normal = Vec3::UnitZ();  ///< outward, unit
  Vec3 axis_x = Vec3::UnitX(), axis_y = Vec3::UnitY();
  double half_extent = 0.0;
  [[nodiscard]] static PlaneInWorld of(const PlaneForm& form, const Frame& E_w);
  [[nodiscard]] double height(const Vec3& x) const { return normal.dot(x - origin); }
};

/// A sphere's constants: mass [kg], principal moment (all three equal) [kg m²], radius [m].
struct SphereConstants {
  double mass = 1.0;
  double inertia = 1.0;
  double radius = 1.0;
};

enum class SpherePhase { kFlying, kSliding, kRolling };

class SphereMotion {
 public:
  SphereMotion() = default;
  /// Free flight from `state` at time t0.
  [[nodiscard]] static SphereMotion flying(double t0, const RigidBodyState& state,
                                           const Vec3& gravity);
  /// In contact with `plane` from `state` at t0, its centre put at height R and its normal
  /// velocity dropped: rolling where `roll` (the slip removed by the plastic tangential impulse
  /// at the contact point, P = −u / (1/m + R²/I), which keeps the angular momentum about the
  /// contact point), else sliding with Coulomb coefficient μ (rolling at once where the slip is
  /// zero).
  [[nodiscard]] static SphereMotion onPlane(double t0, const RigidBodyState& state, bool roll,
                                            const SphereConstants& sphere,
                                            const PlaneInWorld& plane, const Vec3& gravity,
                                            double mu);

  [[nodiscard]] SpherePhase phase() const { return phase_; }
  [[nodiscard]] double start() const { return t0_; }
  /// When the phase ends by itself: flying, the first touch of `plane` (flyingTouch); sliding,
  /// when the slip stops; rolling, never (infinity).
  [[nodiscard]] double end() const { return end_; }

  [[nodiscard]] Vec3 centre(double t) const;
  [[nodiscard]] Vec3 velocity(double t) const;
  [[nodiscard]] Vec3 angularVelocity(double t) const;
  [[nodiscard]] const Vec3& acceleration() const { return a_; }
  /// The slip velocity u at t (in contact), world.
  [[nodiscard]] Vec3 slip(double t) const;
  /// The full state at t ≥ start() (orientation from the start, or from the last time asked for
  /// while sliding).
  [[nodiscard]] RigidBodyState stateAt(double t) const;

  /// While flying: the first time ≥ t0 at which the sphere touches `plane` (its centre at height
  /// R): t0 itself where it is within `tolerance` of it and not moving away, else the root of the
  /// height's quadratic; infinity when it never comes down to it.
  void setFlyingEnd(const PlaneInWorld& plane, double radius, double tolerance);
  /// The first time in (start, until] at which the centre leaves the square above the plane
  /// (|x·axis| > half extent on either axis); infinity if it stays.
  [[nodiscard]] double leavesSquare(const PlaneInWorld& plane, double until) const;
  /// A flight beyond the plane's edge, clear of it (fallsClearOfEdge): it has no end of its own.
  void setNeverLands() { end_ = std::numeric_limits<double>::infinity(); }

 private:
  double t0_ = 0.0;
  SpherePhase phase_ = SpherePhase::kFlying;
  Vec3 x0_ = Vec3::Zero(), v0_ = Vec3::Zero(), a_ = Vec3::Zero();
  Vec3 w0_ = Vec3::Zero(), alpha_ = Vec3::Zero();
  Quat q0_ = Quat::Identity();
  Vec3 normal_ = Vec3::UnitZ();
  double radius_ = 0.0;
  double end_ = std::numeric_limits<double>::infinity();
  // While sliding: the orientation at the last time asked for (Magnus substeps go on from there).
  mutable double cached_time_ = 0.0;
  mutable Quat cached_q_ = Quat::Identity();
};

/// Whether `flight`, from its start where the sphere's centre leaves the square above `plane`,
/// stays clear of the plane for good. Past an edge the square lies in the half-plane behind that
/// edge, whose distance from the centre is √(d² + h²) (d the distance past the edge, growing at the
/// speed v_d away from it, h the height), so the sphere is clear while d² + h² ≥ R². A sphere
/// leaving from contact (h = R, no normal velocity) has d² + h² − R² = (v_d² − g_n R) s² + ¼ g_n²
/// s⁴: it falls clear iff v_d² ≥ g_n R; slower, the edge would carry it (it pivots about the edge,
/// the centripetal force m v_d²/R falling short of the weight's m g_n). A sphere leaving in flight
/// above the plane is clear when that quartic does not fall to zero within `horizon`.
[[nodiscard]] bool fallsClearOfEdge(const SphereMotion& flight, const PlaneInWorld& plane,
                                    double radius, bool from_contact, double horizon);

/// The first time in [t0, t1] at which spheres moving by p and q come within `reach` (the sum of
/// their radii) of each other: t0 where they are within reach + tolerance and closing, else the
/// first root of |x_q − x_p|² − reach² (a quartic in time) where it falls to zero; infinity if
/// none.
[[nodiscard]] double sphereMotionsTouch(const SphereMotion& p, const SphereMotion& q, double t0,
                                        double t1, double reach, double tolerance);

}  // namespace contactsim::world_detail
