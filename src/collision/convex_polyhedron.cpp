// ConvexPolyhedron: validation of faces and edges, the box, prism and frustum factories, and mass
// properties by tetrahedral decomposition.
#include "contactsim/collision/convex_polyhedron.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <tuple>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim {
namespace {

constexpr double kRelativeTolerance = 1e-9;

// Two loops of n points at z = −h (bottom) and z = +h (top), both counter-clockwise seen from +z,
// joined into a closed polyhedron: bottom, top, then n side quads.
ConvexPolyhedron extrude(const std::vector<Eigen::Vector2d>& bottom,
                         const std::vector<Eigen::Vector2d>& top, double half_height) {
  const int n = static_cast<int>(bottom.size());
  std::vector<Vec3> vertices;
  vertices.reserve(2 * bottom.size());
  for (const Eigen::Vector2d& p : bottom) {
    vertices.emplace_back(p.x(), p.y(), -half_height);
  }
  for (const Eigen::Vector2d& p : top) {
    vertices.emplace_back(p.x(), p.y(), half_height);
  }
  std::vector<std::vector<int>> faces(2);
  for (int k = 0; k < n; ++k) {
    faces[0].push_back(n - 1 - k);  // bottom, seen from −z
    faces[1].push_back(n + k);
  }
  for (int k = 0; k < n; ++k) {
    const int next = (k + 1) % n;
    faces.push_back({k, next, n + next, n + k});
  }
  return ConvexPolyhedron(std::move(vertices), faces);
}

std::vector<Eigen::Vector2d> rectangle(const Eigen::Vector2d& h) {
  return {{-h.x(), -h.y()}, {h.x(), -h.y()}, {h.x(), h.y()}, {-h.x(), h.y()}};
}

}  // namespace

ConvexPolyhedron::ConvexPolyhedron(std::vector<Vec3> vertices,
                                   const std::vector<std::vector<int>>& faces)
    : vertices_(std::move(vertices)) {
  if (vertices_.size() < 4 || faces.size() < 4) {
    throw InvalidInputError("convex polyhedron needs at least 4 vertices and 4 faces, got " +
                            toText(vertices_.size()) + " vertices and " + toText(faces.size()) +
                            " faces");
  }
  Vec3 mean = Vec3::Zero();
  for (const Vec3& v : vertices_) {
    requireFinite(v, "convex polyhedron vertex");
    mean += v;
  }
  mean /= static_cast<double>(vertices_.size());
  double scale = 0.0;
  for (const Vec3& v : vertices_) {
    scale = std::max(scale, (v - mean).norm());
  }
  if (!(scale > 0.0)) {
    throw InvalidInputError("convex polyhedron vertices must not all coincide");
  }
  const double tolerance = kRelativeTolerance * scale;

  // Faces: indices, Newell normal (robust for polygons), plane through the loop's mean.
  // half_edges holds (min vertex, max vertex, face, forward) for the edge pairing below.
  std::vector<std::tuple<int, int, int, bool>> half_edges;
  face_start_.push_back(0);
  for (std::size_t f = 0; f < faces.size(); ++f) {
    const std::vector<int>& loop = faces[f];
    const std::string what = "convex polyhedron face " + toText(f);
    if (loop.size() < 3) {
      throw InvalidInputError(what + " must have at least 3 vertices");
    }
    Vec3 normal = Vec3::Zero();
    Vec3 centre = Vec3::Zero();
    for (std::size_t k = 0; k < loop.size(); ++k) {
      const int i = loop[k];
      const int j = loop[(k + 1) % loop.size()];
      if (i < 0 || i >= vertexCount() || j < 0 || j >= vertexCount() || i == j) {
        throw InvalidInputError(what + " has an invalid or repeated vertex index " + toText(i));
      }
      normal += (vertices_[index(i)] - mean).cross(vertices_[index(j)] - mean);
      centre += vertices_[index(i)];
      half_edges.emplace_back(std::min(i, j), std::max(i, j), static_cast<int>(f), i < j);
      face_indices_.push_back(i);
    }
    face_start_.push_back(static_cast<int>(face_indices_.size()));
    if (!(normal.norm() > tolerance * scale)) {
      throw InvalidInputError(what + " has zero area");
    }
    face_areas_.push_back(0.5 * normal.norm());
    normal.normalize();
    const double offset = normal.dot(centre / static_cast<double>(loop.size()));
    for (const int i : loop) {
      if (std::abs(normal.dot(vertices_[index(i)]) - offset) > tolerance) {
        throw InvalidInputError(what + " is not planar");
      }
    }
    for (const Vec3& v : vertices_) {
      if (normal.dot(v) - offset > tolerance) {
        throw InvalidInputError(what +
                                " has a vertex outside its plane: the polyhedron is not "
                                "convex or the face is not counter-clockwise from outside");
      }
    }
    face_normals_.push_back(normal);
    face_offsets_.push_back(offset);
  }

  // Edges: each undirected edge must appear once in each direction.
  std::sort(half_edges.begin(), half_edges.end());
  for (std::size_t k = 0; k < half_edges.size(); k += 2) {
    const auto [a, b, f, forward] = half_edges[k];
    const bool paired = k + 1 < half_edges.size() && std::get<0>(half_edges[k + 1]) == a &&
                        std::get<1>(half_edges[k + 1]) == b &&
                        std::get<3>(half_edges[k + 1]) != forward &&
                        (k + 2 >= half_edges.size() || std::get<0>(half_edges[k + 2]) != a ||
                         std::get<1>(half_edges[k + 2]) != b);
    if (!paired) {
      throw InvalidInputError("convex polyhedron edge (" + toText(a) + ", " + toText(b) +
                              ") is not shared by exactly two oppositely oriented faces");
    }
    const int g = std::get<2>(half_edges[k + 1]);
    edges_.push_back(forward ? Edge{a, b, f, g} : Edge{a, b, g, f});
  }
  computeMassProperties();
}

std::span<const int> ConvexPolyhedron::face(int f) const {
  const auto begin = face_indices_.begin() + face_start_[index(f)];
  const auto end = face_indices_.begin() + face_start_[index(f) + 1];
  return {begin, end};
}

double ConvexPolyhedron::planeDistance(const Vec3& x) const {
  double distance = -std::numeric_limits<double>::infinity();
  for (std::size_t f = 0; f < face_normals_.size(); ++f) {
    distance = std::max(distance, face_normals_[f].dot(x) - face_offsets_[f]);
  }
  return distance;
}

// Mirtich 1996 (Fast and accurate computation of polyhedral mass properties) in its simplest
// form: a fan of tetrahedra (r, v0, vk, vk+1) per face from an interior point r, each with
// ∫ x xᵀ dV = V/20 (Σ pᵢ pᵢᵀ + s sᵀ), s = Σ pᵢ over its four vertices (Tonon 2004, eq. 7).
void ConvexPolyhedron::computeMassProperties() {
  Vec3 r = Vec3::Zero();
  for (const Vec3& v : vertices_) {
    r += v;
  }
  r /= static_cast<double>(vertices_.size());
  double volume = 0.0;
  Vec3 first = Vec3::Zero();
  Mat3 second = Mat3::Zero();
  for (int f = 0; f < faceCount(); ++f) {
    const std::span<const int> loop = face(f);
    const Vec3 a = vertices_[index(loop[0])] - r;
    for (std::size_t k = 1; k + 1 < loop.size(); ++k) {
      const Vec3 b = vertices_[index(loop[k])] - r;
      const Vec3 c = vertices_[index(loop[k + 1])] - r;
      const double V = a.dot(b.cross(c)) / 6.0;
      const Vec3 s = a + b + c;
      volume += V;
      first += V * s / 4.0;
      second += V / 20.0 *
                (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose());
    }
  }
  volume_ = volume;
  const Vec3 c = first / volume;
  centroid_ = r + c;
  const Mat3 covariance = second - volume * c * c.transpose();
  inertia_ = covariance.trace() * Mat3::Identity() - covariance;
  radius_ = 0.0;
  for (const Vec3& v : vertices_) {
    radius_ = std::max(radius_, (v - centroid_).norm());
  }
}

ConvexPolyhedron ConvexPolyhedron::box(const Vec3& half_extents) {
  requirePositive(half_extents.x(), "box half_extents.x");
  requirePositive(half_extents.y(), "box half_extents.y");
  requirePositive(half_extents.z(), "box half_extents.z");
  const std::vector<Eigen::Vector2d> loop = rectangle(half_extents.head<2>());
  return extrude(loop, loop, half_extents.z());
}

ConvexPolyhedron ConvexPolyhedron::prism(int sides, double circumradius, double half_height) {
  if (sides < 3) {
    throw InvalidInputError("prism sides must be at least 3, got " + toText(sides));
  }
  requirePositive(circumradius, "prism circumradius");
  requirePositive(half_height, "prism half_height");
  std::vector<Eigen::Vector2d> loop;
  for (int k = 0; k < sides; ++k) {
    const double angle = 2.0 * std::numbers::pi * k / sides;
    loop.emplace_back(circumradius * std::cos(angle), circumradius * std::sin(angle));
  }
  return extrude(loop, loop, half_height);
}

ConvexPolyhedron ConvexPolyhedron::frustum(const Eigen::Vector2d& bottom_half_extents,
                                           const Eigen::Vector2d& top_half_extents,
                                           double half_height) {
  requirePositive(bottom_half_extents.x(), "frustum bottom_half_extents.x");
  requirePositive(bottom_half_extents.y(), "frustum bottom_half_extents.y");
  requirePositive(top_half_extents.x(), "frustum top_half_extents.x");
  requirePositive(top_half_extents.y(), "frustum top_half_extents.y");
  requirePositive(half_height, "frustum half_height");
  return extrude(rectangle(bottom_half_extents), rectangle(top_half_extents), half_height);
}

}  // namespace contactsim
