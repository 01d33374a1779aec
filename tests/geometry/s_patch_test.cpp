// S-patches (kry-2000 §5.2.1–5.2.2): the embedding's properties the thesis states, the surface
// against an independent evaluation of the triangular patch it continues (eq. 5.19 with a
// triangular Bézier patch's blossom), and the jets against finite differences.
#include "geometry/s_patch.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <utility>
#include <vector>

#include "contactsim/error.hpp"
#include "geometry/triangle_bezier.hpp"

namespace contactsim {
namespace {

double binomial(int n, int k) {
  double b = 1.0;
  for (int i = 1; i <= k; ++i)
    b = b * (n - k + i) / i;
  return b;
}

// f(a) = Σ d!/(i! j! k!) a_x^i a_y^j a_z^k b_ijk: the triangular patch by its Bernstein sum, not
// by de Casteljau.
Vec3 bernsteinSum(const std::vector<Vec3>& control, int d, const Vec3& a) {
  Vec3 sum = Vec3::Zero();
  for (int i = 0; i <= d; ++i) {
    for (int j = 0; i + j <= d; ++j) {
      const int k = d - i - j;
      const double weight = binomial(d, i) * binomial(d - i, j) * std::pow(a.x(), i) *
                            std::pow(a.y(), j) * std::pow(a.z(), k);
      sum += weight * control[static_cast<std::size_t>(triangleBezierIndex(d, i, j))];
    }
  }
  return sum;
}

std::vector<Vec3> randomPoints(int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> x(-1.0, 1.0);
  std::vector<Vec3> points;
  for (int c = 0; c < count; ++c)
    points.emplace_back(x(rng), x(rng), x(rng));
  return points;
}

// A point strictly inside the regular n-gon: a random convex combination of its vertices.
Vec2 insidePoint(const PatchDomain& domain, std::mt19937& rng) {
  std::uniform_real_distribution<double> w(0.05, 1.0);
  Vec2 p = Vec2::Zero();
  double total = 0.0;
  for (int k = 0; k < domain.edgeCount(); ++k) {
    const double wk = w(rng);
    p += wk * domain.vertex(k);
    total += wk;
  }
  return p / total;
}

TEST(SPatch, DomainIsTheRegularPolygonOfUnitArea) {
  for (int n : {3, 4, 5, 6, 10}) {
    const PatchDomain domain = SPatch::regularDomain(n);
    double twice_area = 0.0;
    for (int k = 0; k < n; ++k) {
      const Vec2& a = domain.vertex(k);
      const Vec2& b = domain.vertex((k + 1) % n);
      twice_area += a.x() * b.y() - a.y() * b.x();
      EXPECT_NEAR((b - a).norm(), (domain.vertex(1) - domain.vertex(0)).norm(), 1e-14);
    }
    EXPECT_NEAR(twice_area / 2.0, 1.0, 1e-14) << n << " sides";
    EXPECT_NEAR(domain.vertex(0).y(), 0.0, 0.0);
    EXPECT_GT(domain.vertex(0).x(), 0.0);
  }
}

TEST(SPatch, MultiIndicesCountTheDegreeDMonomialsInNVariables) {
  for (int n : {3, 4, 5, 10}) {
    for (int d : {1, 2, 4}) {
      const auto indices = SPatch::multiIndices(n, d);
      // C(n + d − 1, d) compositions of d into n parts, each once.
      EXPECT_EQ(indices.size(), static_cast<std::size_t>(binomial(n + d - 1, d) * n + 0.5));
    }
  }
}

// Eqs. 5.15, 5.17: the l_i partition unity, l_i(P_i) = 1, and along edge P_i P_{i+1} only l_i
// and l_{i+1} are nonzero with l_{i+1}(P_i (1 − u) + P_{i+1} u) = u.
TEST(SPatch, EmbeddingPartitionsUnityAndIsLinearAlongEdges) {
  for (int n : {3, 4, 5, 6, 10}) {
    const SPatch patch(n, 1, std::vector<Vec3>(static_cast<std::size_t>(n), Vec3::Zero()));
    const PatchDomain& domain = patch.domain();
    std::mt19937 rng(7);
    for (int trial = 0; trial < 20; ++trial) {
      const Vec2 p = insidePoint(domain, rng);
      double sum = 0.0;
      for (double l : patch.embedding(p.x(), p.y())) {
        EXPECT_GT(l, 0.0);
        sum += l;
      }
      EXPECT_NEAR(sum, 1.0, 1e-14);
    }
    for (int i = 0; i < n; ++i) {
      const int next = (i + 1) % n;
      const auto at_vertex = patch.embedding(domain.vertex(i).x(), domain.vertex(i).y());
      EXPECT_NEAR(at_vertex[static_cast<std::size_t>(i)], 1.0, 1e-14);
      for (double u : {0.1, 0.37, 0.5, 0.9}) {
        const Vec2 p = (1.0 - u) * domain.vertex(i) + u * domain.vertex(next);
        const auto l = patch.embedding(p.x(), p.y());
        for (int k = 0; k < n; ++k) {
          const double expected = k == next ? u : k == i ? 1.0 - u : 0.0;
          EXPECT_NEAR(l[static_cast<std::size_t>(k)], expected, 1e-13) << n << " " << i;
        }
      }
    }
  }
}

// The blossom on the diagonal is the patch (f*(a, …, a) = f(a)), and it is symmetric.
TEST(TriangleBezier, BlossomIsSymmetricAndAgreesWithTheBernsteinSum) {
  const int d = 4;
  const auto control = randomPoints(triangleBezierCount(d), 3);
  const Vec3 a(0.2, 0.3, 0.5), b(-0.4, 1.1, 0.3), c(0.6, 0.6, -0.2), e(1.5, -0.3, -0.2);
  const std::vector<Vec3> diagonal(4, a);
  EXPECT_LT((triangleBezierBlossom(control, d, diagonal) - bernsteinSum(control, d, a)).norm(),
            1e-13);
  const std::vector<Vec3> order1{a, b, c, e}, order2{e, c, a, b};
  EXPECT_LT((triangleBezierBlossom(control, d, order1) - triangleBezierBlossom(control, d, order2))
                .norm(),
            1e-13);
  EXPECT_THROW((void)triangleBezierBlossom(control, 3, order1), InvalidInputError);
}

// The Bernstein interpolation system inverts the Bernstein sum at the domain points.
TEST(TriangleBezier, FitFromDomainValuesRecoversTheControlPoints) {
  for (int d : {1, 2, 4, 5}) {
    const auto control = randomPoints(triangleBezierCount(d), 31);
    std::vector<Vec3> values(control.size());
    for (int i = d; i >= 0; --i) {
      for (int j = d - i; j >= 0; --j) {
        const Vec3 a(double(i) / d, double(j) / d, double(d - i - j) / d);
        values[static_cast<std::size_t>(triangleBezierIndex(d, i, j))] =
            bernsteinSum(control, d, a);
      }
    }
    const auto fitted = triangleBezierFromDomainValues(values, d);
    for (std::size_t c = 0; c < control.size(); ++c)
      EXPECT_LT((fitted[c] - control[c]).norm(), 1e-12) << "degree " << d;
  }
}

// Eq. 5.19: control points P_i = f*(x_1^{i_1}, …, x_n^{i_n}) from the blossom of a triangular
// patch f, x_k the polygon's vertices in the triangle's barycentric coordinates, make the S-patch
// the same surface: S(p) = f(Σ_k l_k(p) x_k) everywhere (Loop & DeRose's blossoming result).
TEST(SPatch, ControlPointsFromABlossomReproduceTheTriangularPatch) {
  const int d = 4;
  const auto triangle = randomPoints(triangleBezierCount(d), 11);
  for (int n : {3, 4, 5, 6, 10}) {
    const PatchDomain domain = SPatch::regularDomain(n);
    // The triangle T: an edge on the polygon's edge P_0 P_1, its apex outside (Fig. 5.7).
    const Vec2 t0 = domain.vertex(0), t1 = domain.vertex(1);
    const Vec2 mid = 0.5 * (t0 + t1);
    const Vec2 apex = mid + (mid.normalized()) * (t1 - t0).norm() * std::sqrt(3.0) / 2.0;
    const auto barycentric = [&](const Vec2& p) {
      Eigen::Matrix3d m;
      m << t0.x(), t1.x(), apex.x(), t0.y(), t1.y(), apex.y(), 1.0, 1.0, 1.0;
      return Vec3(m.inverse() * Vec3(p.x(), p.y(), 1.0));
    };
    std::vector<Vec3> x;
    for (int k = 0; k < n; ++k)
      x.push_back(barycentric(domain.vertex(k)));
    const auto indices = SPatch::multiIndices(n, d);
    std::vector<Vec3> control;
    for (std::size_t c = 0; c * static_cast<std::size_t>(n) < indices.size(); ++c) {
      std::vector<Vec3> bag;
      for (int k = 0; k < n; ++k) {
        for (int m = 0; m < indices[c * static_cast<std::size_t>(n) + static_cast<std::size_t>(k)];
             ++m)
          bag.push_back(x[static_cast<std::size_t>(k)]);
      }
      control.push_back(triangleBezierBlossom(triangle, d, bag));
    }
    const SPatch patch(n, d, control);
    std::mt19937 rng(5);
    for (int trial = 0; trial < 10; ++trial) {
      const Vec2 p = insidePoint(domain, rng);
      const auto l = patch.embedding(p.x(), p.y());
      Vec3 m = Vec3::Zero();
      for (int k = 0; k < n; ++k)
        m += l[static_cast<std::size_t>(k)] * x[static_cast<std::size_t>(k)];
      EXPECT_LT((patch.evaluate(p.x(), p.y(), JetOrder::kPosition).c - bernsteinSum(triangle, d, m))
                    .norm(),
                1e-12)
          << n << " sides";
    }
  }
}

// Every derivative to third order against central differences of the one below it (1e-6
// relative), for the degrees surface replacement uses.
TEST(SPatch, JetsAgreeWithFiniteDifferences) {
  for (const auto& [n, d] : {std::pair{3, 6}, std::pair{3, 4}, std::pair{5, 4}, std::pair{10, 4},
                             std::pair{4, 3}, std::pair{6, 2}}) {
    const auto indices = SPatch::multiIndices(n, d);
    const SPatch patch(n, d, randomPoints(static_cast<int>(indices.size()) / n, 17));
    std::mt19937 rng(9);
    const double h = 1e-5;
    // Random points, the centre, and points near every corner and edge midpoint.
    std::vector<Vec2> points{Vec2::Zero()};
    for (int trial = 0; trial < 5; ++trial)
      points.push_back(insidePoint(patch.domain(), rng));
    for (int k = 0; k < n; ++k) {
      const Vec2 corner = patch.domain().vertex(k);
      const Vec2 mid = 0.5 * (corner + patch.domain().vertex((k + 1) % n));
      points.push_back(0.98 * corner);
      points.push_back(0.98 * mid);
    }
    for (const Vec2& p : points) {
      const SurfaceJet jet = patch.evaluate(p.x(), p.y());
      for (int i = 0; i <= 3; ++i) {
        for (int j = 0; i + j < 3; ++j) {
          const auto at = [&](double du, double dv) {
            return patch.evaluate(p.x() + du, p.y() + dv).derivative(i, j);
          };
          const Vec3 ds = (at(h, 0.0) - at(-h, 0.0)) / (2.0 * h);
          const Vec3 dt = (at(0.0, h) - at(0.0, -h)) / (2.0 * h);
          const double scale = 1.0 + jet.derivative(i + 1, j).norm();
          EXPECT_LT((ds - jet.derivative(i + 1, j)).norm(), 1e-6 * scale) << n << " " << i << j;
          EXPECT_LT((dt - jet.derivative(i, j + 1)).norm(), 1e-6 * scale) << n << " " << i << j;
        }
      }
    }
  }
}

// The jet comes from the blossom (de Casteljau at the point, then Taylor's formula); the basis
// functions, each Π l_k^{i_k} on Taylor3 jets, are another way to the same position and first
// derivatives (eq. 5.12 summed term by term): both agree to rounding, at every degree.
TEST(SPatch, TheBlossomsJetAgreesWithTheSumOverTheBasis) {
  for (const auto& [n, d] : {std::pair{3, 1}, std::pair{5, 2}, std::pair{4, 3}, std::pair{3, 6},
                             std::pair{6, 4}, std::pair{10, 4}, std::pair{16, 3}}) {
    const auto indices = SPatch::multiIndices(n, d);
    const std::vector<Vec3> control = randomPoints(static_cast<int>(indices.size()) / n, 5);
    const SPatch patch(n, d, control);
    std::mt19937 rng(4);
    for (int trial = 0; trial < 8; ++trial) {
      const Vec2 p = insidePoint(patch.domain(), rng);
      const std::vector<Vec3> basis = patch.basisFirstOrder(p.x(), p.y());
      Vec3 c = Vec3::Zero(), c_u = Vec3::Zero(), c_v = Vec3::Zero();
      for (std::size_t i = 0; i < control.size(); ++i) {
        c += basis[i].x() * control[i];
        c_u += basis[i].y() * control[i];
        c_v += basis[i].z() * control[i];
      }
      const SurfaceJet jet = patch.evaluate(p.x(), p.y());
      const double scale = 1.0 + c.norm() + c_u.norm() + c_v.norm();
      EXPECT_LT((jet.c - c).norm(), 1e-13 * scale) << n << " sides, degree " << d;
      EXPECT_LT((jet.c_s - c_u).norm(), 1e-12 * scale) << n << " sides, degree " << d;
      EXPECT_LT((jet.c_t - c_v).norm(), 1e-12 * scale) << n << " sides, degree " << d;
    }
  }
}

// Along an edge the S-patch is the degree-d Bézier curve of that edge's control points (the
// multi-indices with only i_k and i_{k+1} nonzero): edges map to edges (§5.2.1).
TEST(SPatch, EdgesAreTheBezierCurvesOfTheirControlPoints) {
  const int n = 5, d = 4;
  const auto indices = SPatch::multiIndices(n, d);
  const SPatch patch(n, d, randomPoints(static_cast<int>(indices.size()) / n, 23));
  for (int edge = 0; edge < n; ++edge) {
    const int next = (edge + 1) % n;
    for (double u : {0.0, 0.25, 0.6, 1.0}) {
      Vec3 curve = Vec3::Zero();
      for (int k = 0; k <= d; ++k) {
        std::vector<std::uint8_t> index(n, 0);
        index[static_cast<std::size_t>(edge)] = static_cast<std::uint8_t>(d - k);
        index[static_cast<std::size_t>(next)] = static_cast<std::uint8_t>(k);
        curve += binomial(d, k) * std::pow(1.0 - u, d - k) * std::pow(u, k) *
                 patch.controlPoints()[static_cast<std::size_t>(patch.indexOf(index))];
      }
      const Vec2 p = (1.0 - u) * patch.domain().vertex(edge) + u * patch.domain().vertex(next);
      EXPECT_LT((patch.evaluate(p.x(), p.y(), JetOrder::kPosition).c - curve).norm(), 1e-13);
    }
  }
}

TEST(SPatch, RefusesBadInput) {
  EXPECT_THROW(SPatch(2, 4, {}), InvalidInputError);
  EXPECT_THROW(SPatch(5, 0, {}), InvalidInputError);
  EXPECT_THROW(SPatch(5, 4, std::vector<Vec3>(3, Vec3::Zero())), InvalidInputError);
  std::vector<Vec3> control(70, Vec3::Zero());  // C(8, 4) = 70 for n = 5, d = 4
  control[3].x() = std::nan("");
  EXPECT_THROW(SPatch(5, 4, control), InvalidInputError);
  const SPatch ok(5, 4, std::vector<Vec3>(70, Vec3::Zero()));
  EXPECT_THROW((void)ok.evaluate(std::nan(""), 0.0), InvalidInputError);
}

}  // namespace
}  // namespace contactsim
