// Surface replacement at an extraordinary vertex of a Loop surface (kry-2000 §5.2, §5.2.2): the
// corners s + t < ½ of the n patches around a vertex of valence n are cut out and replaced by one
// degree-4 n-sided S-patch that continues the patches' centre refinements (the level-1 sub-patch
// with corners (½, 0), (0, ½), (½, ½), regular and so a quartic triangle) across the cut.
#pragma once

#include <vector>

#include "contactsim/geometry/loop_surface.hpp"
#include "geometry/s_patch.hpp"

namespace contactsim {

struct SPatchReplacement {
  int vertex = -1;  ///< the extraordinary control vertex
  /// The n Loop patches around it, counter-clockwise: patches[i] is the face (vertex, r_i,
  /// r_{i+1}) of the one-ring r (ControlMesh::oneRing). Edge i of the S-patch (vertex i → i + 1
  /// of its n-gon) is the cut of patches[i] between the midpoints of its edges to r_i and
  /// r_{i+1}: S-patch point (1 − u) P_i + u P_{i+1} has barycentric weights (½, (1 − u)/2, u/2)
  /// on (vertex, r_i, r_{i+1}), which is patch point ((1 − u)/2, u/2) when the vertex is the
  /// patch's corner 0, as Loop surfaces put a lone extraordinary vertex.
  std::vector<int> patches;
  SPatch patch;
};

/// The S-patch of degree 4 replacing the corners of the patches around `vertex`: an
/// extraordinary one, or a regular one (valence 6, where the construction is exact: the S-patch
/// meets its neighbours with tangent-plane continuity all along its edges, which checks it).
/// Control points by eq. 5.19 from the blossom of each centre refinement over an equilateral
/// triangle on the S-patch's edge (Fig. 5.7): those at distance 0 from an edge (the edge's Bézier
/// curve) from the patch across it, every other from the patch across the edge it is nearest to,
/// ties to the lower edge index ("first come, first serve", Fig. 5.9). The result meets the Loop
/// patches in position along every cut and in tangent plane at the n-gon's vertices (Fig. 5.10);
/// between them, for n ≠ 6, the points two edges share cannot continue both refinements and the
/// normals differ (the thesis's "small cusps", §6.2). Throws InvalidInputError when a patch
/// around the vertex has another extraordinary vertex (named): subdivide the control mesh once.
[[nodiscard]] SPatchReplacement replaceExtraordinaryVertex(const LoopSurface& surface, int vertex);

}  // namespace contactsim
