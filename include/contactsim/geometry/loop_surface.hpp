// Loop subdivision surfaces evaluated exactly on the limit surface (Stam 1998): one patch per
// control triangle, over the unit triangle (v, w) with the patch's corner 0 at (0, 0), corner 1 at
// (1, 0), corner 2 at (0, 1). Regular patches are quartic box splines; a patch with one
// extraordinary vertex puts it at corner 0 and is evaluated through the eigenstructure of the
// subdivision matrix; a patch with several is split once into four sub-patches, each regular or
// with one extraordinary vertex, reparameterised consistently (kry-pai-2002 §3.5).
#pragma once

#include <array>
#include <filesystem>
#include <memory>
#include <vector>

#include "contactsim/geometry/control_mesh.hpp"
#include "contactsim/geometry/surface.hpp"

namespace contactsim {

namespace loop {
struct PatchEvaluator;
}  // namespace loop

enum class LoopPatchKind { kRegular, kOneExtraordinary, kSeveralExtraordinary };

class LoopSurface final : public Surface {
 public:
  explicit LoopSurface(ControlMesh mesh);
  ~LoopSurface() override;
  LoopSurface(LoopSurface&&) noexcept;
  LoopSurface& operator=(LoopSurface&&) noexcept;

  /// ControlMesh::loadObj, then the surface.
  static LoopSurface loadObj(const std::filesystem::path& file);

  [[nodiscard]] int patchCount() const override;
  [[nodiscard]] const PatchDomain& domain(int patch) const override;
  [[nodiscard]] SurfaceJet evaluate(int patch, double s, double t,
                                    JetOrder order = JetOrder::kThird) const override;
  [[nodiscard]] std::optional<EdgeNeighbor> neighbor(int patch, int edge) const override;
  [[nodiscard]] int polynomialPiece(int patch, double s, double t) const override;
  /// As evaluate and polynomialPiece, but a patch with one extraordinary vertex is evaluated by
  /// its outer ring of polynomial pieces (Stam's level 1, s + t ≥ ½) also nearer the vertex,
  /// extended past that seam: the patch as an S-patch replacement cuts it (kry-2000 §5.2), whose
  /// RK4 stages just past the cut must see the piece the contact is on.
  [[nodiscard]] SurfaceJet evaluateOuterRing(int patch, double s, double t,
                                             JetOrder order = JetOrder::kThird) const;
  [[nodiscard]] int outerRingPiece(int patch, double s, double t) const;
  /// 1 − the barycentric weight of the nearest corner whose control vertex has valence ≠ 6 (an
  /// extraordinary vertex, where Stam's parameterisation is singular); +∞ if there is none.
  [[nodiscard]] double irregularDistance(int patch, double s, double t) const override;

  [[nodiscard]] const ControlMesh& controlMesh() const { return mesh_; }
  /// Control vertex at corner 0, 1, 2 of a patch (the face's vertices, rotated so that a lone
  /// extraordinary vertex is corner 0).
  [[nodiscard]] int corner(int patch, int k) const;
  [[nodiscard]] LoopPatchKind kind(int patch) const;

 private:
  ControlMesh mesh_;
  PatchDomain domain_;
  std::vector<std::array<int, 3>> corners_;
  std::vector<std::unique_ptr<loop::PatchEvaluator>> patches_;
};

}  // namespace contactsim
