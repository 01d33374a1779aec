// Modified Bessel functions K_0, K_1, K_2 of complex argument, Re z ≥ 0, for the Laplace-domain
// 2D elastodynamic fundamental solution of the boundary element method (K_ν at z = s r / c,
// Re s > 0; see include/contactsim/bem/complex_bessel.hpp).
//
// Three methods cover the right half-plane, each where it is both accurate and fast:
//   1. |z| + Re z ≤ kSeriesLimit: the ascending series (DLMF 10.31.1). Its rounding error is about
//      ε·I_0(|z|)/|K_0(z)| ≈ ε·e^{|z| + Re z}/π, which bounds the region by |z| + Re z.
//   2. |z| ≥ kAsymptoticRadius: the Hankel expansion (DLMF 10.40.2), truncated where its terms
//      fall below 1e-17.
//   3. In between: a Taylor expansion about the nearest centre of a square grid (spacing
//      kGridSpacing) on which K_0 and K_1 were tabulated once by Steed's continued fraction CF2
//      (Thompson & Barnett 1987). The Taylor coefficients follow from Bessel's equation.
// CF2 alone would do for all |z| ≥ 2, but it needs 30–160 iterations (~10 ns each) for
// 2 ≤ |z| ≤ 10, far from the ~100 ns per call the matrix assembly wants.
// K_2 comes from the recurrence K_2 = K_0 + (2/z) K_1 (DLMF 10.29.1), which is stable here.
//
// besselKIntegral, the slow reference for tests, is at the end of the file.
#include "bem/complex_bessel.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

using Complex = std::complex<double>;

// Below this |z|, K_2 ≈ 2/z² overflows (and |z|² underflows in the arithmetic below).
constexpr double kMinimumModulus = 1e-150;
// Series for |z| + Re z ≤ kSeriesLimit (rounding error ≲ 30 ε there).
constexpr double kSeriesLimit = 4.5;
// Hankel expansion for |z| ≥ kAsymptoticRadius (≤ 20 terms at 1e-17).
constexpr double kAsymptoticRadius = 25.0;
// Spacing of the grid of tabulated values in between; Taylor steps are at most kGridSpacing/√2.
constexpr double kGridSpacing = 0.5;
constexpr int kGridSize = 50;  // kGridSize · kGridSpacing ≥ kAsymptoticRadius
static_assert(kGridSize * kGridSpacing >= kAsymptoticRadius);

// Complex products and reciprocals written out: std::complex's operators guard against
// overflow and NaN (library calls on every division), which these arguments never need.
inline Complex mul(Complex a, Complex b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}
inline Complex mul(double a, Complex b) {
  return {a * b.real(), a * b.imag()};
}
inline Complex reciprocal(Complex b) {
  const double inverse_norm = 1.0 / (b.real() * b.real() + b.imag() * b.imag());
  return {b.real() * inverse_norm, -b.imag() * inverse_norm};
}

std::string formatComplex(Complex z) {
  std::ostringstream s;
  s.precision(17);
  s << "(" << z.real() << ", " << z.imag() << ")";
  return s.str();
}

void requireValidArgument(Complex z, const char* function) {
  if (!std::isfinite(z.real()) || !std::isfinite(z.imag())) {
    throw InvalidInputError(std::string(function) + ": argument z must be finite, got " +
                            formatComplex(z));
  }
  if (z.real() < 0.0) {
    throw InvalidInputError(std::string(function) + ": argument z must have Re z >= 0, got " +
                            formatComplex(z));
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Ascending series. DLMF 10.31.1 with n = 0, 1 and ψ(k+1) = −γ + H_k (DLMF 5.4.14), written
// with w = z/2, y = w², L = ln w + γ:
//   K_0(z) = Σ_k H_k y^k/(k!)²  −  L Σ_k y^k/(k!)²
//   K_1(z) = 1/z + w [ L Σ_k y^k/(k!(k+1)!)  −  Σ_k ½(H_k + H_{k+1}) y^k/(k!(k+1)!) ]
// The four real coefficient sequences are computed at compile time in long double.
constexpr int kSeriesTerms = 18;

struct SeriesCoefficients {
  std::array<double, kSeriesTerms> i0{};  // 1/(k!)²
  std::array<double, kSeriesTerms> h0{};  // H_k/(k!)²
  std::array<double, kSeriesTerms> i1{};  // 1/(k!(k+1)!)
  std::array<double, kSeriesTerms> h1{};  // ½(H_k + H_{k+1})/(k!(k+1)!)
};

constexpr SeriesCoefficients makeSeriesCoefficients() {
  SeriesCoefficients c;
  long double factorial = 1.0L;  // k!
  long double harmonic = 0.0L;   // H_k
  for (int k = 0; k < kSeriesTerms; ++k) {
    if (k > 0) {
      factorial *= static_cast<long double>(k);
      harmonic += 1.0L / static_cast<long double>(k);
    }
    const long double next_harmonic = harmonic + 1.0L / static_cast<long double>(k + 1);
    const long double square = factorial * factorial;
    const long double product = square * static_cast<long double>(k + 1);
    c.i0[static_cast<std::size_t>(k)] = static_cast<double>(1.0L / square);
    c.h0[static_cast<std::size_t>(k)] = static_cast<double>(harmonic / square);
    c.i1[static_cast<std::size_t>(k)] = static_cast<double>(1.0L / product);
    c.h1[static_cast<std::size_t>(k)] =
        static_cast<double>(0.5L * (harmonic + next_harmonic) / product);
  }
  return c;
}

constexpr SeriesCoefficients kSeries = makeSeriesCoefficients();

// Terms kept for |y| ≤ bound: the truncation error y^N (H_N + 4)/(N!)² stays below 1e-18.
struct TermCount {
  double y_norm_bound;  // |y|²
  int terms;
};
constexpr std::array<TermCount, 11> kSeriesTermCounts{{{1e-6, 5},
                                                       {1e-4, 7},
                                                       {0.0025, 8},
                                                       {0.01, 9},
                                                       {0.0625, 10},
                                                       {0.25, 12},
                                                       {1.0, 13},
                                                       {2.25, 14},
                                                       {4.0, 15},
                                                       {9.0, 16},
                                                       {1e300, 18}}};

// k0 and f = K1 − 1/z (the regular part of K1, free of the cancellation in K1 − 1/z).
void seriesK0RegularK1(Complex z, Complex& k0, Complex& f) {
  const Complex w = 0.5 * z;
  const Complex y = mul(w, w);
  const double y_norm = std::norm(y);
  int n = kSeriesTerms;
  for (const TermCount& count : kSeriesTermCounts) {
    if (y_norm <= count.y_norm_bound) {
      n = count.terms;
      break;
    }
  }
  // Horner in y for the four sums.
  auto at = [](const std::array<double, kSeriesTerms>& a, int k) {
    return a[static_cast<std::size_t>(k)];
  };
  Complex s_i0 = at(kSeries.i0, n - 1);
  Complex s_h0 = at(kSeries.h0, n - 1);
  Complex s_i1 = at(kSeries.i1, n - 1);
  Complex s_h1 = at(kSeries.h1, n - 1);
  for (int k = n - 2; k >= 0; --k) {
    s_i0 = mul(s_i0, y) + at(kSeries.i0, k);
    s_h0 = mul(s_h0, y) + at(kSeries.h0, k);
    s_i1 = mul(s_i1, y) + at(kSeries.i1, k);
    s_h1 = mul(s_h1, y) + at(kSeries.h1, k);
  }
  // L = ln(z/2) + γ, with ln|z| from |z|² (no hypot; |z| ≥ 1e-150 keeps |z|² normal).
  const Complex L(0.5 * std::log(std::norm(z)) - std::numbers::ln2 + std::numbers::egamma,
                  std::atan2(z.imag(), z.real()));
  k0 = s_h0 - mul(L, s_i0);
  f = mul(w, mul(L, s_i1) - s_h1);
}

void seriesK01(Complex z, Complex& k0, Complex& k1) {
  Complex f;
  seriesK0RegularK1(z, k0, f);
  k1 = reciprocal(z) + f;
}

// ---------------------------------------------------------------------------------------------
// 2. Hankel's expansion, DLMF 10.40.2: K_ν(z) ~ √(π/(2z)) e^{−z} Σ_k a_k(ν)/z^k with
// a_k(ν) = (4ν² − 1²)(4ν² − 3²)…(4ν² − (2k−1)²)/(k! 8^k) (DLMF 10.17.1). For |ph z| ≤ π/2 the
// remainder is bounded by a small multiple of the first neglected term (DLMF §10.40(iii)).
constexpr int kAsymptoticTerms = 20;

struct AsymptoticCoefficients {
  std::array<double, kAsymptoticTerms> nu0{};
  std::array<double, kAsymptoticTerms> nu1{};
};

constexpr AsymptoticCoefficients makeAsymptoticCoefficients() {
  AsymptoticCoefficients c;
  long double a0 = 1.0L;
  long double a1 = 1.0L;
  for (int k = 0; k < kAsymptoticTerms; ++k) {
    if (k > 0) {
      const long double odd = static_cast<long double>(2 * k - 1);
      const long double scale = 8.0L * static_cast<long double>(k);
      a0 *= (0.0L - odd * odd) / scale;
      a1 *= (4.0L - odd * odd) / scale;
    }
    c.nu0[static_cast<std::size_t>(k)] = static_cast<double>(a0);
    c.nu1[static_cast<std::size_t>(k)] = static_cast<double>(a1);
  }
  return c;
}

constexpr AsymptoticCoefficients kAsymptotic = makeAsymptoticCoefficients();

// Terms kept for |z| ≥ bound: the first neglected term is below 1e-17.
constexpr std::array<TermCount, 7> kAsymptoticTermCounts{
    {{1e6, 6}, {4e4, 8}, {1e4, 10}, {3600.0, 12}, {1600.0, 14}, {900.0, 17}, {625.0, 20}}};

void asymptoticK01(Complex z, Complex& k0, Complex& k1) {
  const double z_norm = std::norm(z);
  int n = kAsymptoticTerms;
  for (const TermCount& count : kAsymptoticTermCounts) {
    if (z_norm >= count.y_norm_bound) {
      n = count.terms;
      break;
    }
  }
  const Complex w = reciprocal(z);
  Complex s0 = kAsymptotic.nu0[static_cast<std::size_t>(n - 1)];
  Complex s1 = kAsymptotic.nu1[static_cast<std::size_t>(n - 1)];
  for (int k = n - 2; k >= 0; --k) {
    s0 = mul(s0, w) + kAsymptotic.nu0[static_cast<std::size_t>(k)];
    s1 = mul(s1, w) + kAsymptotic.nu1[static_cast<std::size_t>(k)];
  }
  // √(π/(2z)) e^{−z}; e^{−z} is 0 once Re z passes ~745.
  const Complex prefactor = mul(std::sqrt(std::numbers::pi / 2.0 * w), std::exp(-z));
  k0 = mul(prefactor, s0);
  k1 = mul(prefactor, s1);
}

// ---------------------------------------------------------------------------------------------
// Steed's continued fraction CF2 in Temme's normalisation (Thompson & Barnett 1987, J. Comput.
// Phys. 64, 490–509; the form of Numerical Recipes' bessik), for order μ = 0 and complex z,
// valid for Re z ≥ 0. Measured: ~100–160 iterations at |z| = 2, ~30 at |z| = 10, ~9 at |z| = 100,
// accurate to ~1e-15 once converged; at |z| = 1.5 near the imaginary axis it does not converge.
// With
// a_1 = ¼ − μ², b_i = 2(i + z), the fraction h = a_1/(b_1 + a_2/(b_2 + …)) gives
// K_1/K_0 = (μ + z + ½ − h)/z, and the companion sum S = Σ C_i Q_i (Temme's q_i, c_i recurrences,
// evaluated along with h by Steed's algorithm) gives K_0 = √(π/(2z)) e^{−z} / S.
// Used only to build the table below (~0.4 µs per value on average, ~1 ms for the table).
void steedK01(Complex z, Complex& k0, Complex& k1) {
  constexpr double a1 = 0.25;  // ¼ − μ² for μ = 0
  Complex b = 2.0 * (1.0 + z);
  Complex d = reciprocal(b);
  Complex h = d;
  Complex delta_h = d;
  Complex q_previous = 0.0;
  Complex q_current = 1.0;
  double a = -a1;
  double c = a1;
  Complex q = a1;
  Complex s = 1.0 + mul(q, delta_h);
  constexpr int kMaxIterations = 100000;
  int i = 1;
  for (; i < kMaxIterations; ++i) {
    a -= 2.0 * i;
    c = -a * c / (i + 1.0);
    const Complex q_next = (q_previous - mul(b, q_current)) / a;
    q_previous = q_current;
    q_current = q_next;
    q += c * q_next;
    b += 2.0;
    d = reciprocal(b + a * d);
    delta_h = mul(mul(b, d) - 1.0, delta_h);
    h += delta_h;
    const Complex delta_s = mul(q, delta_h);
    s += delta_s;
    if (std::norm(delta_s) < 1e-36 * std::norm(s))
      break;
  }
  if (i == kMaxIterations) {
    throw NumericalError("besselK012: continued fraction CF2 did not converge at z = " +
                         formatComplex(z));
  }
  h *= a1;
  k0 = std::sqrt(std::numbers::pi / (2.0 * z)) * std::exp(-z) / s;
  k1 = k0 * (0.5 + z - h) / z;
}

// ---------------------------------------------------------------------------------------------
// 3. The table: K_0 and K_1 at the cell centres z_ij = ((i + ½)Δ, (j + ½)Δ), 0 ≤ i, j < kGridSize
// (Im z ≥ 0; K_ν(z̄) = conj K_ν(z) for real ν, DLMF §10.34, gives the lower half). Centres that the
// Taylor step can reach from outside the series region lie where CF2 converges; the others get the
// series.
struct GridValues {
  Complex k0;
  Complex k1;
};

std::vector<GridValues> buildGrid() {
  std::vector<GridValues> grid(static_cast<std::size_t>(kGridSize * kGridSize));
  for (int i = 0; i < kGridSize; ++i) {
    for (int j = 0; j < kGridSize; ++j) {
      const Complex z0((i + 0.5) * kGridSpacing, (j + 0.5) * kGridSpacing);
      GridValues& v = grid[static_cast<std::size_t>(i * kGridSize + j)];
      if (std::abs(z0) + z0.real() > kSeriesLimit - 1.0) {
        steedK01(z0, v.k0, v.k1);
      } else {
        seriesK01(z0, v.k0, v.k1);
      }
    }
  }
  return grid;
}

// 1/((k+1)(k+2)) and (k+1)² for the Taylor recurrence.
constexpr int kTaylorMaxTerms = 40;
struct TaylorCoefficients {
  std::array<double, kTaylorMaxTerms> inverse_product{};
  std::array<double, kTaylorMaxTerms> square{};
};
constexpr TaylorCoefficients makeTaylorCoefficients() {
  TaylorCoefficients c;
  for (int k = 0; k < kTaylorMaxTerms; ++k) {
    c.inverse_product[static_cast<std::size_t>(k)] = 1.0 / ((k + 1.0) * (k + 2.0));
    c.square[static_cast<std::size_t>(k)] = (k + 1.0) * (k + 1.0);
  }
  return c;
}
constexpr TaylorCoefficients kTaylor = makeTaylorCoefficients();

// Taylor expansion of K_0 about z_0, K_0(z_0 + h) = Σ_k c_k h^k, with c_0 = K_0(z_0),
// c_1 = −K_1(z_0) (DLMF 10.29.3). Bessel's equation z w'' + w' − z w = 0 (DLMF 10.25.1, ν = 0)
// gives, coefficient by coefficient of h^k,
//   c_{k+2} = [z_0 c_k + c_{k−1} − (k+1)² c_{k+1}] / (z_0 (k+1)(k+2)).
// In the scaled terms D_k = c_k h^{k−1} and u = h/z_0:
//   D_{k+2} = [h² D_k + h² u D_{k−1} − (k+1)² u D_{k+1}] / ((k+1)(k+2)),  h D_0 = c_0, D_{−1} = 0,
// and K_0(z) = c_0 + h Σ_{k≥1} D_k, K_1(z) = −K_0'(z) = −Σ_{k≥1} k D_k. The terms fall like
// |h|^k/k! (|h| ≤ 0.36) or, near the origin, like (|h|/|z_0|)^k.
void taylorK01(Complex z, Complex& k0, Complex& k1) {
  static const std::vector<GridValues> grid = buildGrid();
  const bool lower = z.imag() < 0.0;
  if (lower)
    z = std::conj(z);
  const int i = std::min(static_cast<int>(z.real() / kGridSpacing), kGridSize - 1);
  const int j = std::min(static_cast<int>(z.imag() / kGridSpacing), kGridSize - 1);
  const GridValues& v = grid[static_cast<std::size_t>(i * kGridSize + j)];
  const Complex z0((i + 0.5) * kGridSpacing, (j + 0.5) * kGridSpacing);
  const Complex h = z - z0;
  const Complex u = mul(h, reciprocal(z0));
  const Complex h2 = mul(h, h);
  const Complex h2u = mul(h2, u);
  const Complex c0 = v.k0;
  const Complex c1 = -v.k1;
  const double tolerance = 1e-34 * std::min(std::norm(c0), std::norm(c1));  // terms < 1e-17

  Complex d_previous = c1;                                                              // D_1
  Complex d_current = 0.5 * (mul(h, c0) - mul(u, c1));                                  // D_2
  Complex d_next = (mul(h2, c1) + mul(mul(h, u), c0) - 4.0 * mul(u, d_current)) / 6.0;  // D_3
  Complex sum = d_previous + d_current + d_next;                                        // Σ D_k
  Complex weighted = d_previous + 2.0 * d_current + 3.0 * d_next;                       // Σ k D_k
  for (int k = 2; k < kTaylorMaxTerms; ++k) {
    // D_{k+2} from D_{k−1}, D_k, D_{k+1}.
    const Complex d = mul(kTaylor.inverse_product[static_cast<std::size_t>(k)],
                          mul(h2, d_current) + mul(h2u, d_previous) -
                              mul(kTaylor.square[static_cast<std::size_t>(k)], mul(u, d_next)));
    d_previous = d_current;
    d_current = d_next;
    d_next = d;
    sum += d;
    weighted += (k + 2.0) * d;
    const double kk = (k + 2.0) * (k + 2.0);
    if (kk * (std::norm(d) + std::norm(d_current)) < tolerance)
      break;
  }
  k0 = c0 + mul(h, sum);
  k1 = -weighted;
  if (lower) {
    k0 = std::conj(k0);
    k1 = std::conj(k1);
  }
}

}  // namespace

BesselK012 besselK012(std::complex<double> z) {
  requireValidArgument(z, "besselK012");
  const double z_norm = std::norm(z);
  if (!(z_norm >= kMinimumModulus * kMinimumModulus)) {
    throw InvalidInputError("besselK012: argument z must satisfy |z| >= 1e-150, got " +
                            formatComplex(z));
  }
  Complex k0;
  Complex k1;
  const double series_radius = kSeriesLimit - z.real();  // |z| + Re z ≤ kSeriesLimit
  if (series_radius > 0.0 && z_norm <= series_radius * series_radius) {
    seriesK01(z, k0, k1);
  } else if (z_norm >= kAsymptoticRadius * kAsymptoticRadius) {
    asymptoticK01(z, k0, k1);
  } else {
    taylorK01(z, k0, k1);
  }
  // DLMF 10.29.1: K_{ν+1} = K_{ν−1} + (2ν/z) K_ν at ν = 1.
  const Complex k2 = k0 + mul(mul(2.0, reciprocal(z)), k1);
  return {k0, k1, k2};
}

// ---------------------------------------------------------------------------------------------
// The reference: K_ν(z) = ½∫_{−∞}^{∞} e^{−z cosh t} e^{νt} dt = ∫_0^∞ e^{−z cosh t} cosh(νt) dt
// (DLMF 10.32.9, |ph z| < π/2). For z = |z|e^{iφ}, 0 ≤ φ ≤ π/2 (the lower half-plane by
// conjugation), the integrand oscillates and decays slowly on the real line when φ is near π/2,
// so the line is replaced by the contour
//   t(u) = u − iφ tanh(κu),  κ = tan(φ/2)/φ (κ = ½ at φ = 0),  u ∈ ℝ,
// which leaves the saddle t = 0 in the steepest-descent direction e^{−iφ/2} and ends along
// Im t = ∓φ, where z cosh t is real and positive (both tails decay double-exponentially). On it
// Re(z cosh t) ≥ |z| cos φ cosh u cos v − |z| sin φ sinh u sin v > 0 for u ≠ 0 (v = Im t), so the
// deformation is valid and the integral converges also for φ = π/2 (Re z = 0), which this
// function therefore accepts. The integrand is analytic in a strip around the real u-axis, so the
// trapezoidal rule converges exponentially; the step is halved until two results agree to 1e-13,
// after which the finer one is accurate to rounding (~1e-15). e^{−z} is factored out
// (cosh t − 1 = 2 sinh²(t/2)) so that large Re z does not underflow inside the sum.
namespace {

struct IntegralSetup {
  Complex z;
  double nu;
  double phi;
  double kappa;
};

Complex integrand(const IntegralSetup& p, double u) {
  const double tanh_ku = std::tanh(p.kappa * u);
  const Complex t(u, -p.phi * tanh_ku);
  const Complex dt(1.0, -p.phi * p.kappa * (1.0 - tanh_ku * tanh_ku));
  const Complex sinh_half = std::sinh(0.5 * t);
  const Complex exponent = -p.z * (2.0 * sinh_half * sinh_half);
  // e^{E} cosh(νt) = ½(e^{E + νt} + e^{E − νt})
  return 0.5 * (std::exp(exponent + p.nu * t) + std::exp(exponent - p.nu * t)) * dt;
}

// log of an upper bound of |integrand(u)|: −Re(z (cosh t − 1)) + |ν| u.
double logMagnitude(const IntegralSetup& p, double u) {
  const Complex t(u, -p.phi * std::tanh(p.kappa * u));
  const Complex sinh_half = std::sinh(0.5 * t);
  return std::real(-p.z * (2.0 * sinh_half * sinh_half)) + std::abs(p.nu) * u;
}

}  // namespace

std::complex<double> besselKIntegral(double nu, std::complex<double> z) {
  requireValidArgument(z, "besselKIntegral");
  if (!std::isfinite(nu)) {
    throw InvalidInputError("besselKIntegral: order nu must be finite, got " + toText(nu));
  }
  if (z == Complex(0.0, 0.0)) {
    throw InvalidInputError("besselKIntegral: argument z must be nonzero, got " + formatComplex(z));
  }
  const bool lower = z.imag() < 0.0;
  IntegralSetup p;
  p.z = lower ? std::conj(z) : z;
  p.nu = nu;
  p.phi = std::atan2(p.z.imag(), p.z.real());  // in [0, π/2]
  p.kappa = p.phi > 1e-8 ? std::tan(0.5 * p.phi) / p.phi : 0.5;
  const double modulus = std::abs(p.z);

  // Truncation: beyond the peak of e^{|ν|u − |z| e^u/2·…}, stop once the integrand bound has
  // fallen 50 e-folds below its largest value (the tails then fall double-exponentially).
  const double u_peak = std::max(0.0, std::log(2.0 * (std::abs(nu) + 1.0) / modulus)) + 1.0;
  double log_max = logMagnitude(p, 0.0);
  double u_end = 0.0;
  for (double u = 0.0;; u += 0.05) {
    const double log_g = logMagnitude(p, u);
    log_max = std::max(log_max, log_g);
    if (u > u_peak && log_g < log_max - 50.0) {
      u_end = u;
      break;
    }
    if (u > 1e4) {
      throw NumericalError("besselKIntegral: integrand does not decay at z = " + formatComplex(z));
    }
  }

  // Trapezoidal rule on the even integrand over [0, u_end]: h (g(0)/2 + Σ_{m≥1} g(mh)).
  auto trapezoid = [&](double step) {
    Complex sum = 0.5 * integrand(p, 0.0);
    const auto count = static_cast<long>(std::ceil(u_end / step));
    for (long m = 1; m <= count; ++m)
      sum += integrand(p, static_cast<double>(m) * step);
    return step * sum;
  };
  double step = std::min(0.25, 1.0 / std::sqrt(modulus));
  Complex coarse = trapezoid(step);
  Complex fine = coarse;
  for (int halving = 0;; ++halving) {
    step *= 0.5;
    fine = trapezoid(step);
    if (halving >= 1 && std::abs(fine - coarse) <= 1e-13 * std::abs(fine))
      break;
    if (halving > 12) {
      throw NumericalError("besselKIntegral: trapezoidal rule did not converge at z = " +
                           formatComplex(z));
    }
    coarse = fine;
  }
  Complex result = std::exp(-p.z) * fine;
  return lower ? std::conj(result) : result;
}

K0AndRegularK1 besselK0AndRegularK1(std::complex<double> z) {
  if (std::abs(z) < 0.5) {
    requireValidArgument(z, "besselK0AndRegularK1");
    K0AndRegularK1 out;
    seriesK0RegularK1(z, out.k0, out.f);
    return out;
  }
  const BesselK012 k = besselK012(z);
  return {k.k0, k.k1 - 1.0 / z};
}

}  // namespace contactsim
