// The Chatterjee–Ruina algebraic collision law and the collision matrix of two rigid bodies
// (include/contact/impact/collision_law.hpp).
#include "contact/impact/collision_law.hpp"

#include <Eigen/Cholesky>
#include <cmath>
#include <sstream>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim {
namespace {

std::string formatValue(double x) {
  std::ostringstream s;
  s.precision(17);
  s << x;
  return s.str();
}

std::string formatMatrix(const Mat3& A) {
  std::ostringstream s;
  s << A.format(Eigen::IOFormat(Eigen::FullPrecision, 0, ", ", "; ", "", "", "[", "]"));
  return s.str();
}

void requireInRange(double x, double lo, double hi, const char* field) {
  if (!(x >= lo && x <= hi)) {  // also rejects NaN
    throw InvalidInputError(std::string("impact parameter ") + field + " must lie in [" +
                            formatValue(lo) + ", " + formatValue(hi) + "], got " + formatValue(x));
  }
}

// Cholesky factor of K after checking that K is finite, symmetric and positive definite.
Eigen::LLT<Mat3> factorCollisionMatrix(const Mat3& K) {
  requireFinite(K.reshaped(), "collision matrix K");
  const double scale = K.cwiseAbs().maxCoeff();
  if (!((K - K.transpose()).cwiseAbs().maxCoeff() <= 1e-9 * scale)) {
    throw InvalidInputError("collision matrix K must be symmetric, got " + formatMatrix(K));
  }
  const Mat3 K_sym = 0.5 * (K + K.transpose());
  Eigen::LLT<Mat3> llt(K_sym);
  // LLT succeeds on some numerically singular matrices (tiny positive pivots): also require a
  // reciprocal condition number well above rounding.
  if (!(scale > 0.0) || llt.info() != Eigen::Success || !(llt.rcond() > 1e-13)) {
    throw InvalidInputError("collision matrix K must be symmetric positive definite, got " +
                            formatMatrix(K) + " (two fixed bodies, or a singular K?)");
  }
  return llt;
}

void requireValidBody(const ImpactBody& body, const char* which) {
  const std::string name = std::string("impact body ") + which;
  requireFinite(body.inverse_mass, name + " inverse_mass");
  if (body.inverse_mass < 0.0) {
    throw InvalidInputError(name + " inverse_mass must be non-negative, got " +
                            formatValue(body.inverse_mass));
  }
  requireFinite(body.inverse_inertia_world.reshaped(), name + " inverse_inertia_world");
  requireFinite(body.com_world, name + " com_world");
}

}  // namespace

void ImpactParameters::validate() const {
  requireInRange(restitution, 0.0, 1.0, "restitution (e)");
  requireInRange(tangential_restitution, -1.0, 1.0, "tangential_restitution (e_t)");
  if (!(friction >= 0.0) || !std::isfinite(friction)) {
    throw InvalidInputError("impact parameter friction (mu) must be finite and >= 0, got " +
                            formatValue(friction));
  }
}

const char* toString(ImpactRegime regime) {
  switch (regime) {
    case ImpactRegime::kSeparating:
      return "separating";
    case ImpactRegime::kFrictionless:
      return "frictionless";
    case ImpactRegime::kSticking:
      return "sticking";
    case ImpactRegime::kSliding:
      return "sliding";
  }
  return "unknown";
}

// Chatterjee & Ruina 1998, J. Appl. Mech. 65(4), "A new algebraic rigid-body collision law based
// on impulse space considerations"; the formulas as ../shared/papers/NOTES.md states them.
//
// Why energy never increases: with u = −K P_II the kinetic energy changes by
// ΔT = Pᵀu + ½ PᵀKP = ½‖P − P_II‖²_K − ½‖P_II‖²_K, and P_I is the K-orthogonal projection of P_II
// onto n, so for P = a P_I + b (P_II − P_I) (K-orthogonal parts) ΔT ≤ 0 whenever a, b ∈ [0, 2].
// The law has a = 1 + e ∈ [1, 2] and b = 1 + e_t or κ ∈ [0, 1 + e_t] ⊂ [0, 2]. The same split gives
// nᵀK(P_II − P_I) = 0, hence the post-impact normal velocity −e u·n in every branch.
ImpactResult chatterjeeRuinaImpulse(const Mat3& K, const Vec3& u, const Vec3& n,
                                    const ImpactParameters& p) {
  p.validate();
  requireFinite(u, "impact relative velocity u");
  requireFinite(n, "impact normal n");
  if (!(std::abs(n.norm() - 1.0) <= 1e-9)) {
    throw InvalidInputError("impact normal n must be a unit vector, got |n| = " +
                            formatValue(n.norm()));
  }
  const Eigen::LLT<Mat3> llt = factorCollisionMatrix(K);

  const double u_n = n.dot(u);
  if (u_n >= 0.0) {
    return {Vec3::Zero(), ImpactRegime::kSeparating};
  }
  const double e = p.restitution;
  const double e_t = p.tangential_restitution;
  const double mu = p.friction;

  // P_I = −(n·u)/(nᵀKn) n: frictionless, perfectly plastic (normal velocity brought to zero).
  const Vec3 P_I = (-u_n / n.dot(K * n)) * n;
  // P_II = −K⁻¹u: sticking, perfectly plastic (all relative velocity brought to zero).
  const Vec3 P_II = -llt.solve(u);
  const Vec3 D = P_II - P_I;

  // Frictionless: P_II − P_I does not enter (e_t = −1), or the cone has zero width (μ = 0).
  if (e_t == -1.0 || mu == 0.0) {
    return {(1.0 + e) * P_I, ImpactRegime::kFrictionless};
  }

  // Candidate P̂ = (1 + e) P_I + (1 + e_t)(P_II − P_I), used when inside the friction cone.
  const Vec3 P_hat = (1.0 + e) * P_I + (1.0 + e_t) * D;
  const double P_hat_n = n.dot(P_hat);
  if ((P_hat - P_hat_n * n).norm() <= mu * P_hat_n) {
    return {P_hat, ImpactRegime::kSticking};
  }

  // Outside the cone: P = (1 + e) P_I + κ (P_II − P_I), κ where this ray leaves the cone,
  // κ = μ(1 + e)(n·P_I) / (‖P_II − (n·P_II)n‖ − μ n·(P_II − P_I)).
  //
  // Degenerate denominator: the ray starts inside the cone (n·P_I > 0, no tangential part) and
  // leaves it at a κ in (0, 1 + e_t) when P̂ is outside, which in exact arithmetic forces the
  // denominator to be > numerator / (1 + e_t) > 0. A denominator ≤ 0 or tiny therefore means that
  // the cone test above failed by rounding and P̂ is on the cone boundary to rounding: clamp κ to
  // 1 + e_t (P = P̂) rather than divide. The clamp keeps κ ∈ [0, 1 + e_t], so no energy is gained.
  const Vec3 P_II_t = P_II - n.dot(P_II) * n;
  const double numerator = mu * (1.0 + e) * n.dot(P_I);
  const double denominator = P_II_t.norm() - mu * n.dot(D);
  const double kappa = denominator * (1.0 + e_t) > numerator ? numerator / denominator : 1.0 + e_t;
  return {(1.0 + e) * P_I + kappa * D, ImpactRegime::kSliding};
}

ImpactBody impactBody(const MassProperties& mass, const RigidBodyState& state) {
  const Mat3 Theta = state.pose().linear();
  ImpactBody body;
  body.inverse_mass = 1.0 / mass.mass();
  body.inverse_inertia_world = mass.worldInverseInertia(Theta);
  body.com_world = state.position;
  return body;
}

// K = Σ (1/m 1 − [r]× I_w⁻¹ [r]×), r = c − com: Δu = Δv + Δω × r with Δv = P/m and
// Δω = I_w⁻¹ (r × P) for each body (B's terms enter with −P and −Δu_B, hence also with +).
Mat3 collisionMatrix(const ImpactBody& a, const ImpactBody& b, const Vec3& c) {
  requireValidBody(a, "A");
  requireValidBody(b, "B");
  requireFinite(c, "impact point c");
  Mat3 K = Mat3::Zero();
  for (const ImpactBody* body : {&a, &b}) {
    K += pointMobility(body->inverse_mass, body->inverse_inertia_world, c - body->com_world);
  }
  return 0.5 * (K + K.transpose());  // symmetric to the last bit
}

ImpactVelocityChanges applyImpulse(const ImpactBody& a, const ImpactBody& b, const Vec3& c,
                                   const Vec3& P) {
  requireFinite(P, "impulse P");
  requireFinite(c, "impact point c");
  const auto change = [&c](const ImpactBody& body, const Vec3& impulse) {
    return VelocityChange{body.inverse_mass * impulse,
                          body.inverse_inertia_world * (c - body.com_world).cross(impulse)};
  };
  return {change(a, P), change(b, -P)};
}

void addVelocityChange(RigidBodyState& state, const VelocityChange& change) {
  // The twist is ^bφ(w, b) in body coordinates: rotate the world-frame jumps by Θᵀ.
  const Quat to_body = state.orientation.conjugate();
  angular(state.twist) += to_body * change.angular;
  linear(state.twist) += to_body * change.linear;
}

}  // namespace contactsim
