// Surface replacement at extraordinary vertices (kry-2000 §5.2.2): the S-patch meets the Loop
// patches around the vertex along the cut (½, 0)–(0, ½) of each, in position and tangent plane.
#include "geometry/s_patch_replacement.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

std::string meshPath(const std::string& name) {
  return std::string(CONTACTSIM_TEST_DATA_DIR) + "/meshes/" + name + ".obj";
}

Vec3 unitNormal(const SurfaceJet& jet) {
  return jet.c_s.cross(jet.c_t).normalized();
}

struct Gaps {
  double position = 0.0;       // largest |S − L| along the edges
  double corner_normal = 0.0;  // largest unit-normal difference at the n-gon's vertices
  double normal = 0.0;         // largest unit-normal difference anywhere along the edges
};

// Position and unit-normal differences along every edge of the replacement, 41 points each, the
// S-patch's edge e at (1 − u) P_e + u P_{e+1} against patch e at barycentric weights
// (½, (1 − u)/2, u/2) on (vertex, r_e, r_{e+1}), i.e. the patch's (s, t) of those weights put on
// its corners (the vertex is corner 0 of an extraordinary patch, any corner of a regular one).
Gaps boundaryGaps(const LoopSurface& surface, const SPatchReplacement& r) {
  Gaps gaps;
  const int n = r.patch.sides();
  for (int e = 0; e < n; ++e) {
    const int patch = r.patches[static_cast<std::size_t>(e)];
    int first = 0;  // the patch corner holding the vertex
    while (surface.corner(patch, first) != r.vertex)
      ++first;
    for (int k = 0; k <= 40; ++k) {
      const double u = k / 40.0;
      const Vec2 p =
          (1.0 - u) * r.patch.domain().vertex(e) + u * r.patch.domain().vertex((e + 1) % n);
      const SurfaceJet s = r.patch.evaluate(p.x(), p.y(), JetOrder::kFirst);
      const double weight[3] = {0.5, (1.0 - u) / 2.0, u / 2.0};
      double corner[3] = {0.0, 0.0, 0.0};
      for (int m = 0; m < 3; ++m)
        corner[(first + m) % 3] = weight[m];
      const SurfaceJet l = surface.evaluate(patch, corner[1], corner[2], JetOrder::kFirst);
      const double normal = (unitNormal(s) - unitNormal(l)).norm();
      gaps.position = std::max(gaps.position, (s.c - l.c).norm());
      gaps.normal = std::max(gaps.normal, normal);
      if (k == 0 || k == 40)
        gaps.corner_normal = std::max(gaps.corner_normal, normal);
    }
  }
  return gaps;
}

// The acceptance: along every cut, positions agree to 1e-12 (the edge control points are
// the centre refinement's boundary curve, eq. 5.19) and unit normals to 1e-9 (the points off the
// edges moved for tangent-plane continuity), at vertices of valence 3, 4, 5, 7, 8 and 10 (the ev
// meshes: bipyramids subdivided once, apexes of valence N, old equator vertices of valence 4).
// The thesis's construction alone meets the tangent planes only at the n-gon's corners (Fig.
// 5.10; measured: unit normals differing by up to 0.21 between them, its "small cusps", §6.2).
TEST(SPatchReplacement, MeetsTheLoopPatchesWithTangentPlaneContinuity) {
  for (int valence : {3, 4, 5, 7, 8, 10}) {
    const LoopSurface surface = LoopSurface::loadObj(meshPath("ev" + std::to_string(valence)));
    int replaced = 0;
    double worst = 0.0;
    for (int v = 0; v < surface.controlMesh().vertexCount(); ++v) {
      if (surface.controlMesh().isRegular(v))
        continue;
      const SPatchReplacement r = replaceExtraordinaryVertex(surface, v);
      EXPECT_EQ(r.patch.sides(), surface.controlMesh().valence(v));
      const Gaps gaps = boundaryGaps(surface, r);
      EXPECT_LT(gaps.position, 1e-12) << "valence " << valence << ", vertex " << v;
      EXPECT_LT(gaps.corner_normal, 1e-9) << "valence " << valence << ", vertex " << v;
      EXPECT_LT(gaps.normal, 1e-9) << "valence " << valence << ", vertex " << v;
      worst = std::max(worst, gaps.normal);
      ++replaced;
    }
    EXPECT_GE(replaced, 2);
    std::printf("ev%d: largest unit-normal gap along the cuts %.3g\n", valence, worst);
  }
}

// kry-2000's own construction (§5.2.2, a failure case it reports: "small cusps at S-patch
// boundaries", §6.2): tangent planes meet at the n-gon's corners (Fig. 5.10) but not between them.
TEST(SPatchReplacement, TheThesisConstructionAloneLeavesCuspsBetweenCorners) {
  for (int valence : {4, 5, 7}) {
    const LoopSurface surface = LoopSurface::loadObj(meshPath("ev" + std::to_string(valence)));
    for (int v = 0; v < surface.controlMesh().vertexCount(); ++v) {
      if (surface.controlMesh().valence(v) != valence)
        continue;
      const Gaps gaps = boundaryGaps(surface, replaceExtraordinaryVertex(surface, v, true));
      EXPECT_LT(gaps.position, 1e-12);
      EXPECT_LT(gaps.corner_normal, 1e-9);
      EXPECT_GT(gaps.normal, 1e-3) << "valence " << valence;
    }
  }
}

// At a regular vertex (valence 6) the regular hexagon is the lattice the surrounding
// refinements live on, the points two edges share agree, and the S-patch meets all six patches
// with tangent-plane continuity along the whole of every cut: the construction's exact case.
TEST(SPatchReplacement, IsTangentPlaneContinuousAtARegularVertex) {
  const LoopSurface torus = LoopSurface::loadObj(meshPath("torus_regular"));
  for (int v : {0, 7, 20}) {
    const Gaps gaps = boundaryGaps(torus, replaceExtraordinaryVertex(torus, v));
    EXPECT_LT(gaps.position, 1e-12) << "vertex " << v;
    EXPECT_LT(gaps.normal, 1e-9) << "vertex " << v;
  }
}

TEST(SPatchReplacement, RefusesNeighbouringExtraordinaryVertices) {
  const LoopSurface ev5 = LoopSurface::loadObj(meshPath("ev5"));
  EXPECT_THROW((void)replaceExtraordinaryVertex(ev5, -1), InvalidInputError);
  EXPECT_THROW((void)replaceExtraordinaryVertex(ev5, ev5.controlMesh().vertexCount()),
               InvalidInputError);
  // The icosahedron: every vertex has valence 5, every patch three extraordinary corners.
  const LoopSurface icosahedron = LoopSurface::loadObj(meshPath("icosahedron"));
  try {
    (void)replaceExtraordinaryVertex(icosahedron, 0);
    FAIL() << "expected an error";
  } catch (const InvalidInputError& e) {
    EXPECT_NE(std::string(e.what()).find("subdivide the mesh once"), std::string::npos);
  }
}

}  // namespace
}  // namespace contactsim
