#include "bem/convolution_quadrature.hpp"

#include <fftw3.h>

#include <cmath>
#include <limits>
#include <mutex>
#include <numbers>
#include <string>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

// FFTW's planner is not thread-safe; execution of a plan is.
std::mutex& plannerMutex() {
  static std::mutex mutex;
  return mutex;
}

}  // namespace

ConvolutionQuadrature::ConvolutionQuadrature(double time_step, int steps, TimeQuadrature method)
    : time_step_(time_step), steps_(steps) {
  if (!(time_step > 0.0) || !std::isfinite(time_step)) {
    throw InvalidInputError("convolution quadrature: time step must be positive, got " +
                            toText(time_step));
  }
  if (steps < 2 || steps > (1 << 20)) {
    throw InvalidInputError("convolution quadrature: need 2 to 2^20 steps, got " + toText(steps));
  }
  // λ^L = √ε balances the aliasing error λ^L against the round-off amplification λ^{−L}·ε.
  radius_ = std::pow(std::sqrt(std::numeric_limits<double>::epsilon()), 1.0 / steps);
  for (int l = 0; l <= steps / 2; ++l) {
    const std::complex<double> zeta =
        std::polar(radius_, 2.0 * std::numbers::pi * l / static_cast<double>(steps));
    const std::complex<double> one_minus = 1.0 - zeta;
    zeta_.push_back(zeta);
    const std::complex<double> delta =
        method == TimeQuadrature::bdf1 ? one_minus : one_minus + 0.5 * one_minus * one_minus;
    s_.push_back(delta / time_step);
  }
}

std::vector<std::complex<double>> ConvolutionQuadrature::transform(
    const std::vector<double>& g) const {
  const auto n = static_cast<std::size_t>(steps_);
  if (g.size() != n) {
    throw InvalidInputError("convolution quadrature: expected " + toText(n) + " samples, got " +
                            toText(g.size()));
  }
  std::vector<double> in(n);
  double scale = 1.0;
  for (std::size_t k = 0; k < n; ++k) {
    in[k] = g[k] * scale;
    scale *= radius_;
  }
  std::vector<std::complex<double>> out(n / 2 + 1);
  fftw_plan plan;
  {
    const std::lock_guard<std::mutex> lock(plannerMutex());
    plan = fftw_plan_dft_r2c_1d(steps_, in.data(), reinterpret_cast<fftw_complex*>(out.data()),
                                FFTW_ESTIMATE);
  }
  fftw_execute(plan);
  {
    const std::lock_guard<std::mutex> lock(plannerMutex());
    fftw_destroy_plan(plan);
  }
  // FFTW's forward transform has e^{−2πiln/L}; ζ_l^n has e^{+2πiln/L}: conjugate (data are real).
  for (auto& value : out) {
    value = std::conj(value);
  }
  return out;
}

std::vector<double> ConvolutionQuadrature::inverse(
    const std::vector<std::complex<double>>& y) const {
  const auto n = static_cast<std::size_t>(steps_);
  if (y.size() != n / 2 + 1) {
    throw InvalidInputError("convolution quadrature: expected " + toText(n / 2 + 1) +
                            " frequency values, got " + toText(y.size()));
  }
  // y_k = λ^{−k}/L Σ_l Y_l e^{−2πilk/L}; FFTW's c2r has e^{+…} and a Hermitian half: feed conj(Y).
  std::vector<std::complex<double>> in(y.size());
  for (std::size_t l = 0; l < y.size(); ++l) {
    in[l] = std::conj(y[l]);
  }
  std::vector<double> out(n);
  fftw_plan plan;
  {
    const std::lock_guard<std::mutex> lock(plannerMutex());
    plan = fftw_plan_dft_c2r_1d(steps_, reinterpret_cast<fftw_complex*>(in.data()), out.data(),
                                FFTW_ESTIMATE);  // overwrites `in`
  }
  fftw_execute(plan);
  {
    const std::lock_guard<std::mutex> lock(plannerMutex());
    fftw_destroy_plan(plan);
  }
  double scale = 1.0 / static_cast<double>(n);
  for (std::size_t k = 0; k < n; ++k) {
    out[k] *= scale;
    scale /= radius_;
  }
  return out;
}

}  // namespace contactsim
