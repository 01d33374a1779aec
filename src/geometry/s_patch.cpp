#include "geometry/s_patch.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <memory>
#include <new>
#include <numbers>
#include <string>
#include <unordered_map>

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

// Storage for `size` objects of T, on the stack up to N of them, left uninitialised (each is
// constructed before it is read).
template <class T, std::size_t N>
class Scratch {
 public:
  explicit Scratch(std::size_t size) {
    if (size > N)
      heap_.resize(size);
  }
  T* data() { return heap_.empty() ? std::launder(reinterpret_cast<T*>(local_)) : heap_.data(); }

 private:
  alignas(T) std::byte local_[N * sizeof(T)];
  std::vector<T> heap_;
};

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
  buildJetTables();
}

void SPatch::buildJetTables() {
  const auto n = static_cast<std::size_t>(sides_);
  // Multi-indices of each degree m ≤ d with their positions, keyed by their digits base d + 1.
  std::vector<std::vector<std::uint8_t>> of_degree;
  std::vector<std::unordered_map<std::uint64_t, int>> position(static_cast<std::size_t>(degree_) +
                                                               1);
  auto key = [&](const std::uint8_t* index) {
    std::uint64_t k = 0;
    for (std::size_t i = 0; i < n; ++i)
      k = k * static_cast<std::uint64_t>(degree_ + 1) + index[i];
    return k;
  };
  for (int m = 0; m <= degree_; ++m) {
    of_degree.push_back(multiIndices(sides_, m));
    const std::vector<std::uint8_t>& list = of_degree.back();
    for (std::size_t c = 0; c * n < list.size(); ++c)
      position[static_cast<std::size_t>(m)][key(&list[c * n])] = static_cast<int>(c);
  }
  for (int m = 0; m < degree_; ++m) {
    const std::vector<std::uint8_t>& list = of_degree[static_cast<std::size_t>(m)];
    std::vector<int>& raise = raise_[static_cast<std::size_t>(m)];
    for (std::size_t c = 0; c * n < list.size(); ++c) {
      std::vector<std::uint8_t> up(list.begin() + static_cast<std::ptrdiff_t>(c * n),
                                   list.begin() + static_cast<std::ptrdiff_t>((c + 1) * n));
      for (std::size_t j = 0; j < n; ++j) {
        ++up[j];
        raise.push_back(position[static_cast<std::size_t>(m + 1)].at(key(up.data())));
        --up[j];
      }
    }
  }
  for (int k = 1; k <= std::min(degree_, 3); ++k) {
    const std::vector<std::uint8_t>& list = of_degree[static_cast<std::size_t>(k)];
    for (std::size_t c = 0; c * n < list.size(); ++c) {
      std::vector<std::uint8_t> parent(list.begin() + static_cast<std::ptrdiff_t>(c * n),
                                       list.begin() + static_cast<std::ptrdiff_t>((c + 1) * n));
      std::size_t j = 0;
      while (parent[j] == 0)
        ++j;
      double denominator = 1.0;
      for (const std::uint8_t i : parent)
        denominator *= factorial(i);
      --parent[j];
      const double binomial = factorial(degree_) / (factorial(k) * factorial(degree_ - k));
      terms_[static_cast<std::size_t>(k)].push_back(
          {position[static_cast<std::size_t>(k - 1)].at(key(parent.data())), static_cast<int>(j),
           binomial * factorial(k) / denominator});
    }
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
  if (!std::isfinite(u) || !std::isfinite(v))
    throw InvalidInputError("S-patch: (u, v) is not finite");
  // kry-2000 §5.2.2, eq. 5.18 (blossoms, after Ramshaw): the Bézier simplex's derivatives at
  // l₀ = l(u, v) are its blossom there, D^k B(l₀)[e_α] = d!/(d − k)! B(l₀, …, l₀, e_α) with
  // d − k arguments l₀: the control net P^(k) after d − k de Casteljau steps at l₀. Composed with
  // the embedding's jet by Taylor's formula,
  //   S = Σ_{k ≤ 3} C(d, k) Σ_{|α| = k} k!/α! P^(k)_α δ^α,   δ = l(u, v) − l₀,
  // it takes no jet arithmetic per control point (eq. 5.12 summed basis function by basis
  // function did: 1.10 µs for the sextic triangle, 0.55 µs this way).
  // The simplex coordinates as jets (eq. 5.15) and δ, their part without constant.
  std::array<Taylor3, kMaxSides> l;
  embeddingJets(u, v, l.data());
  const auto n = static_cast<std::size_t>(sides_);
  std::array<double, kMaxSides> l0;
  for (std::size_t k = 0; k < n; ++k) {
    l0[k] = l[k].value();
    l[k] -= Taylor3(l0[k]);
  }
  // The monomials δ^α for |α| = 1, 2, 3, each one product from one of degree |α| − 1.
  const std::size_t terms = terms_[1].size() + terms_[2].size() + terms_[3].size();
  Scratch<Taylor3, 64> monomial_store(terms);
  Taylor3* monomial[4] = {nullptr, monomial_store.data(), monomial_store.data() + terms_[1].size(),
                          monomial_store.data() + terms_[1].size() + terms_[2].size()};
  for (std::size_t k = 1; k <= 3; ++k) {
    for (std::size_t a = 0; a < terms_[k].size(); ++a) {
      const Term& term = terms_[k][a];
      const Taylor3& delta = l[static_cast<std::size_t>(term.variable)];
      std::construct_at(
          &monomial[k][a],
          k == 1 ? delta : monomial[k - 1][static_cast<std::size_t>(term.parent)] * delta);
    }
  }
  // de Casteljau at l₀ from degree d to 0, adding each net of degree k ≤ 3 into the Taylor sum.
  TaylorPoint p{Taylor3(0.0), Taylor3(0.0), Taylor3(0.0)};
  auto add = [&](std::size_t k, const Vec3* net) {
    if (k == 0) {
      p.x += Taylor3(net[0].x());
      p.y += Taylor3(net[0].y());
      p.z += Taylor3(net[0].z());
      return;
    }
    for (std::size_t a = 0; a < terms_[k].size(); ++a) {
      const double c = terms_[k][a].coefficient;
      const Taylor3& mono = monomial[k][a];
      p.x += (c * net[a].x()) * mono;
      p.y += (c * net[a].y()) * mono;
      p.z += (c * net[a].z()) * mono;
    }
  };
  const Vec3* net = control_.data();
  if (degree_ <= 3)
    add(static_cast<std::size_t>(degree_), net);
  const std::size_t largest = raise_[static_cast<std::size_t>(degree_ - 1)].size() / n;
  Scratch<Vec3, 64> net_a(largest), net_b(largest);
  for (int m = degree_ - 1; m >= 0; --m) {
    const std::vector<int>& raise = raise_[static_cast<std::size_t>(m)];
    Vec3* out = (degree_ - 1 - m) % 2 == 0 ? net_a.data() : net_b.data();
    for (std::size_t c = 0; c * n < raise.size(); ++c) {
      Vec3 x = l0[0] * net[raise[c * n]];
      for (std::size_t j = 1; j < n; ++j)
        x += l0[j] * net[raise[c * n + j]];
      std::construct_at(&out[c], x);
    }
    net = out;
    if (m <= 3)
      add(static_cast<std::size_t>(m), net);
  }
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
