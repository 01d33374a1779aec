// Tests of the complex modified Bessel functions K_0, K_1, K_2 (src/bem/complex_bessel.cpp). Every
// expected value comes from outside the code under test: libstdc++'s std::cyl_bessel_k,
// std::cyl_bessel_j and std::cyl_neumann on the axes, mpmath at 30 digits in the interior, and
// the closed form of K_{1/2}; besselKIntegral (a different method in the same file) is checked
// against those too before it serves as the dense reference.
#include "bem/complex_bessel.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

using Complex = std::complex<double>;

double relativeError(Complex value, Complex expected) {
  return std::abs(value - expected) / std::abs(expected);
}

Complex order(const BesselK012& k, int n) {
  return n == 0 ? k.k0 : (n == 1 ? k.k1 : k.k2);
}

// Log-spaced values from a to b, count of them, both ends included.
std::vector<double> logSpaced(double a, double b, int count) {
  std::vector<double> values;
  for (int i = 0; i < count; ++i) {
    values.push_back(a * std::pow(b / a, static_cast<double>(i) / (count - 1)));
  }
  return values;
}

// K_ν(iy) for y > 0 from Hankel's function: DLMF 10.27.8 with z = −iy gives
// K_ν(−iy) = ½πi e^{iνπ/2} H^(1)_ν(y), H^(1)_ν = J_ν + iY_ν (DLMF 10.4.3), and K_ν(iy) is its
// conjugate (DLMF §10.34).
Complex besselKOnImaginaryAxis(int nu, double y) {
  const double n = static_cast<double>(nu);
  const Complex hankel(std::cyl_bessel_j(n, y), std::cyl_neumann(n, y));
  const Complex k_minus = 0.5 * std::numbers::pi * Complex(0.0, 1.0) *
                          std::polar(1.0, n * std::numbers::pi / 2.0) * hankel;
  return std::conj(k_minus);
}

TEST(ComplexBesselTest, RealAxisMatchesStdCylBesselK) {
  double worst = 0.0;
  for (const double x : logSpaced(1e-8, 700.0, 200)) {
    const BesselK012 k = besselK012(Complex(x, 0.0));
    for (int n = 0; n < 3; ++n) {
      const double expected = std::cyl_bessel_k(static_cast<double>(n), x);
      if (expected == 0.0)
        continue;  // underflow
      worst = std::max(worst, relativeError(order(k, n), expected));
      EXPECT_LE(std::abs(order(k, n).imag()), 1e-15 * expected) << "x = " << x << ", n = " << n;
    }
  }
  EXPECT_LE(worst, 1e-12);
}

TEST(ComplexBesselTest, ImaginaryAxisMatchesHankelFunctions) {
  // libstdc++'s J and Y lose accuracy as y grows (measured against mpmath: 6e-14 at y = 100,
  // 1e-11 at y = 811, about 1.2e-14 y), so beyond y = 100 the bound follows that error; the
  // integral below and the mpmath values at y = 350 and 811 check that range to 1e-12.
  for (const double y : logSpaced(1e-6, 1e3, 120)) {
    const double tolerance = std::max(1e-12, 4e-14 * y);
    const BesselK012 upper = besselK012(Complex(0.0, y));
    const BesselK012 lower = besselK012(Complex(0.0, -y));
    for (int n = 0; n < 3; ++n) {
      const Complex expected = besselKOnImaginaryAxis(n, y);
      EXPECT_LE(relativeError(order(upper, n), expected), tolerance) << "y = " << y << " n = " << n;
      EXPECT_LE(relativeError(order(lower, n), std::conj(expected)), tolerance)
          << "y = -" << y << " n = " << n;
    }
  }
}

TEST(ComplexBesselTest, IntegralOnImaginaryAxisMatchesBesselK012AndHankel) {
  for (const double y : logSpaced(1e-6, 1e3, 40)) {
    const BesselK012 k = besselK012(Complex(0.0, y));
    for (int n = 0; n < 3; ++n) {
      const Complex integral = besselKIntegral(n, Complex(0.0, y));
      EXPECT_LE(relativeError(order(k, n), integral), 1e-12) << "y = " << y << " n = " << n;
      if (y <= 100.0) {
        EXPECT_LE(relativeError(integral, besselKOnImaginaryAxis(n, y)), 1e-12) << "y = " << y;
      }
    }
  }
}

struct MpmathValue {
  Complex z;
  Complex k[3];  // K_0(z), K_1(z), K_2(z)
};

// From mpmath 1.3.0 at 30 digits, printed to 17 significant digits:
//   mpmath.mp.dps = 30; z = mpmath.mpc(x, y)
//   [mpmath.nstr(mpmath.besselk(n, z), 17) for n in (0, 1, 2)]
// The points cover small |z|, the series/table boundary |z| + Re z = 4.5, the table, the
// Hankel-expansion boundary |z| = 25, large |z|, the imaginary axis and its neighbourhood.
const std::array<MpmathValue, 20> kMpmathValues{{
    {{3e-10, 1e-10},
     {{2.1990489899101846e+1, -3.2175055439664221e-1},
      {3.0000000000000000e+9, -1.0000000000000000e+9},
      {1.6000000000000000e+19, -1.2000000000000000e+19}}},
    {{0.01, -0.02},
     {{3.9161247215196626, 1.1065740624661508},
      {1.9966850289327984e+1, 4.0038628199165154e+1},
      {-2.4005001196385733e+3, 3.1999997251753110e+3}}},
    {{0.3, 2.5},
     {{-5.7704337923211980e-1, 2.2724612429975819e-2},
      {-5.9486622874781264e-1, 1.3220551329972723e-1},
      {-5.2907684465010899e-1, 5.0437357957806723e-1}}},
    {{2.2, 0.3},
     {{8.3146131104534468e-2, -3.1511404789870225e-2},
      {9.9393715566991954e-2, -4.0152428157966449e-2},
      {1.6696781297065713e-1, -7.9443841551583718e-2}}},
    {{2.3, -0.3},
     {{7.3804881759751299e-2, 2.7759868594545088e-2},
      {8.7693075423410646e-2, 3.5009233482598805e-2},
      {1.4487971574825125e-1, 6.7473310838783174e-2}}},
    {{1.0, 3.4},
     {{-1.5586833695879378e-1, 1.8479045957777819e-1},
      {-1.3919072361112301e-1, 2.1341630054450496e-1},
      {-6.2488607939654629e-2, 2.9413198200171501e-1}}},
    {{1e-08, 3.0},
     {{-5.9195460615478550e-1, 4.0848865043581524e-1},
      {-5.3259256239988940e-1, 5.0999738800701024e-1},
      {-2.5195634866698437e-1, 7.6355035983573570e-1}}},
    {{0.0, 7.0},
     {{4.0761762504960342e-2, -4.7136341587941004e-1},
      {7.3557619250977204e-3, -4.7542858415874993e-1},
      {-9.5074975826111067e-2, -4.7346506214372367e-1}}},
    {{5.0, 5.0},
     {{1.9451630724588177e-3, 2.4606046999544090e-3},
      {2.1595269238115216e-3, 2.4903134910425569e-3},
      {2.8751311554296334e-3, 2.5267620134006161e-3}}},
    {{0.5, -12.0},
     {{2.1530370610347664e-1, 4.0933911496994743e-2},
      {2.1416211638977079e-1, 4.9964631385723705e-2},
      {2.0847535922744476e-1, 7.6912112015124537e-2}}},
    {{15.0, -10.0},
     {{-5.8200313627434631e-8, -6.8365901525169215e-8},
      {-5.8505758639854156e-8, -7.0809131004346804e-8},
      {-5.9243360209307519e-8, -7.8502483380330714e-8}}},
    {{17.0, 18.5},
     {{1.0297665671756970e-8, -6.2573492636776120e-10},
      {1.0427391114473632e-8, -7.8308233336151059e-10},
      {1.0813399931650400e-8, -1.2791024837060832e-9}}},
    {{0.2, 24.9},
     {{1.7596445281326402e-1, -1.0634774766116577e-1},
      {1.7389401831895825e-1, -1.0991747260671198e-1},
      {1.6724849034493619e-1, -1.2038514642147027e-1}}},
    {{0.001, 40.0},
     {{-1.9762257978880799e-1, -1.1562787562451318e-2},
      {-1.9778257801527758e-1, -9.0937973637475988e-3},
      {-1.9807751688493355e-1, -1.6736700351148421e-3}}},
    {{100.0, 50.0},
     {{4.4024850382096377e-45, 1.5042404421734454e-46},
      {4.4203682931208558e-45, 1.4225470790101061e-46},
      {4.4743489685627795e-45, 1.1733717319879387e-46}}},
    {{0.001, 1000.0},
     {{-7.4003231438351786e-3, -3.8895923882301965e-2},
      {-7.4197720296437179e-3, -3.8892228603087774e-2},
      {-7.4781076158808204e-3, -3.8881084416027149e-2}}},
    {{1.0, -9000.0},
     {{-4.8237419641824533e-3, -5.9327571482885540e-4},
      {-4.8237090416414606e-3, -5.9354370506548697e-4},
      {-4.8236101846868815e-3, -5.9434766481360856e-4}}},
    {{600.0, 300.0},
     {{2.6686283020501999e-263, 1.2542410166599757e-262},
      {2.6745849642968001e-263, 1.2549880733084633e-262},
      {2.6924937029324375e-263, 1.2572310401935587e-262}}},
    {{0.0, 350.0},
     {{3.1968454228644645e-2, 5.8872768406465175e-2},
      {3.2052590632330451e-2, 5.8827159352825814e-2},
      {3.2304609424946507e-2, 5.8689610745709001e-2}}},
    {{0.0, 811.0},
     {{1.3695912703280321e-2, -4.1824456266790699e-2},
      {1.3670129584625508e-2, -4.1832908054911868e-2},
      {1.3592748934957480e-2, -4.1858168053682500e-2}}},
}};

TEST(ComplexBesselTest, MatchesMpmathValues) {
  for (const MpmathValue& value : kMpmathValues) {
    const BesselK012 k = besselK012(value.z);
    for (int n = 0; n < 3; ++n) {
      EXPECT_LE(relativeError(order(k, n), value.k[n]), 1e-12) << "z = " << value.z << " n = " << n;
      EXPECT_LE(relativeError(besselKIntegral(n, value.z), value.k[n]), 1e-12)
          << "integral at z = " << value.z << " n = " << n;
    }
  }
}

TEST(ComplexBesselTest, MatchesIntegralOnAGridOfTheRightHalfPlane) {
  // 40 moduli × 28 arguments, the arguments crowding towards ±π/2 where Re z ≪ |Im z|.
  std::vector<double> phases;
  for (int i = 0; i < 22; ++i)
    phases.push_back(-1.56 + 3.12 * i / 21.0);
  for (const double gap : {1e-3, 1e-6, 1e-9}) {
    phases.push_back(std::numbers::pi / 2.0 - gap);
    phases.push_back(-std::numbers::pi / 2.0 + gap);
  }
  int compared = 0;
  for (const double r : logSpaced(1e-6, 1e3, 40)) {
    for (const double phase : phases) {
      const Complex z = std::polar(r, phase);
      const BesselK012 k = besselK012(z);
      for (int n = 0; n < 3; ++n) {
        const Complex expected = besselKIntegral(n, z);
        if (std::abs(expected) < 1e-290)
          continue;  // underflow (Re z near 700 and beyond)
        EXPECT_LE(relativeError(order(k, n), expected), 1e-12) << "z = " << z << " n = " << n;
      }
      ++compared;
    }
  }
  EXPECT_GE(compared, 1000);
}

TEST(ComplexBesselTest, MethodBoundariesAreSeamless) {
  // Just inside and outside the series region |z| + Re z = 4.5, the Hankel expansion |z| = 25,
  // and across table cell edges (multiples of 0.5 in Re z and Im z).
  std::vector<Complex> points;
  for (const double phase : {-1.5707, -1.2, -0.6, 0.0, 0.3, 0.9, 1.4, 1.5707}) {
    const double series_edge = 4.5 / (1.0 + std::cos(phase));
    for (const double edge : {series_edge, 25.0}) {
      for (const double factor : {1.0 - 1e-12, 1.0 + 1e-12}) {
        points.push_back(std::polar(edge * factor, phase));
      }
    }
  }
  for (const double x : {0.5, 3.0, 7.5}) {
    for (const double y : {2.0, -4.5, 12.0}) {
      for (const double dx : {-1e-13, 1e-13})
        points.push_back(Complex(x + dx, y + dx));
    }
  }
  for (const Complex z : points) {
    const BesselK012 k = besselK012(z);
    for (int n = 0; n < 3; ++n) {
      EXPECT_LE(relativeError(order(k, n), besselKIntegral(n, z)), 1e-12) << "z = " << z;
    }
  }
}

TEST(ComplexBesselTest, IntegralReproducesHalfOddOrders) {
  // K_{1/2}(z) = √(π/(2z)) e^{−z} (DLMF 10.39.2), and K_{3/2}(z) = K_{1/2}(z)(1 + 1/z) from the
  // recurrence DLMF 10.29.1 with K_{−1/2} = K_{1/2} (DLMF 10.27.3).
  for (const double r : logSpaced(1e-6, 1e3, 15)) {
    for (const double phase : {-1.5707963, -1.0, 0.0, 0.7, 1.5, 1.5707963}) {
      const Complex z = std::polar(r, phase);
      const Complex half = std::sqrt(std::numbers::pi / (2.0 * z)) * std::exp(-z);
      if (std::abs(half) < 1e-290)
        continue;
      EXPECT_LE(relativeError(besselKIntegral(0.5, z), half), 1e-13) << "z = " << z;
      EXPECT_LE(relativeError(besselKIntegral(1.5, z), half * (1.0 + 1.0 / z)), 1e-13)
          << "z = " << z;
    }
  }
}

TEST(ComplexBesselTest, LargeRealPartUnderflowsToZero) {
  const BesselK012 k = besselK012(Complex(800.0, 5.0));
  for (int n = 0; n < 3; ++n)
    EXPECT_EQ(order(k, n), Complex(0.0, 0.0));
}

TEST(ComplexBesselTest, BadInputThrows) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  for (const Complex z :
       {Complex(0.0, 0.0), Complex(-1e-3, 1.0), Complex(-2.0, 0.0), Complex(nan, 1.0),
        Complex(1.0, nan), Complex(inf, 0.0), Complex(1.0, -inf)}) {
    EXPECT_THROW((void)besselK012(z), InvalidInputError) << "z = " << z;
    EXPECT_THROW((void)besselKIntegral(1.0, z), InvalidInputError) << "z = " << z;
  }
  EXPECT_THROW((void)besselK012(Complex(1e-200, 0.0)), InvalidInputError);
  EXPECT_THROW((void)besselKIntegral(nan, Complex(1.0, 0.0)), InvalidInputError);
  try {
    (void)besselK012(Complex(-1.0, 2.0));
    FAIL() << "no exception";
  } catch (const InvalidInputError& e) {
    EXPECT_NE(std::string(e.what()).find("argument z"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace contactsim
