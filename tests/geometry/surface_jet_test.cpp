// Every derivative up to order 3 of every surface type against central finite differences of the
// derivatives one order below, at 1000 random points per surface (relative error < 1e-6).
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <random>

#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim/geometry/bezier_surface.hpp"
#include "geometry/bernstein.hpp"

namespace contactsim {
namespace {

struct Case {
  std::string name;
  std::function<std::unique_ptr<Surface>()> make;
};

BezierPatch randomPatch(int ds, int dt, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<Vec3> points;
  for (int i = 0; i <= ds; ++i) {
    for (int j = 0; j <= dt; ++j) {
      points.emplace_back(i + 0.3 * u(rng), j + 0.3 * u(rng), 0.8 * u(rng));
    }
  }
  return BezierPatch(ds, dt, points);
}

std::vector<Case> cases() {
  return {
      {"rattleback", [] { return std::make_unique<BezierSurface>(thesisRattlebackSurface()); }},
      {"bicubic",
       [] {
         std::mt19937 r(1);
         return std::make_unique<BezierSurface>(std::vector{randomPatch(3, 3, r)});
       }},
      {"bezier 5x2",
       [] {
         std::mt19937 r(2);
         return std::make_unique<BezierSurface>(std::vector{randomPatch(5, 2, r)});
       }},
      {"bezier 1x7",
       [] {
         std::mt19937 r(3);
         return std::make_unique<BezierSurface>(std::vector{randomPatch(1, 7, r)});
       }},
      {"sphere",
       [] { return std::make_unique<ChartSurface>(makeSphere(0.7, Vec3(0.1, 0.2, -0.3))); }},
      {"ellipsoid",
       [] {
         return std::make_unique<ChartSurface>(
             makeEllipsoid(Vec3(0.3, 0.5, 0.9), Vec3(0.0, 0.0, 0.1)));
       }},
      {"torus", [] { return std::make_unique<ChartSurface>(makeTorus(1.0, 0.3)); }},
      {"plane", [] { return std::make_unique<ChartSurface>(makePlane(2.0)); }},
  };
}

TEST(SurfaceJetTest, DerivativesMatchFiniteDifferencesOfTheOrderBelow) {
  std::mt19937 rng(20261121);
  std::uniform_real_distribution<double> u(0.02, 0.98);
  const double h = 1e-5;
  for (const Case& c : cases()) {
    const std::unique_ptr<Surface> surface = c.make();
    double worst = 0.0;
    for (int k = 0; k < 1000; ++k) {
      const int patch = static_cast<int>(rng() % static_cast<unsigned>(surface->patchCount()));
      const double s = u(rng), t = u(rng);
      const SurfaceJet jet = surface->evaluate(patch, s, t);
      const SurfaceJet sp = surface->evaluate(patch, s + h, t),
                       sm = surface->evaluate(patch, s - h, t);
      const SurfaceJet tp = surface->evaluate(patch, s, t + h),
                       tm = surface->evaluate(patch, s, t - h);
      // Scale for near-zero derivatives: the size of the surface's first derivatives.
      const double scale = 1e-3 * (jet.c_s.norm() + jet.c_t.norm());
      for (int order = 1; order <= 3; ++order) {
        for (int i = 0; i <= order; ++i) {
          const int j = order - i;
          // Differentiate the (i−1, j) derivative in s, or the (i, j−1) one in t.
          const Vec3 fd = i > 0 ? (sp.derivative(i - 1, j) - sm.derivative(i - 1, j)) / (2 * h)
                                : (tp.derivative(i, j - 1) - tm.derivative(i, j - 1)) / (2 * h);
          const Vec3& exact = jet.derivative(i, j);
          const double error = (fd - exact).norm() / std::max(exact.norm(), scale);
          worst = std::max(worst, error);
          ASSERT_LT(error, 1e-6) << c.name << " d(" << i << "," << j << ") at patch " << patch
                                 << " (" << s << ", " << t << "): " << exact.transpose()
                                 << " vs fd " << fd.transpose();
        }
      }
    }
    RecordProperty(c.name, ::testing::PrintToString(worst));
  }
}

TEST(SurfaceJetTest, LowerOrderEvaluationsAgreeWithFullOnes) {
  for (const Case& c : cases()) {
    const std::unique_ptr<Surface> surface = c.make();
    const SurfaceJet full = surface->evaluate(0, 0.3, 0.6, JetOrder::kThird);
    const SurfaceJet first = surface->evaluate(0, 0.3, 0.6, JetOrder::kFirst);
    EXPECT_LT((full.c - first.c).norm(), 1e-15) << c.name;
    EXPECT_LT((full.c_t - first.c_t).norm(), 1e-14) << c.name;
    EXPECT_EQ(first.c_ss, Vec3::Zero());
  }
}

// Bicubics are evaluated from power-basis coefficients by Taylor shifts, other degrees by the
// Bernstein basis: the same bicubic raised to degree (4, 4) (P'_i = i/4 P_{i−1} + (1 − i/4) P_i in
// each direction, the same surface) must give the same jet from the other evaluator.
TEST(SurfaceJetTest, BicubicJetsAgreeWithTheDegreeElevatedPatch) {
  std::mt19937 rng(30);
  const BezierPatch cubic = randomPatch(3, 3, rng);
  const std::vector<Vec3>& P = cubic.controlPoints();
  const auto elevate = [](const Vec3& before, const Vec3& here, int i) {
    return (i / 4.0) * before + (1.0 - i / 4.0) * here;
  };
  std::vector<Vec3> rows(20), Q(25);  // first along t (4 × 5), then along s (5 × 5)
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j <= 4; ++j) {
      rows[static_cast<std::size_t>(5 * i + j)] =
          elevate(j > 0 ? P[static_cast<std::size_t>(4 * i + j - 1)] : Vec3::Zero(),
                  j < 4 ? P[static_cast<std::size_t>(4 * i + j)] : Vec3::Zero(), j);
    }
  }
  for (int i = 0; i <= 4; ++i) {
    for (int j = 0; j <= 4; ++j) {
      Q[static_cast<std::size_t>(5 * i + j)] =
          elevate(i > 0 ? rows[static_cast<std::size_t>(5 * (i - 1) + j)] : Vec3::Zero(),
                  i < 4 ? rows[static_cast<std::size_t>(5 * i + j)] : Vec3::Zero(), i);
    }
  }
  const BezierPatch quartic(4, 4, Q);
  std::uniform_real_distribution<double> u(-0.05, 1.05);  // ε-extended domains included
  double worst = 0.0;
  for (int k = 0; k < 200; ++k) {
    const double s = u(rng), t = u(rng);
    const SurfaceJet a = cubic.evaluate(s, t, JetOrder::kThird);
    const SurfaceJet b = quartic.evaluate(s, t, JetOrder::kThird);
    for (int i = 0; i <= 3; ++i) {
      for (int j = 0; i + j <= 3; ++j) {
        worst = std::max(worst, (a.derivative(i, j) - b.derivative(i, j)).norm() /
                                    std::max(1.0, b.derivative(i, j).norm()));
      }
    }
  }
  EXPECT_LT(worst, 1e-12);
  RecordProperty("worst_relative_difference", ::testing::PrintToString(worst));
}

TEST(BernsteinTest, PartitionOfUnityAndDerivativesSumToZero) {
  for (int n = 1; n <= kMaxBezierDegree; ++n) {
    double w[kMaxBezierDegree + 1], d1[kMaxBezierDegree + 1], d2[kMaxBezierDegree + 1],
        d3[kMaxBezierDegree + 1];
    evalBernstein(n, 0.37, w, d1, d2, d3);
    double sw = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int i = 0; i <= n; ++i) {
      sw += w[i];
      s1 += d1[i];
      s2 += d2[i];
      s3 += d3[i];
    }
    EXPECT_NEAR(sw, 1.0, 1e-14);
    EXPECT_NEAR(s1, 0.0, 1e-11);
    EXPECT_NEAR(s2, 0.0, 1e-9);
    EXPECT_NEAR(s3, 0.0, 1e-7);
  }
}

}  // namespace
}  // namespace contactsim
