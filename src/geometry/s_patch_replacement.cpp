#include "geometry/s_patch_replacement.hpp"

#include <Eigen/LU>
#include <array>
#include <limits>
#include <string>

#include "contactsim/error.hpp"
#include "geometry/triangle_bezier.hpp"

namespace contactsim {
namespace {

constexpr int kDegree = 4;  // kry-2000 §5.2.2: quartic S-patches, like the Loop patches they meet

// The centre refinement of a patch with its extraordinary vertex at corner 0: the level-1
// sub-triangle A = (½, 0), B = (0, ½), C = (½, ½), regular, hence one quartic (kry-2000 §5.2.2:
// "the center refinement not having any extraordinary vertices can be treated as a quartic
// triangular Bézier patch"), its control points in barycentric order (A, B, C).
std::vector<Vec3> centreRefinement(const LoopSurface& surface, int patch, int vertex) {
  // The patch's (s, t) of the point with barycentric weights w on (vertex, next, after): corner
  // k of the patch sits at (0, 0), (1, 0), (0, 1).
  std::array<int, 3> slot{};  // slot[m]: which corner of the patch is vertex m of (v, a, b)
  for (int k = 0; k < 3; ++k) {
    if (surface.corner(patch, k) == vertex)
      for (int m = 0; m < 3; ++m)
        slot[static_cast<std::size_t>(m)] = (k + m) % 3;
  }
  const auto at = [&](const Vec3& w) {
    std::array<double, 3> corner{};
    for (std::size_t m = 0; m < 3; ++m)
      corner[static_cast<std::size_t>(slot[m])] = w[static_cast<Eigen::Index>(m)];
    return Vec2(corner[1], corner[2]);
  };
  const Vec3 a(0.5, 0.5, 0.0), b(0.5, 0.0, 0.5), c(0.0, 0.5, 0.5);
  std::vector<Vec3> values(static_cast<std::size_t>(triangleBezierCount(kDegree)));
  for (int i = kDegree; i >= 0; --i) {
    for (int j = kDegree - i; j >= 0; --j) {
      const int k = kDegree - i - j;
      const Vec2 st = at((i * a + j * b + k * c) / kDegree);
      values[static_cast<std::size_t>(triangleBezierIndex(kDegree, i, j))] =
          surface.evaluate(patch, st.x(), st.y(), JetOrder::kPosition).c;
    }
  }
  return triangleBezierFromDomainValues(values, kDegree);
}

// The barycentric coordinates of every vertex of the S-patch's n-gon with respect to the
// equilateral triangle T_e = (P_e, P_{e+1}, apex outside the polygon) on edge e (Fig. 5.7).
std::vector<Vec3> polygonInTriangle(const PatchDomain& polygon, int e) {
  const int n = polygon.edgeCount();
  const Vec2 p0 = polygon.vertex(e), p1 = polygon.vertex((e + 1) % n);
  const Vec2 edge = p1 - p0;
  const Vec2 outward(edge.y(), -edge.x());  // the polygon is counter-clockwise
  const Vec2 apex = 0.5 * (p0 + p1) + outward * (std::sqrt(3.0) / 2.0);
  Eigen::Matrix3d m;
  m << p0.x(), p1.x(), apex.x(), p0.y(), p1.y(), apex.y(), 1.0, 1.0, 1.0;
  const Eigen::Matrix3d inverse = m.inverse();
  std::vector<Vec3> out;
  for (int k = 0; k < n; ++k)
    out.emplace_back(inverse * Vec3(polygon.vertex(k).x(), polygon.vertex(k).y(), 1.0));
  return out;
}

// The n patches around `vertex`, counter-clockwise, each checked to have no other extraordinary
// vertex.
std::vector<int> patchesAround(const LoopSurface& surface, int vertex) {
  const ControlMesh& mesh = surface.controlMesh();
  const std::vector<int> ring = mesh.oneRing(vertex);
  std::vector<int> patches;
  for (std::size_t i = 0; i < ring.size(); ++i) {
    const int face = mesh.faceWithEdge(vertex, ring[i]);
    std::string others;  // the patch's other corners that are extraordinary
    for (int k = 0; k < 3; ++k) {
      const int corner = surface.corner(face, k);
      if (corner != vertex && !mesh.isRegular(corner))
        others += (others.empty() ? "" : ", ") + toText(corner);
    }
    if (!others.empty()) {
      throw InvalidInputError("S-patch at control vertex " + toText(vertex) + ": patch " +
                              toText(face) + " also has extraordinary vertex " + others +
                              "; their S-patches would overlap (subdivide the mesh once)");
    }
    patches.push_back(face);
  }
  return patches;
}

}  // namespace

SPatchReplacement replaceExtraordinaryVertex(const LoopSurface& surface, int vertex) {
  const ControlMesh& mesh = surface.controlMesh();
  if (vertex < 0 || vertex >= mesh.vertexCount())
    throw InvalidInputError("S-patch at control vertex " + toText(vertex) + ": no such vertex");
  // The patches around the vertex and their centre refinements, one per S-patch edge.
  std::vector<int> patches = patchesAround(surface, vertex);
  const int n = static_cast<int>(patches.size());
  std::vector<std::vector<Vec3>> refinement;
  std::vector<std::vector<Vec3>> in_triangle;
  const PatchDomain polygon = SPatch::regularDomain(n);
  for (int e = 0; e < n; ++e) {
    refinement.push_back(centreRefinement(surface, patches[static_cast<std::size_t>(e)], vertex));
    in_triangle.push_back(polygonInTriangle(polygon, e));
  }
  // Each control point from the blossom of the refinement across its nearest edge (eq. 5.19):
  // its distance from edge e is the number of its bag's entries other than P_e and P_{e+1}.
  const std::vector<std::uint8_t> indices = SPatch::multiIndices(n, kDegree);
  std::vector<Vec3> control;
  for (std::size_t c = 0; c * static_cast<std::size_t>(n) < indices.size(); ++c) {
    const std::uint8_t* index = &indices[c * static_cast<std::size_t>(n)];
    int nearest = 0, best = std::numeric_limits<int>::max();
    for (int e = 0; e < n; ++e) {
      const int distance = kDegree - index[e] - index[(e + 1) % n];
      if (distance < best) {
        best = distance;
        nearest = e;
      }
    }
    std::vector<Vec3> bag;
    for (int k = 0; k < n; ++k) {
      for (int m = 0; m < index[k]; ++m)
        bag.push_back(in_triangle[static_cast<std::size_t>(nearest)][static_cast<std::size_t>(k)]);
    }
    control.push_back(
        triangleBezierBlossom(refinement[static_cast<std::size_t>(nearest)], kDegree, bag));
  }
  return {vertex, std::move(patches), SPatch(n, kDegree, std::move(control))};
}

}  // namespace contactsim
