// A Loop surface with every extraordinary vertex replaced by an S-patch (kry-2000 ch. 5): the
// patch complex contact evolution traverses instead of Stam's parameterisation near those vertices
// (§5.1.2: derivatives degenerate there). Patches 0 … F − 1 are the Loop surface's, in its order;
// those around a replaced vertex lose their corner s + t < ½ and become the quadrilateral
// (½, 0), (1, 0), (0, 1), (0, ½) whose edge 3 is the cut. Patches F, F + 1, … are the S-patches,
// one per extraordinary vertex in increasing vertex order, over their regular n-gons.
#pragma once

#include <vector>

#include "contactsim/geometry/loop_surface.hpp"
#include "geometry/s_patch_replacement.hpp"

namespace contactsim {

class SPatchLoopSurface final : public Surface {
 public:
  /// Throws InvalidInputError when two extraordinary vertices share a patch (named), as
  /// replaceExtraordinaryVertex does; `thesis_only` keeps kry-2000's S-patches with their cusps.
  explicit SPatchLoopSurface(LoopSurface loop, bool thesis_only = false);

  [[nodiscard]] int patchCount() const override;
  [[nodiscard]] const PatchDomain& domain(int patch) const override;
  [[nodiscard]] SurfaceJet evaluate(int patch, double s, double t,
                                    JetOrder order = JetOrder::kThird) const override;
  [[nodiscard]] std::optional<EdgeNeighbor> neighbor(int patch, int edge) const override;
  [[nodiscard]] int polynomialPiece(int patch, double s, double t) const override;

  [[nodiscard]] const LoopSurface& loop() const { return loop_; }
  [[nodiscard]] const std::vector<SPatchReplacement>& replacements() const { return replacements_; }

 private:
  LoopSurface loop_;
  std::vector<SPatchReplacement> replacements_;
  PatchDomain triangle_;
  PatchDomain cut_;                   // the Loop patch without its corner s + t < ½
  std::vector<int> cut_by_;           // per Loop patch: its replacement, or −1
  std::vector<int> position_in_cut_;  // per cut Loop patch: its edge in that S-patch
};

}  // namespace contactsim
