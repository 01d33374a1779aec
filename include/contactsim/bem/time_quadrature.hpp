// Which linear multistep method the convolution quadrature of the elastodynamic boundary elements
// stands for (Lubich 1988): the response map's step responses are the method's discrete
// convolution with the body's Laplace-domain compliance, sampled at s = δ(ζ)/Δt.
#pragma once

namespace contactsim {

enum class TimeQuadrature {
  /// BDF2, δ(ζ) = (1 − ζ) + (1 − ζ)²/2: second order, the default. Its frequencies reach close to
  /// the imaginary axis (Re sΔt ≈ (ωΔt)⁴/4), so on a mesh too coarse for Δt it also sees the
  /// discretised body's spurious growing modes (docs/figures/restitution-study/README.md).
  bdf2,
  /// BDF1 (backward Euler), δ(ζ) = 1 − ζ: first order and dissipative (Re sΔt ≈ (ωΔt)²/2), which
  /// keeps those modes out to much finer steps at the price of damping the response by O(ωΔt).
  bdf1,
};

}  // namespace contactsim
