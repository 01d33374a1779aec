#include "extraordinary.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <numbers>
#include <stdexcept>
#include <string>

#include "box_spline.hpp"
#include "contactsim/error.hpp"
#include "contactsim/geometry/control_mesh.hpp"
#include "local_mesh.hpp"

namespace contactsim::loop {
namespace {

Eigen::MatrixXd rowsOf(const LocalMesh& mesh, const std::vector<int>& slots, int K) {
  Eigen::MatrixXd M(static_cast<Eigen::Index>(slots.size()), K);
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (slots[i] < 0)
      throw std::logic_error("Loop extraordinary basis: incomplete neighbourhood");
    M.row(static_cast<Eigen::Index>(i)) = mesh.weights(slots[i]);
  }
  return M;
}

std::unique_ptr<ExtraordinaryBasis> build(int N) {
  auto basis = std::make_unique<ExtraordinaryBasis>();
  basis->valence = N;
  const int K = basis->K = N + 6;
  const LocalMesh level0 = syntheticExtraordinaryNeighbourhood(N);
  const Subdivision s = subdivide(level0);
  const LocalMesh& level1 = s.mesh;
  const int a1 = s.vertexPoint(0), b1 = s.vertexPoint(1), c1 = s.vertexPoint(2);
  const int ab = s.edgePoint(0, 1), bc = s.edgePoint(1, 2), ca = s.edgePoint(2, 0);
  // Stam 1998 §4: A maps the K vertices to the K vertices around the corner sub-triangle at the
  // extraordinary vertex, in the same layout; the extended step picks the regular sub-patches.
  basis->A = rowsOf(level1, extraordinaryLayout(level1, a1, ab, ca), K);
  const std::array<int, 12> pick[3] = {regularLayout(level1, ab, b1, bc),   // k = 1: v > ½
                                       regularLayout(level1, bc, ca, ab),   // k = 2: middle
                                       regularLayout(level1, ca, bc, c1)};  // k = 3: w > ½
  // Generalised eigenspaces for the eigenvalues Stam 1998 gives: 1, (3/8 + ¼ cos 2π/N)²,
  // 3/8 + ¼ cos(2πk/N) (k = 1..N−1), 1/8 (×3), 1/16 (×2); equal values are merged into one cluster.
  std::vector<double> values{1.0, std::pow(0.375 + 0.25 * std::cos(2 * std::numbers::pi / N), 2)};
  for (int k = 1; k < N; ++k)
    values.push_back(0.375 + 0.25 * std::cos(2 * std::numbers::pi * k / N));
  for (int k = 0; k < 3; ++k)
    values.push_back(0.125);
  for (int k = 0; k < 2; ++k)
    values.push_back(0.0625);
  std::map<double, int> clusters;  // λ → algebraic multiplicity
  for (const double v : values) {
    bool merged = false;
    for (auto& [lambda, m] : clusters) {
      if (std::abs(lambda - v) < 1e-12) {
        ++m;
        merged = true;
        break;
      }
    }
    if (!merged)
      clusters[v] = 1;
  }
  basis->V.resize(K, K);
  int column = 0;
  for (auto it = clusters.rbegin(); it != clusters.rend(); ++it) {
    const auto [lambda, m] = *it;
    Eigen::MatrixXd shifted = basis->A - lambda * Eigen::MatrixXd::Identity(K, K);
    Eigen::MatrixXd power = Eigen::MatrixXd::Identity(K, K);
    for (int i = 0; i < m; ++i)
      power = power * shifted;
    Eigen::FullPivLU<Eigen::MatrixXd> lu(power);
    lu.setThreshold(1e-10);
    const Eigen::MatrixXd kernel = lu.kernel();
    if (kernel.cols() != m) {
      throw std::logic_error("Loop valence " + toText(N) + ": generalised eigenspace of " +
                             toText(lambda) + " has dimension " + toText(kernel.cols()) +
                             ", expected " + toText(m));
    }
    basis->V.middleCols(column, m) = kernel;
    basis->blocks.push_back({column, m, lambda, Eigen::MatrixXd()});
    column += m;
  }
  basis->V_inverse = basis->V.fullPivLu().inverse();
  const Eigen::MatrixXd B = basis->V_inverse * basis->A * basis->V;
  Eigen::MatrixXd off = B;
  for (ExtraordinaryBasis::Block& block : basis->blocks) {
    block.nilpotent = B.block(block.start, block.start, block.size, block.size) -
                      block.lambda * Eigen::MatrixXd::Identity(block.size, block.size);
    off.block(block.start, block.start, block.size, block.size).setZero();
  }
  basis->lambda.assign(static_cast<std::size_t>(K), 0.0);
  basis->in_jordan_block.assign(static_cast<std::size_t>(K), 0);
  for (const ExtraordinaryBasis::Block& block : basis->blocks) {
    const bool jordan = block.nilpotent.cwiseAbs().maxCoeff() > 1e-12;
    for (int i = block.start; i < block.start + block.size; ++i) {
      basis->lambda[static_cast<std::size_t>(i)] = block.lambda;
      basis->in_jordan_block[static_cast<std::size_t>(i)] = jordan ? 1 : 0;
    }
  }
  if (off.cwiseAbs().maxCoeff() > 1e-9) {
    throw std::logic_error("Loop valence " + toText(N) + ": eigenspaces do not split A");
  }
  for (int k = 0; k < 3; ++k) {
    std::vector<int> slots(pick[k].begin(), pick[k].end());
    basis->quartic_from_eigen[static_cast<std::size_t>(k)] =
        boxSplineCoefficients().transpose() * rowsOf(level1, slots, K) * basis->V;
  }
  return basis;
}

}  // namespace

namespace {

// x^m by repeated squaring: exact for the dyadic eigenvalues, far cheaper than std::pow.
double integerPower(double x, int m) {
  double result = 1.0;
  while (m > 0) {
    if (m & 1)
      result *= x;
    x *= x;
    m >>= 1;
  }
  return result;
}

}  // namespace

KPoints ExtraordinaryBasis::power(int m, const KPoints& X) const {
  KPoints Y(X.rows(), 3);
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    if (!in_jordan_block[static_cast<std::size_t>(i)]) {
      Y.row(i) = integerPower(lambda[static_cast<std::size_t>(i)], m) * X.row(i);
    }
  }
  for (const Block& b : blocks) {
    if (b.size == 1 || !in_jordan_block[static_cast<std::size_t>(b.start)])
      continue;
    // (λ I + N)^m = Σ_j C(m, j) λ^{m−j} N^j, j < size (N is nilpotent of index ≤ size).
    Eigen::MatrixXd term = X.middleRows(b.start, b.size);
    Eigen::MatrixXd sum = integerPower(b.lambda, m) * term;
    double binomial = 1.0;
    for (int j = 1; j < b.size && j <= m; ++j) {
      binomial *= static_cast<double>(m - j + 1) / j;
      term = b.nilpotent * term;
      sum += binomial * integerPower(b.lambda, m - j) * term;
    }
    Y.middleRows(b.start, b.size) = sum;
  }
  return Y;
}

const ExtraordinaryBasis& extraordinaryBasis(int valence) {
  if (valence < 3 || valence > kMaxLoopValence || valence == 6) {
    throw InvalidInputError("no extraordinary Loop basis for valence " + toText(valence) +
                            " (supported: 3.." + toText(kMaxLoopValence) + ", not 6)");
  }
  static std::mutex mutex;
  static std::map<int, std::unique_ptr<ExtraordinaryBasis>> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  auto& slot = cache[valence];
  if (!slot)
    slot = build(valence);
  return *slot;
}

ExtraordinaryPatch ExtraordinaryPatch::make(int valence, const Eigen::MatrixXd& control_points) {
  ExtraordinaryPatch patch;
  patch.basis = &extraordinaryBasis(valence);
  patch.eigen_coefficients = patch.basis->V_inverse * control_points;
  // Loop's limit mask at the extraordinary vertex: (1 − Nχ) a + χ Σ ring.
  const double chi = loopLimitWeight(valence);
  patch.limit_position = (1.0 - valence * chi) * control_points.row(0).transpose();
  for (int i = 1; i <= valence; ++i)
    patch.limit_position += chi * control_points.row(i).transpose();
  return patch;
}

namespace {

// Stam 1998 §4's level n = ⌊1 − log₂(v + w)⌋, exactly, from the binary exponent, in [1, max_level].
// Beyond the edge opposite the vertex (v + w > 1, ε-extended boundaries, RK4 stages) the level
// stays 1: the outer ring's polynomial pieces extend continuously.
int levelOf(double v, double w, int max_level) {
  int e = 0;
  const double f = std::frexp(v + w, &e);
  return std::clamp(f == 0.5 ? 2 - e : 1 - e, 1, std::max(1, max_level));
}

}  // namespace

int ExtraordinaryPatch::piece(double v, double w, int max_level) {
  if (!(v + w > 0.0) && max_level == kAnyLevel)
    return -1;
  const int n = levelOf(v, w, max_level);
  v = std::ldexp(v, n - 1);
  w = std::ldexp(w, n - 1);
  return 4 * n + (v > 0.5 ? 0 : w > 0.5 ? 2 : 1);
}

SurfaceJet ExtraordinaryPatch::evaluate(double v, double w, JetOrder order, int max_level) const {
  const bool at_vertex = !(v + w > 0.0) && max_level == kAnyLevel;
  if (at_vertex)
    v = w = std::ldexp(1.0, -41);
  // The level and its parameters scaled to [0, 1].
  const int n = levelOf(v, w, max_level);
  v = std::ldexp(v, n - 1);
  w = std::ldexp(w, n - 1);
  // The sub-triangle of level n holding the point, and its local parameters.
  int k;
  double sign = 1.0;
  if (v > 0.5) {
    k = 0;
    v = 2 * v - 1;
    w = 2 * w;
  } else if (w > 0.5) {
    k = 2;
    v = 2 * v;
    w = 2 * w - 1;
  } else {  // the middle sub-triangle is turned by π: odd derivatives change sign (thesis §5.3)
    k = 1;
    v = 1 - 2 * v;
    w = 1 - 2 * w;
    sign = -1.0;
  }
  const Eigen::Matrix<double, 15, 3> quartic =
      basis->quartic_from_eigen[static_cast<std::size_t>(k)].lazyProduct(
          basis->power(n - 1, eigen_coefficients));
  SurfaceJet jet = evaluateQuartic(quartic, v, w, order);
  // Chain rule: ∂/∂v = ±2ⁿ ∂/∂v', so order-p derivatives scale by (±2ⁿ)^p.
  const double d1 = sign * std::ldexp(1.0, n), d2 = d1 * d1, d3 = d2 * d1;
  jet.c_s *= d1;
  jet.c_t *= d1;
  jet.c_ss *= d2;
  jet.c_st *= d2;
  jet.c_tt *= d2;
  jet.c_sss *= d3;
  jet.c_sst *= d3;
  jet.c_stt *= d3;
  jet.c_ttt *= d3;
  if (at_vertex)
    jet.c = limit_position;
  return jet;
}

}  // namespace contactsim::loop
