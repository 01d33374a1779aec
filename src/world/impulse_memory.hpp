// Warm starts of the velocity-level worlds (PointContactWorld, MixedWorld): last step's impulses
// by pair, each with its contact point in body A's coordinates. A new contact takes the impulse
// of the nearest previous one of its pair within a reach (feature ids change when the reference
// face of a face contact flips; positions barely move). Internal to world.
#pragma once

#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "contactsim/math/types.hpp"

namespace contactsim::world_detail {

class ImpulseMemory {
 public:
  using Pair = std::pair<std::size_t, std::size_t>;

  void clear() { memory_.clear(); }
  void remember(const Pair& pair, const Vec3& point_in_a, const Vec3& impulse) {
    memory_[pair].push_back({point_in_a, impulse});
  }
  /// The impulse remembered nearest to point_in_a for the pair, if one lies within `reach`.
  [[nodiscard]] std::optional<Vec3> nearest(const Pair& pair, const Vec3& point_in_a,
                                            double reach) const {
    const auto it = memory_.find(pair);
    if (it == memory_.end())
      return std::nullopt;
    double best = reach;
    const Remembered* found = nullptr;
    for (const Remembered& r : it->second) {
      const double d = (r.point_in_a - point_in_a).norm();
      if (d <= best) {
        best = d;
        found = &r;
      }
    }
    return found ? std::optional(found->impulse) : std::nullopt;
  }

 private:
  struct Remembered {
    Vec3 point_in_a;
    Vec3 impulse;
  };
  std::map<Pair, std::vector<Remembered>> memory_;
};

}  // namespace contactsim::world_detail
