#include "local_mesh.hpp"

#include <cmath>
#include <numbers>

namespace contactsim::loop {

double loopBeta(int valence) {
  const double c = 0.375 + 0.25 * std::cos(2.0 * std::numbers::pi / valence);
  return (0.625 - c * c) / valence;
}

double loopLimitWeight(int valence) {
  return 1.0 / (0.375 / loopBeta(valence) + valence);
}

LocalMesh::LocalMesh(std::vector<Eigen::RowVectorXd> weights, std::vector<Face> faces)
    : weights_(std::move(weights)), faces_(std::move(faces)) {
  for (const Face& f : faces_) {
    for (int k = 0; k < 3; ++k)
      third_[{f[k], f[(k + 1) % 3]}] = f[(k + 2) % 3];
  }
}

int LocalMesh::thirdVertex(int a, int b) const {
  const auto it = third_.find({a, b});
  return it == third_.end() ? -1 : it->second;
}

std::vector<int> LocalMesh::ring(int v, int first) const {
  std::vector<int> r{first};
  for (int next = thirdVertex(v, first); next != first; next = thirdVertex(v, r.back())) {
    if (next < 0 || r.size() > 64) {
      return {};  // the fan around v is open: v is on the local boundary
    }
    r.push_back(next);
  }
  return r;
}

Eigen::RowVectorXd LocalMesh::limitWeights(int v) const {
  int any = -1;
  for (const Face& f : faces_) {
    for (int k = 0; k < 3; ++k) {
      if (f[k] == v)
        any = f[(k + 1) % 3];
    }
  }
  const std::vector<int> r = any < 0 ? std::vector<int>{} : ring(v, any);
  if (r.empty()) {
    return {};
  }
  const int n = static_cast<int>(r.size());
  const double chi = loopLimitWeight(n);
  Eigen::RowVectorXd w = (1.0 - n * chi) * weights(v);
  for (const int u : r)
    w += chi * weights(u);
  return w;
}

int Subdivision::vertexPoint(int v) const {
  return vertex_points[static_cast<std::size_t>(v)];
}

int Subdivision::edgePoint(int a, int b) const {
  const auto it = edge_points.find({std::min(a, b), std::max(a, b)});
  return it == edge_points.end() ? -1 : it->second;
}

Subdivision subdivide(const LocalMesh& mesh) {
  std::vector<Eigen::RowVectorXd> weights;
  std::vector<int> vertex_points(static_cast<std::size_t>(mesh.vertexCount()), -1);
  std::map<std::pair<int, int>, int> edge_points;
  // Vertex points (Loop 1987): (1 − Nβ) v + β Σ ring, for vertices surrounded by faces.
  for (const LocalMesh::Face& f : mesh.faces()) {
    for (int k = 0; k < 3; ++k) {
      const int v = f[k];
      if (vertex_points[static_cast<std::size_t>(v)] != -1)
        continue;
      const std::vector<int> r = mesh.ring(v, f[(k + 1) % 3]);
      if (r.empty()) {
        vertex_points[static_cast<std::size_t>(v)] = -2;  // tried: on the boundary
        continue;
      }
      const int n = static_cast<int>(r.size());
      const double beta = loopBeta(n);
      Eigen::RowVectorXd w = (1.0 - n * beta) * mesh.weights(v);
      for (const int u : r)
        w += beta * mesh.weights(u);
      vertex_points[static_cast<std::size_t>(v)] = static_cast<int>(weights.size());
      weights.push_back(std::move(w));
    }
  }
  for (int& v : vertex_points)
    v = v < 0 ? -1 : v;
  // Edge points: 3/8 (a + b) + 1/8 (c + d) for edges with a face on each side.
  for (const LocalMesh::Face& f : mesh.faces()) {
    for (int k = 0; k < 3; ++k) {
      const int a = f[k], b = f[(k + 1) % 3];
      const std::pair<int, int> key{std::min(a, b), std::max(a, b)};
      if (edge_points.count(key))
        continue;
      const int c = mesh.thirdVertex(a, b), d = mesh.thirdVertex(b, a);
      if (c < 0 || d < 0)
        continue;
      edge_points[key] = static_cast<int>(weights.size());
      weights.push_back(0.375 * (mesh.weights(a) + mesh.weights(b)) +
                        0.125 * (mesh.weights(c) + mesh.weights(d)));
    }
  }
  Subdivision result{LocalMesh({}, {}), std::move(vertex_points), std::move(edge_points)};
  // Four sub-faces per face: three corners and the middle, all counter-clockwise.
  std::vector<LocalMesh::Face> faces;
  for (const LocalMesh::Face& f : mesh.faces()) {
    const int a = result.vertexPoint(f[0]), b = result.vertexPoint(f[1]),
              c = result.vertexPoint(f[2]);
    const int ab = result.edgePoint(f[0], f[1]), bc = result.edgePoint(f[1], f[2]),
              ca = result.edgePoint(f[2], f[0]);
    const LocalMesh::Face sub[4] = {{a, ab, ca}, {ab, b, bc}, {ca, bc, c}, {bc, ca, ab}};
    for (const LocalMesh::Face& s : sub) {
      if (s[0] >= 0 && s[1] >= 0 && s[2] >= 0)
        faces.push_back(s);
    }
  }
  result.mesh = LocalMesh(std::move(weights), std::move(faces));
  return result;
}

std::array<int, 12> regularLayout(const LocalMesh& mesh, int a, int b, int c) {
  std::array<int, 12> slots;
  slots.fill(-1);
  slots[0] = a;
  slots[1] = b;
  slots[2] = c;
  slots[3] = mesh.thirdVertex(c, b);  // (1, 1)
  slots[4] = mesh.thirdVertex(a, c);  // (−1, 1)
  slots[5] = mesh.thirdVertex(b, a);  // (1, −1)
  const std::vector<int> ra = mesh.ring(a, b), rb = mesh.ring(b, c), rc = mesh.ring(c, a);
  if (ra.size() == 6) {
    slots[6] = ra[3];  // (−1, 0)
    slots[7] = ra[4];  // (0, −1)
  }
  if (rb.size() == 6) {
    slots[8] = rb[4];  // (2, 0)
    slots[9] = rb[3];  // (2, −1)
  }
  if (rc.size() == 6) {
    slots[10] = rc[3];  // (0, 2)
    slots[11] = rc[4];  // (−1, 2)
  }
  return slots;
}

std::vector<int> extraordinaryLayout(const LocalMesh& mesh, int a, int b, int c) {
  const std::vector<int> ra = mesh.ring(a, b), rb = mesh.ring(b, c), rc = mesh.ring(c, a);
  if (ra.size() < 3 || rb.size() != 6 || rc.size() != 6 || ra[1] != c) {
    return {};
  }
  std::vector<int> slots{a};
  slots.insert(slots.end(), ra.begin(), ra.end());
  slots.push_back(mesh.thirdVertex(c, b));  // (1, 1)
  slots.push_back(rb[4]);                   // (2, 0)
  slots.push_back(rb[3]);                   // (2, −1)
  slots.push_back(rc[3]);                   // (0, 2)
  slots.push_back(rc[4]);                   // (−1, 2)
  return slots;
}

LocalMesh syntheticExtraordinaryNeighbourhood(int N) {
  const int K = N + 6;
  std::vector<Eigen::RowVectorXd> weights;
  for (int i = 0; i < K; ++i)
    weights.push_back(Eigen::RowVectorXd::Unit(K, i));
  std::vector<LocalMesh::Face> faces;
  for (int i = 1; i <= N; ++i)
    faces.push_back({0, i, i % N + 1});  // the extraordinary fan
  // b = slot 1 and c = slot 2 are regular: their remaining faces reach the five outer slots.
  const int p11 = N + 1, p20 = N + 2, p2m1 = N + 3, p02 = N + 4, pm12 = N + 5;
  faces.push_back({1, N, p2m1});
  faces.push_back({1, p2m1, p20});
  faces.push_back({1, p20, p11});
  faces.push_back({1, p11, 2});
  faces.push_back({2, p11, p02});
  faces.push_back({2, p02, pm12});
  faces.push_back({2, pm12, 3});
  return LocalMesh(std::move(weights), std::move(faces));
}

}  // namespace contactsim::loop
