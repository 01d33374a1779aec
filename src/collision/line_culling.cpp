#include "line_culling.hpp"

#include <algorithm>
#include <cmath>

namespace contactsim::line_culling {

std::vector<std::int64_t> linesToCast(const LineGrid& grid, double h, double shift,
                                      const std::vector<Box>& triangle_boxes,
                                      const std::function<bool(std::int64_t)>& inside_throughout) {
  const int u = (grid.k + 1) % 3;
  const int v = (grid.k + 2) % 3;
  const auto n = static_cast<std::size_t>(grid.count());
  // 0: unmarked, 1: marked (cast), 2: unmarked and visited.
  std::vector<std::uint8_t> state(n, 0);
  // Cell of line i: [(i + shift − ½) h, (i + shift + ½) h]; mark every cell the box overlaps.
  const auto range = [&](double lo, double hi, std::int64_t first, std::int64_t count) {
    const auto a = static_cast<std::int64_t>(std::ceil(lo / h - shift - 0.5)) - 1;
    const auto b = static_cast<std::int64_t>(std::floor(hi / h - shift + 0.5)) + 1;
    return std::pair{std::max(a, first) - first, std::min(b, first + count - 1) - first};
  };
  for (const Box& box : triangle_boxes) {
    const auto [i0, i1] = range(box.lo[u], box.hi[u], grid.i_lo, grid.count_u);
    const auto [j0, j1] = range(box.lo[v], box.hi[v], grid.j_lo, grid.count_v);
    for (std::int64_t i = i0; i <= i1; ++i) {
      for (std::int64_t j = j0; j <= j1; ++j) {
        state[static_cast<std::size_t>(i * grid.count_v + j)] = 1;
      }
    }
  }
  // Unmarked regions: one representative each.
  std::vector<std::int64_t> stack;
  std::vector<std::int64_t> region;
  for (std::size_t seed = 0; seed < n; ++seed) {
    if (state[seed] != 0) {
      continue;
    }
    region.clear();
    stack.assign(1, static_cast<std::int64_t>(seed));
    state[seed] = 2;
    while (!stack.empty()) {
      const std::int64_t c = stack.back();
      stack.pop_back();
      region.push_back(c);
      const std::int64_t i = c / grid.count_v;
      const std::int64_t j = c % grid.count_v;
      const std::int64_t neighbours[4][2] = {{i - 1, j}, {i + 1, j}, {i, j - 1}, {i, j + 1}};
      for (const auto& [a, b] : neighbours) {
        if (a < 0 || b < 0 || a >= grid.count_u || b >= grid.count_v) {
          continue;
        }
        const auto d = static_cast<std::size_t>(a * grid.count_v + b);
        if (state[d] == 0) {
          state[d] = 2;
          stack.push_back(static_cast<std::int64_t>(d));
        }
      }
    }
    if (inside_throughout(static_cast<std::int64_t>(seed))) {
      for (const std::int64_t c : region) {
        state[static_cast<std::size_t>(c)] = 1;
      }
    }
  }
  std::vector<std::int64_t> lines;
  for (std::size_t c = 0; c < n; ++c) {
    if (state[c] == 1) {
      lines.push_back(static_cast<std::int64_t>(c));
    }
  }
  return lines;
}

}  // namespace contactsim::line_culling
