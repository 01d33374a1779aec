// Patch domains and chart transitions: the same 3D point on both sides of every edge (< 1e-13),
// tangent planes agreeing, corner crossings by the counter-clockwise rule, and tessellations.
#include <gtest/gtest.h>

#include "contactsim/error.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim/geometry/triangle_mesh.hpp"
#include "geometry/differential.hpp"

namespace contactsim {
namespace {

TEST(PatchDomainTest, ContainsAndDistances) {
  const PatchDomain tri = PatchDomain::unitTriangle();
  EXPECT_TRUE(tri.contains(Vec2(0.2, 0.2)));
  EXPECT_FALSE(tri.contains(Vec2(0.6, 0.6)));
  EXPECT_TRUE(tri.contains(Vec2(0.6, 0.41), 0.01 / std::sqrt(2.0) + 1e-12));
  EXPECT_NEAR(tri.boundaryDistance(Vec2(0.1, 0.3)), 0.1, 1e-15);
  EXPECT_TRUE(tri.nearBoundary(Vec2(0.3, 0.001), 0.002));
  EXPECT_THROW(PatchDomain({Vec2(0, 0), Vec2(0, 1), Vec2(1, 0)}), InvalidInputError);  // clockwise
  EXPECT_THROW(PatchDomain({Vec2(0, 0), Vec2(1, 0)}), InvalidInputError);
  EXPECT_THROW(PatchDomain({Vec2(0, 0), Vec2(1, 0), Vec2(2, 0)}), InvalidInputError);  // degenerate
}

TEST(PatchDomainTest, FirstEdgeCrossed) {
  const PatchDomain square = PatchDomain::unitSquare();
  EXPECT_FALSE(square.firstEdgeCrossed(Vec2(0.5, 0.5), Vec2(0.9, 0.2)));
  const auto right = square.firstEdgeCrossed(Vec2(0.5, 0.5), Vec2(1.5, 0.7));
  ASSERT_TRUE(right);
  EXPECT_EQ(right->edge, 1);
  EXPECT_NEAR(right->alpha, 0.6, 1e-15);
  EXPECT_NEAR(right->lambda, 0.5, 1e-15);
  // Exactly through the corner (1, 1): the edge that ends there is edge 1 (s = 1, going up).
  const auto corner = square.firstEdgeCrossed(Vec2(0.5, 0.5), Vec2(1.5, 1.5));
  ASSERT_TRUE(corner);
  EXPECT_EQ(corner->edge, 1);
  EXPECT_NEAR(corner->alpha, 1.0, 1e-12);
  // Through corner (0, 0), shared by edge 3 (ending there) and edge 0 (starting there).
  const auto origin = square.firstEdgeCrossed(Vec2(0.5, 0.5), Vec2(-0.5, -0.5));
  ASSERT_TRUE(origin);
  EXPECT_EQ(origin->edge, 3);
}

void expectChartsAgreeAcrossEdges(const Surface& surface) {
  for (int p = 0; p < surface.patchCount(); ++p) {
    for (int e = 0; e < surface.domain(p).edgeCount(); ++e) {
      for (const double alpha : {0.0, 0.13, 0.5, 0.77, 1.0}) {
        const auto other = surface.acrossEdge(p, e, alpha);
        ASSERT_TRUE(other) << "patch " << p << " edge " << e;
        const Vec2 here = surface.domain(p).pointOnEdge(e, alpha);
        const SurfaceJet a = surface.evaluate(p, here.x(), here.y());
        const SurfaceJet b = surface.evaluate(other->patch, other->st.x(), other->st.y());
        EXPECT_LT((a.c - b.c).norm(), 1e-13) << "patch " << p << " edge " << e << " α " << alpha;
        EXPECT_LT((unitNormal(a) - unitNormal(b)).norm(), 1e-12);
        // Consistent orientation: the neighbour's neighbour is back here.
        const auto back = surface.neighbor(other->patch, surface.neighbor(p, e)->edge);
        EXPECT_EQ(back->patch, p);
      }
    }
  }
}

TEST(ChartSurfaceTest, TransitionsMapToTheSamePoint) {
  expectChartsAgreeAcrossEdges(makeEllipsoid(Vec3(0.3, 0.5, 0.9), Vec3(0.1, 0, 0)));
  expectChartsAgreeAcrossEdges(makeTorus(1.0, 0.25));
  const ChartSurface plane = makePlane(1.0);
  EXPECT_FALSE(plane.neighbor(0, 2));
}

TEST(ChartSurfaceTest, AHollowBallFacesOutwardOutsideAndToItsCentreInside) {
  const ChartSurface interior = makeSphereInterior(0.3);
  expectChartsAgreeAcrossEdges(interior);
  const ChartSurface shell = makeSphericalShell(0.3, 0.32);
  expectChartsAgreeAcrossEdges(shell);
  ASSERT_EQ(shell.patchCount(), 12);
  for (int p = 0; p < 12; ++p) {
    for (const Vec2& st : {Vec2(0.5, 0.5), Vec2(0.1, 0.8)}) {
      const SurfaceJet jet = shell.evaluate(p, st.x(), st.y());
      const double radius = p < 6 ? 0.32 : 0.3;
      EXPECT_NEAR(jet.c.norm(), radius, 1e-15) << p;
      // The unit normal is ±c/|c|: outward on the outer sphere, to the centre on the inner one.
      EXPECT_NEAR(unitNormal(jet).dot(jet.c / radius), p < 6 ? 1.0 : -1.0, 1e-14) << p;
    }
  }
  const SurfaceJet inside = interior.evaluate(5, 0.5, 0.5);  // the lowest point, facing up
  EXPECT_NEAR((inside.c - Vec3(0, 0, -0.3)).norm(), 0.0, 1e-15);
  EXPECT_NEAR((unitNormal(inside) - Vec3::UnitZ()).norm(), 0.0, 1e-14);
  EXPECT_THROW(makeSphericalShell(0.3, 0.3), InvalidInputError);
}

TEST(ChartSurfaceTest, BadParametersAreRejected) {
  EXPECT_THROW(makeSphere(-1.0), InvalidInputError);
  EXPECT_THROW(makeEllipsoid(Vec3(1, 0, 1)), InvalidInputError);
  EXPECT_THROW(makeTorus(0.3, 1.0), InvalidInputError);
  const ChartSurface sphere = makeSphere(1.0);
  EXPECT_THROW((void)sphere.evaluate(6, 0.5, 0.5), InvalidInputError);
  EXPECT_THROW((void)sphere.evaluate(0, std::nan(""), 0.5), InvalidInputError);
}

TEST(TessellationTest, ClosedMeshesEncloseTheAnalyticVolume) {
  // Divergence theorem on the outward-oriented triangles: V = Σ (a · (b × c)) / 6, converging
  // quadratically to the exact volume.
  auto volume = [](const TessellatedSurface& m) {
    double v = 0.0;
    for (const Eigen::Vector3i& f : m.triangles) {
      v += m.positions[f(0)].dot(m.positions[f(1)].cross(m.positions[f(2)])) / 6.0;
    }
    return v;
  };
  const double pi = std::acos(-1.0);
  const ChartSurface ellipsoid = makeEllipsoid(Vec3(0.3, 0.5, 0.9));
  const double exact = 4.0 / 3.0 * pi * 0.3 * 0.5 * 0.9;
  const double e8 = std::abs(volume(tessellate(ellipsoid, 8)) - exact);
  const double e16 = std::abs(volume(tessellate(ellipsoid, 16)) - exact);
  EXPECT_LT(e16, 1e-2 * exact);
  EXPECT_NEAR(std::log2(e8 / e16), 2.0, 0.2) << e8 << " " << e16;
  const ChartSurface torus = makeTorus(1.0, 0.3);
  EXPECT_NEAR(volume(tessellate(torus, 24)), 2 * pi * pi * 1.0 * 0.09, 1e-2 * 2 * pi * pi * 0.09);
  const TessellatedSurface m = tessellate(torus, 3);
  for (std::size_t i = 0; i < m.positions.size(); ++i) {
    const SurfaceJet jet =
        torus.evaluate(m.origins[i].patch, m.origins[i].st.x(), m.origins[i].st.y());
    EXPECT_EQ(m.positions[i], jet.c);
  }
  EXPECT_EQ(m.triangles.size(), 4u * 2u * 9u);
  EXPECT_THROW(tessellate(torus, 0), InvalidInputError);
}

}  // namespace
}  // namespace contactsim
