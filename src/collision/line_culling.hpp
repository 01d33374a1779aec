// Which of the parallel rays of an intersection-volume query can meet body A inside the overlap
// bounds O (bouchard-2015 §4.1 casts every ray; most of them miss a small overlap).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "contactsim/math/types.hpp"

namespace contactsim::line_culling {

/// The lines along axis k through (i + shift) h, (j + shift) h across it, i in
/// [i_lo, i_lo + count_u) along axis k + 1 and j in [j_lo, j_lo + count_v) along axis k + 2; line
/// (i, j) has the flat index (i − i_lo) count_v + (j − j_lo).
struct LineGrid {
  int k = 0;
  std::int64_t i_lo = 0;
  std::int64_t j_lo = 0;
  std::int64_t count_u = 0;
  std::int64_t count_v = 0;
  [[nodiscard]] std::int64_t count() const { return count_u * count_v; }
};

/// World boxes (clipped to O) of the triangles of A's surface that reach into O.
struct Box {
  Vec3 lo;
  Vec3 hi;
};

/// The lines to cast, ascending. A line meets A's surface within O only if it passes through the
/// projection of some triangle box: those lines (marked with the whole cell of h × h around them,
/// so that no surface slips between two unmarked neighbours) are kept. Along an unmarked line
/// A's inside/outside state is the same all through O, and the same for all lines of a
/// 4-connected region of unmarked cells (a surface between two of them would mark one): one line
/// per region, asked through `inside_throughout`, decides whether the region is kept whole or
/// dropped.
std::vector<std::int64_t> linesToCast(const LineGrid& grid, double h, double shift,
                                      const std::vector<Box>& triangle_boxes,
                                      const std::function<bool(std::int64_t)>& inside_throughout);

}  // namespace contactsim::line_culling
