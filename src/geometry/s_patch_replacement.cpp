#include "geometry/s_patch_replacement.hpp"

#include <Eigen/LU>
#include <Eigen/QR>
#include <algorithm>
#include <array>
#include <limits>
#include <string>

#include "contactsim/error.hpp"
#include "geometry/triangle_bezier.hpp"

namespace contactsim {
namespace {

constexpr int kLoopDegree = 4;  // a regular Loop patch is a quartic

// The S-patch's degree: 4 as in kry-2000 §5.2.2 (quartic, like the Loop patches it meets), and 6
// for a vertex of valence 3, where a quartic triangle has too few control points off its edges
// (three) to meet three neighbours with tangent-plane continuity.
int sPatchDegree(int sides) {
  return sides == 3 ? 6 : 4;
}

// The (s, t) of patch `patch` at barycentric weights w on (vertex, r_i, r_{i+1}), the face's
// corners in its cyclic order starting at the vertex (corner k of a patch sits at (0, 0), (1, 0),
// (0, 1); a lone extraordinary vertex is corner 0).
Vec2 patchPoint(const LoopSurface& surface, int patch, int vertex, const Vec3& w) {
  int first = 0;
  while (first < 3 && surface.corner(patch, first) != vertex)
    ++first;
  std::array<double, 3> corner{};
  for (int m = 0; m < 3; ++m)
    corner[static_cast<std::size_t>((first + m) % 3)] = w[m];
  return Vec2(corner[1], corner[2]);
}

// The centre refinement of a patch around the vertex: the level-1 sub-triangle A = (½, ½, 0),
// B = (½, 0, ½), C = (0, ½, ½) in weights on (vertex, r_i, r_{i+1}), regular, hence one quartic
// (kry-2000 §5.2.2: "the center refinement not having any extraordinary vertices can be treated as
// a quartic triangular Bézier patch"), its control points in barycentric order (A, B, C).
std::vector<Vec3> centreRefinement(const LoopSurface& surface, int patch, int vertex) {
  const Vec3 a(0.5, 0.5, 0.0), b(0.5, 0.0, 0.5), c(0.0, 0.5, 0.5);
  std::vector<Vec3> values(static_cast<std::size_t>(triangleBezierCount(kLoopDegree)));
  for (int i = kLoopDegree; i >= 0; --i) {
    for (int j = kLoopDegree - i; j >= 0; --j) {
      const int k = kLoopDegree - i - j;
      const Vec2 st = patchPoint(surface, patch, vertex, (i * a + j * b + k * c) / kLoopDegree);
      values[static_cast<std::size_t>(triangleBezierIndex(kLoopDegree, i, j))] =
          surface.evaluate(patch, st.x(), st.y(), JetOrder::kPosition).c;
    }
  }
  return triangleBezierFromDomainValues(values, kLoopDegree);
}

// The same triangular patch written with degree + 1 (degree elevation).
std::vector<Vec3> elevated(const std::vector<Vec3>& control, int degree) {
  const int m = degree + 1;
  std::vector<Vec3> out(static_cast<std::size_t>(triangleBezierCount(m)), Vec3::Zero());
  const auto at = [&](int i, int j) {
    return control[static_cast<std::size_t>(triangleBezierIndex(degree, i, j))];
  };
  for (int i = m; i >= 0; --i) {
    for (int j = m - i; j >= 0; --j) {
      const int k = m - i - j;
      Vec3 sum = Vec3::Zero();
      if (i > 0)
        sum += i * at(i - 1, j);
      if (j > 0)
        sum += j * at(i, j - 1);
      if (k > 0)
        sum += k * at(i, j);
      out[static_cast<std::size_t>(triangleBezierIndex(m, i, j))] = sum / m;
    }
  }
  return out;
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

// Tangent-plane continuity along the whole of every edge (which kry-2000 §5.2.2 leaves to the
// corners, Fig. 5.10): the control points off the edges move least, in the 2-norm, so that the
// S-patch's derivative across each edge is normal to the Loop surface's normal there. Along edge
// e it is linear in those points: Σ_c ∂B_c/∂n P_c · N(u) = 0, imposed at enough points of each
// edge to hold identically (the identity is a polynomial in u of degree below the samples
// taken); the minimum-norm solution of the underdetermined system by complete orthogonal
// decomposition.
std::vector<Vec3> tangentPlaneContinuous(const LoopSurface& surface,
                                         const std::vector<int>& patches, int vertex,
                                         const SPatch& patch) {
  const int n = patch.sides(), d = patch.degree();
  const std::vector<std::uint8_t> indices = SPatch::multiIndices(n, d);
  // The unknowns: the points one step off an edge (on an edge: fixed; farther: the derivative
  // across the edges does not see them, so the minimum-norm solution leaves them).
  std::vector<int> unknown(patch.controlPoints().size(), -1);  // column block of a free point
  int free_points = 0;
  for (std::size_t c = 0; c < unknown.size(); ++c) {
    int distance = d;
    for (int e = 0; e < n; ++e) {
      const std::uint8_t* index = &indices[c * static_cast<std::size_t>(n)];
      distance = std::min(distance, d - index[e] - index[(e + 1) % n]);
    }
    if (distance == 1)
      unknown[c] = free_points++;
  }
  const int samples = 2 * n + 4 * d;  // per edge, at u = (j + ½) / samples
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(n * samples, 3 * free_points);
  Eigen::VectorXd b = Eigen::VectorXd::Zero(n * samples);
  for (int e = 0; e < n; ++e) {
    const Vec2 p0 = patch.domain().vertex(e), p1 = patch.domain().vertex((e + 1) % n);
    const Vec2 along = (p1 - p0).normalized();
    const Vec2 inward(-along.y(), along.x());
    for (int j = 0; j < samples; ++j) {
      const double u = (j + 0.5) / samples;
      const Vec2 p = (1.0 - u) * p0 + u * p1;
      const int row = e * samples + j;
      const int loop_patch = patches[static_cast<std::size_t>(e)];
      const Vec2 st = patchPoint(surface, loop_patch, vertex, Vec3(0.5, (1.0 - u) / 2.0, u / 2.0));
      const SurfaceJet l = surface.evaluate(loop_patch, st.x(), st.y(), JetOrder::kFirst);
      const Vec3 normal = l.c_s.cross(l.c_t).normalized();
      const std::vector<Vec3> basis = patch.basisFirstOrder(p.x(), p.y());
      for (std::size_t c = 0; c < basis.size(); ++c) {
        const double across = basis[c].y() * inward.x() + basis[c].z() * inward.y();
        if (unknown[c] < 0)
          b(row) -= across * normal.dot(patch.controlPoints()[c]);
        else
          a.block<1, 3>(row, 3 * unknown[c]) = across * normal.transpose();
      }
    }
  }
  Eigen::VectorXd x0(3 * free_points);
  for (std::size_t c = 0; c < unknown.size(); ++c) {
    if (unknown[c] >= 0)
      x0.segment<3>(3 * unknown[c]) = patch.controlPoints()[c];
  }
  const Eigen::VectorXd x = x0 + a.completeOrthogonalDecomposition().solve(b - a * x0);
  std::vector<Vec3> control = patch.controlPoints();
  for (std::size_t c = 0; c < unknown.size(); ++c) {
    if (unknown[c] >= 0)
      control[c] = x.segment<3>(3 * unknown[c]);
  }
  return control;
}

}  // namespace

SPatchReplacement replaceExtraordinaryVertex(const LoopSurface& surface, int vertex,
                                             bool thesis_only) {
  const ControlMesh& mesh = surface.controlMesh();
  if (vertex < 0 || vertex >= mesh.vertexCount())
    throw InvalidInputError("S-patch at control vertex " + toText(vertex) + ": no such vertex");
  // The patches around the vertex and their centre refinements, one per S-patch edge, written
  // with the S-patch's degree.
  std::vector<int> patches = patchesAround(surface, vertex);
  const int n = static_cast<int>(patches.size());
  const int degree = sPatchDegree(n);
  std::vector<std::vector<Vec3>> refinement;
  std::vector<std::vector<Vec3>> in_triangle;
  const PatchDomain polygon = SPatch::regularDomain(n);
  for (int e = 0; e < n; ++e) {
    refinement.push_back(centreRefinement(surface, patches[static_cast<std::size_t>(e)], vertex));
    for (int m = kLoopDegree; m < degree; ++m)
      refinement.back() = elevated(refinement.back(), m);
    in_triangle.push_back(polygonInTriangle(polygon, e));
  }
  // Each control point from the blossom of the refinement across its nearest edge (eq. 5.19):
  // its distance from edge e is the number of its bag's entries other than P_e and P_{e+1}.
  const std::vector<std::uint8_t> indices = SPatch::multiIndices(n, degree);
  std::vector<Vec3> control;
  for (std::size_t c = 0; c * static_cast<std::size_t>(n) < indices.size(); ++c) {
    const std::uint8_t* index = &indices[c * static_cast<std::size_t>(n)];
    int nearest = 0, best = std::numeric_limits<int>::max();
    for (int e = 0; e < n; ++e) {
      const int distance = degree - index[e] - index[(e + 1) % n];
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
        triangleBezierBlossom(refinement[static_cast<std::size_t>(nearest)], degree, bag));
  }
  // Then the points off the edges moved least for tangent-plane continuity along every edge.
  const SPatch thesis(n, degree, std::move(control));
  if (thesis_only)
    return {vertex, patches, thesis};
  return {vertex, patches,
          SPatch(n, degree, tangentPlaneContinuous(surface, patches, vertex, thesis))};
}

}  // namespace contactsim
