// Tensor-product Bézier patches of any degree (up to kMaxBezierDegree per direction), with the
// affine placement of kry-2000 Appendix B (scale, then rotate, then offset).
#pragma once

#include <array>
#include <vector>

#include "contactsim/geometry/surface.hpp"

namespace contactsim {

/// Placement of control points: p' = R(axis, angle) · diag(scale) · p + offset.
struct AffinePlacement {
  Vec3 scale = Vec3::Ones();
  Vec3 rotation_axis = Vec3::UnitZ();
  double rotation_angle = 0.0;  ///< [rad]
  Vec3 offset = Vec3::Zero();

  [[nodiscard]] Vec3 apply(const Vec3& p) const;
};

class BezierPatch {
 public:
  /// control_points[i * (degree_t + 1) + j] is P_ij: i along s (rows), j along t. Throws
  /// InvalidInputError for degrees outside 1..kMaxBezierDegree, a wrong point count or non-finite
  /// points.
  BezierPatch(int degree_s, int degree_t, std::vector<Vec3> control_points);

  /// c(s, t) = Σ_ij B_i(s) B_j(t) P_ij and its derivatives up to `order`.
  [[nodiscard]] SurfaceJet evaluate(double s, double t, JetOrder order) const;

  [[nodiscard]] const std::vector<Vec3>& controlPoints() const { return points_; }
  [[nodiscard]] BezierPatch placed(const AffinePlacement& placement) const;

 private:
  int degree_s_;
  int degree_t_;
  std::vector<Vec3> points_;
  std::array<Vec3, 16> power_;  // bicubics: c(s, t) = Σ power_[4i + j] sⁱ tʲ
};

/// Bézier patches over the unit square, with optional adjacency between them.
class BezierSurface final : public Surface {
 public:
  explicit BezierSurface(std::vector<BezierPatch> patches);

  /// Declares that edge `edge_a` of patch a and edge `edge_b` of patch b are the same curve
  /// (edges of the unit square: 0 bottom t=0, 1 right s=1, 2 top t=1, 3 left s=0,
  /// counter-clockwise).
  void connect(int patch_a, int edge_a, int patch_b, int edge_b, bool reversed = true);

  [[nodiscard]] int patchCount() const override { return static_cast<int>(patches_.size()); }
  [[nodiscard]] const PatchDomain& domain(int patch) const override;
  [[nodiscard]] SurfaceJet evaluate(int patch, double s, double t,
                                    JetOrder order = JetOrder::kThird) const override;
  [[nodiscard]] std::optional<EdgeNeighbor> neighbor(int patch, int edge) const override;
  [[nodiscard]] const BezierPatch& patch(int i) const {
    return patches_.at(static_cast<std::size_t>(i));
  }

 private:
  std::vector<BezierPatch> patches_;
  std::vector<std::optional<EdgeNeighbor>> neighbors_;  // 4 per patch
  PatchDomain domain_;
};

/// The thesis rattleback (kry-2000 Appendix B, ../shared/papers/NOTES.md): one bicubic patch,
/// scaled (0.6, 0.2, 0.2), rotated −0.174 rad about z, offset (0, 0, 0.2), in the body frame.
BezierSurface thesisRattlebackSurface();
/// The thesis floor: one bicubic patch with control points (x, y, 0), x, y ∈ {−1.5, −0.5,
/// 0.5, 1.5}.
BezierSurface thesisFloorSurface();

}  // namespace contactsim
