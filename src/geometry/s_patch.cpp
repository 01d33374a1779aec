#include "geometry/s_patch.hpp"

#include <array>
#include <cmath>
#include <memory>
#include <numbers>
#include <string>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

// Appends every composition of `remaining` into the entries k … n − 1 of `index`, largest first.
void appendCompositions(std::vector<std::uint8_t>& out, std::vector<std::uint8_t>& index,
                        std::size_t k, int remaining) {
  if (k + 1 == index.size()) {
    index[k] = static_cast<std::uint8_t>(remaining);
    out.insert(out.end(), index.begin(), index.end());
    return;
  }
  for (int value = remaining; value >= 0; --value) {
    index[k] = static_cast<std::uint8_t>(value);
    appendCompositions(out, index, k + 1, remaining - value);
  }
}

double factorial(int n) {
  double f = 1.0;
  for (int k = 2; k <= n; ++k)
    f *= k;
  return f;
}

}  // namespace

PatchDomain SPatch::regularDomain(int sides) {
  if (sides < 3 || sides > kMaxSides) {
    throw InvalidInputError("S-patch: " + toText(sides) + " sides, expected 3 to " +
                            toText(kMaxSides));
  }
  // Unit area: n/2 R² sin(2π/n) = 1 (kry-2000 §5.2.1, to match adjacent patches' derivatives).
  const double n = sides;
  const double radius = std::sqrt(2.0 / (n * std::sin(2.0 * std::numbers::pi / n)));
  std::vector<Vec2> vertices;
  for (int k = 0; k < sides; ++k) {
    const double angle = 2.0 * std::numbers::pi * k / n;
    vertices.emplace_back(radius * std::cos(angle), radius * std::sin(angle));
  }
  return PatchDomain(std::move(vertices));
}

std::vector<std::uint8_t> SPatch::multiIndices(int sides, int degree) {
  std::vector<std::uint8_t> out;
  std::vector<std::uint8_t> index(static_cast<std::size_t>(sides), 0);
  appendCompositions(out, index, 0, degree);
  return out;
}

SPatch::SPatch(int sides, int degree, std::vector<Vec3> control_points)
    : sides_(sides),
      degree_(degree),
      domain_(regularDomain(sides)),
      control_(std::move(control_points)) {
  if (degree < 1 || degree > kMaxDegree) {
    throw InvalidInputError("S-patch: degree " + toText(degree) + ", expected 1 to " +
                            toText(kMaxDegree));
  }
  indices_ = multiIndices(sides, degree);
  const std::size_t count = indices_.size() / static_cast<std::size_t>(sides);
  if (control_.size() != count) {
    throw InvalidInputError("S-patch: " + toText(control_.size()) + " control points, expected " +
                            toText(count) + " (one per multi-index of degree " + toText(degree) +
                            " in " + toText(sides) + " variables)");
  }
  for (std::size_t c = 0; c < count; ++c) {
    if (!control_[c].allFinite())
      throw InvalidInputError("S-patch: control point " + toText(c) + " is not finite");
    double denominator = 1.0;
    for (int k = 0; k < sides; ++k)
      denominator *= factorial(indices_[c * static_cast<std::size_t>(sides) + k]);
    multinomial_.push_back(factorial(degree) / denominator);  // eq. 5.11
  }
}

int SPatch::indexOf(std::span<const std::uint8_t> multi_index) const {
  if (multi_index.size() != static_cast<std::size_t>(sides_))
    return -1;
  const std::size_t n = multi_index.size();
  for (std::size_t c = 0; c < control_.size(); ++c) {
    bool same = true;
    for (std::size_t k = 0; k < n && same; ++k)
      same = indices_[c * n + k] == multi_index[k];
    if (same)
      return static_cast<int>(c);
  }
  return -1;
}

void SPatch::embeddingJets(double u, double v, Taylor3* l) const {
  const Taylor3 pu = Taylor3::variableS(u), pv = Taylor3::variableT(v);
  // α_i: twice the signed area of the triangle p P_i P_{i+1} (eq. 5.13), linear in p.
  std::array<Taylor3, kMaxSides> alpha;
  for (int i = 0; i < sides_; ++i) {
    const Vec2& a = domain_.vertex(i);
    const Vec2& b = domain_.vertex((i + 1) % sides_);
    alpha[static_cast<std::size_t>(i)] =
        (a.x() * b.y() - a.y() * b.x()) - (b.y() - a.y()) * pu + (b.x() - a.x()) * pv;
  }
  // π_i: the product of every α_j but α_{i−1} and α_i (eq. 5.14), zero on the edges not at P_i.
  // (The first factor is taken as it is: 1 · α would cost a full jet product.)
  Taylor3 sum(0.0);
  for (int i = 0; i < sides_; ++i) {
    Taylor3 pi(1.0);
    bool first = true;
    for (int j = 0; j < sides_; ++j) {
      if (j != i && j != (i + sides_ - 1) % sides_) {
        pi = first ? alpha[static_cast<std::size_t>(j)] : pi * alpha[static_cast<std::size_t>(j)];
        first = false;
      }
    }
    l[i] = pi;
    sum += pi;
  }
  // l_i = π_i / Σ π_j (eq. 5.15): the simplex coordinates, a partition of unity.
  const Taylor3 inverse = 1.0 / sum;
  for (int i = 0; i < sides_; ++i)
    l[i] = l[i] * inverse;
}

std::vector<double> SPatch::embedding(double u, double v) const {
  std::array<Taylor3, kMaxSides> l;
  embeddingJets(u, v, l.data());
  std::vector<double> out;
  for (int i = 0; i < sides_; ++i)
    out.push_back(l[static_cast<std::size_t>(i)].value());
  return out;
}

template <class Visit>
void SPatch::forEachBasis(double u, double v, Visit&& visit) const {
  if (!std::isfinite(u) || !std::isfinite(v))
    throw InvalidInputError("S-patch: (u, v) is not finite");
  // The simplex coordinates and their powers l_k^m, m ≤ d, as jets.
  std::array<Taylor3, kMaxSides> l;
  embeddingJets(u, v, l.data());
  // (Storage left uninitialised: zeroing all kMaxSides × (kMaxDegree + 1) jets on every
  // evaluation took 7 % of a triangle's jet; only sides × (degree + 1) are written and read.)
  union Slot {
    Slot() {}  // NOLINT: no initialisation by design
    Taylor3 jet;
  };
  std::array<std::array<Slot, kMaxDegree + 1>, kMaxSides> power;
  for (int k = 0; k < sides_; ++k) {
    auto& row = power[static_cast<std::size_t>(k)];
    std::construct_at(&row[0].jet, 1.0);
    std::construct_at(&row[1].jet, l[k]);
    for (int m = 2; m <= degree_; ++m) {
      std::construct_at(&row[static_cast<std::size_t>(m)].jet,
                        row[static_cast<std::size_t>(m - 1)].jet * l[k]);
    }
  }
  // The Bernstein basis of the simplex (eq. 5.10): multinomial(i) Π_k l_k^{i_k}, the first power
  // scaled by the multinomial (a constant's full jet product would cost 35 multiplications).
  const auto n = static_cast<std::size_t>(sides_);
  for (std::size_t c = 0; c < control_.size(); ++c) {
    Taylor3 basis(multinomial_[c]);
    bool scaled = false;
    for (std::size_t k = 0; k < n; ++k) {
      const int exponent = indices_[c * n + k];
      if (exponent == 0)
        continue;
      const Taylor3& factor = power[k][static_cast<std::size_t>(exponent)].jet;
      basis = scaled ? basis * factor : multinomial_[c] * factor;
      scaled = true;
    }
    visit(c, basis);
  }
}

SurfaceJet SPatch::evaluate(double u, double v, JetOrder order) const {
  // The Bézier simplex (eq. 5.12): Σ_i B_i P_i.
  TaylorPoint p{Taylor3(0.0), Taylor3(0.0), Taylor3(0.0)};
  forEachBasis(u, v, [&](std::size_t c, const Taylor3& basis) {
    p.x += basis * control_[c].x();
    p.y += basis * control_[c].y();
    p.z += basis * control_[c].z();
  });
  return jetFromTaylor(p, order);
}

std::vector<Vec3> SPatch::basisFirstOrder(double u, double v) const {
  std::vector<Vec3> out(control_.size());
  forEachBasis(u, v, [&](std::size_t c, const Taylor3& basis) {
    out[c] = Vec3(basis.value(), basis.derivative(1, 0), basis.derivative(0, 1));
  });
  return out;
}

}  // namespace contactsim
