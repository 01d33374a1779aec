// Triangle meshes: tessellations of patch complexes whose vertices remember where they came from
// (for rendering, collision detection and Newton initial guesses), and closed triangle meshes
// bounding rigid bodies (bouchard-2015 §4: the intersection volume is measured by rays through
// such surfaces): validation, mass properties, OBJ files, and welding a tessellation into one.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "contactsim/geometry/surface.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim {

struct TessellatedSurface {
  std::vector<Vec3> positions;             ///< body coordinates
  std::vector<Vec3> normals;               ///< unit normals of the smooth surface
  std::vector<SurfacePoint> origins;       ///< (patch, s, t) of each vertex
  std::vector<Eigen::Vector3i> triangles;  ///< counter-clockwise seen from outside
};

/// Tessellates each patch: square domains as an n × n grid of quads split in two, triangular
/// domains as n² triangles, other convex polygons as a fan of n-subdivided triangles from the
/// centroid. Vertices on shared edges are repeated per patch (not welded). n ≥ 1.
TessellatedSurface tessellate(const Surface& surface, int resolution);

/// Which checks the TriangleMesh constructor runs. The self-intersection test is the costly one
/// (about O(m log m) for m triangles); generators whose output is intersection-free by
/// construction may skip it.
enum class MeshValidation {
  kFull,                  ///< every check, including self-intersection
  kSkipSelfIntersection,  ///< every check but self-intersection
};

/// A closed, manifold, consistently oriented triangle mesh (counter-clockwise seen from outside)
/// that bounds a positive volume, in body coordinates.
class TriangleMesh {
 public:
  using Triangle = Eigen::Vector3i;

  /// Validates the mesh. Throws InvalidInputError, naming the offending element (and `origin`,
  /// e.g. a file name, when given), for: fewer than 4 vertices or 4 triangles; an index out of
  /// range; a triangle that repeats a vertex; a non-finite vertex; an edge shared by more than
  /// two triangles (non-manifold); two triangles that traverse an edge the same way
  /// (inconsistent orientation); an edge with one triangle (open mesh); a zero-area triangle; two
  /// triangles that intersect other than along their shared edge or vertex (self-intersection,
  /// touching included); and a negative total volume (inside-out: every triangle is clockwise).
  /// Vertices used by no triangle are allowed (they take no part in anything), and so are
  /// vertices where two sheets touch (two cones tip to tip): rays still see a closed surface.
  TriangleMesh(std::vector<Vec3> vertices, std::vector<Triangle> triangles,
               const std::string& origin = "", MeshValidation validation = MeshValidation::kFull);

  [[nodiscard]] int vertexCount() const { return static_cast<int>(vertices_.size()); }
  [[nodiscard]] int triangleCount() const { return static_cast<int>(triangles_.size()); }
  [[nodiscard]] const std::vector<Vec3>& vertices() const noexcept { return vertices_; }
  [[nodiscard]] const std::vector<Triangle>& triangles() const noexcept { return triangles_; }
  [[nodiscard]] const Vec3& vertex(int v) const { return vertices_[static_cast<std::size_t>(v)]; }
  [[nodiscard]] const Triangle& triangle(int f) const {
    return triangles_[static_cast<std::size_t>(f)];
  }
  /// Unnormalised outward normal (b − a) × (c − a) of triangle f: twice its area.
  [[nodiscard]] Vec3 areaNormal(int f) const;
  /// Axis-aligned bounds of the vertices, body coordinates.
  [[nodiscard]] const Vec3& boundsMin() const noexcept { return bounds_min_; }
  [[nodiscard]] const Vec3& boundsMax() const noexcept { return bounds_max_; }
  /// Enclosed volume [m³], > 0.
  [[nodiscard]] double volume() const noexcept { return volume_; }

 private:
  std::vector<Vec3> vertices_;
  std::vector<Triangle> triangles_;
  Vec3 bounds_min_ = Vec3::Zero();
  Vec3 bounds_max_ = Vec3::Zero();
  double volume_ = 0.0;
};

/// Mass properties of a uniform solid bounded by a closed mesh.
struct MeshMassProperties {
  double volume = 0.0;                ///< [m³]
  double mass = 0.0;                  ///< density × volume [kg]
  Vec3 centroid = Vec3::Zero();       ///< centre of mass, body coordinates [m]
  Mat3 inertia = Mat3::Zero();        ///< about the centroid, body axes [kg m²]
  Mat3 second_moment = Mat3::Zero();  ///< ∫ (x − c)(x − c)ᵀ dV about the centroid [m⁵]
};

/// Volume, centroid and inertia by the divergence theorem (exact for the polyhedron). Throws
/// InvalidInputError unless density is positive and finite.
MeshMassProperties meshMassProperties(const TriangleMesh& mesh, double density);

/// Reads a Wavefront OBJ file (tinyobjloader): faces must be triangles, several shapes are merged,
/// indices in messages are 0-based. Throws InvalidInputError naming the file for an unreadable
/// file and for every problem the TriangleMesh constructor reports.
TriangleMesh loadObjTriangleMesh(const std::filesystem::path& file,
                                 MeshValidation validation = MeshValidation::kFull);

/// The closed mesh of a tessellated surface, whose vertices on shared patch edges are repeated
/// (geometry/tessellation.hpp): vertices within `tolerance` [m] of each other (transitively) are
/// welded into the first of them, and triangles that weld to a repeated vertex (collapsed at a
/// pole or a degenerate patch corner) are dropped. tolerance ≤ 0 means 1e-9 × the bounding-box
/// diagonal; a tolerance below 1e-14 of it is an error. Throws InvalidInputError when the welded
/// mesh is not a valid TriangleMesh (a surface with a hole or a tolerance too small to close its
/// seams).
TriangleMesh weldTessellation(const TessellatedSurface& surface, double tolerance = 0.0,
                              MeshValidation validation = MeshValidation::kFull);

}  // namespace contactsim
