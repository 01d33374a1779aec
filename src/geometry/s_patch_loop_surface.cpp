#include "geometry/s_patch_loop_surface.hpp"

#include <stdexcept>

#include "contactsim/error.hpp"

namespace contactsim {

SPatchLoopSurface::SPatchLoopSurface(LoopSurface loop, bool thesis_only)
    : loop_(std::move(loop)),
      triangle_(PatchDomain::unitTriangle()),
      cut_({Vec2(0.5, 0.0), Vec2(1.0, 0.0), Vec2(0.0, 1.0), Vec2(0.0, 0.5)}),
      cut_by_(static_cast<std::size_t>(loop_.patchCount()), -1),
      position_in_cut_(static_cast<std::size_t>(loop_.patchCount()), -1) {
  // One S-patch per extraordinary vertex; its patches lose their corners at the vertex.
  const ControlMesh& mesh = loop_.controlMesh();
  for (int v = 0; v < mesh.vertexCount(); ++v) {
    if (mesh.isRegular(v))
      continue;
    replacements_.push_back(replaceExtraordinaryVertex(loop_, v, thesis_only));
    const auto& around = replacements_.back().patches;
    for (std::size_t e = 0; e < around.size(); ++e) {
      cut_by_[static_cast<std::size_t>(around[e])] = static_cast<int>(replacements_.size()) - 1;
      position_in_cut_[static_cast<std::size_t>(around[e])] = static_cast<int>(e);
    }
  }
}

int SPatchLoopSurface::patchCount() const {
  return loop_.patchCount() + static_cast<int>(replacements_.size());
}

const PatchDomain& SPatchLoopSurface::domain(int patch) const {
  checkArguments(patch, 0.0, 0.0);
  if (patch >= loop_.patchCount())
    return replacements_[static_cast<std::size_t>(patch - loop_.patchCount())].patch.domain();
  return cut_by_[static_cast<std::size_t>(patch)] >= 0 ? cut_ : triangle_;
}

SurfaceJet SPatchLoopSurface::evaluate(int patch, double s, double t, JetOrder order) const {
  checkArguments(patch, s, t);
  if (patch >= loop_.patchCount()) {
    return replacements_[static_cast<std::size_t>(patch - loop_.patchCount())].patch.evaluate(
        s, t, order);
  }
  // A cut patch keeps to its outer ring of polynomial pieces past the cut (RK4 stages, ε-extended
  // boundaries): no step that ends on the cut sees the ring inside it, which the S-patch replaced.
  return cut_by_[static_cast<std::size_t>(patch)] >= 0 ? loop_.evaluateOuterRing(patch, s, t, order)
                                                       : loop_.evaluate(patch, s, t, order);
}

std::optional<EdgeNeighbor> SPatchLoopSurface::neighbor(int patch, int edge) const {
  checkArguments(patch, 0.0, 0.0);
  // An S-patch's edge e is the cut (edge 3) of the e-th patch around its vertex, reversed.
  if (patch >= loop_.patchCount()) {
    const SPatchReplacement& r =
        replacements_[static_cast<std::size_t>(patch - loop_.patchCount())];
    if (edge < 0 || edge >= r.patch.sides()) {
      throw InvalidInputError("an S-patch with " + toText(r.patch.sides()) +
                              " sides has edges 0.." + toText(r.patch.sides() - 1) + ", got " +
                              toText(edge));
    }
    return EdgeNeighbor{r.patches[static_cast<std::size_t>(edge)], 3, true};
  }
  const int cut = cut_by_[static_cast<std::size_t>(patch)];
  if (cut >= 0 && edge == 3) {
    return EdgeNeighbor{loop_.patchCount() + cut, position_in_cut_[static_cast<std::size_t>(patch)],
                        true};
  }
  // Edges 0–2 keep their Loop neighbours: a halved edge (0 or 2 of a cut patch) meets the other
  // half of the same control edge, also halved, since both patches hold the replaced vertex.
  return loop_.neighbor(patch, edge);
}

int SPatchLoopSurface::polynomialPiece(int patch, double s, double t) const {
  checkArguments(patch, s, t);
  if (patch >= loop_.patchCount())
    return 0;
  return cut_by_[static_cast<std::size_t>(patch)] >= 0 ? loop_.outerRingPiece(patch, s, t)
                                                       : loop_.polynomialPiece(patch, s, t);
}

}  // namespace contactsim
