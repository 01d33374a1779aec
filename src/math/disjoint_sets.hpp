// Union–find over the indices 0 … n−1 with path halving; the representative of a set is its
// smallest index, so that the first element of a set names it (the first vertex of a weld, the
// first body of an island). Internal.
#pragma once

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <vector>

namespace contactsim {

class DisjointSets {
 public:
  explicit DisjointSets(std::size_t n) : parent_(n) {
    std::iota(parent_.begin(), parent_.end(), std::size_t{0});
  }
  /// The smallest index of i's set.
  std::size_t find(std::size_t i) {
    while (parent_[i] != i) {
      parent_[i] = parent_[parent_[i]];
      i = parent_[i];
    }
    return i;
  }
  void join(std::size_t a, std::size_t b) {
    a = find(a);
    b = find(b);
    if (a != b)
      parent_[std::max(a, b)] = std::min(a, b);
  }

 private:
  std::vector<std::size_t> parent_;
};

}  // namespace contactsim
