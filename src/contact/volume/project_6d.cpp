// bouchard-2015 Algorithm 1 (PROJECT), §5.1–5.6. Bouchard writes spatial vectors linear first;
// this file converts on entry and exit (docs/CONVENTIONS.md) and follows the paper in between.
#include "contact/volume/project_6d.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/Cholesky>
#include <Eigen/LU>

#include "contactsim/error.hpp"
#include "contactsim/math/spatial.hpp"

namespace contactsim {

namespace {

using Mat46 = Eigen::Matrix<double, 4, 6>;
using Mat64 = Eigen::Matrix<double, 6, 4>;

/// Π A Πᵀ: an angular-first 6×6 matrix in Bouchard's linear-first order.
Mat6 linearFirst(const Mat6& A) {
  Mat6 B;
  B << A.bottomRightCorner<3, 3>(), A.bottomLeftCorner<3, 3>(), A.topRightCorner<3, 3>(),
      A.topLeftCorner<3, 3>();
  return B;
}

// bouchard-2015 eq. 2: ^j_i Ad = [R p̂R; 0 R] (linear first) for ^j_i E = (R, p); twists
// transform with it, wrenches with its inverse transpose.
Mat6 adjointLinearFirst(const Frame& E_j_i) {
  const Mat3& R = E_j_i.linear();
  Mat6 Ad;
  Ad << R, skew(E_j_i.translation()) * R, Mat3::Zero(), R;
  return Ad;
}

/// Outside the Coulomb cone: μ λ_n < ‖λ_t‖ (Algorithm 1 lines 5 and 16), linear part (n, u, w).
bool outsideCone(const Vec3& f, double mu) {
  return f.tail<2>().norm() > mu * f.x();
}

// bouchard-2015 §5.2: the direction q of the force projected onto the Coulomb cone. For f_n > 0
// outside the cone the Euclidean projection lies on the cone's side through f_t: q ∝ (1, μ t̂).
Vec3 coneProjection(const Vec3& f, double mu) {
  const double f_t = f.tail<2>().norm();
  if (f_t == 0.0 || mu == 0.0)
    return Vec3::UnitX();
  return Vec3(1.0, mu * f.y() / f_t, mu * f.z() / f_t).normalized();
}

// bouchard-2015 eqs. 4–6: R S_c Q λ' = −R e_c, the normal row and the three rotations kept
// (non-rolling, non-spinning) and the force restricted to q; the wrench is Q λ'. False when the
// system is singular or the solution pulls.
bool solveOnCone(const Mat6& S_c, const Vec6& e_c, const Vec3& q, Vec6& lambda) {
  Mat46 R = Mat46::Zero();
  R(0, 0) = 1.0;  // e₁ᵀ
  R.bottomRightCorner<3, 3>().setIdentity();
  Mat64 Q = Mat64::Zero();
  Q.topLeftCorner<3, 1>() = q;
  Q.bottomRightCorner<3, 3>().setIdentity();
  const Mat4 RSQ = R * S_c * Q;
  const Eigen::FullPivLU<Mat4> lu(RSQ);
  if (!lu.isInvertible())
    return false;
  const Vec4 lambda_prime = lu.solve(-R * e_c);
  if (!lambda_prime.allFinite() || !(lambda_prime(0) > 0.0))
    return false;
  lambda = Q * lambda_prime;
  return true;
}

// Algorithm 1 line 23 (§5.6, eq. 13): the spinning torque about p (linear-first index 3) bounded.
void clampSpin(double limit, Vec6& lambda_p, PatchProjection& out) {
  if (std::abs(lambda_p(3)) > limit) {
    lambda_p(3) = std::copysign(limit, lambda_p(3));
    out.spin_clamped = true;
  }
}

}  // namespace

double sideSpinLimit(std::span<const Vec2> support, const Vec2& p, const Vec2& m,
                     double normal_force, double friction) {
  if (support.size() < 2)
    return 0.0;
  // The support line along m and the hull points on it.
  double reach = -std::numeric_limits<double>::infinity();
  double extent = 0.0;
  for (const Vec2& x : support) {
    reach = std::max(reach, m.dot(x));
    extent = std::max(extent, x.norm());
  }
  const Vec2 t(-m.y(), m.x());
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (const Vec2& x : support) {
    if (m.dot(x) >= reach - 1e-6 * extent) {
      lo = std::min(lo, t.dot(x));
      hi = std::max(hi, t.dot(x));
    }
  }
  if (!(hi > lo))
    return 0.0;
  // bouchard-2015 eqs. 11–13 on a segment: weights by p's coordinate along it.
  const double s = std::clamp((t.dot(p) - lo) / (hi - lo), 0.0, 1.0);
  return friction * normal_force * 2.0 * s * (1.0 - s) * (hi - lo);
}

PatchProjection projectPatchWrench(const Wrench& lambda_rigid, const Mat6& S_c_af,
                                   const Twist& e_c_af, double radius_u, double radius_w,
                                   double friction, std::span<const Vec2> support) {
  const double mu = friction;
  // Bouchard's order from here on (linear first, §5.1): indices 0..2 force (n, u, w), 3..5 torque.
  const Mat6 S_c = linearFirst(S_c_af);
  const Vec6 e_c = toLinearFirst(e_c_af);
  Vec6 lambda_c = toLinearFirst(lambda_rigid);
  PatchProjection out;

  // §3.1: contact is unilateral: the rigid solution that pulls leaves the bodies apart.
  if (!(lambda_c(0) > 0.0)) {
    out.separating = true;
    return out;
  }

  // Algorithm 1 lines 5–7 (§5.2, eq. 4): outside the cone, re-solve with the force along its
  // projection q, rotations still locked. Where that would pull (a coupling stronger than the
  // cone allows) the frictionless direction q = n is used instead.
  if (outsideCone(lambda_c.head<3>(), mu)) {
    out.sliding = true;
    const Vec3 q = coneProjection(lambda_c.head<3>(), mu);
    if (!solveOnCone(S_c, e_c, q, lambda_c) && !solveOnCone(S_c, e_c, Vec3::UnitX(), lambda_c)) {
      out.separating = true;
      return out;
    }
  }

  // Line 9 (§5.3): the centre of pressure, where the tangential torque vanishes. With the torque
  // τ = r × f about the centre and the right-handed frame (n, u, w), a normal force f_n at
  // d = (d_u, d_w) has τ_u = d_w f_n and τ_w = −d_u f_n, so d = (−τ_w, τ_u)/f_n.
  const double f_n = lambda_c(0);
  const double tau_u = lambda_c(4);
  const double tau_w = lambda_c(5);
  const Vec2 d(-tau_w / f_n, tau_u / f_n);
  // Line 10 (§5.4): the closest point of the patch ellipse.
  const Vec2 p = projectOntoEllipse(d, radius_u, radius_w).point;
  out.cop = d;
  out.projected_cop = p;
  const Vec3 p_c(0.0, p.x(), p.y());  // p in contact coordinates

  Frame E_p_c;  // ^p_c E: the contact frame in coordinates of the frame at p
  Vec6 lambda_p;
  if (d != p) {
    out.rolling = true;
    // §5.5, Fig. 5: the frame at p aligned with the ellipse: u' along its tangent, w' = n × u'
    // into the patch. The outward normal is along d − p (p is the closest point).
    const Vec2 m = (d - p).normalized();
    Mat3 R_c_p;
    R_c_p.col(0) = Vec3::UnitX();
    R_c_p.col(1) = Vec3(0.0, -m.y(), m.x());
    R_c_p.col(2) = R_c_p.col(0).cross(R_c_p.col(1));
    E_p_c = makeFrame(R_c_p, p_c).inverse(Eigen::Isometry);
    const Mat6 Ad_p_c = adjointLinearFirst(E_p_c);
    // Lines 12–13: the system in the projected frame, S_p = Ad S_c Adᵀ, e_p = Ad e_c.
    const Mat6 S_p = Ad_p_c * S_c * Ad_p_c.transpose();
    const Vec6 e_p = Ad_p_c * e_c;
    // Where the outline has a side through p (issue 26, projectPatchWrench's header), the spin
    // about the normal at p stays constrained with the three translations, within the side's
    // eq. 13 bound; a solution outside the cone falls back to the paper's point contact.
    bool on_side = false;
    if (sideSpinLimit(support, p, m, f_n, mu) > 0.0) {
      const Eigen::LLT<Mat4> llt4(S_p.topLeftCorner<4, 4>());
      if (llt4.info() != Eigen::Success)
        throw NumericalError("6D contact: line-contact block at the projected COP is singular");
      const Vec4 f4 = llt4.solve(-e_p.head<4>());
      if (f4.x() > 0.0 && !outsideCone(f4.head<3>(), mu)) {
        lambda_p << f4, 0.0, 0.0;
        clampSpin(sideSpinLimit(support, p, m, f4.x(), mu), lambda_p, out);
        on_side = true;
      }
    }
    if (!on_side) {
      // Lines 14–15 (eqs. 8–9): a point contact at p, P = [I 0]: the three relative translations
      // of p constrained, no constraint on the angular velocity.
      const Mat3 PSPt = S_p.topLeftCorner<3, 3>();
      const Vec3 Pe_p = e_p.head<3>();
      const Eigen::LLT<Mat3> llt(PSPt);
      if (llt.info() != Eigen::Success)
        throw NumericalError("6D contact: point-contact block at the projected COP is singular");
      Vec3 f_p = llt.solve(-Pe_p);
      if (!(f_p.x() > 0.0)) {
        out.separating = true;
        out.rolling = false;
        return out;
      }
      // Lines 16–18 (eq. 10): outside the cone, one unknown: the magnitude along q, from the
      // normal row, R' P S_p Pᵀ Q' λ = −R' P e_p.
      if (outsideCone(f_p, mu)) {
        out.sliding = true;
        Vec3 q = coneProjection(f_p, mu);
        double RPSPtQ = PSPt.row(0).dot(q);
        if (!(RPSPtQ > 1e-12 * PSPt(0, 0))) {
          q = Vec3::UnitX();
          RPSPtQ = PSPt(0, 0);
        }
        const double s = -Pe_p.x() / RPSPtQ;
        if (!(s > 0.0)) {
          out.separating = true;
          out.rolling = false;
          return out;
        }
        f_p = s * q;
      }
      lambda_p << f_p, Vec3::Zero();
      // Line 23 has nothing to clamp here: the wrench at p is a pure force (§5.6: no spinning
      // torque when the centre of pressure was outside the patch).
    }
    // Line 23 has nothing to clamp here: the wrench at p is a pure force (§5.6: no spinning
    // torque when the centre of pressure was outside the patch).
  } else {
    // Line 21: λ_p ← λ_c, written at p (axes of the contact frame) so that eq. 13 bounds the
    // spinning torque about the centre of pressure.
    const Frame E_c_p = makeFrame(Mat3::Identity(), p_c);
    E_p_c = E_c_p.inverse(Eigen::Isometry);
    lambda_p = adjointLinearFirst(E_c_p).transpose() * lambda_c;
    // Line 23 (§5.6, eqs. 11–13): SPINCLAMP.
    clampSpin(spinTorqueLimit(p, radius_u, radius_w, f_n, mu), lambda_p, out);
  }
  // Line 24: back to the contact frame, λ_c = ^p_c Adᵀ λ_p (the world is the caller's).
  lambda_c = adjointLinearFirst(E_p_c).transpose() * lambda_p;
  if (!lambda_c.allFinite())
    throw NumericalError("6D contact: PROJECT produced a non-finite wrench");
  out.wrench = fromLinearFirst(lambda_c);
  return out;
}

Wrench clampToPatch(const Wrench& lambda_af, double radius_u, double radius_w, double friction,
                    std::span<const Vec2> support) {
  Vec6 lambda = toLinearFirst(lambda_af);
  const double f_n = lambda(0);
  if (!(f_n > 0.0))
    return Wrench::Zero();
  const double f_t = lambda.segment<2>(1).norm();
  if (f_t > friction * f_n)
    lambda.segment<2>(1) *= friction * f_n / f_t;
  const Vec2 d(-lambda(5) / f_n, lambda(4) / f_n);
  const EllipseProjection projection = projectOntoEllipse(d, radius_u, radius_w);
  const Vec2& p = projection.point;
  const Frame E_c_p = makeFrame(Mat3::Identity(), Vec3(0.0, p.x(), p.y()));
  // The wrench about p: its tangential torque is that of d − p; drop it (COP moved to p).
  Vec6 lambda_p = adjointLinearFirst(E_c_p).transpose() * lambda;
  lambda_p.tail<2>().setZero();
  const double limit = projection.projected
                           ? sideSpinLimit(support, p, (d - p).normalized(), f_n, friction)
                           : spinTorqueLimit(p, radius_u, radius_w, f_n, friction);
  if (std::abs(lambda_p(3)) > limit)
    lambda_p(3) = std::copysign(limit, lambda_p(3));
  return fromLinearFirst(adjointLinearFirst(E_c_p.inverse(Eigen::Isometry)).transpose() * lambda_p);
}

}  // namespace contactsim
