#include "contactsim/geometry/mesh_generators.hpp"

#include <array>
#include <cmath>
#include <map>
#include <numbers>
#include <string>
#include <utility>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim {
namespace {

using Triangle = TriangleMesh::Triangle;

void requireAtLeast(int value, int least, const std::string& what) {
  if (value < least) {
    throw InvalidInputError(what + " must be at least " + toText(least) + ", got " + toText(value));
  }
}

TriangleMesh make(std::vector<Vec3> vertices, std::vector<Triangle> triangles,
                  const std::string& name) {
  return TriangleMesh(std::move(vertices), std::move(triangles), name,
                      MeshValidation::kSkipSelfIntersection);
}

// A box surface as a lattice: the points (i, j, k) ∈ {0..n}³ on the boundary of the cube, shared
// by the faces that meet there, each face point displaced along its face normal by
// bump(face axis, u, v) (zero on the cube's edges).
template <class Bump>
TriangleMesh latticeBox(const Vec3& h, int n, const Bump& bump, const std::string& name) {
  const auto side = static_cast<std::size_t>(n + 1);
  std::vector<int> index(side * side * side, -1);
  std::vector<Vec3> vertices;
  std::vector<Triangle> triangles;
  triangles.reserve(static_cast<std::size_t>(12 * n * n));
  const auto vertexAt = [&](const std::array<int, 3>& ijk, int axis, int sign, double u, double v) {
    const std::size_t key =
        (static_cast<std::size_t>(ijk[0]) * side + static_cast<std::size_t>(ijk[1])) * side +
        static_cast<std::size_t>(ijk[2]);
    if (index[key] < 0) {
      index[key] = static_cast<int>(vertices.size());
      Vec3 x;
      for (int a = 0; a < 3; ++a) {
        x[a] = h[a] * (2.0 * ijk[static_cast<std::size_t>(a)] / n - 1.0);
      }
      const bool on_edge = u == 0.0 || u == 1.0 || v == 0.0 || v == 1.0;
      if (!on_edge) {
        x[axis] += sign * bump(u, v);
      }
      vertices.push_back(x);
    }
    return index[key];
  };
  for (int axis = 0; axis < 3; ++axis) {
    const int ua = (axis + 1) % 3;  // e_u × e_v = e_axis
    const int va = (axis + 2) % 3;
    for (const int sign : {-1, 1}) {
      const auto at = [&](int i, int j) {
        std::array<int, 3> ijk{};
        ijk[static_cast<std::size_t>(axis)] = sign > 0 ? n : 0;
        ijk[static_cast<std::size_t>(ua)] = i;
        ijk[static_cast<std::size_t>(va)] = j;
        return vertexAt(ijk, axis, sign, static_cast<double>(i) / n, static_cast<double>(j) / n);
      };
      for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
          const int a = at(i, j), b = at(i + 1, j), c = at(i + 1, j + 1), d = at(i, j + 1);
          if (sign > 0) {
            triangles.emplace_back(a, b, c);
            triangles.emplace_back(a, c, d);
          } else {
            triangles.emplace_back(a, c, b);
            triangles.emplace_back(a, d, c);
          }
        }
      }
    }
  }
  return make(std::move(vertices), std::move(triangles), name);
}

}  // namespace

TriangleMesh boxMesh(const Vec3& half_extents, int subdivisions) {
  requireFinite(half_extents, "box half-extents");
  if (!(half_extents.array() > 0.0).all()) {
    throw InvalidInputError("box half-extents must be positive");
  }
  requireAtLeast(subdivisions, 1, "box subdivisions");
  return latticeBox(
      half_extents, subdivisions, [](double, double) { return 0.0; }, "box mesh");
}

TriangleMesh bumpyCubeMesh(double half_extent, int subdivisions, double amplitude,
                           int bumps_per_edge) {
  requirePositive(half_extent, "bumpy cube half-extent");
  requireAtLeast(subdivisions, 1, "bumpy cube subdivisions");
  requireAtLeast(bumps_per_edge, 1, "bumps per edge");
  requireFinite(amplitude, "bump amplitude");
  if (std::abs(amplitude) >= half_extent / bumps_per_edge) {
    throw InvalidInputError("bump amplitude must be below half_extent / bumps_per_edge");
  }
  const double k = std::numbers::pi * bumps_per_edge;
  return latticeBox(
      Vec3::Constant(half_extent), subdivisions,
      [&](double u, double v) { return amplitude * std::sin(k * u) * std::sin(k * v); },
      "bumpy cube mesh");
}

TriangleMesh uvSphereMesh(double radius, int slices, int stacks) {
  requirePositive(radius, "sphere radius");
  requireAtLeast(slices, 3, "sphere slices");
  requireAtLeast(stacks, 2, "sphere stacks");
  // Both arrays reserved whole first: a sphere too large for memory fails at once, not after
  // filling it (issue 27: 8e10 triangles under --no-limits took 6-11 s to run out of 3 GB).
  const std::size_t rings = static_cast<std::size_t>(slices) * static_cast<std::size_t>(stacks - 1);
  std::vector<Vec3> vertices;
  vertices.reserve(2 + rings);
  vertices.insert(vertices.end(), {Vec3(0, 0, radius), Vec3(0, 0, -radius)});
  std::vector<Triangle> triangles;
  triangles.reserve(2 * rings);
  const auto ring = [&](int k, int j) { return 2 + (k - 1) * slices + (j % slices); };
  for (int k = 1; k < stacks; ++k) {
    const double theta = std::numbers::pi * k / stacks;
    for (int j = 0; j < slices; ++j) {
      const double phi = 2.0 * std::numbers::pi * j / slices;
      vertices.emplace_back(radius * std::sin(theta) * std::cos(phi),
                            radius * std::sin(theta) * std::sin(phi), radius * std::cos(theta));
    }
  }
  for (int j = 0; j < slices; ++j) {
    triangles.emplace_back(0, ring(1, j), ring(1, j + 1));
    for (int k = 1; k + 1 < stacks; ++k) {
      // e_θ × e_φ = e_r: down the meridian, then along the parallel.
      triangles.emplace_back(ring(k, j), ring(k + 1, j), ring(k + 1, j + 1));
      triangles.emplace_back(ring(k, j), ring(k + 1, j + 1), ring(k, j + 1));
    }
    triangles.emplace_back(1, ring(stacks - 1, j + 1), ring(stacks - 1, j));
  }
  return make(std::move(vertices), std::move(triangles), "UV sphere mesh");
}

TriangleMesh icosphereMesh(double radius, int levels) {
  requirePositive(radius, "sphere radius");
  if (levels < 0 || levels > 8) {
    throw InvalidInputError("icosphere levels must be in 0..8, got " + toText(levels));
  }
  const double g = std::numbers::phi;
  std::vector<Vec3> vertices{{-1, g, 0}, {1, g, 0}, {-1, -g, 0}, {1, -g, 0},
                             {0, -1, g}, {0, 1, g}, {0, -1, -g}, {0, 1, -g},
                             {g, 0, -1}, {g, 0, 1}, {-g, 0, -1}, {-g, 0, 1}};
  std::vector<Triangle> triangles{{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11},
                                  {1, 5, 9},  {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
                                  {3, 9, 4},  {3, 4, 2},  {3, 2, 6},   {3, 6, 8},  {3, 8, 9},
                                  {4, 9, 5},  {2, 4, 11}, {6, 2, 10},  {8, 6, 7},  {9, 8, 1}};
  for (Vec3& x : vertices) {
    x.normalize();
  }
  for (int level = 0; level < levels; ++level) {
    std::map<std::pair<int, int>, int> midpoints;
    const auto midpoint = [&](int a, int b) {
      const auto key = std::minmax(a, b);
      const auto [it, inserted] = midpoints.try_emplace(key, static_cast<int>(vertices.size()));
      if (inserted) {
        vertices.push_back(
            (vertices[static_cast<std::size_t>(a)] + vertices[static_cast<std::size_t>(b)])
                .normalized());
      }
      return it->second;
    };
    std::vector<Triangle> finer;
    finer.reserve(4 * triangles.size());
    for (const Triangle& t : triangles) {
      const int ab = midpoint(t[0], t[1]), bc = midpoint(t[1], t[2]), ca = midpoint(t[2], t[0]);
      finer.emplace_back(t[0], ab, ca);
      finer.emplace_back(t[1], bc, ab);
      finer.emplace_back(t[2], ca, bc);
      finer.emplace_back(ab, bc, ca);
    }
    triangles = std::move(finer);
  }
  for (Vec3& x : vertices) {
    x *= radius;
  }
  return make(std::move(vertices), std::move(triangles), "icosphere mesh");
}

namespace {

// A refined cap of prismMesh (PrismCaps::kRefined) at height z, its vertices appended to
// `vertices`: the rim's corners and edge midpoints r_0..r_{2n−1} (r_{2j} the corner j), an inner
// ring of n/2 points at half the circumradius on the rays of the even corners, and the centre.
// Returns the rim's indices; the triangles face +z (up = true) or −z.
std::vector<int> refinedCap(int sides, double circumradius, double z, bool up,
                            std::vector<Vec3>& vertices, std::vector<Triangle>& triangles) {
  const auto corner = [&](int j) {
    const double phi = 2.0 * std::numbers::pi * (j % sides) / sides;
    return Vec3(circumradius * std::cos(phi), circumradius * std::sin(phi), z);
  };
  const auto add = [&](const Vec3& x) {
    vertices.push_back(x);
    return static_cast<int>(vertices.size()) - 1;
  };
  std::vector<int> rim;
  for (int j = 0; j < sides; ++j) {
    rim.push_back(add(corner(j)));
    rim.push_back(add(0.5 * (corner(j) + corner(j + 1))));
  }
  const int ring = sides / 2;
  std::vector<int> inner;
  for (int k = 0; k < ring; ++k)
    inner.push_back(add(0.5 * corner(2 * k) + 0.5 * Vec3(0, 0, z)));
  const int centre = add(Vec3(0, 0, z));
  const auto face = [&](int a, int b, int c) {
    if (up)
      triangles.emplace_back(a, b, c);
    else
      triangles.emplace_back(a, c, b);
  };
  const auto r = [&](int i) { return rim[static_cast<std::size_t>(i % (2 * sides))]; };
  const auto in = [&](int k) { return inner[static_cast<std::size_t>(k % ring)]; };
  for (int k = 0; k < ring; ++k) {
    // The centre fan over the inner ring, then the band from inner point k (on the ray of r_4k)
    // to inner point k + 1 (on the ray of r_4k+4) across the rim between them.
    face(centre, in(k), in(k + 1));
    face(in(k), r(4 * k), r(4 * k + 1));
    face(in(k), r(4 * k + 1), r(4 * k + 2));
    face(in(k), r(4 * k + 2), in(k + 1));
    face(in(k + 1), r(4 * k + 2), r(4 * k + 3));
    face(in(k + 1), r(4 * k + 3), r(4 * k + 4));
  }
  return rim;
}

}  // namespace

TriangleMesh prismMesh(int sides, double circumradius, double half_height, PrismCaps caps) {
  requireAtLeast(sides, 3, "prism sides");
  requirePositive(circumradius, "prism circumradius");
  requirePositive(half_height, "prism half-height");
  if (caps == PrismCaps::kRefined) {
    requireAtLeast(sides, 6, "refined prism sides");
    if (sides % 2 != 0) {
      throw InvalidInputError("refined prism caps need an even number of sides, got " +
                              toText(sides));
    }
    std::vector<Vec3> vertices;
    std::vector<Triangle> triangles;
    const std::vector<int> bottom =
        refinedCap(sides, circumradius, -half_height, false, vertices, triangles);
    const std::vector<int> top =
        refinedCap(sides, circumradius, half_height, true, vertices, triangles);
    // Each side face: two columns (corner to midpoint, midpoint to next corner), two triangles
    // each, sharing the caps' rim vertices.
    const std::size_t m = bottom.size();
    for (std::size_t i = 0; i < m; ++i) {
      const std::size_t next = (i + 1) % m;
      triangles.emplace_back(bottom[i], bottom[next], top[next]);
      triangles.emplace_back(bottom[i], top[next], top[i]);
    }
    return make(std::move(vertices), std::move(triangles), "prism mesh");
  }
  // 0: bottom centre, 1: top centre, then bottom and top rims.
  std::vector<Vec3> vertices{Vec3(0, 0, -half_height), Vec3(0, 0, half_height)};
  for (const double z : {-half_height, half_height}) {
    for (int j = 0; j < sides; ++j) {
      const double phi = 2.0 * std::numbers::pi * j / sides;
      vertices.emplace_back(circumradius * std::cos(phi), circumradius * std::sin(phi), z);
    }
  }
  const auto bottom = [&](int j) { return 2 + j % sides; };
  const auto top = [&](int j) { return 2 + sides + j % sides; };
  std::vector<Triangle> triangles;
  for (int j = 0; j < sides; ++j) {
    triangles.emplace_back(0, bottom(j + 1), bottom(j));
    triangles.emplace_back(1, top(j), top(j + 1));
    triangles.emplace_back(bottom(j), bottom(j + 1), top(j + 1));
    triangles.emplace_back(bottom(j), top(j + 1), top(j));
  }
  return make(std::move(vertices), std::move(triangles), "prism mesh");
}

TriangleMesh taperedBoxMesh(const Eigen::Vector2d& bottom_half_extents,
                            const Eigen::Vector2d& top_half_extents, double half_height) {
  requirePositive(bottom_half_extents.x(), "tapered box bottom half-extent x");
  requirePositive(bottom_half_extents.y(), "tapered box bottom half-extent y");
  requirePositive(top_half_extents.x(), "tapered box top half-extent x");
  requirePositive(top_half_extents.y(), "tapered box top half-extent y");
  requirePositive(half_height, "tapered box half-height");
  std::vector<Vec3> vertices;
  for (const auto& [e, z] :
       {std::pair{bottom_half_extents, -half_height}, std::pair{top_half_extents, half_height}}) {
    // Counter-clockwise seen from +z.
    vertices.emplace_back(-e.x(), -e.y(), z);
    vertices.emplace_back(e.x(), -e.y(), z);
    vertices.emplace_back(e.x(), e.y(), z);
    vertices.emplace_back(-e.x(), e.y(), z);
  }
  std::vector<Triangle> triangles{{0, 2, 1}, {0, 3, 2}, {4, 5, 6}, {4, 6, 7}};
  for (int j = 0; j < 4; ++j) {
    const int b0 = j, b1 = (j + 1) % 4, t0 = 4 + j, t1 = 4 + (j + 1) % 4;
    triangles.emplace_back(b0, b1, t1);
    triangles.emplace_back(b0, t1, t0);
  }
  return make(std::move(vertices), std::move(triangles), "tapered box mesh");
}

}  // namespace contactsim
