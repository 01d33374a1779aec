// Contact kinematics of kry-pai-2002 §3.1–3.2 and Appendix (eqs. 5–14, 44–57), in contactsim's
// conventions (docs/CONVENTIONS.md): body 1 carries the surface c(s, t), body 2 the surface
// d(u, v); q = (s, t, u, v, ψ).
//
// Relative to the paper we write the twist of body 1 relative to body 2, ^{1c}φ(2, 1) = H q̇ (the
// paper's eq. 55 gives ^{1c}φ(1, 2), the negative): H = (−H₁ | Ad(R_ψ) H₂ | e₃), derived from eq.
// 13 in docs/ARCHITECTURE.md and checked against finite differences of E(q) in the tests.
#pragma once

#include "contactsim/geometry/surface.hpp"
#include "contactsim/math/spatial.hpp"

namespace contactsim {

using Mat65 = Eigen::Matrix<double, 6, 5>;
using Mat62 = Eigen::Matrix<double, 6, 2>;

/// The contact frame of one surface at a point and how it moves with the parameters.
struct ContactFrameJet {
  Frame E;    ///< ^b_{bc}E: contact frame in body coordinates (eqs. 5–6)
  Mat62 H;    ///< ^{bc}φ(b, bc) per (ṡ, ṫ): the appendix's H₁ (eq. 51)
  Mat62 H_s;  ///< ∂H/∂s
  Mat62 H_t;  ///< ∂H/∂t
};

/// From a jet of order 3 (order 2 suffices for E and H; H_s, H_t need order 3). Throws
/// NumericalError where the surface is not regular (c_s × c_t = 0 or c_s = 0).
ContactFrameJet contactFrameJet(const SurfaceJet& jet);

/// R_ψ of kry-pai-2002 eq. 7 (= diag(1, −1, −1) · R_z(ψ)), the rotation between the contact frames;
/// it is its own inverse.
Mat3 contactRotation(double psi);

/// Everything the dynamics needs at (q, q̇).
struct ContactKinematics {
  Frame E_1_1c;       ///< contact frame on body 1
  Frame E_2_2c;       ///< contact frame on body 2
  Frame E_2_1;        ///< pose of body 1 in body 2: E_2_2c R_ψ E_1_1c⁻¹ (eq. 9)
  Mat65 H_c;          ///< ^{1c}φ(2, 1) = H_c q̇
  Mat65 Hdot_c;       ///< d/dt H_c along q̇ (eq. 57)
  Mat65 H_1;          ///< ^1φ(2, 1) = H_1 q̇: the twist of body 1 in its own frame (eq. 14)
  Twist hdot_qdot_1;  ///< Ḣ_1 q̇, the velocity-product term of φ̇ = Ḣ_1 q̇ + H_1 q̈ (eq. 17)
  Twist xi;  ///< ^{1c}φ(1, 1c) = H₁ (ṡ, ṫ): how fast the contact frame moves on body 1

  /// d/dt H_1 = Ad(E_1_1c) ([ξ] H_c + Ḣ_c), formed on demand (the dynamics needs only Ḣ_1 q̇).
  [[nodiscard]] Mat65 Hdot_1() const;
};

/// Ad(E_1_2): carries a twist in body 2's frame into body 1's (body 2's motion seen in body 1's
/// frame), and its transpose a wrench the other way.
[[nodiscard]] inline Mat6 adjointBody2ToBody1(const ContactKinematics& k) {
  return adjoint(k.E_2_1.inverse(Eigen::Isometry));
}

/// The part of the kinematics that depends on q only: both contact frame jets and ψ.
struct ContactGeometry {
  ContactFrameJet frame1;
  ContactFrameJet frame2;
  double psi;
};

/// From the two jets at (s, t) and (u, v), and ψ.
ContactGeometry contactGeometry(const SurfaceJet& jet1, const SurfaceJet& jet2, double psi);

/// Kinematics at (q, q̇) from the geometry at q (cheap: no surface evaluation).
ContactKinematics contactKinematics(const ContactGeometry& g, const Vec5& qdot);

/// H_c at q alone: ^{1c}φ(2, 1) = H_c q̇ (ContactKinematics::H_c).
Mat65 contactJacobian(const ContactGeometry& g);

/// Kinematics from the two jets at (s, t) and (u, v), ψ and q̇.
ContactKinematics contactKinematics(const SurfaceJet& jet1, const SurfaceJet& jet2, double psi,
                                    const Vec5& qdot);

}  // namespace contactsim
