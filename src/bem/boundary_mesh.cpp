#include "contactsim/bem/boundary_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "contactsim/error.hpp"
#include "gauss_legendre.hpp"

namespace contactsim {
namespace {

// Where discontinuous elements put their corner-side node (Dominguez 1993 §2.6 uses ±2/3).
constexpr double kCornerNodeXi = 2.0 / 3.0;
// Tangents that differ by more than this angle make a corner.
constexpr double kCornerAngle = 1e-3;

std::string where(std::size_t loop, std::size_t piece) {
  return "boundary loop " + toText(loop) + ", piece " + toText(piece);
}

double signedArea(const std::vector<Vec2>& polygon) {
  double twice = 0.0;
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    const Vec2& p = polygon[i];
    const Vec2& q = polygon[(i + 1) % polygon.size()];
    twice += p.x() * q.y() - q.x() * p.y();
  }
  return 0.5 * twice;
}

// Parameter fractions of `count` elements whose lengths grow by `ratio` from one to the next.
std::vector<double> gradedFractions(int count, double ratio) {
  std::vector<double> lengths(static_cast<std::size_t>(count));
  double total = 0.0;
  double length = 1.0;
  for (auto& l : lengths) {
    l = length;
    total += length;
    length *= ratio;
  }
  std::vector<double> fractions{0.0};
  double sum = 0.0;
  for (double l : lengths) {
    sum += l;
    fractions.push_back(sum / total);
  }
  fractions.back() = 1.0;
  for (double f : fractions) {
    if (!std::isfinite(f)) {
      throw InvalidInputError("boundary piece: grading " + toText(ratio) + " over " +
                              toText(count) + " elements overflows");
    }
  }
  return fractions;
}

Vec2 pieceTangent(const CurvePiece& piece, double fraction) {
  if (piece.kind == CurvePiece::Kind::kLine) {
    return (piece.b - piece.a).normalized();
  }
  const double angle = piece.start + fraction * (piece.end - piece.start);
  const double direction = piece.end > piece.start ? 1.0 : -1.0;
  return direction * Vec2(-std::sin(angle), std::cos(angle));
}

bool segmentsCross(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d) {
  const auto orient = [](const Vec2& p, const Vec2& q, const Vec2& r) {
    return (q.x() - p.x()) * (r.y() - p.y()) - (q.y() - p.y()) * (r.x() - p.x());
  };
  const double d1 = orient(c, d, a);
  const double d2 = orient(c, d, b);
  const double d3 = orient(a, b, c);
  const double d4 = orient(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

bool inside(const std::vector<Vec2>& polygon, const Vec2& p) {
  bool in = false;
  for (std::size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++) {
    const Vec2& a = polygon[i];
    const Vec2& b = polygon[j];
    if ((a.y() > p.y()) != (b.y() > p.y()) &&
        p.x() < (b.x() - a.x()) * (p.y() - a.y()) / (b.y() - a.y()) + a.x()) {
      in = !in;
    }
  }
  return in;
}

// The polygons through the geometric points of every loop must not cross (within or between
// loops), and holes must lie inside the outer loop. O(n²) in the elements: meshes are small.
void requireSimple(const BoundaryMesh& mesh) {
  std::vector<std::vector<Vec2>> polygons;
  for (const auto& element : mesh.elements) {
    const auto loop =
        static_cast<std::size_t>(mesh.nodes[static_cast<std::size_t>(element.nodes[1])].loop);
    if (polygons.size() <= loop) {
      polygons.resize(loop + 1);
    }
    polygons[loop].push_back(element.geometry[0]);
    polygons[loop].push_back(element.geometry[1]);
  }
  std::vector<std::pair<std::size_t, std::size_t>> edges;  // (loop, index)
  for (std::size_t l = 0; l < polygons.size(); ++l) {
    for (std::size_t i = 0; i < polygons[l].size(); ++i) {
      edges.emplace_back(l, i);
    }
  }
  const auto end = [&](std::pair<std::size_t, std::size_t> e, std::size_t k) -> const Vec2& {
    const auto& p = polygons[e.first];
    return p[(e.second + k) % p.size()];
  };
  for (std::size_t i = 0; i < edges.size(); ++i) {
    for (std::size_t j = i + 1; j < edges.size(); ++j) {
      if (segmentsCross(end(edges[i], 0), end(edges[i], 1), end(edges[j], 0), end(edges[j], 1))) {
        throw InvalidInputError("boundary loops " + toText(edges[i].first) + " and " +
                                toText(edges[j].first) + " intersect near (" +
                                toText(end(edges[i], 0).x()) + ", " + toText(end(edges[i], 0).y()) +
                                "): the boundary must not cross itself");
      }
    }
  }
  for (std::size_t l = 1; l < polygons.size(); ++l) {
    if (!inside(polygons[0], polygons[l].front())) {
      throw InvalidInputError("boundary loop " + toText(l) +
                              " (a hole) lies outside the outer loop");
    }
  }
}

}  // namespace

Vec2 BoundaryElement::position(double xi) const {
  return 0.5 * xi * (xi - 1.0) * geometry[0] + (1.0 - xi * xi) * geometry[1] +
         0.5 * xi * (xi + 1.0) * geometry[2];
}

Vec2 BoundaryElement::tangent(double xi) const {
  return (xi - 0.5) * geometry[0] - 2.0 * xi * geometry[1] + (xi + 0.5) * geometry[2];
}

Vec2 BoundaryElement::normal(double xi) const {
  const Vec2 t = tangent(xi).normalized();
  return {t.y(), -t.x()};
}

std::array<double, 3> BoundaryElement::shape(double xi) const {
  const auto& n = node_xi;
  return {(xi - n[1]) * (xi - n[2]) / ((n[0] - n[1]) * (n[0] - n[2])),
          (xi - n[0]) * (xi - n[2]) / ((n[1] - n[0]) * (n[1] - n[2])),
          (xi - n[0]) * (xi - n[1]) / ((n[2] - n[0]) * (n[2] - n[1]))};
}

double BoundaryElement::length() const {
  const auto& rule = bem_detail::gaussLegendre(16);
  double sum = 0.0;
  for (std::size_t q = 0; q < rule.x.size(); ++q) {
    sum += rule.w[q] * tangent(rule.x[q]).norm();
  }
  return sum;
}

void BoundaryMesh::validate() const {
  if (elements.empty()) {
    throw InvalidInputError("boundary mesh has no elements");
  }
  for (std::size_t e = 0; e < elements.size(); ++e) {
    const auto& element = elements[e];
    const std::string where = "boundary element " + toText(e);
    for (std::size_t a = 0; a < 3; ++a) {
      if (element.nodes[a] < 0 || static_cast<std::size_t>(element.nodes[a]) >= nodes.size()) {
        throw InvalidInputError(where + ": node index " + toText(element.nodes[a]) +
                                " out of range (" + toText(nodes.size()) + " nodes)");
      }
      if (!element.geometry[a].allFinite() || !(std::abs(element.node_xi[a]) <= 1.0)) {
        throw InvalidInputError(where + ": non-finite point or node coordinate outside [-1, 1]");
      }
    }
    if (element.node_xi[0] == element.node_xi[1] || element.node_xi[1] == element.node_xi[2] ||
        element.node_xi[0] == element.node_xi[2]) {
      throw InvalidInputError(where + ": two nodes at the same local coordinate");
    }
  }
  for (std::size_t j = 0; j < nodes.size(); ++j) {
    if (!nodes[j].position.allFinite() || !nodes[j].normal.allFinite()) {
      throw InvalidInputError("boundary node " + toText(j) + " is not finite");
    }
  }
}

std::vector<Vec2> BoundaryMesh::outline() const {
  std::vector<Vec2> points;
  for (const auto& element : elements) {
    if (nodes[static_cast<std::size_t>(element.nodes[1])].loop != 0) {
      continue;
    }
    points.push_back(element.geometry[0]);
    points.push_back(element.geometry[1]);
  }
  return points;
}

std::vector<double> BoundaryMesh::tributaryLengths() const {
  std::vector<double> lengths(nodes.size(), 0.0);
  const auto& rule = bem_detail::gaussLegendre(8);
  for (const auto& element : elements) {
    for (std::size_t q = 0; q < rule.x.size(); ++q) {
      const auto n = element.shape(rule.x[q]);
      const double jw = rule.w[q] * element.tangent(rule.x[q]).norm();
      for (std::size_t a = 0; a < 3; ++a) {
        lengths[static_cast<std::size_t>(element.nodes[a])] += n[a] * jw;
      }
    }
  }
  return lengths;
}

PlanarMassProperties BoundaryMesh::massProperties(double density) const {
  if (!(density > 0.0) || !std::isfinite(density)) {
    throw InvalidInputError("boundary mesh mass properties: density must be positive, got " +
                            toText(density));
  }
  // Green's theorem: A = ½∮(x dy − y dx), ∫x dA = ∮ x²/2 dy, ∫y dA = −∮ y²/2 dx,
  // ∫(x² + y²) dA = ∮ (x³ dy − y³ dx)/3, relative to the first point against cancellation.
  const Vec2 o = elements.empty() ? Vec2::Zero() : elements.front().geometry[0];
  const auto& rule = bem_detail::gaussLegendre(8);
  double area = 0.0;
  Vec2 first = Vec2::Zero();
  double second = 0.0;
  double radius = 0.0;
  for (const auto& element : elements) {
    for (std::size_t q = 0; q < rule.x.size(); ++q) {
      const Vec2 x = element.position(rule.x[q]) - o;
      const Vec2 d = element.tangent(rule.x[q]) * rule.w[q];
      area += 0.5 * (x.x() * d.y() - x.y() * d.x());
      first += Vec2(0.5 * x.x() * x.x() * d.y(), -0.5 * x.y() * x.y() * d.x());
      second += (x.x() * x.x() * x.x() * d.y() - x.y() * x.y() * x.y() * d.x()) / 3.0;
    }
  }
  PlanarMassProperties m;
  m.area = area;
  m.mass = density * area;
  const Vec2 centroid = first / area;
  m.centroid = o + centroid;
  m.inertia = density * (second - area * centroid.squaredNorm());
  for (const auto& element : elements) {
    for (const auto& p : element.geometry) {
      radius = std::max(radius, (p - m.centroid).norm());
    }
  }
  m.bounding_radius = radius;
  return m;
}

CurvePiece CurvePiece::line(Vec2 from, Vec2 to, int elements, double grading) {
  CurvePiece piece;
  piece.kind = Kind::kLine;
  piece.a = from;
  piece.b = to;
  piece.elements = elements;
  piece.grading = grading;
  return piece;
}

CurvePiece CurvePiece::arc(Vec2 centre, double radius, double start, double end, int elements,
                           double grading) {
  CurvePiece piece;
  piece.kind = Kind::kArc;
  piece.centre = centre;
  piece.radius = radius;
  piece.start = start;
  piece.end = end;
  piece.elements = elements;
  piece.grading = grading;
  piece.a = piece.point(0.0);
  piece.b = piece.point(1.0);
  return piece;
}

Vec2 CurvePiece::point(double fraction) const {
  if (kind == Kind::kLine) {
    return a + fraction * (b - a);
  }
  const double angle = start + fraction * (end - start);
  return centre + radius * Vec2(std::cos(angle), std::sin(angle));
}

BoundaryMesh meshLoops(const std::vector<std::vector<CurvePiece>>& loops) {
  if (loops.empty()) {
    throw InvalidInputError("boundary: no loops given");
  }
  BoundaryMesh mesh;
  for (std::size_t l = 0; l < loops.size(); ++l) {
    const auto& pieces = loops[l];
    if (pieces.empty()) {
      throw InvalidInputError("boundary loop " + toText(l) + " has no pieces");
    }
    // Validate the pieces and the closure of the loop.
    double size = 0.0;
    for (const auto& piece : pieces) {
      size = std::max({size, piece.a.norm(), piece.b.norm(), piece.radius});
    }
    const double tolerance = 1e-9 * std::max(size, 1e-300);
    for (std::size_t p = 0; p < pieces.size(); ++p) {
      const auto& piece = pieces[p];
      if (!piece.a.allFinite() || !piece.b.allFinite() || !piece.centre.allFinite() ||
          !std::isfinite(piece.radius) || !std::isfinite(piece.start) ||
          !std::isfinite(piece.end)) {
        throw InvalidInputError(where(l, p) + ": non-finite coordinates");
      }
      if (piece.elements < 1) {
        throw InvalidInputError(where(l, p) + ": needs at least one element, got " +
                                toText(piece.elements));
      }
      if (!(piece.grading > 0.0) || !std::isfinite(piece.grading)) {
        throw InvalidInputError(where(l, p) + ": grading must be positive, got " +
                                toText(piece.grading));
      }
      const double length = piece.kind == CurvePiece::Kind::kLine
                                ? (piece.b - piece.a).norm()
                                : std::abs(piece.radius * (piece.end - piece.start));
      if (!(length > tolerance)) {
        throw InvalidInputError(where(l, p) + ": has zero length");
      }
      const auto& next = pieces[(p + 1) % pieces.size()];
      if ((piece.b - next.a).norm() > tolerance) {
        throw InvalidInputError(where(l, p) + ": ends at (" + toText(piece.b.x()) + ", " +
                                toText(piece.b.y()) + ") but the next piece starts at (" +
                                toText(next.a.x()) + ", " + toText(next.a.y()) +
                                "): the loop is not closed");
      }
    }
    // Geometric points of every element, and whether each piece junction is a corner.
    std::vector<BoundaryElement> loop_elements;
    std::vector<bool> corner_before;  // per element: its start is a corner
    std::vector<Vec2> polygon;
    for (std::size_t p = 0; p < pieces.size(); ++p) {
      const auto& piece = pieces[p];
      const auto& previous = pieces[(p + pieces.size() - 1) % pieces.size()];
      const Vec2 t_in = pieceTangent(previous, 1.0);
      const Vec2 t_out = pieceTangent(piece, 0.0);
      const bool corner = std::abs(std::atan2(t_in.x() * t_out.y() - t_in.y() * t_out.x(),
                                              t_in.dot(t_out))) > kCornerAngle;
      const auto fractions = gradedFractions(piece.elements, piece.grading);
      for (int e = 0; e < piece.elements; ++e) {
        const double f0 = fractions[static_cast<std::size_t>(e)];
        const double f1 = fractions[static_cast<std::size_t>(e) + 1];
        BoundaryElement element;
        element.geometry = {piece.point(f0), piece.point(0.5 * (f0 + f1)), piece.point(f1)};
        loop_elements.push_back(element);
        corner_before.push_back(e == 0 && corner);
        polygon.push_back(element.geometry[0]);
        polygon.push_back(element.geometry[1]);
      }
    }
    const double area = signedArea(polygon);
    if (l == 0 && !(area > 0.0)) {
      throw InvalidInputError("boundary loop 0 (the outer boundary) must run counter-clockwise");
    }
    if (l > 0 && !(area < 0.0)) {
      throw InvalidInputError("boundary loop " + toText(l) + " (a hole) must run clockwise");
    }
    // Functional nodes: shared at smooth junctions, moved inside at corners.
    const std::size_t count = loop_elements.size();
    const int first_node = static_cast<int>(mesh.nodes.size());
    std::vector<int> start_node(count);
    for (std::size_t e = 0; e < count; ++e) {
      const bool corner_start = corner_before[e];
      const bool corner_end = corner_before[(e + 1) % count];
      auto& element = loop_elements[e];
      element.node_xi = {corner_start ? -kCornerNodeXi : -1.0, 0.0,
                         corner_end ? kCornerNodeXi : 1.0};
      if (corner_start || e == 0) {
        start_node[e] = static_cast<int>(mesh.nodes.size());
        mesh.nodes.push_back(
            {element.position(element.node_xi[0]), Vec2::Zero(), static_cast<int>(l)});
      } else {
        start_node[e] = element.nodes[0];
      }
      element.nodes[0] = start_node[e];
      element.nodes[1] = static_cast<int>(mesh.nodes.size());
      mesh.nodes.push_back({element.position(0.0), Vec2::Zero(), static_cast<int>(l)});
      if (corner_end) {
        element.nodes[2] = static_cast<int>(mesh.nodes.size());
        mesh.nodes.push_back(
            {element.position(element.node_xi[2]), Vec2::Zero(), static_cast<int>(l)});
      } else if (e + 1 < count) {
        element.nodes[2] = static_cast<int>(mesh.nodes.size());
        mesh.nodes.push_back({element.position(1.0), Vec2::Zero(), static_cast<int>(l)});
        loop_elements[e + 1].nodes[0] = element.nodes[2];
      } else {
        element.nodes[2] = start_node[0];  // closes the loop smoothly
      }
    }
    (void)first_node;
    for (auto& element : loop_elements) {
      for (std::size_t a = 0; a < 3; ++a) {
        mesh.nodes[static_cast<std::size_t>(element.nodes[a])].normal +=
            element.normal(element.node_xi[a]);
      }
      mesh.elements.push_back(element);
    }
  }
  for (auto& node : mesh.nodes) {
    node.normal.normalize();
  }
  requireSimple(mesh);
  return mesh;
}

std::vector<CurvePiece> circleLoop(Vec2 centre, double radius, int elements,
                                   bool counter_clockwise) {
  const double turn = counter_clockwise ? 2.0 * std::numbers::pi : -2.0 * std::numbers::pi;
  return {CurvePiece::arc(centre, radius, 0.0, turn, elements)};
}

std::vector<CurvePiece> polygonLoop(const std::vector<Vec2>& vertices, int elements_per_side) {
  std::vector<CurvePiece> pieces;
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    pieces.push_back(
        CurvePiece::line(vertices[i], vertices[(i + 1) % vertices.size()], elements_per_side));
  }
  return pieces;
}

std::vector<CurvePiece> barLoop(double length, double diameter, int side_elements, int tip_elements,
                                double side_grading) {
  if (!(diameter > 0.0) || !(length > diameter)) {
    throw InvalidInputError("bar: need 0 < diameter < length, got length " + toText(length) +
                            " and diameter " + toText(diameter));
  }
  const double r = 0.5 * diameter;
  const double x = 0.5 * length - r;  // centres of the semicircular tips
  const double pi = std::numbers::pi;
  // Each side is two graded halves meeting in the middle so both ends are refined towards the
  // tips; an odd count puts the extra element on the first half.
  const int first = (side_elements + 1) / 2;
  const int second = side_elements - first;
  std::vector<CurvePiece> pieces;
  pieces.push_back(CurvePiece::arc({x, 0.0}, r, -0.5 * pi, 0.5 * pi, tip_elements));
  const auto side = [&](Vec2 from, Vec2 to) {
    const Vec2 middle = 0.5 * (from + to);
    if (second == 0) {
      pieces.push_back(CurvePiece::line(from, to, first));
      return;
    }
    pieces.push_back(CurvePiece::line(from, middle, first, side_grading));
    pieces.push_back(CurvePiece::line(middle, to, second, 1.0 / side_grading));
  };
  side({x, r}, {-x, r});
  pieces.push_back(CurvePiece::arc({-x, 0.0}, r, 0.5 * pi, 1.5 * pi, tip_elements));
  side({-x, -r}, {x, -r});
  return pieces;
}

}  // namespace contactsim
