#include "contact/smooth/contact_dynamics.hpp"

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
  requireFinite(slip_threshold, "friction slip_threshold");
  if (slip_threshold < 0.0) {
    throw InvalidInputError("friction slip_threshold must be >= 0, got " + toText(slip_threshold));
  }
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

namespace {

// v − A⁻¹Lᵀ (L A⁻¹ Lᵀ)⁻¹ L v: the velocity nearest v in the metric A with L v = 0.
Eigen::VectorXd projectOntoConstraints(const Eigen::MatrixXd& A, const Eigen::MatrixXd& L,
                                       const Eigen::VectorXd& v) {
  const Eigen::LDLT<Eigen::MatrixXd> A_ldlt(A);
  const Eigen::MatrixXd AiLt = A_ldlt.solve(L.transpose());
  const Eigen::LDLT<Eigen::MatrixXd> S(L * AiLt);
  if (A_ldlt.info() != Eigen::Success || S.info() != Eigen::Success || !S.isPositive())
    throw NumericalError("contact: the no-slip constraints are singular here");
  Eigen::VectorXd out = v - AiLt * S.solve(L * v);
  if (!out.allFinite())
    throw NumericalError("contact: the no-slip constraints are singular here");
  return out;
}

// The rows of H_c a mode fixes at zero, as constraints on (q̇, φ₂) with `extra` zero columns.
Eigen::MatrixXd constrainedRows(const ContactKinematics& k, const ModeStructure& m, int extra) {
  Eigen::MatrixXd L =
      Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(m.constrained_rows.size()), 5 + extra);
  for (std::size_t i = 0; i < m.constrained_rows.size(); ++i)
    L.row(static_cast<Eigen::Index>(i)).head<5>() = k.H_c.row(m.constrained_rows[i]);
  return L;
}

}  // namespace

Vec5 stickingVelocity(const ContactKinematics& k, const MassProperties& body1, const Vec5& qdot,
                      FrictionMode mode) {
  const ModeStructure& m = structure(mode);
  if (m.constrained_rows.empty())
    return qdot;
  const Eigen::MatrixXd A = k.H_1.transpose() * body1.spatialInertia() * k.H_1;
  return projectOntoConstraints(A, constrainedRows(k, m, 0), qdot);
}

Eigen::Matrix<double, 11, 11> pairVelocityMetric(const ContactKinematics& k,
                                                 const MassProperties& body1,
                                                 const MassProperties& body2) {
  // φ₁ = H₁ q̇ + X φ₂ (X = Ad(E_1_2)): J maps (q̇, φ₂) to (φ₁, φ₂), and A = Jᵀ diag(M₁, M₂) J.
  Eigen::Matrix<double, 12, 11> J = Eigen::Matrix<double, 12, 11>::Zero();
  J.topLeftCorner<6, 5>() = k.H_1;
  J.topRightCorner<6, 6>() = adjointBody2ToBody1(k);
  J.bottomRightCorner<6, 6>().setIdentity();
  Eigen::Matrix<double, 12, 12> M = Eigen::Matrix<double, 12, 12>::Zero();
  M.topLeftCorner<6, 6>() = body1.spatialInertia();
  M.bottomRightCorner<6, 6>() = body2.spatialInertia();
  return J.transpose() * M * J;
}

std::pair<Vec5, Twist> stickingVelocity(const ContactKinematics& k, const MassProperties& body1,
                                        const MassProperties& body2, const Vec5& qdot,
                                        const Twist& twist2, FrictionMode mode) {
  const ModeStructure& m = structure(mode);
  if (m.constrained_rows.empty())
    return {qdot, twist2};
  Eigen::VectorXd v(11);
  v << qdot, twist2;
  const Eigen::VectorXd out =
      projectOntoConstraints(pairVelocityMetric(k, body1, body2), constrainedRows(k, m, 6), v);
  return {out.head<5>(), out.tail<6>()};
}

namespace {

// The inertia a contact's wrench acts on, in body-1 coordinates: body 1's own (block diagonal,
// applied by blocks) with body 2 fixed, or the effective inertia of the pair (a full 6×6).
struct BodyInertia {
  const MassProperties& body;
  [[nodiscard]] Wrench times(const Twist& x) const { return body.momentum(x); }
  [[nodiscard]] Twist solve(const Wrench& f) const { return body.solve(f); }
  template <class Matrix>
  [[nodiscard]] Matrix times(Matrix X) const {
    X.template topRows<3>() = body.inertia() * X.template topRows<3>();
    X.template bottomRows<3>() *= body.mass();
    return X;
  }
};
struct PairInertia {
  Mat6 M;
  Mat6 W;  // M⁻¹, the pair's mobility at body 1
  template <class Matrix>
  [[nodiscard]] Matrix times(const Matrix& X) const {
    return M * X;
  }
  [[nodiscard]] Twist solve(const Wrench& f) const { return W * f; }
};

// Fixed-size solve for a mode with N independent coordinates (3 no-slip, 2 no-spin; sliding's
// five take solveSliding below):
// all matrices on the stack, sized at compile time. The constraint wrench on body 1 (body-1
// coordinates) is f = M (c + H₁ q̈) − drive: for one free body M is its inertia, c = Ḣ₁ q̇ and
// drive = f_ext + [φ]ᵀ M φ (Newton–Euler, eq. 15); for two free bodies M, c and drive are the
// pair's (the second contactAcceleration below).
template <int N, class Inertia>
void solveMode(const ContactKinematics& k, const Vec5& qdot, const Inertia& M, const Wrench& drive,
               const Twist& c, const ModeStructure& m, const double (&coef)[5],
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
      for (int col = 0; col < N; ++col)
        L_indep(r, col) = k.H_c(row, m.independent[static_cast<std::size_t>(col)]);
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
  // eq. 28: F M H q̈ = F (drive − M (c + H q̈_p)), restricted to q̈ = T ṙ + q̈_p.
  const Wrench bias = drive - M.times(Twist(c + k.H_1 * qddot_p));
  const Eigen::Matrix<double, 6, N> HT = k.H_1 * T;
  const ScaledSolve<Eigen::Matrix<double, N, N>> lu(F_1 * M.times(HT));
  if (!lu.ok()) {
    throw NumericalError(
        "smooth contact: the contact system F M H is singular or ill-conditioned "
        "(near-conforming contact, kry-pai-2002 §3.2)");
  }
  const Eigen::Matrix<double, N, 1> rdot = lu.solve(F_1 * bias);
  a.qddot = T * rdot + qddot_p;
  // The constraint wrench from the second row of eq. 19.
  a.wrench_1c = AdT * (M.times(Twist(c + k.H_1 * a.qddot)) - drive);
  a.normal_force = -a.wrench_1c(5);
}

// Sliding, every coordinate independent (eqs. 21–28): F's five rows (eq. 27) leave the constraint
// wrench one degree of freedom, ^{1c}f = λ w with w = (coef, 1) and λ = f_z, so eq. 19 splits by
// blocks in frame 1c instead of eq. 28's 5 × 5 system F M H: with Ad = Ad(E_1_1c),
//   H_c q̈ = u + λ m,   u = Ad⁻¹ (M⁻¹ drive − c),   m = Ad⁻¹ M⁻¹ Ad⁻ᵀ w.
// H_c's normal row is zero (eqs. 48–49), which gives λ = −u_z / m_z; its ψ̈ column is e₃ (eq. 54).
// That leaves (ω_x, ω_y, v_x, v_y) = (Ω₁ Ω₂; V₁ V₂) (s̈, ẗ, ü, v̈), whose V₁ = −(|c_s| a; 0 b)
// (eqs. 48–49) is triangular and regular: eliminating (s̈, ẗ) leaves the 2 × 2 Schur complement
// Ω₂ − Ω₁ V₁⁻¹ V₂, the relative curvature, singular at conforming contact (kry-pai-2002 §3.2).
template <class Inertia>
void solveSliding(const ContactKinematics& k, const Inertia& M, const Wrench& drive, const Twist& c,
                  const double (&coef)[5], ContactAcceleration& a) {
  constexpr const char* kSingular =
      "smooth contact: the contact system F M H is singular or ill-conditioned "
      "(near-conforming contact, kry-pai-2002 §3.2)";
  // The wrench direction and both accelerations in frame 1c.
  const Frame E_1c_1 = k.E_1_1c.inverse(Eigen::Isometry);
  Wrench w;
  w << coef[0], coef[1], coef[2], coef[3], coef[4], 1.0;
  const Twist u = transformTwist(E_1c_1, Twist(M.solve(drive) - c));
  const Twist m = transformTwist(E_1c_1, M.solve(transformWrench(k.E_1_1c, w)));
  // The normal row: λ (zero m_z: F M H singular).
  if (!(std::abs(m(5)) > 1e-10 * m.norm()))
    throw NumericalError(kSingular);
  const double lambda = -u(5) / m(5);
  const Vec6 r = u + lambda * m;
  // The tangential rows: V₁⁻¹ by back substitution, then the Schur complement S by Cramer's rule
  // (singular when its columns are parallel to 1e-10).
  const Mat65& H = k.H_c;
  const auto V1inv = [&](const Eigen::Vector2d& y) {  // V₁⁻¹ y
    const double t = y(1) / H(4, 1);
    return Eigen::Vector2d((y(0) - H(3, 1) * t) / H(3, 0), t);
  };
  const Eigen::Matrix2d Om1 = H.block<2, 2>(0, 0), Om2 = H.block<2, 2>(0, 2);
  Eigen::Matrix2d V1inv_V2;
  V1inv_V2 << V1inv(H.block<2, 1>(3, 2)), V1inv(H.block<2, 1>(3, 3));
  const Eigen::Matrix2d S = Om2 - Om1 * V1inv_V2;
  const double det = S(0, 0) * S(1, 1) - S(0, 1) * S(1, 0);
  if (!(std::abs(det) > 1e-10 * S.col(0).norm() * S.col(1).norm()))
    throw NumericalError(kSingular);
  const Eigen::Vector2d V1inv_rv = V1inv(r.segment<2>(3));
  const Eigen::Vector2d rhs = r.head<2>() - Om1 * V1inv_rv;
  const Eigen::Vector2d uv((S(1, 1) * rhs(0) - S(0, 1) * rhs(1)) / det,
                           (S(0, 0) * rhs(1) - S(1, 0) * rhs(0)) / det);
  const Eigen::Vector2d st = V1inv_rv - V1inv_V2 * uv;
  // ψ̈ from the ω_z row.
  a.qddot << st, uv, r(2) - H.block<1, 2>(2, 0).dot(st) - H.block<1, 2>(2, 2).dot(uv);
  a.wrench_1c = lambda * w;
  a.normal_force = -lambda;
}

// What contactAcceleration computes before the mode's solve: the relative velocities, and each
// wrench row's friction share of the normal force (opposing the relative motion).
struct FrictionShares {
  double coef[5];
};

FrictionShares frictionShares(const ContactKinematics& k, const Vec5& qdot,
                              const FrictionParameters& friction,
                              const Eigen::Vector2d& slip_direction_hint, bool hold_direction,
                              ContactAcceleration& a) {
  a.phi = k.H_1 * qdot;  // eq. 14
  const Twist phi_c = k.H_c * qdot;
  a.relative_angular_velocity = phi_c.head<3>();
  a.slip_velocity = phi_c.tail<3>();
  const Vec3& w = a.relative_angular_velocity;
  const double rolling_speed = std::hypot(w.x(), w.y());
  Eigen::Vector2d slip_dir = a.slip_velocity.head<2>();
  const double slip_speed = slip_dir.norm();
  slip_dir = slip_speed > 1e-12 ? Eigen::Vector2d(slip_dir / slip_speed) : slip_direction_hint;
  // The hint is the slip's direction at the step's start: a slip that has turned against it (a
  // stage past the instant the slip stops) keeps the friction of the step's start, so that the
  // sliding ODE continues smoothly through the stop and the contact locates the stop as a root;
  // a step watched for a stop it is predicted to reach holds that direction throughout.
  if (hold_direction || slip_dir.dot(slip_direction_hint) < 0.0)
    slip_dir = hold_direction ? slip_direction_hint : Eigen::Vector2d(-slip_dir);
  return {{rolling_speed > 0.0 ? friction.mu_rolling * w.x() / rolling_speed
                               : 0.0,  // kry-2000 eq. 4.27
           rolling_speed > 0.0 ? friction.mu_rolling * w.y() / rolling_speed : 0.0,  // eq. 4.28
           w.z() != 0.0 ? friction.mu_spinning * (w.z() > 0.0 ? 1.0 : -1.0) : 0.0,   // eq. 4.29
           friction.mu * slip_dir.x(),                                               // eqs. 22–23
           friction.mu * slip_dir.y()}};
}

template <class Inertia>
void solve(const ContactKinematics& k, const Vec5& qdot, const Inertia& M, const Wrench& drive,
           const Twist& c, FrictionMode mode, const FrictionShares& shares,
           ContactAcceleration& a) {
  const ModeStructure& m = structure(mode);
  switch (m.independent.size()) {
    case 5:
      solveSliding(k, M, drive, c, shares.coef, a);
      break;
    case 3:
      solveMode<3>(k, qdot, M, drive, c, m, shares.coef, a);
      break;
    default:
      solveMode<2>(k, qdot, M, drive, c, m, shares.coef, a);
      break;
  }
  if (!a.qddot.allFinite()) {
    throw NumericalError("smooth contact: non-finite acceleration");
  }
}

}  // namespace

ContactJoint contactJoint(const ContactKinematics& k, const Vec5& qdot, FrictionMode mode,
                          const FrictionParameters& friction,
                          const Eigen::Vector2d& slip_direction_hint, bool hold_direction,
                          ContactAcceleration& a) {
  const FrictionShares shares =
      frictionShares(k, qdot, friction, slip_direction_hint, hold_direction, a);
  const ModeStructure& m = structure(mode);
  const auto n = static_cast<Eigen::Index>(m.independent.size());
  ContactJoint joint;
  // The allowed accelerations and the particular one, as in solveMode.
  joint.T = ContactJoint::Basis::Zero(5, n);
  joint.qddot_p.setZero();
  for (Eigen::Index i = 0; i < n; ++i)
    joint.T(m.independent[static_cast<std::size_t>(i)], i) = 1.0;
  if (!m.dependent.empty()) {
    const ScaledSolve<Small> lu = dependentBlock(k.H_c, m);
    const Small Tdep = lu.solve(-rows(k.H_c, m.constrained_rows, m.independent));
    SmallVector Ldot_qdot(m.constrained_rows.size());
    for (std::size_t r = 0; r < m.constrained_rows.size(); ++r)
      Ldot_qdot(static_cast<Eigen::Index>(r)) = k.Hdot_c.row(m.constrained_rows[r]).dot(qdot);
    const SmallVector pdep = lu.solve(-Ldot_qdot);
    for (std::size_t i = 0; i < m.dependent.size(); ++i) {
      joint.T.row(m.dependent[i]) = Tdep.row(static_cast<Eigen::Index>(i));
      joint.qddot_p(m.dependent[i]) = pdep(static_cast<Eigen::Index>(i));
    }
  }
  // The friction law's rows in body-1 coordinates (eq. 27, as in solveMode).
  const Mat6 AdT = adjoint(k.E_1_1c).transpose();
  joint.F.resize(n, 6);
  for (Eigen::Index i = 0; i < n; ++i) {
    const int r = m.wrench_rows[static_cast<std::size_t>(i)];
    joint.F.row(i) = AdT.row(r) - shares.coef[r] * AdT.row(5);
  }
  return joint;
}

ContactAcceleration contactAcceleration(const ContactKinematics& k, const Vec5& qdot,
                                        const MassProperties& body1, const Wrench& f_ext,
                                        FrictionMode mode, const FrictionParameters& friction,
                                        const Eigen::Vector2d& slip_direction_hint,
                                        bool hold_direction) {
  ContactAcceleration a;
  const FrictionShares shares =
      frictionShares(k, qdot, friction, slip_direction_hint, hold_direction, a);
  const Wrench gyroscopic = spatialCrossTransposeTimes(a.phi, body1.momentum(a.phi));
  solve(k, qdot, BodyInertia{body1}, Wrench(f_ext + gyroscopic), k.hdot_qdot_1, mode, shares, a);
  return a;
}

// Both bodies free. With X = Ad(E_1_2) carrying body 2's twist into body 1's frame, body 1's twist
// is φ₁ = X φ₂ + H₁ q̇ and, as d/dt X = −[H₁ q̇] X,
//   φ̇₁ = X φ̇₂ + c + H₁ q̈,   c = Ḣ₁ q̇ − [H₁ q̇] X φ₂.
// Newton–Euler (eq. 15) for each body with the constraint wrench f on body 1 and −Xᵀ f on body 2:
//   φ̇₁ = M₁⁻¹ (f₁ + [φ₁]ᵀ M₁ φ₁ + f),   φ̇₂ = M₂⁻¹ (f₂ + [φ₂]ᵀ M₂ φ₂ − Xᵀ f).
// Eliminating φ̇₂: f = M_e (c + H₁ q̈ − a₀), with the pair's effective inertia at body 1
// M_e = (M₁⁻¹ + X M₂⁻¹ Xᵀ)⁻¹ and a₀ the relative acceleration the external and gyroscopic wrenches
// alone would give, M₁⁻¹(f₁ + [φ₁]ᵀ M₁ φ₁) − X M₂⁻¹(f₂ + [φ₂]ᵀ M₂ φ₂): the one-body system of
// eq. 28 with M → M_e, Ḣ q̇ → c and f_ext + [φ]ᵀ M φ → M_e a₀ (body 2 fixed: M₂⁻¹ = 0).
ContactAcceleration contactAcceleration(const ContactKinematics& k, const Vec5& qdot,
                                        const MassProperties& body1, const Wrench& f_ext1,
                                        const FreeBody2& body2, FrictionMode mode,
                                        const FrictionParameters& friction,
                                        const Eigen::Vector2d& slip_direction_hint,
                                        bool hold_direction) {
  ContactAcceleration a;
  const FrictionShares shares =
      frictionShares(k, qdot, friction, slip_direction_hint, hold_direction, a);
  const Mat6 X = adjointBody2ToBody1(k);
  const Twist across = X * body2.twist;  // body 2's motion in body 1's frame
  const Twist phi1 = across + a.phi;
  const MassProperties& m2 = *body2.mass;
  const Wrench drive1 = f_ext1 + spatialCrossTransposeTimes(phi1, body1.momentum(phi1));
  const Wrench drive2 =
      body2.f_ext + spatialCrossTransposeTimes(body2.twist, m2.momentum(body2.twist));
  Mat6 M2inv = Mat6::Zero();
  M2inv.topLeftCorner<3, 3>() = m2.inverseInertia();
  M2inv.bottomRightCorner<3, 3>() = Mat3::Identity() / m2.mass();
  Mat6 W = X * M2inv * X.transpose();
  W.topLeftCorner<3, 3>() += body1.inverseInertia();
  W.bottomRightCorner<3, 3>() += Mat3::Identity() / body1.mass();
  const Eigen::LLT<Mat6> W_llt(W);
  if (W_llt.info() != Eigen::Success)
    throw NumericalError("smooth contact: the pair's mobility is not positive definite");
  const PairInertia M{W_llt.solve(Mat6::Identity()), W};
  const Twist a0 = body1.solve(drive1) - X * m2.solve(drive2);
  const Twist c = k.hdot_qdot_1 - spatialCross(a.phi) * across;
  solve(k, qdot, M, Wrench(M.M * a0), c, mode, shares, a);
  const Wrench f1 = adjoint(k.E_1_1c.inverse(Eigen::Isometry)).transpose() * a.wrench_1c;
  a.body2_acceleration = m2.solve(drive2 - X.transpose() * f1);
  if (!a.body2_acceleration.allFinite())
    throw NumericalError("smooth contact: non-finite acceleration of body 2");
  return a;
}

}  // namespace contactsim
