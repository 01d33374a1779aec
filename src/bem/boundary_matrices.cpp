#include "bem/boundary_matrices.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "bem/fundamental_solutions.hpp"
#include "contactsim/error.hpp"
#include "gauss_legendre.hpp"

namespace contactsim {
namespace {

constexpr int kPointsPerPanel = 8;
// Graded panels towards a singular point: each is this fraction of the previous one.
// The innermost panel is 0.15^11 ≈ 9e-10 of the element: fine enough for the log singularity,
// and coarse enough that its points stay distinct from the node in floating point even on
// elements of 0.1 mm at 0.1 m from the origin (0.15^14 was not).
constexpr double kGrading = 0.15;
constexpr int kGradedPanels = 11;
// Elements closer than this many lengths are subdivided so that panels are no longer than half
// the distance to the source.
constexpr double kNearRatio = 2.0;
constexpr int kMaxPanels = 64;
// The dynamic part's panels span at most this many of the kernel's shortest length c_s/|s|max,
// about 2 c_s Δt for BDF2 (on the disc of tests/bem/boundary_matrices_test.cpp the compliance
// moves by 1e-10 relative between 2 and 8, 1e-8 at 32).
constexpr double kPhasePerPanel = 8.0;

// Gauss points of [xi0, xi1], appended to `points`.
void addPoints(const BoundaryElement& element, double xi0, double xi1,
               std::vector<BoundaryQuadraturePoint>& points) {
  const auto& rule = bem_detail::gaussLegendre(kPointsPerPanel);
  const double half = 0.5 * (xi1 - xi0);
  for (std::size_t q = 0; q < rule.x.size(); ++q) {
    const double xi = 0.5 * (xi0 + xi1) + half * rule.x[q];
    const Vec2 tangent = element.tangent(xi);
    const double jacobian = tangent.norm();
    points.push_back({element.position(xi), Vec2(tangent.y(), -tangent.x()) / jacobian,
                      rule.w[q] * std::abs(half) * jacobian, element.shape(xi)});
  }
}

// A panel of `rule`'s element: its points, and its span and arc length (the dynamic part's split).
void addPanel(const BoundaryElement& element, double xi0, double xi1, SourceElementRule& rule) {
  const std::size_t first = rule.points.size();
  addPoints(element, xi0, xi1, rule.points);
  QuadraturePanel panel{xi0, xi1, 0.0};
  for (std::size_t q = first; q < rule.points.size(); ++q)
    panel.length += rule.points[q].weight;
  rule.panels.push_back(panel);
}

// Panels from `at` (the singular point) to `to`, graded towards `at`.
void addGraded(const BoundaryElement& element, double at, double to, SourceElementRule& rule) {
  if (std::abs(to - at) < 1e-14) {
    return;
  }
  double outer = 1.0;
  for (int k = 0; k < kGradedPanels; ++k) {
    const double inner = outer * kGrading;
    addPanel(element, at + inner * (to - at), at + outer * (to - at), rule);
    outer = inner;
  }
  addPanel(element, at, at + outer * (to - at), rule);
}

double distanceToElement(const BoundaryElement& element, const Vec2& p) {
  double best = std::numeric_limits<double>::infinity();
  for (int k = 0; k <= 32; ++k) {
    best = std::min(best, (element.position(-1.0 + k / 16.0) - p).norm());
  }
  return best;
}

template <class Scalar>
void accumulate(const KernelValues<Scalar>& k, const BoundaryQuadraturePoint& point,
                const BoundaryElement& element, int source, int skip_local,
                Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>& h,
                Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>& g) {
  for (int a = 0; a < 3; ++a) {
    const int column = 2 * element.nodes[static_cast<std::size_t>(a)];
    const double weight = point.weight * point.shape[static_cast<std::size_t>(a)];
    g.template block<2, 2>(2 * source, column) += weight * k.u;
    if (a != skip_local) {
      h.template block<2, 2>(2 * source, column) += weight * k.t;
    }
  }
}

// Adds Kelvin's ∫ T N_a and ∫ U N_a over every rule to `out`, leaving out the collocation node's
// own column of T (it comes from rigid motion, in assembleStatic).
void integrateStatic(const BoundaryMesh& mesh, const BoundaryQuadrature& rules,
                     const ElasticMaterial& material, BoundaryMatrices<MatXd>& out) {
  const double lambda = material.lameLambda();
  const double mu = material.shearModulus();
  for (std::size_t i = 0; i < mesh.nodes.size(); ++i) {
    const Vec2& source = mesh.nodes[i].position;
    for (const auto& rule : rules.rules[i]) {
      const auto& element = mesh.elements[static_cast<std::size_t>(rule.element)];
      for (const auto& point : rule.points) {
        const Vec2 d = point.x - source;
        const auto k =
            kernelsFromRadial(kelvinRadial(d.norm(), material), d, point.normal, lambda, mu);
        accumulate(k, point, element, static_cast<int>(i), rule.source_local, out.h, out.g);
      }
    }
  }
}

// Adds ∫ (U(s) − U_Kelvin) N_a and ∫ (T(s) − T_Kelvin) N_a to `out`: each static panel split
// evenly into pieces no longer than `max_panel` (the file's header says why).
void integrateLaplace(const BoundaryMesh& mesh, const BoundaryQuadrature& rules,
                      const ElasticMaterial& material, std::complex<double> s, double max_panel,
                      BoundaryMatrices<MatXcd>& out) {
  const double lambda = material.lameLambda();
  const double mu = material.shearModulus();
  const auto radial = [&](double r) {
    const auto dynamic = laplaceRadial(r, s, material);
    const auto kelvin = kelvinRadial(r, material);
    return RadialKernel<std::complex<double>>{dynamic.a - kelvin.a, dynamic.da - kelvin.da,
                                              dynamic.b - kelvin.b, dynamic.db - kelvin.db};
  };
  std::vector<BoundaryQuadraturePoint> split;
  for (std::size_t i = 0; i < mesh.nodes.size(); ++i) {
    const Vec2& source = mesh.nodes[i].position;
    for (const auto& rule : rules.rules[i]) {
      const auto& element = mesh.elements[static_cast<std::size_t>(rule.element)];
      for (std::size_t p = 0; p < rule.panels.size(); ++p) {
        const QuadraturePanel& panel = rule.panels[p];
        const auto* first = rule.points.data() + p * kPointsPerPanel;
        const auto* last = first + kPointsPerPanel;
        if (panel.length > max_panel) {
          // Clamped in double before the cast, as the near-element subdivision above.
          const int n =
              static_cast<int>(std::min<double>(std::ceil(panel.length / max_panel), 1 << 16));
          split.clear();
          for (int k = 0; k < n; ++k) {
            addPoints(element, panel.xi0 + (panel.xi1 - panel.xi0) * k / n,
                      panel.xi0 + (panel.xi1 - panel.xi0) * (k + 1) / n, split);
          }
          first = split.data();
          last = first + split.size();
        }
        for (const auto* point = first; point != last; ++point) {
          const Vec2 d = point->x - source;
          const auto k = kernelsFromRadial(radial(d.norm()), d, point->normal, lambda, mu);
          accumulate(k, *point, element, static_cast<int>(i), -1, out.h, out.g);
        }
      }
    }
  }
}

}  // namespace

std::size_t BoundaryQuadrature::pointCount() const {
  std::size_t count = 0;
  for (const auto& per_source : rules) {
    for (const auto& rule : per_source) {
      count += rule.points.size();
    }
  }
  return count;
}

BoundaryQuadrature buildBoundaryQuadrature(const BoundaryMesh& mesh) {
  mesh.validate();
  std::vector<double> lengths;
  for (std::size_t e = 0; e < mesh.elements.size(); ++e) {
    const double length = mesh.elements[e].length();
    if (!(length > 0.0) || !std::isfinite(length)) {
      throw InvalidInputError("boundary element " + toText(e) + " has zero length");
    }
    lengths.push_back(length);
  }
  BoundaryQuadrature quadrature;
  quadrature.rules.resize(mesh.nodes.size());
  for (std::size_t i = 0; i < mesh.nodes.size(); ++i) {
    const Vec2& source = mesh.nodes[i].position;
    for (std::size_t e = 0; e < mesh.elements.size(); ++e) {
      const auto& element = mesh.elements[e];
      SourceElementRule rule;
      rule.element = static_cast<int>(e);
      for (int a = 0; a < 3; ++a) {
        if (element.nodes[static_cast<std::size_t>(a)] == static_cast<int>(i)) {
          rule.source_local = a;
        }
      }
      if (rule.source_local >= 0) {
        const double at = element.node_xi[static_cast<std::size_t>(rule.source_local)];
        addGraded(element, at, -1.0, rule);
        addGraded(element, at, 1.0, rule);
      } else {
        const double distance = distanceToElement(element, source);
        if (!(distance > 1e-12 * lengths[e])) {
          throw InvalidInputError("boundary node " + toText(i) + " lies on element " + toText(e) +
                                  " that does not carry it: the boundary touches itself");
        }
        // Clamped in double before the cast: a node very near an element asks for more.
        const int panels =
            distance >= kNearRatio * lengths[e]
                ? 1
                : static_cast<int>(std::min<double>(
                      kMaxPanels, std::ceil(2.0 * kNearRatio * lengths[e] / distance)));
        for (int p = 0; p < panels; ++p) {
          addPanel(element, -1.0 + 2.0 * p / panels, -1.0 + 2.0 * (p + 1) / panels, rule);
        }
      }
      quadrature.rules[i].push_back(std::move(rule));
    }
  }
  return quadrature;
}

BoundaryMatrices<MatXd> assembleStatic(const BoundaryMesh& mesh, const BoundaryQuadrature& rules,
                                       const ElasticMaterial& material) {
  material.validate();
  const auto n = static_cast<Eigen::Index>(2 * mesh.nodes.size());
  BoundaryMatrices<MatXd> out{MatXd::Zero(n, n), MatXd::Zero(n, n)};
  integrateStatic(mesh, rules, material, out);
  for (std::size_t i = 0; i < mesh.nodes.size(); ++i) {
    // Rigid-body translation: c + PV ∫ T on the diagonal block balances the rest of the row.
    const auto row = static_cast<Eigen::Index>(2 * i);
    Eigen::Matrix2d diagonal = Eigen::Matrix2d::Zero();
    for (std::size_t j = 0; j < mesh.nodes.size(); ++j) {
      if (j != i) {
        diagonal -= out.h.block<2, 2>(row, static_cast<Eigen::Index>(2 * j));
      }
    }
    out.h.block<2, 2>(row, row) = diagonal;
  }
  return out;
}

double dynamicPanelLength(const ElasticMaterial& material,
                          const std::vector<std::complex<double>>& frequencies) {
  double largest = 0.0;
  for (const auto& s : frequencies)
    largest = std::max(largest, std::abs(s));
  return largest > 0.0 ? kPhasePerPanel * material.shearWaveSpeed() / largest
                       : std::numeric_limits<double>::infinity();
}

BoundaryMatrices<MatXcd> assembleLaplace(const BoundaryMesh& mesh, const BoundaryQuadrature& rules,
                                         const ElasticMaterial& material, std::complex<double> s,
                                         const BoundaryMatrices<MatXd>& statics, double max_panel) {
  if (!(s.real() > 0.0) || !std::isfinite(s.imag()) || !std::isfinite(s.real())) {
    throw InvalidInputError("Laplace-domain boundary elements need Re s > 0, got s = (" +
                            toText(s.real()) + ", " + toText(s.imag()) + ")");
  }
  BoundaryMatrices<MatXcd> out{statics.h.cast<std::complex<double>>(),
                               statics.g.cast<std::complex<double>>()};
  if (!(max_panel > 0.0)) {
    throw InvalidInputError("Laplace-domain boundary elements need a positive panel length, got " +
                            toText(max_panel));
  }
  integrateLaplace(mesh, rules, material, s, max_panel, out);
  return out;
}

}  // namespace contactsim
