#include "mesh_self_intersection.hpp"

#include <tbb/parallel_invoke.h>

#include <algorithm>
#include <atomic>
#include <limits>
#include <numeric>

#include "triangle_intersection.hpp"

namespace contactsim {
namespace {

namespace ti = triangle_intersection;

struct Box {
  Vec3 lo = Vec3::Constant(std::numeric_limits<double>::infinity());
  Vec3 hi = Vec3::Constant(-std::numeric_limits<double>::infinity());
  void add(const Box& b) {
    lo = lo.cwiseMin(b.lo);
    hi = hi.cwiseMax(b.hi);
  }
  [[nodiscard]] bool overlaps(const Box& b) const {
    return (lo.array() <= b.hi.array()).all() && (b.lo.array() <= hi.array()).all();
  }
};

struct Node {
  Box box;
  int left = -1;  // children, or -1 for a leaf
  int right = -1;
  int begin = 0;  // leaf: triangles order[begin, end)
  int end = 0;
};

constexpr int kLeafSize = 4;
constexpr int kParallelDepth = 6;  // spawn tasks down to this depth of the pair recursion

class SelfCollider {
 public:
  SelfCollider(const std::vector<Vec3>& vertices, const std::vector<Eigen::Vector3i>& triangles)
      : vertices_(vertices), triangles_(triangles) {
    const auto m = triangles.size();
    boxes_.resize(m);
    centres_.resize(m);
    Box all;
    for (std::size_t f = 0; f < m; ++f) {
      for (int k = 0; k < 3; ++k) {
        const Vec3& x = vertices[static_cast<std::size_t>(triangles[f][k])];
        boxes_[f].lo = boxes_[f].lo.cwiseMin(x);
        boxes_[f].hi = boxes_[f].hi.cwiseMax(x);
      }
      all.add(boxes_[f]);
      centres_[f] = 0.5 * (boxes_[f].lo + boxes_[f].hi);
    }
    tolerance_ = 1e-12 * (all.hi - all.lo).norm();
    // Touching counts: inflate the boxes so that touching triangles are still paired.
    for (Box& b : boxes_) {
      b.lo.array() -= tolerance_;
      b.hi.array() += tolerance_;
    }
    order_.resize(m);
    std::iota(order_.begin(), order_.end(), 0);
    nodes_.reserve(2 * m / kLeafSize + 2);
    build(0, static_cast<int>(m));
  }

  std::optional<SelfIntersection> run() {
    if (!nodes_.empty()) {
      collideSelf(0, 0);
    }
    if (count_.load() == 0) {
      return std::nullopt;
    }
    const std::uint64_t key = smallest_.load();
    return SelfIntersection{static_cast<int>(key >> 32), static_cast<int>(key & 0xffffffffu),
                            count_.load()};
  }

 private:
  // Median split along the longest axis of the centres' bounds.
  int build(int begin, int end) {
    const int id = static_cast<int>(nodes_.size());
    nodes_.emplace_back();
    Box box;
    Box centres;
    for (int i = begin; i < end; ++i) {
      const auto f = static_cast<std::size_t>(order_[static_cast<std::size_t>(i)]);
      box.add(boxes_[f]);
      centres.lo = centres.lo.cwiseMin(centres_[f]);
      centres.hi = centres.hi.cwiseMax(centres_[f]);
    }
    nodes_[static_cast<std::size_t>(id)].box = box;
    if (end - begin <= kLeafSize) {
      nodes_[static_cast<std::size_t>(id)].begin = begin;
      nodes_[static_cast<std::size_t>(id)].end = end;
      return id;
    }
    int axis = 0;
    (centres.hi - centres.lo).maxCoeff(&axis);
    const int mid = begin + (end - begin) / 2;
    std::nth_element(order_.begin() + begin, order_.begin() + mid, order_.begin() + end,
                     [&](int a, int b) {
                       return centres_[static_cast<std::size_t>(a)][axis] <
                              centres_[static_cast<std::size_t>(b)][axis];
                     });
    const int left = build(begin, mid);
    const int right = build(mid, end);
    nodes_[static_cast<std::size_t>(id)].left = left;
    nodes_[static_cast<std::size_t>(id)].right = right;
    return id;
  }

  const Node& node(int i) const { return nodes_[static_cast<std::size_t>(i)]; }

  void collideSelf(int n, int depth) {
    const Node& a = node(n);
    if (a.left < 0) {
      for (int i = a.begin; i < a.end; ++i) {
        for (int j = i + 1; j < a.end; ++j) {
          testPair(order_[static_cast<std::size_t>(i)], order_[static_cast<std::size_t>(j)]);
        }
      }
      return;
    }
    if (depth < kParallelDepth) {
      tbb::parallel_invoke([&] { collideSelf(a.left, depth + 1); },
                           [&] { collideSelf(a.right, depth + 1); },
                           [&] { collide(a.left, a.right, depth + 1); });
    } else {
      collideSelf(a.left, depth + 1);
      collideSelf(a.right, depth + 1);
      collide(a.left, a.right, depth + 1);
    }
  }

  void collide(int na, int nb, int depth) {
    const Node& a = node(na);
    const Node& b = node(nb);
    if (!a.box.overlaps(b.box)) {
      return;
    }
    if (a.left < 0 && b.left < 0) {
      for (int i = a.begin; i < a.end; ++i) {
        for (int j = b.begin; j < b.end; ++j) {
          testPair(order_[static_cast<std::size_t>(i)], order_[static_cast<std::size_t>(j)]);
        }
      }
      return;
    }
    // Descend the larger box (or the only inner node).
    const bool split_a = b.left < 0 || (a.left >= 0 && (a.box.hi - a.box.lo).squaredNorm() >=
                                                           (b.box.hi - b.box.lo).squaredNorm());
    const int n1 = split_a ? a.left : b.left;
    const int n2 = split_a ? a.right : b.right;
    const int other = split_a ? nb : na;
    if (depth < kParallelDepth) {
      tbb::parallel_invoke([&] { collide(n1, other, depth + 1); },
                           [&] { collide(n2, other, depth + 1); });
    } else {
      collide(n1, other, depth + 1);
      collide(n2, other, depth + 1);
    }
  }

  void testPair(int f, int g) {
    const auto uf = static_cast<std::size_t>(f);
    const auto ug = static_cast<std::size_t>(g);
    if (!boxes_[uf].overlaps(boxes_[ug]) || !intersect(triangles_[uf], triangles_[ug])) {
      return;
    }
    count_.fetch_add(1);
    const auto [lo, hi] = std::minmax(f, g);
    const std::uint64_t key =
        (static_cast<std::uint64_t>(lo) << 32) | static_cast<std::uint64_t>(hi);
    std::uint64_t current = smallest_.load();
    while (key < current && !smallest_.compare_exchange_weak(current, key)) {
    }
  }

  const Vec3& at(int v) const { return vertices_[static_cast<std::size_t>(v)]; }

  // Dispatch on what the two triangles share.
  bool intersect(const Eigen::Vector3i& s, const Eigen::Vector3i& t) const {
    int shared = 0;
    int si = -1;  // position in s of a shared vertex
    int ti = -1;  // its position in t
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) {
        if (s[i] == t[j]) {
          ++shared;
          si = i;
          ti = j;
        }
      }
    }
    if (shared == 0) {
      return ti::trianglesIntersect({at(s[0]), at(s[1]), at(s[2])}, {at(t[0]), at(t[1]), at(t[2])},
                                    tolerance_);
    }
    if (shared == 1) {
      return ti::sharedVertexTrianglesOverlap(at(s[si]), at(s[(si + 1) % 3]), at(s[(si + 2) % 3]),
                                              at(t[(ti + 1) % 3]), at(t[(ti + 2) % 3]), tolerance_);
    }
    if (shared == 2) {
      // The vertices of s and t not shared.
      int a = -1;
      int b = -1;
      for (int i = 0; i < 3; ++i) {
        if (s[i] != t[0] && s[i] != t[1] && s[i] != t[2]) {
          a = s[i];
        }
        if (t[i] != s[0] && t[i] != s[1] && t[i] != s[2]) {
          b = t[i];
        }
      }
      int v = -1;
      int w = -1;
      for (int i = 0; i < 3; ++i) {
        if (s[i] != a) {
          (v < 0 ? v : w) = s[i];
        }
      }
      return ti::sharedEdgeTrianglesOverlap(at(v), at(w), at(a), at(b), tolerance_);
    }
    return true;  // the same three vertices: two copies of one triangle
  }

  const std::vector<Vec3>& vertices_;
  const std::vector<Eigen::Vector3i>& triangles_;
  std::vector<Box> boxes_;
  std::vector<Vec3> centres_;
  std::vector<int> order_;
  std::vector<Node> nodes_;
  double tolerance_ = 0.0;
  std::atomic<std::int64_t> count_{0};
  std::atomic<std::uint64_t> smallest_{std::numeric_limits<std::uint64_t>::max()};
};

}  // namespace

std::optional<SelfIntersection> findSelfIntersection(
    const std::vector<Vec3>& vertices, const std::vector<Eigen::Vector3i>& triangles) {
  return SelfCollider(vertices, triangles).run();
}

}  // namespace contactsim
