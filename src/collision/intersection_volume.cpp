// bouchard-2015 §4.1–4.2 and App. A: the moments of the intersection volume of two rigid bodies
// by parallel rays (Allard et al. 2010, "Volume contact constraints at arbitrary resolution";
// Wang et al. 2012, adaptive ray casting), here on the CPU with Embree 3 and TBB.
//
// Choices (the paper leaves them open):
// - Rays run along the three world axes, one per cell of a world-fixed lattice of spacing h, and
//   stand for h × h prisms. Along a ray everything is integrated exactly; across, the cell
//   midpoint rule, with the cell's own ∫(y − y_c)² = h⁴/12 added to the second moment. The
//   lattice is shifted by the golden fraction φ = 0.618… of a cell (rays at (i + φ) h), so that
//   faces at round coordinates (multiples of h/2) do not hold rays in their plane.
// - Each axis k gives its own V_k, ∫x, ∫xxᵀ. Across-ray sampling errs at the outline of the
//   volume's shadow (relative error ~ outline × h / shadow area), worst for a thin plate seen
//   edge-on. The three are combined with weights ∝ N_k², N_k the number of rays along k that meet
//   the volume: equal for compact volumes, and a plate's edge-on axes get (thickness/width)²
//   of the weight. Continuous in the poses, unlike picking one axis.
// - The gradient ∂V/∂x_A = ∫_{∂A∩B} n_A dA (§4.1): its component k is the projected area
//   ∫ n_A,k dA, which the rays along k measure exactly per cell: every crossing of A's surface
//   inside B adds sign(n_A,k) h². (The full-vector estimate n_A h²/|n_A·d| of one axis is
//   unbounded at grazing crossings, so the other axes' components are not used.) Since the closed
//   surface of A∩B has ∫ n dA = 0, also ∂V/∂x_A = −∫_{∂B∩A} n_B dA; the two are averaged.
#include "collision/intersection_volume.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"
#include "line_culling.hpp"

namespace contactsim {
namespace {

struct Interval {
  double t0;
  double t1;
};

struct Bounds {
  Vec3 lo;
  Vec3 hi;
};

// A body at its pose: rotation R and position p (body → world) and its world bounds.
struct PlacedBody {
  const RayCastBody* body;
  Mat3 R;
  Vec3 p;
  Bounds world;
  double margin;
};

PlacedBody place(const RayCastBody& body, const Frame& X_WB) {
  const TriangleMesh& mesh = body.mesh();
  const Mat3 R = X_WB.linear();
  const Vec3 centre = X_WB * (0.5 * (mesh.boundsMin() + mesh.boundsMax()));
  const Vec3 half = R.cwiseAbs() * (0.5 * (mesh.boundsMax() - mesh.boundsMin()));
  const double diagonal = (mesh.boundsMax() - mesh.boundsMin()).norm();
  return {&body, R, X_WB.translation(), {centre - half, centre + half}, 1e-4 * diagonal};
}

// Sums over the rays of one axis.
struct AxisSums {
  double volume = 0.0;
  Vec3 first = Vec3::Zero();   // ∫ (x − r0) dV
  Mat3 second = Mat3::Zero();  // ∫ (x − r0)(x − r0)ᵀ dV
  double gradient_a = 0.0;     // Σ sign(n_A,k) h² over A's crossings inside B
  double gradient_b = 0.0;     // Σ sign(n_B,k) h² over B's crossings inside A
  std::int64_t lines_through_volume = 0;
};

struct Sums {
  std::array<AxisSums, 3> axis;
  std::int64_t rays = 0;
  std::int64_t hits = 0;
  std::int64_t parity_errors = 0;

  void join(const Sums& o) {
    for (std::size_t k = 0; k < 3; ++k) {
      axis[k].volume += o.axis[k].volume;
      axis[k].first += o.axis[k].first;
      axis[k].second += o.axis[k].second;
      axis[k].gradient_a += o.axis[k].gradient_a;
      axis[k].gradient_b += o.axis[k].gradient_b;
      axis[k].lines_through_volume += o.axis[k].lines_through_volume;
    }
    rays += o.rays;
    hits += o.hits;
    parity_errors += o.parity_errors;
  }
};

// Per-thread buffers for one line.
struct Scratch {
  std::vector<SurfaceCrossing> crossings;
  std::vector<Interval> intervals_a;
  std::vector<Interval> intervals_b;
  std::vector<SurfaceCrossing> world_a;  // crossings in world t, direction = sign(n·e_k)
  std::vector<SurfaceCrossing> world_b;
  std::vector<Interval> overlap;
};

// The inside intervals of one body along the world line x = base + t e_k, for t up to just past
// the end of the overlap bounds [o_lo, o_hi] (a face that lies on those bounds is crossed, not
// grazed by the ray's end). The ray starts outside the body's bounds, from the side that makes it
// shorter, so the first crossing enters.
void insideIntervals(const PlacedBody& x, const Vec3& base, int k, double o_lo, double o_hi,
                     Scratch& s, std::vector<Interval>& intervals,
                     std::vector<SurfaceCrossing>& world, Sums& sums) {
  intervals.clear();
  world.clear();
  const double start_plus = x.world.lo[k] - x.margin;
  const double start_minus = x.world.hi[k] + x.margin;
  const bool plus = o_hi - start_plus <= start_minus - o_lo;
  const double t_start = plus ? start_plus : start_minus;
  const double length = (plus ? o_hi - start_plus : start_minus - o_lo) + x.margin;
  const double sign = plus ? 1.0 : -1.0;
  const Vec3 origin = x.R.transpose() * (base + t_start * Vec3::Unit(k) - x.p);
  const Vec3 direction = sign * x.R.row(k).transpose();  // Rᵀ (± e_k)
  x.body->crossings(origin, direction, length, s.crossings);
  ++sums.rays;
  sums.hits += static_cast<std::int64_t>(s.crossings.size());

  // Inside intervals by entering and leaving, in the order of the ray.
  bool inside = false;
  double entered = 0.0;
  for (const SurfaceCrossing& c : s.crossings) {
    if ((c.direction < 0) == inside) {
      ++sums.parity_errors;
      continue;
    }
    if (c.direction < 0) {
      entered = c.t;
    } else {
      intervals.push_back({entered, c.t});
    }
    inside = c.direction < 0;
    world.push_back({t_start + sign * c.t, c.direction * static_cast<int>(sign), c.triangle});
  }
  if (inside) {
    intervals.push_back({entered, length});  // still inside where the overlap bounds end
  }
  // To world t, ascending.
  for (Interval& i : intervals) {
    const double a = t_start + sign * i.t0;
    const double b = t_start + sign * i.t1;
    i = {std::min(a, b), std::max(a, b)};
  }
  if (!plus) {
    std::reverse(intervals.begin(), intervals.end());
    std::reverse(world.begin(), world.end());
  }
}

// Σ sign h² over the crossings that lie strictly inside the other body's intervals.
double crossingsInside(const std::vector<SurfaceCrossing>& crossings,
                       const std::vector<Interval>& other, double cell_area) {
  double sum = 0.0;
  std::size_t j = 0;
  for (const SurfaceCrossing& c : crossings) {
    while (j < other.size() && other[j].t1 <= c.t) {
      ++j;
    }
    if (j < other.size() && other[j].t0 < c.t) {
      sum += c.direction * cell_area;
    }
  }
  return sum;
}

// The intersection of the two interval lists within [o_lo, o_hi].
void intersect(const std::vector<Interval>& a, const std::vector<Interval>& b, double o_lo,
               double o_hi, std::vector<Interval>& out) {
  out.clear();
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() && j < b.size()) {
    const double lo = std::max({a[i].t0, b[j].t0, o_lo});
    const double hi = std::min({a[i].t1, b[j].t1, o_hi});
    if (hi > lo) {
      out.push_back({lo, hi});
    }
    (a[i].t1 < b[j].t1) ? ++i : ++j;
  }
}

using line_culling::LineGrid;

// Below this many rays, one thread casts them all.
constexpr std::int64_t kSerialRays = 1024;

// Rays at (i + kLatticeShift) h across each axis.
constexpr double kLatticeShift = 0.6180339887498949;

// The lines along axis k through the overlap bounds o.
LineGrid linesAlong(int k, const Bounds& o, double h) {
  const int u = (k + 1) % 3;
  const int v = (k + 2) % 3;
  const auto first = [&](double lo) {
    return static_cast<std::int64_t>(std::ceil(lo / h - kLatticeShift));
  };
  const auto last = [&](double hi) {
    return static_cast<std::int64_t>(std::floor(hi / h - kLatticeShift));
  };
  LineGrid lines;
  lines.k = k;
  lines.i_lo = first(o.lo[u]);
  lines.j_lo = first(o.lo[v]);
  lines.count_u = std::max<std::int64_t>(0, last(o.hi[u]) - lines.i_lo + 1);
  lines.count_v = std::max<std::int64_t>(0, last(o.hi[v]) - lines.j_lo + 1);
  return lines;
}

// The point where line `index` of `lines` crosses the plane x_k = 0.
Vec3 lineBase(const LineGrid& lines, std::int64_t index, double h) {
  Vec3 base = Vec3::Zero();
  base[(lines.k + 1) % 3] =
      (static_cast<double>(lines.i_lo + index / lines.count_v) + kLatticeShift) * h;
  base[(lines.k + 2) % 3] =
      (static_cast<double>(lines.j_lo + index % lines.count_v) + kLatticeShift) * h;
  return base;
}

// World boxes, clipped to o, of the triangles of body x that reach into o.
std::vector<line_culling::Box> triangleBoxesIn(const PlacedBody& x, const Bounds& o) {
  // o in the body frame (its bounds), to skip most triangles before transforming them.
  Vec3 body_lo = Vec3::Constant(std::numeric_limits<double>::infinity());
  Vec3 body_hi = -body_lo;
  for (int corner = 0; corner < 8; ++corner) {
    const Vec3 c((corner & 1) ? o.hi.x() : o.lo.x(), (corner & 2) ? o.hi.y() : o.lo.y(),
                 (corner & 4) ? o.hi.z() : o.lo.z());
    const Vec3 b = x.R.transpose() * (c - x.p);
    body_lo = body_lo.cwiseMin(b);
    body_hi = body_hi.cwiseMax(b);
  }
  const TriangleMesh& mesh = x.body->mesh();
  std::vector<line_culling::Box> boxes;
  for (const TriangleMesh::Triangle& t : mesh.triangles()) {
    const Vec3& a = mesh.vertex(t[0]);
    const Vec3& b = mesh.vertex(t[1]);
    const Vec3& c = mesh.vertex(t[2]);
    if ((a.cwiseMax(b).cwiseMax(c).array() < body_lo.array()).any() ||
        (a.cwiseMin(b).cwiseMin(c).array() > body_hi.array()).any()) {
      continue;
    }
    const Vec3 wa = x.R * a + x.p;
    const Vec3 wb = x.R * b + x.p;
    const Vec3 wc = x.R * c + x.p;
    const Vec3 lo = wa.cwiseMin(wb).cwiseMin(wc).cwiseMax(o.lo);
    const Vec3 hi = wa.cwiseMax(wb).cwiseMax(wc).cwiseMin(o.hi);
    if ((lo.array() <= hi.array()).all()) {
      boxes.push_back({lo, hi});
    }
  }
  return boxes;
}

}  // namespace

IntersectionVolume intersectionVolume(const RayCastBody& a, const Frame& X_WA, const RayCastBody& b,
                                      const Frame& X_WB, const IntersectionVolumeOptions& options) {
  const double h = options.resolution;
  requirePositive(h, "intersection volume resolution");
  requireFinite(X_WA.matrix(), "pose of body A");
  requireFinite(X_WB.matrix(), "pose of body B");
  const PlacedBody A = place(a, X_WA);
  const PlacedBody B = place(b, X_WB);
  const Bounds o{A.world.lo.cwiseMax(B.world.lo), A.world.hi.cwiseMin(B.world.hi)};
  IntersectionVolume result;
  if (!(o.lo.array() < o.hi.array()).all()) {
    return result;  // the bounds do not overlap
  }
  const Vec3 r0 = 0.5 * (o.lo + o.hi);
  const double cell_area = h * h;

  std::array<LineGrid, 3> axes;
  std::int64_t total = 0;
  for (int k = 0; k < 3; ++k) {
    axes[static_cast<std::size_t>(k)] = linesAlong(k, o, h);
    result.stats.lines[static_cast<std::size_t>(k)] = axes[static_cast<std::size_t>(k)].count();
    total += axes[static_cast<std::size_t>(k)].count();
  }
  if (total > 100'000'000) {
    throw InvalidInputError("intersection volume: resolution " + toText(h) + " needs " +
                            toText(total) + " rays over the overlap bounds");
  }

  // One line: both bodies' intervals, their intersection, its exact integrals along the ray.
  const auto line = [&](std::size_t axis, std::int64_t index, Scratch& s, Sums& sums) {
    const LineGrid& lines = axes[axis];
    const int k = lines.k;
    const Vec3 base = lineBase(lines, index, h);
    insideIntervals(A, base, k, o.lo[k], o.hi[k], s, s.intervals_a, s.world_a, sums);
    if (s.intervals_a.empty()) {
      return;
    }
    insideIntervals(B, base, k, o.lo[k], o.hi[k], s, s.intervals_b, s.world_b, sums);
    intersect(s.intervals_a, s.intervals_b, o.lo[k], o.hi[k], s.overlap);
    if (s.overlap.empty()) {
      return;
    }
    AxisSums& out = sums.axis[axis];
    ++out.lines_through_volume;
    const Vec3 e = Vec3::Unit(k);
    const Mat3 across = cell_area / 12.0 * (Mat3::Identity() - e * e.transpose());
    // App. A eqs. 14–16 along the ray: ∫ dt = L, ∫ x dt = L m, ∫ x xᵀ dt = L m mᵀ + L³/12 e eᵀ.
    for (const Interval& i : s.overlap) {
      const double L = i.t1 - i.t0;
      const Vec3 m = base + 0.5 * (i.t0 + i.t1) * e - r0;
      out.volume += cell_area * L;
      out.first += cell_area * L * m;
      out.second +=
          cell_area * L * (m * m.transpose() + (L * L / 12.0) * e * e.transpose() + across);
    }
    // bouchard-2015 §4.1: the gradient from the surface crossings inside the other body.
    out.gradient_a += crossingsInside(s.world_a, s.intervals_b, cell_area);
    out.gradient_b += crossingsInside(s.world_b, s.intervals_a, cell_area);
  };

  // Only the lines that can meet A within the overlap bounds (line_culling.hpp).
  const std::vector<line_culling::Box> boxes = triangleBoxesIn(A, o);
  std::vector<std::pair<std::size_t, std::int64_t>> cast;
  Sums culling;
  Scratch scratch;
  for (std::size_t axis = 0; axis < 3; ++axis) {
    const LineGrid& lines = axes[axis];
    const int k = lines.k;
    for (const std::int64_t index :
         line_culling::linesToCast(lines, h, kLatticeShift, boxes, [&](std::int64_t i) {
           insideIntervals(A, lineBase(lines, i, h), k, o.lo[k], o.hi[k], scratch,
                           scratch.intervals_a, scratch.world_a, culling);
           return !scratch.intervals_a.empty();
         })) {
      cast.emplace_back(axis, index);
    }
  }
  const auto cast_count = static_cast<std::int64_t>(cast.size());

  // Deterministic whatever the thread count: fixed chunks, fixed order of joins. A few hundred
  // rays take less time than waking the threads.
  const auto castAll = [&](const tbb::blocked_range<std::int64_t>& range, Sums partial) {
    Scratch local;
    for (std::int64_t i = range.begin(); i != range.end(); ++i) {
      const auto& [axis, index] = cast[static_cast<std::size_t>(i)];
      line(axis, index, local, partial);
    }
    return partial;
  };
  Sums sums =
      cast_count <= kSerialRays
          ? castAll(tbb::blocked_range<std::int64_t>(0, cast_count), Sums{})
          : tbb::parallel_deterministic_reduce(tbb::blocked_range<std::int64_t>(0, cast_count, 32),
                                               Sums{}, castAll, [](Sums x, const Sums& y) {
                                                 x.join(y);
                                                 return x;
                                               });

  sums.rays += culling.rays;
  sums.hits += culling.hits;
  sums.parity_errors += culling.parity_errors;
  IntersectionVolumeStats& stats = result.stats;
  stats.rays = sums.rays;
  stats.hits = sums.hits;
  stats.parity_errors = sums.parity_errors;
  double weight_sum = 0.0;
  for (std::size_t k = 0; k < 3; ++k) {
    stats.lines_through_volume[k] = sums.axis[k].lines_through_volume;
    stats.volume_per_axis[k] = sums.axis[k].volume;
    const auto n = static_cast<double>(sums.axis[k].lines_through_volume);
    stats.weight_per_axis[k] = n * n;
    weight_sum += n * n;
  }
  if (weight_sum == 0.0) {
    return result;  // touching or apart: no ray meets both
  }
  double volume = 0.0;
  Vec3 first = Vec3::Zero();
  Mat3 second = Mat3::Zero();
  Vec3 gradient = Vec3::Zero();
  for (std::size_t k = 0; k < 3; ++k) {
    double& w = stats.weight_per_axis[k];
    w /= weight_sum;
    volume += w * sums.axis[k].volume;
    first += w * sums.axis[k].first;
    second += w * sums.axis[k].second;
    gradient[static_cast<int>(k)] = 0.5 * (sums.axis[k].gradient_a - sums.axis[k].gradient_b);
  }
  if (!(volume > 0.0)) {
    return result;
  }
  VolumeMoments& m = result.moments;
  m.volume = volume;
  const Vec3 c = first / volume;
  m.centroid = r0 + c;
  m.second_moment = second - volume * c * c.transpose();
  m.second_moment = (0.5 * (m.second_moment + m.second_moment.transpose())).eval();
  m.gradient = gradient;
  return result;
}

}  // namespace contactsim
