// Surface replacement at an extraordinary vertex of a Loop surface (kry-2000 §5.2, §5.2.2): the
// corners s + t < ½ of the n patches around a vertex of valence n are cut out and replaced by one
// n-sided S-patch that continues the patches' centre refinements (the level-1 sub-patch with
// corners (½, 0), (0, ½), (½, ½), regular and so a quartic triangle) across the cut, with
// tangent-plane continuity.
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

/// The S-patch replacing the corners of the patches around `vertex` (an extraordinary one, or a
/// regular one: valence 6), of degree 4 (6 at valence 3). First the thesis's control points, by
/// eq. 5.19 from the blossom of each centre refinement over an equilateral triangle on the
/// S-patch's edge (Fig. 5.7): those on an edge (the edge's Bézier curve) from the patch across it,
/// every other from the patch across the edge it is nearest to, ties to the lower edge index
/// ("first come, first serve", Fig. 5.9). That meets the Loop patches in position along every cut
/// but in tangent plane only at the n-gon's vertices (Fig. 5.10; the thesis's "small cusps",
/// §6.2), except at valence 6. Then the control points off the edges move least so that the
/// tangent planes meet along the whole of every cut. Throws InvalidInputError when a patch around
/// the vertex has another extraordinary vertex (named): subdivide the control mesh once.
/// `thesis_only` stops after the thesis's control points (to show its cusps).
[[nodiscard]] SPatchReplacement replaceExtraordinaryVertex(const LoopSurface& surface, int vertex,
                                                           bool thesis_only = false);

}  // namespace contactsim
