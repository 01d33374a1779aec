// Spatial algebra of kry-pai-2002 §2 (eqs. 1–4, the Adjoint and the spatial cross product).
//
// Spelling (docs/CONVENTIONS.md): ^j_i E is E_j_i, ^j_i Ad is Ad_j_i, a twist or wrench written in
// coordinates of frame k carries the suffix _k (phi_k, f_k). Spatial vectors are angular-first.
#pragma once

#include "contactsim/math/types.hpp"

namespace contactsim {

/// [ω]: the skew-symmetric matrix with [ω] x = ω × x (kry-pai-2002 eq. 2).
inline Mat3 skew(const Vec3& w) {
  Mat3 S;
  S << 0.0, -w.z(), w.y(),  //
      w.z(), 0.0, -w.x(),   //
      -w.y(), w.x(), 0.0;
  return S;
}

/// Inverse of skew() on so(3); on a general 3×3 matrix it projects onto so(3) first, as
/// kry-pai-2002 §2 lets 𝒱 do (the skew-symmetric part ½(A − Aᵀ) is kept).
inline Vec3 unskew(const Mat3& A) {
  return 0.5 * Vec3(A(2, 1) - A(1, 2), A(0, 2) - A(2, 0), A(1, 0) - A(0, 1));
}

/// 𝒪φ: the 4×4 homogeneous matrix of the twist φ = (ω, v) (kry-pai-2002 eq. 1).
inline Mat4 expand(const Twist& phi) {
  Mat4 T = Mat4::Zero();
  T.topLeftCorner<3, 3>() = skew(angular(phi));
  T.topRightCorner<3, 1>() = linear(phi);
  return T;
}

/// 𝒱T: the six twist parameters of a 4×4 matrix (kry-pai-2002 eq. 3); the upper 3×3 block is
/// projected onto so(3) when it is not skew-symmetric.
inline Twist extract(const Mat4& T) {
  return spatial(unskew(T.topLeftCorner<3, 3>()), T.topRightCorner<3, 1>());
}

/// ^iφ(j,i) = 𝒱(^i_j E ^j_i Ė): the twist of frame i relative to frame j, in coordinates of i,
/// from the frame ^j_i E and its time derivative (kry-pai-2002 eq. 4).
inline Twist bodyTwistFromDerivative(const Frame& E_j_i, const Mat4& Edot_j_i) {
  return extract(E_j_i.inverse(Eigen::Isometry).matrix() * Edot_j_i);
}

/// ^j_i Ad = [Θ 0; [p]Θ Θ] for ^j_i E = (Θ, p): maps twists in frame i to twists in frame j,
/// ^jφ = ^j_i Ad ^iφ (kry-pai-2002 §2).
inline Mat6 adjoint(const Frame& E_j_i) {
  const Mat3& R = E_j_i.linear();
  Mat6 Ad;
  Ad.topLeftCorner<3, 3>() = R;
  Ad.topRightCorner<3, 3>().setZero();
  Ad.bottomLeftCorner<3, 3>() = skew(E_j_i.translation()) * R;
  Ad.bottomRightCorner<3, 3>() = R;
  return Ad;
}

/// ^jφ = ^j_i Ad ^iφ without forming the 6×6 matrix.
inline Twist transformTwist(const Frame& E_j_i, const Twist& phi_i) {
  const Vec3 w = E_j_i.linear() * angular(phi_i);
  return spatial(w, E_j_i.translation().cross(w) + E_j_i.linear() * linear(phi_i));
}

/// ^jf = ^i_j Adᵀ ^if = (^j_i Ad)⁻ᵀ ^if: wrenches are covariant (kry-pai-2002 §2). Returns the
/// torque about frame j's origin and the force, both in frame j coordinates.
inline Wrench transformWrench(const Frame& E_j_i, const Wrench& f_i) {
  const Vec3 force = E_j_i.linear() * linear(f_i);
  return spatial(E_j_i.linear() * angular(f_i) + E_j_i.translation().cross(force), force);
}

/// (^j_i Ad)⁻ᵀ as a matrix, for assembling constraint Jacobians (kry-pai-2002 eq. 24).
inline Mat6 adjointInverseTranspose(const Frame& E_j_i) {
  return adjoint(E_j_i.inverse(Eigen::Isometry)).transpose();
}

/// [φ] = [[ω] 0; [v] [ω]]: the spatial cross product, d/dt of a twist carried by the motion φ
/// (kry-pai-2002 §2). Its negative transpose acts on wrenches, as in eq. 15.
inline Mat6 spatialCross(const Twist& phi) {
  const Mat3 W = skew(angular(phi));
  Mat6 X;
  X.topLeftCorner<3, 3>() = W;
  X.topRightCorner<3, 3>().setZero();
  X.bottomLeftCorner<3, 3>() = skew(linear(phi));
  X.bottomRightCorner<3, 3>() = W;
  return X;
}

/// [φ]ᵀ f without forming the matrix: (−ω × f_r − v × f_t, −ω × f_t).
inline Wrench spatialCrossTransposeTimes(const Twist& phi, const Wrench& f) {
  return spatial(-angular(phi).cross(angular(f)) - linear(phi).cross(linear(f)),
                 -angular(phi).cross(linear(f)));
}

/// Reorders an angular-first spatial vector into the linear-first order of bouchard-2015 §5.1.
/// Used only at the boundary of contact/volume (docs/CONVENTIONS.md).
inline Vec6 toLinearFirst(const Vec6& x) {
  return spatial(linear(x), angular(x));
}

/// Inverse of toLinearFirst(): bouchard-2015's (linear, angular) back to (angular, linear).
inline Vec6 fromLinearFirst(const Vec6& x) {
  return spatial(x.tail<3>(), x.head<3>());
}

}  // namespace contactsim
