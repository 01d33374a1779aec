// Convex polyhedron in body coordinates: vertices, outward face loops and planes, unique edges,
// and exact unit-density volume, centroid and inertia (tetrahedral decomposition). Used by the
// narrow phase of collision/convex_contact.hpp.
#pragma once

#include <span>
#include <vector>

#include "contactsim/math/types.hpp"

namespace contactsim {

/// A bounded convex polyhedron given in body coordinates. Nothing assumes the origin is the
/// centroid: a frustum's origin is its mid-height, not its centre of mass (see centroid()).
class ConvexPolyhedron {
 public:
  /// An edge between vertices v0 and v1 shared by two faces: `left` traverses it v0 → v1 in its
  /// counter-clockwise loop, `right` traverses it v1 → v0.
  struct Edge {
    int v0;
    int v1;
    int left;
    int right;
  };

  /// Builds a polyhedron from vertices and faces, each face a loop of vertex indices,
  /// counter-clockwise seen from outside. Throws InvalidInputError unless the vertices are
  /// finite, every face has at least three distinct valid indices and is planar, every vertex
  /// lies inside every face plane (convexity, relative tolerance 1e-9) and every edge is shared
  /// by exactly two faces with opposite orientation (a closed, consistently oriented surface).
  ConvexPolyhedron(std::vector<Vec3> vertices, const std::vector<std::vector<int>>& faces);

  /// Box [−h, h] per axis, centred at the origin; half_extents > 0.
  static ConvexPolyhedron box(const Vec3& half_extents);
  /// Right prism over the regular n-gon of circumradius `circumradius` in the xy plane (a vertex
  /// on +x), z in [−half_height, half_height]; sides ≥ 3.
  static ConvexPolyhedron prism(int sides, double circumradius, double half_height);
  /// Tapered box: the rectangle [±bottom.x] × [±bottom.y] at z = −half_height joined to the
  /// rectangle [±top.x] × [±top.y] at z = +half_height. All half-extents > 0.
  static ConvexPolyhedron frustum(const Eigen::Vector2d& bottom_half_extents,
                                  const Eigen::Vector2d& top_half_extents, double half_height);

  [[nodiscard]] const std::vector<Vec3>& vertices() const noexcept { return vertices_; }
  [[nodiscard]] int vertexCount() const noexcept { return static_cast<int>(vertices_.size()); }
  [[nodiscard]] int faceCount() const noexcept { return static_cast<int>(face_normals_.size()); }
  /// Vertex indices of face f, counter-clockwise seen from outside.
  [[nodiscard]] std::span<const int> face(int f) const;
  /// Outward unit normal n_f and offset d_f of face f: the face plane is {x : n_f·x = d_f} and
  /// the polyhedron is {x : n_f·x ≤ d_f for every f}.
  [[nodiscard]] const Vec3& faceNormal(int f) const { return face_normals_[index(f)]; }
  [[nodiscard]] double faceOffset(int f) const { return face_offsets_[index(f)]; }
  /// Area of face f [m²].
  [[nodiscard]] double faceArea(int f) const { return face_areas_[index(f)]; }
  [[nodiscard]] const std::vector<Edge>& edges() const noexcept { return edges_; }

  /// max_f (n_f·x − d_f): the exact signed distance for points inside or nearest to a face, a
  /// lower bound on the distance elsewhere outside. Body coordinates.
  [[nodiscard]] double planeDistance(const Vec3& x) const;
  /// Largest distance of a vertex from the centroid [m].
  [[nodiscard]] double radius() const noexcept { return radius_; }

  /// Volume [m³].
  [[nodiscard]] double volume() const noexcept { return volume_; }
  /// Centre of volume in body coordinates.
  [[nodiscard]] const Vec3& centroid() const noexcept { return centroid_; }
  /// Inertia tensor about the centroid for unit density [m⁵], body axes; multiply by the density
  /// (mass / volume()) for kg m².
  [[nodiscard]] const Mat3& unitDensityInertia() const noexcept { return inertia_; }

 private:
  [[nodiscard]] static std::size_t index(int i) { return static_cast<std::size_t>(i); }
  void computeMassProperties();

  std::vector<Vec3> vertices_;
  std::vector<int> face_indices_;  // all loops, concatenated
  std::vector<int> face_start_;    // face f is face_indices_[face_start_[f], face_start_[f + 1])
  std::vector<Vec3> face_normals_;
  std::vector<double> face_offsets_;
  std::vector<double> face_areas_;
  std::vector<Edge> edges_;
  double volume_ = 0.0;
  Vec3 centroid_ = Vec3::Zero();
  Mat3 inertia_ = Mat3::Zero();
  double radius_ = 0.0;
};

}  // namespace contactsim
