// Position and partial derivatives to third order of a surface at one parameter point: the ten
// sets c, c_s, c_t, c_ss, c_st, c_tt, c_sss, c_sst, c_stt, c_ttt of kry-pai-2002 §3.7 (footnote 4).
#pragma once

#include "contactsim/geometry/taylor.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim {

/// How many derivative orders an evaluation computes: callers needing less pay less.
enum class JetOrder : int { kPosition = 0, kFirst = 1, kSecond = 2, kThird = 3 };

struct SurfaceJet {
  JetOrder order = JetOrder::kThird;  ///< derivatives above this order are zero, not computed
  Vec3 c = Vec3::Zero();
  Vec3 c_s = Vec3::Zero(), c_t = Vec3::Zero();
  Vec3 c_ss = Vec3::Zero(), c_st = Vec3::Zero(), c_tt = Vec3::Zero();
  Vec3 c_sss = Vec3::Zero(), c_sst = Vec3::Zero(), c_stt = Vec3::Zero(), c_ttt = Vec3::Zero();

  /// ∂^{i+j} c / ∂sⁱ ∂tʲ for i + j ≤ 3.
  [[nodiscard]] const Vec3& derivative(int i, int j) const;
};

/// A point of R³ whose coordinates are Taylor3 series in (s, t): what a surface formula evaluated
/// on Taylor3 scalars returns.
struct TaylorPoint {
  Taylor3 x, y, z;
};

/// Reads the jet out of Taylor3 coordinates up to `order`.
SurfaceJet jetFromTaylor(const TaylorPoint& p, JetOrder order);

}  // namespace contactsim
