#include "contactsim/contact/smooth/contact_dynamics.hpp"

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <cmath>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim {
namespace {

// Small dynamic matrices with fixed capacity: no heap allocation in the derivative evaluation.
using Small = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor, 6, 6>;
using SmallVector = Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor, 6, 1>;

// Rows of H_c a mode constrains, coordinates it makes dependent, and wrench rows F keeps.
struct ModeStructure {
  std::vector<int> constrained_rows;  // of ^{1c}φ(2, 1): 2 = ω_z, 3 = v_x, 4 = v_y
  std::vector<int> dependent;         // of q: 0 = s, 1 = t, 4 = ψ
  std::vector<int> independent;
  std::vector<int> wrench_rows;  // of ^{1c}f: 0..2 torque, 3..4 tangential force
};

const ModeStructure& structure(FrictionMode mode) {
  static const ModeStructure sliding{{}, {}, {0, 1, 2, 3, 4}, {0, 1, 2, 3, 4}};
  static const ModeStructure rolling{{3, 4}, {0, 1}, {2, 3, 4}, {0, 1, 2}};  // eqs. 29–34
  static const ModeStructure no_spin{{2, 3, 4}, {0, 1, 4}, {2, 3}, {0, 1}};  // eqs. 36–39
  switch (mode) {
    case FrictionMode::kRolling:
      return rolling;
    case FrictionMode::kRollingNoSpin:
      return no_spin;
    case FrictionMode::kSliding:
      break;
  }
  return sliding;
}

Small rows(const Mat65& M, const std::vector<int>& r, const std::vector<int>& c) {
  Small out(r.size(), c.size());
  for (std::size_t i = 0; i < r.size(); ++i) {
    for (std::size_t j = 0; j < c.size(); ++j)
      out(i, j) = M(r[i], c[j]);
  }
  return out;
}

// A square system factorised after scaling its columns to unit length, so that parameters of
// very different scales (a plane chart 100 m wide, a 1 cm bead) do not look singular; its
// reciprocal condition number then measures real degeneracy (conforming contact).
template <class Matrix>
class ScaledSolve {
 public:
  explicit ScaledSolve(const Matrix& A) : scale_(A.cols()) {
    Matrix scaled = A;
    for (Eigen::Index j = 0; j < A.cols(); ++j) {
      const double norm = A.col(j).norm();
      scale_(j) = norm > 0.0 ? 1.0 / norm : 0.0;
      scaled.col(j) *= scale_(j);
    }
    lu_.compute(scaled);
    // Smallest to largest pivot of the column-scaled factors: a cheap, scale-free degeneracy test.
    const auto pivots = lu_.matrixLU().diagonal().cwiseAbs().eval();
    ok_ = scale_.minCoeff() > 0.0 && pivots.minCoeff() > 1e-10 * pivots.maxCoeff();
  }
  [[nodiscard]] bool ok() const { return ok_; }
  template <class Rhs>
  [[nodiscard]] auto solve(const Rhs& b) const {
    auto x = lu_.solve(b).eval();
    for (Eigen::Index j = 0; j < x.rows(); ++j)
      x.row(j) *= scale_(j);
    return x;
  }

 private:
  Eigen::Matrix<double, Matrix::ColsAtCompileTime, 1, Eigen::ColMajor, Matrix::MaxColsAtCompileTime,
                1>
      scale_;
  Eigen::PartialPivLU<Matrix> lu_;
  bool ok_ = false;
};

// The dependent block L[:, dep] of the constrained rows, factorised; throws when singular.
ScaledSolve<Small> dependentBlock(const Mat65& H_c, const ModeStructure& m) {
  ScaledSolve<Small> solver(rows(H_c, m.constrained_rows, m.dependent));
  if (!solver.ok()) {
    throw NumericalError(
        "no-slip constraint is singular here (the contact parameters cannot follow "
        "the rolling motion: degenerate or conforming contact)");
  }
  return solver;
}

}  // namespace

const char* toString(FrictionMode mode) {
  switch (mode) {
    case FrictionMode::kSliding:
      return "sliding";
    case FrictionMode::kRolling:
      return "rolling";
    case FrictionMode::kRollingNoSpin:
      return "rolling-no-spin";
  }
  return "unknown";
}

void FrictionParameters::validate() const {
  requireFinite(mu, "friction mu");
  requireFinite(mu_static, "friction mu_static");
  requireFinite(mu_rolling, "friction mu_rolling");
  requireFinite(mu_spinning, "friction mu_spinning");
  requireFinite(mu_spin_static, "friction mu_spin_static");
  requirePositive(slip_threshold, "friction slip_threshold");
  requirePositive(spin_threshold, "friction spin_threshold");
  if (mu < 0.0 || mu_rolling < 0.0 || mu_spinning < 0.0 || mu_spin_static < 0.0) {
    throw InvalidInputError("friction coefficients must be non-negative");
  }
}

Vec5 constrainedVelocity(const ContactKinematics& k, const Vec5& qdot, FrictionMode mode) {
  const ModeStructure& m = structure(mode);
  if (m.dependent.empty())
    return qdot;
  // L[:, dep] q̇_dep = −L[:, indep] q̇_indep (eq. 29 → eq. 30; eq. 36 → eq. 37).
  SmallVector indep(m.independent.size());
  for (std::size_t i = 0; i < m.independent.size(); ++i)
    indep(i) = qdot(m.independent[i]);
  const SmallVector dep =
      dependentBlock(k.H_c, m).solve(-rows(k.H_c, m.constrained_rows, m.independent) * indep);
  Vec5 out = qdot;
  for (std::size_t i = 0; i < m.dependent.size(); ++i)
    out(m.dependent[i]) = dep(i);
  return out;
}

Vec5 stickingVelocity(const ContactKinematics& k, const MassProperties& body1, const Vec5& qdot,
                      FrictionMode mode) {
  const ModeStructure& m = structure(mode);
  if (m.constrained_rows.empty())
    return qdot;
  Eigen::MatrixXd L(static_cast<Eigen::Index>(m.constrained_rows.size()), 5);
  for (std::size_t i = 0; i < m.constrained_rows.size(); ++i)
    L.row(static_cast<Eigen::Index>(i)) = k.H_c.row(m.constrained_rows[i]);
  const Eigen::Matrix<double, 5, 5> A = k.H_1.transpose() * body1.spatialInertia() * k.H_1;
  const Eigen::LDLT<Eigen::Matrix<double, 5, 5>> A_ldlt(A);
  const Eigen::MatrixXd AiLt = A_ldlt.solve(L.transpose());
  const Eigen::LDLT<Eigen::MatrixXd> S(L * AiLt);
  if (A_ldlt.info() != Eigen::Success || S.info() != Eigen::Success || !S.isPositive())
    throw NumericalError("contact: the no-slip constraints are singular here");
  const Vec5 out = qdot - AiLt * S.solve(L * qdot);
  if (!out.allFinite())
    throw NumericalError("contact: the no-slip constraints are singular here");
  return out;
}

namespace {

// Fixed-size solve for a mode with N independent coordinates (5 sliding, 3 no-slip, 2 no-spin):
// all matrices on the stack, sized at compile time.
template <int N>
void solveMode(const ContactKinematics& k, const Vec5& qdot, const MassProperties& body1,
               const Wrench& f_ext, const ModeStructure& m, const double (&coef)[5],
               ContactAcceleration& a) {
  constexpr int D = 5 - N;  // dependent coordinates
  // q̇ = T ṙ-parameterisation of the allowed motions and the particular acceleration q̈_p that
  // keeps the constrained rows at zero: L q̈ = −L̇ q̇.
  Eigen::Matrix<double, 5, N> T = Eigen::Matrix<double, 5, N>::Zero();
  Vec5 qddot_p = Vec5::Zero();
  for (int i = 0; i < N; ++i)
    T(m.independent[static_cast<std::size_t>(i)], i) = 1.0;
  if constexpr (D > 0) {
    const ScaledSolve<Small> lu = dependentBlock(k.H_c, m);
    Eigen::Matrix<double, D, N> L_indep;
    Eigen::Matrix<double, D, 1> Ldot_qdot;
    for (int r = 0; r < D; ++r) {
      const int row = m.constrained_rows[static_cast<std::size_t>(r)];
      for (int c = 0; c < N; ++c)
        L_indep(r, c) = k.H_c(row, m.independent[static_cast<std::size_t>(c)]);
      Ldot_qdot(r) = k.Hdot_c.row(row).dot(qdot);
    }
    const Small Tdep = lu.solve(-L_indep);
    const Small pdep = lu.solve(-Ldot_qdot);
    for (int i = 0; i < D; ++i) {
      T.row(m.dependent[static_cast<std::size_t>(i)]) = Tdep.row(i);
      qddot_p(m.dependent[static_cast<std::size_t>(i)]) = pdep(i, 0);
    }
  }
  // F (eq. 27) in frame 1c: each kept wrench row w_r must equal its friction share of f_z:
  // w_r − coef_r f_z = 0 with f_z = −f_n, so friction opposes the relative motion. In body-1
  // coordinates F₁ = F_c Ad(E_1_1c)ᵀ since ^{1c}f = Ad(E_1_1c)ᵀ ^1f.
  const Mat6 AdT = adjoint(k.E_1_1c).transpose();
  Eigen::Matrix<double, N, 6> F_1;
  for (int i = 0; i < N; ++i) {
    const int r = m.wrench_rows[static_cast<std::size_t>(i)];
    F_1.row(i) = AdT.row(r) - coef[r] * AdT.row(5);
  }
  // eq. 28: F M H q̈ = F (f_ext + [φ]ᵀ M φ − M Ḣ q̇), restricted to q̈ = T ṙ + q̈_p.
  const Twist& hdot_qdot = k.hdot_qdot_1;
  const Wrench gyroscopic = spatialCrossTransposeTimes(a.phi, body1.momentum(a.phi));
  const Wrench bias = f_ext + gyroscopic - body1.momentum(hdot_qdot + k.H_1 * qddot_p);
  // M H T with M = diag(I, m 1) applied by blocks (T = 1 when sliding).
  Eigen::Matrix<double, 6, N> MHT;
  if constexpr (N == 5) {
    MHT = k.H_1;
  } else {
    MHT = k.H_1 * T;
  }
  MHT.template topRows<3>() = body1.inertia() * MHT.template topRows<3>();
  MHT.template bottomRows<3>() *= body1.mass();
  const ScaledSolve<Eigen::Matrix<double, N, N>> lu(F_1 * MHT);
  if (!lu.ok()) {
    throw NumericalError(
        "smooth contact: the contact system F M H is singular or ill-conditioned "
        "(near-conforming contact, kry-pai-2002 §3.2)");
  }
  const Eigen::Matrix<double, N, 1> rdot = lu.solve(F_1 * bias);
  a.qddot = T * rdot + qddot_p;
  // The constraint wrench from the second row of eq. 19 (Newton–Euler, eq. 15).
  const Twist phidot = hdot_qdot + k.H_1 * a.qddot;
  a.wrench_1c = AdT * (body1.momentum(phidot) - gyroscopic - f_ext);
  a.normal_force = -a.wrench_1c(5);
}

}  // namespace

ContactAcceleration contactAcceleration(const ContactKinematics& k, const Vec5& qdot,
                                        const MassProperties& body1, const Wrench& f_ext,
                                        FrictionMode mode, const FrictionParameters& friction,
                                        const Eigen::Vector2d& slip_direction_hint) {
  const ModeStructure& m = structure(mode);
  ContactAcceleration a;
  a.phi = k.H_1 * qdot;  // eq. 14
  const Twist phi_c = k.H_c * qdot;
  a.relative_angular_velocity = phi_c.head<3>();
  a.slip_velocity = phi_c.tail<3>();
  // Friction shares of the normal force per wrench row (opposing the relative motion).
  const Vec3& w = a.relative_angular_velocity;
  const double rolling_speed = std::hypot(w.x(), w.y());
  Eigen::Vector2d slip_dir = a.slip_velocity.head<2>();
  const double slip_speed = slip_dir.norm();
  slip_dir = slip_speed > 1e-12 ? Eigen::Vector2d(slip_dir / slip_speed) : slip_direction_hint;
  const double coef[5] = {
      rolling_speed > 0.0 ? friction.mu_rolling * w.x() / rolling_speed : 0.0,  // kry-2000 eq. 4.27
      rolling_speed > 0.0 ? friction.mu_rolling * w.y() / rolling_speed : 0.0,  // eq. 4.28
      w.z() != 0.0 ? friction.mu_spinning * (w.z() > 0.0 ? 1.0 : -1.0) : 0.0,   // eq. 4.29
      friction.mu * slip_dir.x(),                                               // eqs. 22–23
      friction.mu * slip_dir.y()};
  switch (m.independent.size()) {
    case 5:
      solveMode<5>(k, qdot, body1, f_ext, m, coef, a);
      break;
    case 3:
      solveMode<3>(k, qdot, body1, f_ext, m, coef, a);
      break;
    default:
      solveMode<2>(k, qdot, body1, f_ext, m, coef, a);
      break;
  }
  if (!a.qddot.allFinite()) {
    throw NumericalError("smooth contact: non-finite acceleration");
  }
  return a;
}

}  // namespace contactsim
