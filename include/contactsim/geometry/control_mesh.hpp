// A closed, manifold, consistently oriented triangle control mesh for Loop subdivision surfaces,
// with the adjacency queries subdivision needs (one-rings in counter-clockwise order, the face
// across a directed edge).
#pragma once

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include "contactsim/math/types.hpp"

namespace contactsim {

/// Largest vertex valence a Loop control mesh may have.
inline constexpr int kMaxLoopValence = 32;

class ControlMesh {
 public:
  using Face = std::array<int, 3>;

  /// Validates and builds adjacency. Throws InvalidInputError, naming the offending vertex or face
  /// (and `origin`, e.g. the file, when given), for: fewer than 4 vertices or 4 faces; a face
  /// index out of range or repeated within a face; non-finite or duplicate vertex positions; a
  /// directed edge used twice (inconsistent orientation or non-manifold edge); an edge with only
  /// one face (open mesh, boundary edge); an isolated vertex; a vertex whose faces form more than
  /// one fan (non-manifold vertex); a valence outside 3..kMaxLoopValence; a face with zero area;
  /// an inside-out mesh (negative volume) or two faces that intersect.
  ControlMesh(std::vector<Vec3> vertices, std::vector<Face> faces, const std::string& origin = "");

  /// Reads a Wavefront OBJ file (tinyobjloader). Faces must be triangles; every problem above is
  /// reported with the file name. Vertex and face indices in messages are 0-based (OBJ counts
  /// from 1). Several shapes in one file are merged. Throws InvalidInputError (also for
  /// unreadable files).
  static ControlMesh loadObj(const std::filesystem::path& file);

  [[nodiscard]] int vertexCount() const { return static_cast<int>(vertices_.size()); }
  [[nodiscard]] int faceCount() const { return static_cast<int>(faces_.size()); }
  [[nodiscard]] const Vec3& vertex(int v) const { return vertices_[static_cast<std::size_t>(v)]; }
  [[nodiscard]] const std::vector<Vec3>& vertices() const { return vertices_; }
  /// Vertex indices of face f, counter-clockwise seen from outside.
  [[nodiscard]] const Face& face(int f) const { return faces_[static_cast<std::size_t>(f)]; }
  [[nodiscard]] int valence(int v) const;
  [[nodiscard]] bool isRegular(int v) const { return valence(v) == 6; }

  /// The face containing the directed edge a → b (as consecutive vertices of the face), or −1
  /// (also for indices out of range).
  [[nodiscard]] int faceWithEdge(int a, int b) const;
  /// The vertex opposite the directed edge a → b in faceWithEdge(a, b). Throws
  /// InvalidInputError when no face has that edge.
  [[nodiscard]] int thirdVertex(int a, int b) const;
  /// Neighbours of v in counter-clockwise order seen from outside (each consecutive pair
  /// (r_i, r_{i+1}) spans the face (v, r_i, r_{i+1})), starting at `first`, a neighbour of v.
  [[nodiscard]] std::vector<int> oneRing(int v, int first) const;
  /// Neighbours of v counter-clockwise, starting at the vertex after v in the first face that
  /// contains v. oneRing and valence throw InvalidInputError for v out of range or a `first` that
  /// is not a neighbour; vertex() and face() are unchecked.
  [[nodiscard]] std::vector<int> oneRing(int v) const;

 private:
  void checkEnclosesVolume(const std::string& prefix) const;

  std::vector<Vec3> vertices_;
  std::vector<Face> faces_;
  // One-rings in compressed rows: the neighbours of v, counter-clockwise, are
  // ring_[ring_start_[v] .. ring_start_[v + 1]), and ring_face_[i] is the face (v, ring_[i], next).
  std::vector<int> ring_start_;
  std::vector<int> ring_;
  std::vector<int> ring_face_;
};

}  // namespace contactsim
