// The Laplace-domain boundary element matrices against an exact solution: a disc of radius a
// under a uniform radial traction p e^{st} moves radially, u_r(r) = A I_1(k r), k = s/c_p (the
// dilatational wave equation's regular solution), and σ_rr(a) = (λ + 2μ) u_r'(a) + λ u_r(a)/a = p
// gives the compliance
//   u_r(a)/p = ρ_1 / [(λ + 2μ) k (1 − ρ_1/(k a)) + λ ρ_1/a],   ρ_1 = I_1(k a)/I_0(k a),
// with ρ_1 from its continued fraction (I_ν/I_{ν−1} = 1/(2ν/z + I_{ν+1}/I_ν), run down from a
// large ν): independent of the kernels under test. The data are uniform round the disc, so the
// quadratic elements carry them exactly and what is left is the quadrature and the geometry.
#include "bem/boundary_matrices.hpp"

#include <gtest/gtest.h>

#include <Eigen/LU>
#include <algorithm>
#include <complex>
#include <cstdio>
#include <vector>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

using Complex = std::complex<double>;

constexpr double kRadius = 0.02;

Complex besselRatioI1I0(Complex z) {
  Complex ratio = 0.0;
  for (int nu = 4000; nu >= 1; --nu)
    ratio = 1.0 / (2.0 * nu / z + ratio);
  return ratio;
}

Complex exactCompliance(const ElasticMaterial& m, Complex s) {
  const Complex k = s / m.pressureWaveSpeed();
  const Complex ratio = besselRatioI1I0(k * kRadius);
  const double modulus = m.lameLambda() + 2.0 * m.shearModulus();
  return ratio / (modulus * k * (1.0 - ratio / (k * kRadius)) + m.lameLambda() * ratio / kRadius);
}

// The mean normal displacement of the boundary under a unit outward traction at s.
Complex boundaryCompliance(const BoundaryMesh& mesh, const BoundaryQuadrature& rules,
                           const BoundaryMatrices<MatXd>& statics, Complex s, double max_panel) {
  const auto m = assembleLaplace(mesh, rules, kSteel, s, statics, max_panel);
  const auto n = static_cast<Eigen::Index>(mesh.nodes.size());
  Eigen::VectorXcd traction(2 * n);
  for (Eigen::Index j = 0; j < n; ++j)
    traction.segment<2>(2 * j) = mesh.nodes[static_cast<std::size_t>(j)].normal.cast<Complex>();
  const Eigen::VectorXcd u = m.h.partialPivLu().solve(m.g * traction);
  Complex mean = 0.0;
  for (Eigen::Index j = 0; j < n; ++j)
    mean += u.segment<2>(2 * j).cwiseProduct(traction.segment<2>(2 * j)).sum();  // u · n
  return mean / static_cast<double>(n);
}

// BDF2's frequencies s = δ(ζ)/Δt on |ζ| = 1 from low to the largest (ζ = −1), Δt = 25 ns: the
// kernel's length c_s/|s| falls to 0.02 mm against elements of 10.5 mm. Split by
// dynamicPanelLength, the compliance is right to 3e-3 at every one (what is left is the 12
// quadratic elements' geometry, 5e-4, amplified near the disc's resonances: 2.6e-3 at
// s Δt = 0.006 − 0.42i, 1e-4 on 24 elements; splitting further changes no digit shown); on the
// static panels alone it was off by up to 165 % (the growing mode of maps finer than the mesh:
// boundary_matrices.hpp).
TEST(BoundaryMatrices, LaplaceMatricesGiveTheDiscsExactPressureCompliance) {
  const auto disc = meshLoops({circleLoop({0, 0}, kRadius, 12, true)});
  const auto rules = buildBoundaryQuadrature(disc);
  const auto statics = assembleStatic(disc, rules, kSteel);
  constexpr double kStep = 2.5e-8;
  std::vector<Complex> frequencies;
  for (const double theta : {0.2, 0.4, 0.7, 1.0, 1.5, 2.0, 2.5, 3.14159}) {
    const Complex zeta = std::polar(1.0, theta);
    frequencies.push_back((1.5 - 2.0 * zeta + 0.5 * zeta * zeta) / kStep + 1e3);
  }
  const double split = dynamicPanelLength(kSteel, frequencies);
  EXPECT_NEAR(split, 8.0 * kSteel.shearWaveSpeed() * kStep / 4.0, 1e-4 * split);
  double worst_static = 0.0;
  for (const Complex s : frequencies) {
    const Complex exact = exactCompliance(kSteel, s);
    const double error = std::abs(boundaryCompliance(disc, rules, statics, s, split) / exact - 1.0);
    const double error_static =
        std::abs(boundaryCompliance(disc, rules, statics, s, 1.0) / exact - 1.0);
    std::printf("s Δt = (%.3f, %.3f): relative error %.2e split, %.2e on the static panels\n",
                (s * kStep).real(), (s * kStep).imag(), error, error_static);
    EXPECT_LT(error, 3e-3) << "s Δt = " << s * kStep;
    worst_static = std::max(worst_static, error_static);
  }
  EXPECT_GT(worst_static, 0.5) << "the static panels alone were expected to miss the kernel";
}

// At low frequency the split changes nothing that matters: the compliance of a quasi-static
// disc (|s| a/c_s = 0.06) agrees with the exact one whatever the panels.
TEST(BoundaryMatrices, LowFrequencyComplianceNeedsNoSplit) {
  const auto disc = meshLoops({circleLoop({0, 0}, kRadius, 12, true)});
  const auto rules = buildBoundaryQuadrature(disc);
  const auto statics = assembleStatic(disc, rules, kSteel);
  const Complex s(1e4, 5e3);
  const Complex exact = exactCompliance(kSteel, s);
  for (const double split : {1.0, 1e-3, 2e-4}) {
    EXPECT_LT(std::abs(boundaryCompliance(disc, rules, statics, s, split) / exact - 1.0), 1e-3)
        << "panels of at most " << split << " m";
  }
}

TEST(BoundaryMatrices, RefusesANonPositivePanelLength) {
  const auto disc = meshLoops({circleLoop({0, 0}, kRadius, 6, true)});
  const auto rules = buildBoundaryQuadrature(disc);
  const auto statics = assembleStatic(disc, rules, kSteel);
  for (const double bad : {0.0, -1.0, std::nan("")}) {
    EXPECT_THROW((void)assembleLaplace(disc, rules, kSteel, {1e5, 0.0}, statics, bad),
                 InvalidInputError);
  }
}

}  // namespace
}  // namespace contactsim
