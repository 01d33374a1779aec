// Lubich's convolution quadrature with BDF2 or BDF1 (Lubich 1988; Banjai & Sauter 2008 for the
// all-at-once form): a causal convolution y = k * g with Laplace transform K(s) is approximated on
// t_n = nΔt by
//   y_n = Σ_{j ≤ n} ω_{n−j} g_j,   Σ_n ω_n ζ^n = K(δ(ζ)/Δt),
// δ(ζ) = (1 − ζ) + (1 − ζ)²/2 for BDF2, δ(ζ) = 1 − ζ for BDF1 (TimeQuadrature).
// The generating functions are sampled on the circle |ζ| = λ at ζ_l = λ e^{2πil/L}: every time
// step then follows from L independent Laplace-domain problems at s_l = δ(ζ_l)/Δt, combined by one
// FFT (FFTW3). With λ^L = √ε the result is accurate to about √ε ≈ 1e-8 relative. For real signals
// only l = 0 … L/2 are needed (the others are complex conjugates).
//
// This is how the elastodynamic boundary elements step in time (ullrich-pai §3): instead of a
// time-domain kernel, each frequency is an ordinary Laplace-domain BEM solve.
#pragma once

#include <complex>
#include <vector>

#include "contactsim/bem/response_map_builder.hpp"  // TimeQuadrature

namespace contactsim {

class ConvolutionQuadrature {
 public:
  /// `steps` output samples t_0 … t_{steps−1} at spacing `time_step` by `method`. Throws
  /// InvalidInputError unless time_step > 0 and 2 ≤ steps ≤ 2^20.
  ConvolutionQuadrature(double time_step, int steps, TimeQuadrature method = TimeQuadrature::bdf2);

  [[nodiscard]] double timeStep() const { return time_step_; }
  [[nodiscard]] int steps() const { return steps_; }
  /// The frequencies s_l = δ(ζ_l)/Δt for l = 0 … L/2 (L = steps); all have Re s > 0.
  [[nodiscard]] const std::vector<std::complex<double>>& frequencies() const { return s_; }
  /// ζ_l for the same l.
  [[nodiscard]] const std::vector<std::complex<double>>& points() const { return zeta_; }

  /// The scaled transform of real data g_0 … g_{L−1}: G(ζ_l) = Σ_n g_n ζ_l^n, l = 0 … L/2.
  [[nodiscard]] std::vector<std::complex<double>> transform(const std::vector<double>& g) const;
  /// The inverse: samples y_0 … y_{L−1} of a real signal from Y(ζ_l), l = 0 … L/2.
  [[nodiscard]] std::vector<double> inverse(const std::vector<std::complex<double>>& y) const;

 private:
  double time_step_;
  int steps_;
  double radius_;  // λ
  std::vector<std::complex<double>> s_;
  std::vector<std::complex<double>> zeta_;
};

}  // namespace contactsim
