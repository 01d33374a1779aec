// Loop subdivision surfaces (Stam 1998) against facts outside the evaluator: finite differences of
// every derivative, Loop's limit masks at control vertices, continuity across shared edges,
// planar reproduction, and the partition of unity of the box-spline basis.
#include "contactsim/geometry/loop_surface.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "contactsim/error.hpp"
#include "geometry/differential.hpp"
#include "geometry/loop/box_spline.hpp"
#include "geometry/loop/extraordinary.hpp"
#include "geometry/loop/local_mesh.hpp"

namespace contactsim {
namespace {

std::string mesh(const std::string& name) {
  return std::string(CONTACTSIM_TEST_DATA_DIR) + "/meshes/" + name + ".obj";
}

const std::vector<std::string> kMeshes = {"tetrahedron", "octahedron",    "icosahedron",  "ev3",
                                          "ev4",         "ev5",           "ev7",          "ev8",
                                          "ev10",        "torus_regular", "torus_flipped"};

TEST(LoopSurfaceTest, PatchKindsFollowValences) {
  const LoopSurface torus = LoopSurface::loadObj(mesh("torus_regular"));
  for (int p = 0; p < torus.patchCount(); ++p)
    EXPECT_EQ(torus.kind(p), LoopPatchKind::kRegular);
  const LoopSurface ev7 = LoopSurface::loadObj(mesh("ev7"));
  int one = 0, several = 0;
  for (int p = 0; p < ev7.patchCount(); ++p) {
    if (ev7.kind(p) == LoopPatchKind::kOneExtraordinary) {
      ++one;
      EXPECT_NE(ev7.controlMesh().valence(ev7.corner(p, 0)), 6);  // corner 0 is the vertex
    }
    several += ev7.kind(p) == LoopPatchKind::kSeveralExtraordinary ? 1 : 0;
  }
  EXPECT_GT(one, 0);
  EXPECT_EQ(several, 0);  // ev7's extraordinary vertices are isolated by regular ones
  const LoopSurface icosahedron = LoopSurface::loadObj(mesh("icosahedron"));
  for (int p = 0; p < icosahedron.patchCount(); ++p) {
    EXPECT_EQ(icosahedron.kind(p), LoopPatchKind::kSeveralExtraordinary);
  }
}

// Order-p derivatives against second-order finite differences of the order p − 1 ones, central
// or one-sided (third derivatives jump across the sub-patch boundaries of Stam's construction, so
// a stencil may straddle one; the side that does not is a valid difference). Worst relative error.
double pointDerivativeError(const Surface& surface, int patch, double s, double t) {
  // Finer steps near a corner, where derivatives change on the scale of the distance to it.
  const double corner_distance = std::min({s + t, std::hypot(s - 1.0, t), std::hypot(s, t - 1.0)});
  const double h = 1e-5 * std::min(1.0, 10.0 * corner_distance);
  const SurfaceJet jet = surface.evaluate(patch, s, t);
  const double scale = 1e-3 * (jet.c_s.norm() + jet.c_t.norm());
  double worst = 0.0;
  for (int order = 1; order <= 3; ++order) {
    for (int i = 0; i <= order; ++i) {
      const int j = order - i;
      const bool along_s = i > 0;
      const int li = along_s ? i - 1 : i, lj = along_s ? j : j - 1;
      auto f = [&](double step) {
        return along_s ? surface.evaluate(patch, s + step, t).derivative(li, lj)
                       : surface.evaluate(patch, s, t + step).derivative(li, lj);
      };
      const Vec3 f0 = jet.derivative(li, lj);
      const Vec3 central = (f(h) - f(-h)) / (2 * h);
      const Vec3 forward = (-3 * f0 + 4 * f(h) - f(2 * h)) / (2 * h);
      const Vec3 backward = (3 * f0 - 4 * f(-h) + f(-2 * h)) / (2 * h);
      const Vec3& exact = jet.derivative(i, j);
      const double error = std::min({(central - exact).norm(), (forward - exact).norm(),
                                     (backward - exact).norm()}) /
                           std::max(exact.norm(), scale);
      worst = std::max(worst, error);
    }
  }
  return worst;
}

double worstDerivativeError(const Surface& surface, int samples, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  double worst = 0.0;
  for (int k = 0; k < samples; ++k) {
    const int patch = static_cast<int>(rng() % static_cast<unsigned>(surface.patchCount()));
    double s = u(rng), t = u(rng);
    if (s + t > 1.0) {
      s = 1.0 - s;
      t = 1.0 - t;
    }
    // Off the corners (extraordinary vertices) and a few steps inside the domain.
    s = 0.002 + 0.994 * s;
    t = 0.002 + 0.994 * t;
    worst = std::max(worst, pointDerivativeError(surface, patch, s, t));
  }
  return worst;
}

// kry-pai-2002 §3.6: Stam's parameterisation is singular at an extraordinary vertex. Near it the
// patch is self-similar, each level 2× closer scaling first derivatives by 2λ with Stam's
// subdominant eigenvalue λ = 3/8 + cos(2π/N)/4: tangents shrink to zero for N < 6 (2λ < 1) and
// blow up for N > 6. irregularDistance must flag exactly those corners, by barycentric distance.
TEST(LoopSurfaceTest, IrregularDistanceFindsTheSingularCorners) {
  const LoopSurface torus = LoopSurface::loadObj(mesh("torus_regular"));
  for (int p = 0; p < torus.patchCount(); ++p) {
    EXPECT_TRUE(std::isinf(torus.irregularDistance(p, 0.2, 0.3)));
  }
  for (const char* name : {"ev5", "ev7"}) {
    const LoopSurface surface = LoopSurface::loadObj(mesh(name));
    int checked = 0;
    for (int p = 0; p < surface.patchCount(); ++p) {
      if (surface.kind(p) != LoopPatchKind::kOneExtraordinary) {
        EXPECT_TRUE(std::isinf(surface.irregularDistance(p, 0.2, 0.3))) << name << " " << p;
        continue;
      }
      EXPECT_DOUBLE_EQ(surface.irregularDistance(p, 0.2, 0.3), 0.5) << name << " " << p;
      EXPECT_DOUBLE_EQ(surface.irregularDistance(p, 0.0, 0.0), 0.0) << name << " " << p;
      const int n = surface.controlMesh().valence(surface.corner(p, 0));
      const double lambda = 0.375 + 0.25 * std::cos(2.0 * std::numbers::pi / n);
      const double d = std::ldexp(0.3, -12);
      const SurfaceJet near = surface.evaluate(p, d, d, JetOrder::kFirst);
      const SurfaceJet nearer = surface.evaluate(p, 0.5 * d, 0.5 * d, JetOrder::kFirst);
      EXPECT_NEAR(nearer.c_s.norm() / near.c_s.norm(), 2.0 * lambda, 1e-3) << name << " " << p;
      ++checked;
    }
    EXPECT_GT(checked, 0) << name;
  }
}

TEST(LoopSurfaceTest, DerivativesMatchFiniteDifferences) {
  std::mt19937 rng(7);
  for (const std::string& name : kMeshes) {
    const LoopSurface surface = LoopSurface::loadObj(mesh(name));
    const double worst = worstDerivativeError(surface, 1000, rng);
    EXPECT_LT(worst, 1e-6) << name;
    RecordProperty(name, ::testing::PrintToString(worst));
  }
}

TEST(LoopSurfaceTest, DerivativesNearExtraordinaryVerticesMatchFiniteDifferences) {
  // 1000 points per mesh on patches touching an extraordinary vertex, at distances log-uniform in
  // [10⁻³, 1] from a corner (levels n up to 11 of Stam's construction).
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (const std::string& name : kMeshes) {
    const LoopSurface surface = LoopSurface::loadObj(mesh(name));
    std::vector<int> irregular;
    for (int p = 0; p < surface.patchCount(); ++p) {
      if (surface.kind(p) != LoopPatchKind::kRegular)
        irregular.push_back(p);
    }
    if (irregular.empty())
      continue;
    double worst = 0.0;
    for (int k = 0; k < 1000; ++k) {
      const int p = irregular[rng() % irregular.size()];
      const int corner = static_cast<int>(rng() % 3);
      const double r = std::pow(10.0, -3.0 * u(rng));
      const double a = 0.05 + 0.9 * u(rng);
      // At distance ~r from the corner, along a direction strictly inside the triangle.
      const Vec2 c[3] = {Vec2(0, 0), Vec2(1, 0), Vec2(0, 1)};
      const Vec2 toward = (1 - a) * c[(corner + 1) % 3] + a * c[(corner + 2) % 3];
      const Vec2 x = c[corner] + 0.9 * r * (toward - c[corner]);
      worst = std::max(worst, pointDerivativeError(surface, p, x.x(), x.y()));
    }
    EXPECT_LT(worst, 1e-6) << name;
    RecordProperty(name + "_near_ev", ::testing::PrintToString(worst));
  }
}

TEST(LoopSurfaceTest, ControlVerticesMapToLoopLimitPositions) {
  for (const std::string& name : kMeshes) {
    const LoopSurface surface = LoopSurface::loadObj(mesh(name));
    const ControlMesh& m = surface.controlMesh();
    const Vec2 corners[3] = {Vec2(0, 0), Vec2(1, 0), Vec2(0, 1)};
    for (int p = 0; p < surface.patchCount(); ++p) {
      for (int k = 0; k < 3; ++k) {
        const int v = surface.corner(p, k);
        const std::vector<int> ring = m.oneRing(v);
        const int n = static_cast<int>(ring.size());
        const double chi = loop::loopLimitWeight(n);
        Vec3 limit = (1.0 - n * chi) * m.vertex(v);
        for (const int r : ring)
          limit += chi * m.vertex(r);
        const Vec3 x = surface.evaluate(p, corners[k].x(), corners[k].y(), JetOrder::kPosition).c;
        EXPECT_LT((x - limit).norm(), 1e-12) << name << " patch " << p << " corner " << k;
      }
    }
  }
}

TEST(LoopSurfaceTest, NeighbouringPatchesAgreeAlongSharedEdges) {
  for (const std::string& name : kMeshes) {
    const LoopSurface surface = LoopSurface::loadObj(mesh(name));
    double worst_position = 0.0, worst_normal = 0.0;
    for (int p = 0; p < surface.patchCount(); ++p) {
      for (int e = 0; e < 3; ++e) {
        for (const double alpha : {0.05, 0.25, 0.5, 0.75, 0.95}) {
          const Vec2 here = surface.domain(p).pointOnEdge(e, alpha);
          const auto there = surface.acrossEdge(p, e, alpha);
          ASSERT_TRUE(there);
          const SurfaceJet a = surface.evaluate(p, here.x(), here.y(), JetOrder::kFirst);
          const SurfaceJet b =
              surface.evaluate(there->patch, there->st.x(), there->st.y(), JetOrder::kFirst);
          worst_position = std::max(worst_position, (a.c - b.c).norm());
          const Vec3 na = unitNormal(a), nb = unitNormal(b);  // angle by atan2: exact near 0
          worst_normal = std::max(worst_normal, std::atan2(na.cross(nb).norm(), na.dot(nb)));
        }
      }
    }
    EXPECT_LT(worst_position, 1e-12) << name;
    EXPECT_LT(worst_normal, 1e-9) << name;
  }
}

TEST(LoopSurfaceTest, PlanarControlPointsGivePlanarPatches) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (const int N : {3, 4, 5, 7, 8, 10}) {
    Eigen::MatrixXd P(N + 6, 3);
    for (int i = 0; i < N + 6; ++i)
      P.row(i) << u(rng), u(rng), 0.0;
    const loop::ExtraordinaryPatch patch = loop::ExtraordinaryPatch::make(N, P);
    for (const auto& [v, w] : {std::pair{0.3, 0.2}, {0.01, 0.002}, {0.6, 0.3}, {0.0, 0.0}}) {
      const SurfaceJet jet = patch.evaluate(v, w, JetOrder::kThird);
      for (int i = 0; i <= 3; ++i) {
        for (int j = 0; i + j <= 3; ++j)
          EXPECT_EQ(jet.derivative(i, j).z(), 0.0) << N;
      }
    }
  }
}

TEST(LoopSurfaceTest, BoxSplineBasisIsAPartitionOfUnityAndReproducesLinearFunctions) {
  const loop::BoxSplineCoefficients& B = loop::boxSplineCoefficients();
  // Σ_s φ_s = 1: the column sums are the monomial coefficients of the constant 1.
  const Eigen::Matrix<double, 1, 15> sum = B.colwise().sum();
  EXPECT_NEAR(sum(0), 1.0, 1e-14);
  EXPECT_LT(sum.tail<14>().cwiseAbs().maxCoeff(), 1e-13);
  // Control points at their lattice positions reproduce the plane (v, w, 0).
  const double lattice[12][2] = {{0, 0},  {1, 0},  {0, 1}, {1, 1},  {-1, 1}, {1, -1},
                                 {-1, 0}, {0, -1}, {2, 0}, {2, -1}, {0, 2},  {-1, 2}};
  Eigen::Matrix<double, 12, 3> P;
  for (int s = 0; s < 12; ++s)
    P.row(s) << lattice[s][0], lattice[s][1], 0.0;
  const SurfaceJet jet =
      loop::evaluateQuartic(loop::quarticFromControlPoints(P), 0.3, 0.45, JetOrder::kThird);
  EXPECT_LT((jet.c - Vec3(0.3, 0.45, 0)).norm(), 1e-14);
  EXPECT_LT((jet.c_s - Vec3(1, 0, 0)).norm(), 1e-13);
  EXPECT_LT(jet.c_ss.norm(), 1e-12);
}

TEST(LoopSurfaceTest, ValenceThreeHasAJordanBlock) {
  const loop::ExtraordinaryBasis& b = loop::extraordinaryBasis(3);
  bool jordan = false;
  for (const auto& block : b.blocks) {
    if (std::abs(block.lambda - 1.0 / 16) < 1e-12)
      jordan = block.nilpotent.cwiseAbs().maxCoeff() > 1e-6;
  }
  EXPECT_TRUE(jordan);
  // A = V B V⁻¹ reproduces A^5 through the block powers.
  const Eigen::MatrixXd X = Eigen::MatrixXd::Random(b.K, 3);
  Eigen::MatrixXd A5X = X;
  for (int i = 0; i < 5; ++i)
    A5X = b.A * A5X;
  EXPECT_LT((b.V * b.power(5, b.V_inverse * X) - A5X).norm(), 1e-12);
  EXPECT_THROW((void)loop::extraordinaryBasis(6), InvalidInputError);
  EXPECT_THROW((void)loop::extraordinaryBasis(kMaxLoopValence + 1), InvalidInputError);
}

}  // namespace
}  // namespace contactsim

namespace contactsim {
namespace {

TEST(LoopSurfaceTest, ContinuousAcrossInternalSeamsAndBeyondTheFarEdge) {
  // Inside a patch, Stam's construction switches polynomial pieces across the seams v + w = 2⁻ᵏ,
  // v = ½·2⁻ᵏ, w = ½·2⁻ᵏ (and the four sub-patches of a face with several extraordinary vertices
  // across v + w = ½, v = ½, w = ½); the limit surface is C² there. Points just beyond the edge
  // v + w = 1 (RK4 stages, ε-extended boundaries) extend the outer pieces continuously.
  const double e = 1e-8;
  for (const char* name : {"ev5", "ev7", "icosahedron", "torus_flipped"}) {
    const LoopSurface s = LoopSurface::loadObj(mesh(name));
    double worst_position = 0.0, worst_first = 0.0;
    for (int p = 0; p < s.patchCount(); ++p) {
      for (double a = 0.03; a < 0.47; a += 0.04) {
        const double seams[][4] = {{a, 0.5 - a, e, e},      {0.5, a, e, 0},
                                   {a, 0.5, 0, e},          {a / 2, 0.25 - a / 2, e, e},
                                   {0.25, a / 2, e, 0},     {a / 2, 0.25, 0, e},
                                   {0.5 + a, 0.5 - a, e, e}};  // the last crosses v + w = 1
        for (const auto& q : seams) {
          const SurfaceJet A = s.evaluate(p, q[0] - q[2], q[1] - q[3], JetOrder::kFirst);
          const SurfaceJet B = s.evaluate(p, q[0] + q[2], q[1] + q[3], JetOrder::kFirst);
          worst_position = std::max(worst_position, (A.c - B.c).norm());
          worst_first = std::max(worst_first, (A.c_s - B.c_s).norm() + (A.c_t - B.c_t).norm());
        }
      }
    }
    EXPECT_LT(worst_position, 1e-7) << name;  // ≈ 2e · ‖c_s‖: no jump
    EXPECT_LT(worst_first, 1e-6) << name;
  }
}

}  // namespace
}  // namespace contactsim
