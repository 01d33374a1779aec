// A ball leaving the top of a fixed sphere or horizontal cylinder under gravity: the separation of
// a smooth contact (kry-pai-2002 §3.3, the normal force through zero) in closed form, for the ball
// sliding without friction or rolling without slip.
//
// The ball's centre moves on the circle of radius L = R + r about the fixed body's centre (axis),
// at the polar angle θ from the top, starting at the top with speed v₀. Sliding without friction
// the normal force passes through the ball's centre and the ball does not turn (k = 0); rolling
// without slip its spin is ω = L θ̇ / r and k = I / (m r²). Energy:
//   (1 + k) L² θ̇² = (1 + k) v₀² + 2 g L (1 − cos θ),
// so θ̇² = a² + 2 b sin²(θ/2) with a = v₀ / L, b = 2 g / ((1 + k) L). The normal equation of the
// centre's circular motion, m g cos θ − N = m L θ̇², gives N = 0 at
//   cos θ* = ((1 + k) v₀² / (g L) + 2) / (3 + k)
// (2/3 for a particle from rest, 10/17 for a rolling solid ball), and with φ = θ/2
//   t* = ∫₀^θ* dθ / θ̇ = (2 / a) F(θ*/2 | −2 b / a²),
// F the incomplete elliptic integral of the first kind (here with a negative parameter).
#pragma once

namespace contactsim::reference {

/// Carlson's symmetric elliptic integral R_F(x, y, z), x, y, z ≥ 0, at most one of them zero, by
/// duplication and the fifth-order series (Carlson 1995, Numer. Algorithms 10: 13–26), to rounding.
double carlsonRF(double x, double y, double z);

/// The incomplete elliptic integral of the first kind F(φ | m) = ∫₀^φ dθ / √(1 − m sin²θ) for
/// |φ| ≤ π/2 and m sin²φ < 1 (m may be negative): sin φ R_F(cos²φ, 1 − m sin²φ, 1).
double ellipticF(double phi, double m);

struct LeavingTheTop {
  double g = 9.81;  ///< [m/s²]
  double L = 1.0;   ///< [m] from the fixed body's centre (axis) to the ball's centre
  double v0 = 1.0;  ///< [m/s] the ball centre's speed at the top, > 0
  double k = 0.0;   ///< 0 sliding without friction; I / (m r²) rolling without slip

  /// θ*: the polar angle from the top at which the normal force vanishes [rad].
  [[nodiscard]] double separationAngle() const;
  /// t*: the time from the top to θ* [s].
  [[nodiscard]] double separationTime() const;
};

}  // namespace contactsim::reference
