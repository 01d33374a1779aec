#include "bem/plane_strain_elements.hpp"

#include <Eigen/LU>
#include <Eigen/SparseCore>
#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <string>
#include <utility>

#include "bem/gauss_legendre.hpp"
#include "contactsim/error.hpp"

namespace contactsim {
namespace {

// Nodes are shared by position (NodeIndex): a point already a node is that node.
class NodeTable {
 public:
  explicit NodeTable(PlaneStrainMesh& mesh) : mesh_(mesh), index_(mesh.nodes) {}
  int at(const Vec2& p) {
    if (const int k = index_.find(p); k >= 0)
      return k;
    mesh_.nodes.push_back(p);
    index_.add(static_cast<int>(mesh_.nodes.size()) - 1);
    return static_cast<int>(mesh_.nodes.size()) - 1;
  }
  [[nodiscard]] int find(const Vec2& p) const { return index_.find(p); }

 private:
  PlaneStrainMesh& mesh_;
  NodeIndex index_;
};

template <class Map>
void addQuad(PlaneStrainMesh& mesh, NodeTable& table, Map map) {
  std::array<int, 9> quad{};
  for (int b = 0; b < 3; ++b) {
    for (int a = 0; a < 3; ++a)
      quad[static_cast<std::size_t>(a + 3 * b)] = table.at(map(a - 1.0, b - 1.0));
  }
  mesh.quads.push_back(quad);
}

// 1D quadratic Lagrange polynomials through −1, 0, 1 and their derivatives.
double lagrange(int a, double t) {
  return a == 0 ? 0.5 * t * (t - 1.0) : (a == 1 ? 1.0 - t * t : 0.5 * t * (t + 1.0));
}
double lagrangeSlope(int a, double t) {
  return a == 0 ? t - 0.5 : (a == 1 ? -2.0 * t : t + 0.5);
}

struct QuadraturePoint {
  double u, v, weight;
};

// 3 × 3 Gauss–Legendre on [−1, 1]²: exact for the quadrilaterals' mass on affine elements.
std::vector<QuadraturePoint> quadRule() {
  const double g = std::sqrt(0.6);
  const std::array<double, 3> x{-g, 0.0, g};
  const std::array<double, 3> w{5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0};
  std::vector<QuadraturePoint> rule;
  for (std::size_t i = 0; i < 3; ++i) {
    for (std::size_t k = 0; k < 3; ++k)
      rule.push_back({x[i], x[k], w[i] * w[k]});
  }
  return rule;
}

// Dunavant's 7-point rule of degree 5 on the unit triangle (area ½): exact for the triangles'
// mass on straight-sided elements.
std::vector<QuadraturePoint> triangleRule() {
  const double a1 = 0.059715871789770, b1 = 0.470142064105115;
  const double a2 = 0.797426985353087, b2 = 0.101286507323456;
  const double w0 = 0.225 / 2.0, w1 = 0.132394152788506 / 2.0, w2 = 0.125939180544827 / 2.0;
  return {{1.0 / 3.0, 1.0 / 3.0, w0},
          {a1, b1, w1},
          {b1, a1, w1},
          {b1, b1, w1},
          {a2, b2, w2},
          {b2, a2, w2},
          {b2, b2, w2}};
}

// Shape functions N and their derivatives in the element's coordinates (n × 2).
void quadShapes(double xi, double eta, Eigen::VectorXd& n, Eigen::MatrixXd& dn) {
  for (int b = 0; b < 3; ++b) {
    for (int a = 0; a < 3; ++a) {
      const int k = a + 3 * b;
      n[k] = lagrange(a, xi) * lagrange(b, eta);
      dn(k, 0) = lagrangeSlope(a, xi) * lagrange(b, eta);
      dn(k, 1) = lagrange(a, xi) * lagrangeSlope(b, eta);
    }
  }
}

// Area coordinates (l0, l1, l2) = (1 − u − v, u, v); derivatives with respect to u and v.
void triangleShapes(double u, double v, Eigen::VectorXd& n, Eigen::MatrixXd& dn) {
  const double l0 = 1.0 - u - v;
  n << l0 * (2.0 * l0 - 1.0), u * (2.0 * u - 1.0), v * (2.0 * v - 1.0), 4.0 * l0 * u, 4.0 * u * v,
      4.0 * v * l0;
  dn << 1.0 - 4.0 * l0, 1.0 - 4.0 * l0, 4.0 * u - 1.0, 0.0, 0.0, 4.0 * v - 1.0, 4.0 * (l0 - u),
      -4.0 * u, 4.0 * v, 4.0 * u, -4.0 * v, 4.0 * (l0 - v);
}

// Each interval of `points` (sorted) cut into `parts` equal ones.
std::vector<double> subdivided(const std::vector<double>& points, int parts) {
  std::vector<double> out;
  for (std::size_t i = 0; i + 1 < points.size(); ++i) {
    for (int k = 0; k < parts; ++k)
      out.push_back(points[i] + (points[i + 1] - points[i]) * k / parts);
  }
  out.push_back(points.back());
  return out;
}

// The model's boundary edges: `columns` under each boundary element of the straight sides
// (all three points at y = ±r; straight, so ξ is affine in x), one under each of the tips' (same
// three nodes, same quadratic geometry).
std::vector<PlaneStrainMesh::BoundaryEdge> boundaryEdges(const BoundaryMesh& boundary,
                                                         const NodeTable& table, double r,
                                                         int columns) {
  std::vector<PlaneStrainMesh::BoundaryEdge> edges;
  for (std::size_t e = 0; e < boundary.elements.size(); ++e) {
    const auto& element = boundary.elements[e];
    bool side = true;
    for (const Vec2& point : element.geometry)
      side = side && std::abs(std::abs(point.y()) - r) < 1e-12;
    const int parts = side ? columns : 1;
    for (int k = 0; k < parts; ++k) {
      PlaneStrainMesh::BoundaryEdge edge;
      edge.element = e;
      edge.xi_start = -1.0 + 2.0 * k / parts;
      edge.xi_end = -1.0 + 2.0 * (k + 1) / parts;
      const std::array<double, 3> xi{edge.xi_start, 0.5 * (edge.xi_start + edge.xi_end),
                                     edge.xi_end};
      for (std::size_t a = 0; a < 3; ++a) {
        const Vec2 p = element.position(xi[a]);
        edge.nodes[a] = table.find(p);
        if (edge.nodes[a] < 0) {
          throw NumericalError("bar finite elements: boundary point (" + toText(p.x()) + ", " +
                               toText(p.y()) + ") of element " + toText(e) +
                               " is not a node of the model (not the bar's boundary mesh?)");
        }
      }
      edges.push_back(edge);
    }
  }
  return edges;
}

}  // namespace

NodeIndex::NodeIndex(const std::vector<Vec2>& points) : points_(points) {
  for (std::size_t k = 0; k < points.size(); ++k)
    add(static_cast<int>(k));
}

void NodeIndex::add(int k) {
  const Vec2& p = points_[static_cast<std::size_t>(k)];
  index_.emplace(std::make_pair(std::llround(p.x() / kGrid), std::llround(p.y() / kGrid)), k);
}

int NodeIndex::find(const Vec2& p) const {
  const long long i = std::llround(p.x() / kGrid), j = std::llround(p.y() / kGrid);
  for (long long di = -1; di <= 1; ++di) {
    for (long long dj = -1; dj <= 1; ++dj) {
      const auto it = index_.find({i + di, j + dj});
      if (it != index_.end() &&
          (points_[static_cast<std::size_t>(it->second)] - p).norm() < 2.0 * kGrid)
        return it->second;
    }
  }
  return -1;
}

PlaneStrainMesh barPlaneStrainMesh(const BoundaryMesh& boundary, double length, double diameter,
                                   int tip_elements, const FiniteElementOptions& options) {
  const int rings = options.rings;
  const double ring_growth = options.ring_growth;
  if (rings < 1 || !(ring_growth >= 1.0 && ring_growth <= 4.0)) {
    throw InvalidInputError(
        "bar finite elements: need at least one ring and a ring growth in "
        "[1, 4], got " +
        toText(rings) + " rings growing by " + toText(ring_growth));
  }
  if (options.side_columns < 1 || options.side_columns > 64) {
    throw InvalidInputError("bar finite elements: side columns must lie in [1, 64], got " +
                            toText(options.side_columns));
  }
  if (tip_elements < 2) {  // one element's fan triangle would be flat
    throw InvalidInputError("bar finite elements: need at least 2 elements per tip, got " +
                            toText(tip_elements));
  }
  const double r = 0.5 * diameter;
  const double tip_centre = 0.5 * length - r;
  const double pi = std::numbers::pi;
  // Ring radii r_in = r/2 < … < r, the outermost ring the thinnest.
  std::vector<double> radii{r};
  double sum = 0.0;
  for (int k = 0; k < rings; ++k)
    sum += std::pow(ring_growth, k);
  double thickness = 0.5 * r / sum;
  for (int k = 0; k < rings; ++k) {
    radii.push_back(radii.back() - thickness);
    thickness *= ring_growth;
  }
  std::reverse(radii.begin(), radii.end());
  const double r_in = radii.front();
  // Rows of the rectangle: the rings' radii mirrored, and the axis.
  std::vector<double> rows;
  for (auto it = radii.rbegin(); it != radii.rend(); ++it)
    rows.push_back(-*it);
  rows.push_back(0.0);
  rows.insert(rows.end(), radii.begin(), radii.end());
  // Columns: the ends of the upper side's boundary elements (the lower side's are their mirror).
  std::vector<double> columns;
  for (const auto& element : boundary.elements) {
    if (std::abs(element.geometry[0].y() - r) < 1e-12 &&
        std::abs(element.geometry[2].y() - r) < 1e-12) {
      columns.push_back(element.geometry[0].x());
      columns.push_back(element.geometry[2].x());
    }
  }
  std::sort(columns.begin(), columns.end());
  columns.erase(std::unique(columns.begin(), columns.end(),
                            [](double a, double b) { return std::abs(a - b) < 1e-12; }),
                columns.end());
  columns = subdivided(columns, options.side_columns);

  PlaneStrainMesh mesh;
  NodeTable table(mesh);
  // The rectangle between the tips' centres.
  for (std::size_t i = 0; i + 1 < columns.size(); ++i) {
    for (std::size_t k = 0; k + 1 < rows.size(); ++k) {
      const double x0 = columns[i], x1 = columns[i + 1], y0 = rows[k], y1 = rows[k + 1];
      addQuad(mesh, table, [&](double xi, double eta) {
        return Vec2(x0 + 0.5 * (xi + 1.0) * (x1 - x0), y0 + 0.5 * (eta + 1.0) * (y1 - y0));
      });
    }
  }
  // Each tip: rings of quadrilaterals (ξ outward, η along the arc) about a fan of triangles.
  for (const double side : {1.0, -1.0}) {
    const Vec2 centre(side * tip_centre, 0.0);
    const double start = side > 0.0 ? -0.5 * pi : 0.5 * pi;
    const auto at = [&](double radius, double angle) {
      return Vec2(centre + radius * Vec2(std::cos(angle), std::sin(angle)));
    };
    for (int e = 0; e < tip_elements; ++e) {
      const double t0 = start + e * pi / tip_elements, t1 = start + (e + 1) * pi / tip_elements;
      for (std::size_t m = 0; m + 1 < radii.size(); ++m) {
        const double p0 = radii[m], p1 = radii[m + 1];
        addQuad(mesh, table, [&](double xi, double eta) {
          return at(p0 + 0.5 * (xi + 1.0) * (p1 - p0), t0 + 0.5 * (eta + 1.0) * (t1 - t0));
        });
      }
      const Vec2 a = at(r_in, t0), b = at(r_in, t1);
      mesh.triangles.push_back({table.at(centre), table.at(a), table.at(b),
                                table.at(0.5 * (centre + a)), table.at(at(r_in, 0.5 * (t0 + t1))),
                                table.at(0.5 * (centre + b))});
    }
  }
  mesh.boundary_edges = boundaryEdges(boundary, table, r, options.side_columns);
  return mesh;
}

StiffnessAndMass assemblePlaneStrain(const PlaneStrainMesh& mesh, const ElasticMaterial& material) {
  material.validate();
  const double lambda = material.lameLambda(), mu = material.shearModulus();
  Eigen::Matrix3d d;  // σ = D ε, ε = (ε_xx, ε_yy, γ_xy)
  d << lambda + 2.0 * mu, lambda, 0.0, lambda, lambda + 2.0 * mu, 0.0, 0.0, 0.0, mu;
  std::vector<Eigen::Triplet<double>> k_entries, m_entries;
  const auto element = [&](const int* ids, int n, const std::vector<QuadraturePoint>& rule,
                           auto shapes, std::size_t index) {
    Eigen::MatrixXd ke = Eigen::MatrixXd::Zero(2 * n, 2 * n);
    Eigen::MatrixXd me = Eigen::MatrixXd::Zero(2 * n, 2 * n);
    Eigen::VectorXd shape(n);
    Eigen::MatrixXd slope(n, 2);
    for (const auto& q : rule) {
      shapes(q.u, q.v, shape, slope);
      // Isoparametric map: J = Σ x_a ∂N_a/∂(u, v); gradients ∂N/∂x = ∂N/∂(u, v) J⁻¹.
      Eigen::Matrix2d jacobian = Eigen::Matrix2d::Zero();
      for (int a = 0; a < n; ++a)
        jacobian += mesh.nodes[static_cast<std::size_t>(ids[a])] * slope.row(a);
      const double det = jacobian.determinant();
      if (!(det > 0.0)) {
        throw NumericalError("plane-strain elements: element " + toText(index) +
                             " is inverted (Jacobian " + toText(det) + ")");
      }
      const Eigen::MatrixXd gradient = slope * jacobian.inverse();
      Eigen::MatrixXd b = Eigen::MatrixXd::Zero(3, 2 * n);
      for (int a = 0; a < n; ++a) {
        b(0, 2 * a) = gradient(a, 0);
        b(1, 2 * a + 1) = gradient(a, 1);
        b(2, 2 * a) = gradient(a, 1);
        b(2, 2 * a + 1) = gradient(a, 0);
      }
      const double dv = det * q.weight;
      ke.noalias() += b.transpose() * d * b * dv;
      const Eigen::MatrixXd nn = material.density * dv * shape * shape.transpose();
      for (int a = 0; a < n; ++a) {
        for (int c = 0; c < n; ++c) {
          me(2 * a, 2 * c) += nn(a, c);
          me(2 * a + 1, 2 * c + 1) += nn(a, c);
        }
      }
    }
    for (int a = 0; a < 2 * n; ++a) {
      for (int c = 0; c < 2 * n; ++c) {
        const int ga = 2 * ids[a / 2] + a % 2, gc = 2 * ids[c / 2] + c % 2;
        k_entries.emplace_back(ga, gc, ke(a, c));
        m_entries.emplace_back(ga, gc, me(a, c));
      }
    }
  };
  const auto quad_rule = quadRule();
  const auto triangle_rule = triangleRule();
  for (std::size_t e = 0; e < mesh.quads.size(); ++e)
    element(mesh.quads[e].data(), 9, quad_rule, quadShapes, e);
  for (std::size_t e = 0; e < mesh.triangles.size(); ++e)
    element(mesh.triangles[e].data(), 6, triangle_rule, triangleShapes, mesh.quads.size() + e);
  const auto dofs = static_cast<Eigen::Index>(2 * mesh.nodes.size());
  StiffnessAndMass out{Eigen::SparseMatrix<double>(dofs, dofs),
                       Eigen::SparseMatrix<double>(dofs, dofs)};
  out.stiffness.setFromTriplets(k_entries.begin(), k_entries.end());
  out.mass.setFromTriplets(m_entries.begin(), m_entries.end());
  return out;
}

Eigen::MatrixXd tractionLoads(const BoundaryMesh& boundary, const PlaneStrainMesh& mesh) {
  const auto& rule = bem_detail::gaussLegendre(5);
  const auto dofs = static_cast<Eigen::Index>(2 * mesh.nodes.size());
  Eigen::MatrixXd loads =
      Eigen::MatrixXd::Zero(dofs, static_cast<Eigen::Index>(boundary.nodes.size()));
  for (const auto& edge : mesh.boundary_edges) {
    const auto& element = boundary.elements[edge.element];
    const double half = 0.5 * (edge.xi_end - edge.xi_start);  // dξ/dt
    for (std::size_t q = 0; q < rule.x.size(); ++q) {
      const double t = rule.x[q];
      const double xi = edge.xi_start + (t + 1.0) * half;
      const auto shape = element.shape(xi);
      const double length = element.tangent(xi).norm() * half * rule.w[q];
      const std::array<double, 3> trace{0.5 * t * (t - 1.0), 1.0 - t * t, 0.5 * t * (t + 1.0)};
      for (std::size_t a = 0; a < 3; ++a) {
        for (std::size_t b = 0; b < 3; ++b) {
          const auto j = static_cast<std::size_t>(element.nodes[b]);
          const int k = edge.nodes[a];
          const Vec2 f = trace[a] * shape[b] * length * boundary.nodes[j].normal;
          loads(2 * k, static_cast<Eigen::Index>(j)) += f.x();
          loads(2 * k + 1, static_cast<Eigen::Index>(j)) += f.y();
        }
      }
    }
  }
  return loads;
}

}  // namespace contactsim
