// A small open triangle mesh whose vertices are linear combinations of a fixed set of base
// vertices, with one step of Loop subdivision (Loop 1987) computing every new vertex whose stencil
// lies inside the mesh. Subdividing a neighbourhood of a patch this way yields the subdivision
// and picking matrices of Stam 1998 as weight rows, without hand-numbered tables.
#pragma once

#include <array>
#include <map>
#include <utility>
#include <vector>

#include <Eigen/Core>

namespace contactsim::loop {

/// Loop's vertex weight β(N) = (5/8 − (3/8 + ¼ cos(2π/N))²) / N.
double loopBeta(int valence);
/// Weight χ(N) of each neighbour in Loop's limit-position mask: 1 / (3/(8β) + N).
double loopLimitWeight(int valence);

class LocalMesh {
 public:
  using Face = std::array<int, 3>;

  /// `weights[v]` is the row of vertex v over the base vertices; faces counter-clockwise.
  LocalMesh(std::vector<Eigen::RowVectorXd> weights, std::vector<Face> faces);

  [[nodiscard]] int vertexCount() const { return static_cast<int>(weights_.size()); }
  [[nodiscard]] const Eigen::RowVectorXd& weights(int v) const {
    return weights_[static_cast<std::size_t>(v)];
  }
  [[nodiscard]] const std::vector<Face>& faces() const { return faces_; }

  /// c with (a, b, c) a face (cyclically), or −1.
  [[nodiscard]] int thirdVertex(int a, int b) const;
  /// Neighbours of v counter-clockwise from `first`, (v, r_i, r_{i+1}) faces; empty unless v is
  /// surrounded by faces (an interior vertex of the local mesh).
  [[nodiscard]] std::vector<int> ring(int v, int first) const;

  /// Loop's limit-position weights of interior vertex v (row over the base vertices).
  [[nodiscard]] Eigen::RowVectorXd limitWeights(int v) const;

 private:
  std::vector<Eigen::RowVectorXd> weights_;
  std::vector<Face> faces_;
  std::map<std::pair<int, int>, int> third_;  // directed edge (a, b) → c
};

/// One Loop step of a local mesh, with the map from old vertices and edges to new vertices.
struct Subdivision {
  LocalMesh mesh;
  std::vector<int> vertex_points;                  // old vertex → new vertex, or −1
  std::map<std::pair<int, int>, int> edge_points;  // old edge (min, max) → new vertex

  /// New vertex of old vertex v / old edge (a, b); −1 if it could not be computed.
  [[nodiscard]] int vertexPoint(int v) const;
  [[nodiscard]] int edgePoint(int a, int b) const;
};

/// New vertices exist for interior old vertices (vertex points) and for edges with a face on
/// each side (edge points); new faces for every old sub-face whose corners all exist.
Subdivision subdivide(const LocalMesh& mesh);

/// The 12 control vertices of a regular triangle (a, b, c) (all three of valence 6), as vertices
/// of the mesh in the lattice layout used by the box-spline basis: with a = (0,0), b = (1,0),
/// c = (0,1) in lattice coordinates, slots are (0,0) (1,0) (0,1) (1,1) (−1,1) (1,−1) (−1,0)
/// (0,−1) (2,0) (2,−1) (0,2) (−1,2). Entries are −1 where the mesh lacks the vertex.
std::array<int, 12> regularLayout(const LocalMesh& mesh, int a, int b, int c);

/// The K = N + 6 control vertices of a triangle (a, b, c) whose only extraordinary vertex is a
/// (valence N): a, its ring counter-clockwise from b (N), then the lattice points (1,1), (2,0),
/// (2,−1), (0,2), (−1,2) of b's and c's sides. Empty if incomplete.
std::vector<int> extraordinaryLayout(const LocalMesh& mesh, int a, int b, int c);

/// The valence-N neighbourhood of a patch with one extraordinary vertex, as a synthetic local mesh
/// whose base vertices are the K slots of extraordinaryLayout (slot i has weight row e_i).
LocalMesh syntheticExtraordinaryNeighbourhood(int valence);

}  // namespace contactsim::loop
