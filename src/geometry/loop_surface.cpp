#include "contactsim/geometry/loop_surface.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/geometry/taylor.hpp"
#include "loop/box_spline.hpp"
#include "loop/extraordinary.hpp"
#include "loop/local_mesh.hpp"

namespace contactsim {
namespace loop {
namespace {

using Quartic = Eigen::Matrix<double, 15, 3>;

// The jet of f(v', w') rewritten in (v, w) when (v', w') = J (v, w) + const: the cubic Taylor
// polynomial of f is composed with the linear map in Taylor3 arithmetic (exact to third order).
SurfaceJet reparameterize(const SurfaceJet& jet, const Eigen::Matrix2d& J) {
  const Taylor3 dv = J(0, 0) * Taylor3::variableS(0.0) + J(0, 1) * Taylor3::variableT(0.0);
  const Taylor3 dw = J(1, 0) * Taylor3::variableS(0.0) + J(1, 1) * Taylor3::variableT(0.0);
  const Taylor3 dv2 = dv * dv, dw2 = dw * dw;
  const Taylor3 monomial[10] = {Taylor3(1.0), dv,       dw,       dv2,      dv * dw,
                                dw2,          dv2 * dv, dv2 * dw, dv * dw2, dw2 * dw};
  constexpr double kInverseFactorials[10] = {1, 1, 1, 0.5, 1, 0.5, 1.0 / 6, 0.5, 0.5, 1.0 / 6};
  constexpr int kI[10] = {0, 1, 0, 2, 1, 0, 3, 2, 1, 0};
  constexpr int kDegree[10] = {0, 1, 1, 2, 2, 2, 3, 3, 3, 3};
  TaylorPoint p{Taylor3(0.0), Taylor3(0.0), Taylor3(0.0)};
  for (int m = 0; m < 10 && kDegree[m] <= static_cast<int>(jet.order); ++m) {
    const Vec3 d = jet.derivative(kI[m], kDegree[m] - kI[m]) * kInverseFactorials[m];
    p.x += d.x() * monomial[m];
    p.y += d.y() * monomial[m];
    p.z += d.z() * monomial[m];
  }
  return jetFromTaylor(p, jet.order);
}

}  // namespace

// One patch: regular, one extraordinary vertex, or four sub-patches.
struct PatchEvaluator {
  struct Piece {
    bool extraordinary = false;
    Quartic quartic = Quartic::Zero();
    ExtraordinaryPatch ev;
    Eigen::Vector2d origin = Eigen::Vector2d::Zero();        // Q0 in the parent's (v, w)
    Eigen::Matrix2d to_local = Eigen::Matrix2d::Identity();  // J = [Q1 − Q0, Q2 − Q0]⁻¹

    SurfaceJet evaluateLocal(double v, double w, JetOrder order,
                             int max_level = ExtraordinaryPatch::kAnyLevel) const {
      return extraordinary ? ev.evaluate(v, w, order, max_level)
                           : evaluateQuartic(quartic, v, w, order);
    }
  };

  LoopPatchKind kind = LoopPatchKind::kRegular;
  Piece whole;                 // kRegular, kOneExtraordinary
  std::array<Piece, 4> parts;  // kSeveralExtraordinary: corners 0, 1, 2, then the middle

  int piece(double v, double w, int max_level = ExtraordinaryPatch::kAnyLevel) const {
    if (kind == LoopPatchKind::kRegular)
      return 0;
    if (kind == LoopPatchKind::kOneExtraordinary)
      return ExtraordinaryPatch::piece(v, w, max_level);
    const int p = v + w <= 0.5 ? 0 : v >= 0.5 ? 1 : w >= 0.5 ? 2 : 3;
    const Piece& part = parts[static_cast<std::size_t>(p)];
    if (!part.extraordinary)
      return p;
    const Eigen::Vector2d local = part.to_local * (Eigen::Vector2d(v, w) - part.origin);
    return p + 4 * (2 + ExtraordinaryPatch::piece(local.x(), local.y()));
  }

  // max_level: as ExtraordinaryPatch::evaluate, for a patch with one extraordinary vertex.
  SurfaceJet evaluate(double v, double w, JetOrder order,
                      int max_level = ExtraordinaryPatch::kAnyLevel) const {
    if (kind != LoopPatchKind::kSeveralExtraordinary) {
      return whole.evaluateLocal(v, w, order, max_level);
    }
    const Piece& piece = v + w <= 0.5 ? parts[0]
                         : v >= 0.5   ? parts[1]
                         : w >= 0.5   ? parts[2]
                                      : parts[3];
    // Points slightly outside the sub-triangle (rounding, ε-extended boundaries) are evaluated
    // by extending its polynomial pieces, like any patch.
    const Eigen::Vector2d local = piece.to_local * (Eigen::Vector2d(v, w) - piece.origin);
    return reparameterize(piece.evaluateLocal(local.x(), local.y(), order), piece.to_local);
  }
};

}  // namespace loop

namespace {

using loop::LocalMesh;

// The fans of a face's three vertices as a local mesh; base vertices are the mesh vertices used.
struct Neighbourhood {
  LocalMesh mesh{{}, {}};
  std::vector<int> mesh_vertex;     // local → control mesh
  std::map<int, int> local_vertex;  // control mesh → local
};

Neighbourhood neighbourhood(const ControlMesh& m, const ControlMesh::Face& face) {
  Neighbourhood n;
  std::set<std::array<int, 3>> faces;
  for (const int v : face) {
    const std::vector<int> ring = m.oneRing(v);
    for (std::size_t i = 0; i < ring.size(); ++i) {
      std::array<int, 3> f{v, ring[i], ring[(i + 1) % ring.size()]};
      std::rotate(f.begin(), std::min_element(f.begin(), f.end()), f.end());
      faces.insert(f);
    }
  }
  for (const auto& f : faces) {
    for (const int v : f) {
      if (!n.local_vertex.count(v)) {
        n.local_vertex[v] = static_cast<int>(n.mesh_vertex.size());
        n.mesh_vertex.push_back(v);
      }
    }
  }
  const int size = static_cast<int>(n.mesh_vertex.size());
  std::vector<Eigen::RowVectorXd> weights;
  for (int i = 0; i < size; ++i)
    weights.push_back(Eigen::RowVectorXd::Unit(size, i));
  std::vector<LocalMesh::Face> local_faces;
  for (const auto& f : faces) {
    local_faces.push_back({n.local_vertex[f[0]], n.local_vertex[f[1]], n.local_vertex[f[2]]});
  }
  n.mesh = LocalMesh(std::move(weights), std::move(local_faces));
  return n;
}

Eigen::MatrixXd controlPoints(const LocalMesh& mesh, const std::vector<int>& slots,
                              const Eigen::MatrixXd& base_positions) {
  Eigen::MatrixXd P(static_cast<Eigen::Index>(slots.size()), 3);
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (slots[i] < 0)
      throw std::logic_error("Loop patch: incomplete control neighbourhood");
    P.row(static_cast<Eigen::Index>(i)) = mesh.weights(slots[i]) * base_positions;
  }
  return P;
}

loop::PatchEvaluator::Piece makePiece(const LocalMesh& mesh, std::array<int, 3> verts,
                                      std::array<Eigen::Vector2d, 3> params,
                                      const std::vector<int>& valence,
                                      const Eigen::MatrixXd& base_positions) {
  // Rotate so that an extraordinary corner comes first.
  for (int r = 0; r < 3; ++r) {
    if (valence[static_cast<std::size_t>(verts[static_cast<std::size_t>(r)])] != 6) {
      std::rotate(verts.begin(), verts.begin() + r, verts.end());
      std::rotate(params.begin(), params.begin() + r, params.end());
      break;
    }
  }
  loop::PatchEvaluator::Piece piece;
  const int n0 = valence[static_cast<std::size_t>(verts[0])];
  if (n0 != 6) {
    piece.extraordinary = true;
    piece.ev = loop::ExtraordinaryPatch::make(
        n0, controlPoints(mesh, loop::extraordinaryLayout(mesh, verts[0], verts[1], verts[2]),
                          base_positions));
  } else {
    const std::array<int, 12> layout = loop::regularLayout(mesh, verts[0], verts[1], verts[2]);
    piece.quartic = loop::quarticFromControlPoints(
        controlPoints(mesh, std::vector<int>(layout.begin(), layout.end()), base_positions));
  }
  Eigen::Matrix2d G;
  G << params[1] - params[0], params[2] - params[0];
  piece.origin = params[0];
  piece.to_local = G.inverse();
  return piece;
}

}  // namespace

LoopSurface::LoopSurface(ControlMesh mesh)
    : mesh_(std::move(mesh)), domain_(PatchDomain::unitTriangle()) {
  for (int f = 0; f < mesh_.faceCount(); ++f) {
    ControlMesh::Face corners = mesh_.face(f);
    int extraordinary = 0;
    for (const int v : corners)
      extraordinary += mesh_.isRegular(v) ? 0 : 1;
    if (extraordinary == 1) {  // the extraordinary vertex becomes corner 0
      while (mesh_.isRegular(corners[0]))
        std::rotate(corners.begin(), corners.begin() + 1, corners.end());
    }
    corners_.push_back(corners);
    Neighbourhood n = neighbourhood(mesh_, corners);
    Eigen::MatrixXd positions(static_cast<Eigen::Index>(n.mesh_vertex.size()), 3);
    std::vector<int> valence;
    for (std::size_t i = 0; i < n.mesh_vertex.size(); ++i) {
      positions.row(static_cast<Eigen::Index>(i)) = mesh_.vertex(n.mesh_vertex[i]).transpose();
      valence.push_back(mesh_.valence(n.mesh_vertex[i]));
    }
    const int a = n.local_vertex[corners[0]], b = n.local_vertex[corners[1]],
              c = n.local_vertex[corners[2]];
    auto patch = std::make_unique<loop::PatchEvaluator>();
    const Eigen::Vector2d p00(0, 0), p10(1, 0), p01(0, 1);
    if (extraordinary <= 1) {
      patch->kind = extraordinary == 0 ? LoopPatchKind::kRegular : LoopPatchKind::kOneExtraordinary;
      patch->whole = makePiece(n.mesh, {a, b, c}, {p00, p10, p01}, valence, positions);
    } else {
      // kry-pai-2002 §3.5: split once; each quarter has at most one extraordinary vertex.
      patch->kind = LoopPatchKind::kSeveralExtraordinary;
      const loop::Subdivision s = loop::subdivide(n.mesh);
      std::vector<int> valence1(static_cast<std::size_t>(s.mesh.vertexCount()), 6);
      for (const int v : {a, b, c})
        valence1[static_cast<std::size_t>(s.vertexPoint(v))] = valence[static_cast<std::size_t>(v)];
      const int a1 = s.vertexPoint(a), b1 = s.vertexPoint(b), c1 = s.vertexPoint(c);
      const int ab = s.edgePoint(a, b), bc = s.edgePoint(b, c), ca = s.edgePoint(c, a);
      const Eigen::Vector2d h0(0.5, 0), h1(0.5, 0.5), h2(0, 0.5);
      patch->parts[0] = makePiece(s.mesh, {a1, ab, ca}, {p00, h0, h2}, valence1, positions);
      patch->parts[1] = makePiece(s.mesh, {ab, b1, bc}, {h0, p10, h1}, valence1, positions);
      patch->parts[2] = makePiece(s.mesh, {ca, bc, c1}, {h2, h1, p01}, valence1, positions);
      patch->parts[3] = makePiece(s.mesh, {bc, ca, ab}, {h1, h2, h0}, valence1, positions);
    }
    patches_.push_back(std::move(patch));
  }
}

LoopSurface::~LoopSurface() = default;
LoopSurface::LoopSurface(LoopSurface&&) noexcept = default;
LoopSurface& LoopSurface::operator=(LoopSurface&&) noexcept = default;

LoopSurface LoopSurface::loadObj(const std::filesystem::path& file) {
  return LoopSurface(ControlMesh::loadObj(file));
}

int LoopSurface::patchCount() const {
  return static_cast<int>(patches_.size());
}

const PatchDomain& LoopSurface::domain(int patch) const {
  checkArguments(patch, 0.0, 0.0);
  return domain_;
}

SurfaceJet LoopSurface::evaluate(int patch, double s, double t, JetOrder order) const {
  checkArguments(patch, s, t);
  return patches_[static_cast<std::size_t>(patch)]->evaluate(s, t, order);
}

int LoopSurface::polynomialPiece(int patch, double s, double t) const {
  checkArguments(patch, s, t);
  return patches_[static_cast<std::size_t>(patch)]->piece(s, t);
}

SurfaceJet LoopSurface::evaluateOuterRing(int patch, double s, double t, JetOrder order) const {
  checkArguments(patch, s, t);
  return patches_[static_cast<std::size_t>(patch)]->evaluate(s, t, order, /*max_level=*/1);
}

int LoopSurface::outerRingPiece(int patch, double s, double t) const {
  checkArguments(patch, s, t);
  return patches_[static_cast<std::size_t>(patch)]->piece(s, t, /*max_level=*/1);
}

std::optional<EdgeNeighbor> LoopSurface::neighbor(int patch, int edge) const {
  checkArguments(patch, 0.0, 0.0);
  if (edge < 0 || edge > 2) {
    throw InvalidInputError("a Loop patch has edges 0..2, got " + toText(edge));
  }
  // Edge k runs from corner k to corner k + 1; the neighbour holds it the other way round.
  const int u = corners_[static_cast<std::size_t>(patch)][static_cast<std::size_t>(edge)];
  const int w = corners_[static_cast<std::size_t>(patch)][static_cast<std::size_t>((edge + 1) % 3)];
  const int f = mesh_.faceWithEdge(w, u);
  for (int k = 0; k < 3; ++k) {
    if (corners_[static_cast<std::size_t>(f)][static_cast<std::size_t>(k)] == w) {
      return EdgeNeighbor{f, k, true};
    }
  }
  throw std::logic_error("LoopSurface: inconsistent adjacency");
}

int LoopSurface::corner(int patch, int k) const {
  checkArguments(patch, 0.0, 0.0);
  return corners_[static_cast<std::size_t>(patch)].at(static_cast<std::size_t>(k));
}

double LoopSurface::irregularDistance(int patch, double s, double t) const {
  checkArguments(patch, s, t);
  const std::array<double, 3> weight = {1.0 - s - t, s, t};  // corners at (0,0), (1,0), (0,1)
  double distance = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < 3; ++k) {
    if (mesh_.valence(corners_[static_cast<std::size_t>(patch)][k]) != 6)
      distance = std::min(distance, 1.0 - weight[k]);
  }
  return distance;
}

LoopPatchKind LoopSurface::kind(int patch) const {
  checkArguments(patch, 0.0, 0.0);
  return patches_[static_cast<std::size_t>(patch)]->kind;
}

}  // namespace contactsim
