#include "contactsim/contact/smooth/contact_dynamics.hpp"

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
class ScaledSolve {
 public:
  explicit ScaledSolve(const Small& A) : scale_(A.cols()) {
    Small scaled = A;
    for (Eigen::Index j = 0; j < A.cols(); ++j) {
      const double norm = A.col(j).norm();
      scale_(j) = norm > 0.0 ? 1.0 / norm : 0.0;
      scaled.col(j) *= scale_(j);
    }
    lu_.compute(scaled);
    ok_ = scale_.minCoeff() > 0.0 && lu_.rcond() > 1e-12;
  }
  [[nodiscard]] bool ok() const { return ok_; }
  template <class Rhs>
  [[nodiscard]] Small solve(const Rhs& b) const {
    Small x = lu_.solve(b);
    for (Eigen::Index j = 0; j < x.rows(); ++j)
      x.row(j) *= scale_(j);
    return x;
  }

 private:
  SmallVector scale_;
  Eigen::PartialPivLU<Small> lu_;
  bool ok_ = false;
};

// The dependent block L[:, dep] of the constrained rows, factorised; throws when singular.
ScaledSolve dependentBlock(const Mat65& H_c, const ModeStructure& m) {
  ScaledSolve solver(rows(H_c, m.constrained_rows, m.dependent));
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

ContactAcceleration contactAcceleration(const ContactKinematics& k, const Vec5& qdot,
                                        const MassProperties& body1, const Wrench& f_ext,
                                        FrictionMode mode, const FrictionParameters& friction,
                                        const Eigen::Vector2d& slip_direction_hint) {
  const ModeStructure& m = structure(mode);
  const int n = static_cast<int>(m.independent.size());
  ContactAcceleration a;
  a.phi = k.H_1 * qdot;  // eq. 14
  const Twist phi_c = k.H_c * qdot;
  a.relative_angular_velocity = phi_c.head<3>();
  a.slip_velocity = phi_c.tail<3>();

  // q̇ = T ṙ-parameterisation of the allowed motions and the particular acceleration q̈_p that
  // keeps the constrained rows at zero: L q̈ = −L̇ q̇.
  Small T = Small::Zero(5, n);
  Vec5 qddot_p = Vec5::Zero();
  for (int i = 0; i < n; ++i)
    T(m.independent[static_cast<std::size_t>(i)], i) = 1.0;
  if (!m.dependent.empty()) {
    const auto lu = dependentBlock(k.H_c, m);
    const Small Tdep = lu.solve(-rows(k.H_c, m.constrained_rows, m.independent));
    static const std::vector<int> all{0, 1, 2, 3, 4};
    const SmallVector pdep = lu.solve(-(rows(k.Hdot_c, m.constrained_rows, all) * qdot));
    for (std::size_t i = 0; i < m.dependent.size(); ++i) {
      T.row(m.dependent[i]) = Tdep.row(static_cast<Eigen::Index>(i));
      qddot_p(m.dependent[i]) = pdep(static_cast<Eigen::Index>(i));
    }
  }

  // F (eq. 27) in frame 1c: each kept wrench row w_r must equal its friction share of f_z:
  // w_r − coef_r f_z = 0 with f_z = −f_n, so friction opposes the relative motion.
  const Vec3& w = a.relative_angular_velocity;
  const double rolling_speed = std::hypot(w.x(), w.y());
  Eigen::Vector2d slip_dir = a.slip_velocity.head<2>();
  const double slip_speed = slip_dir.norm();
  slip_dir = slip_speed > 1e-12 ? Eigen::Vector2d(slip_dir / slip_speed) : slip_direction_hint;
  double coef[5] = {
      rolling_speed > 0.0 ? friction.mu_rolling * w.x() / rolling_speed : 0.0,  // kry-2000 eq. 4.27
      rolling_speed > 0.0 ? friction.mu_rolling * w.y() / rolling_speed : 0.0,  // eq. 4.28
      w.z() != 0.0 ? friction.mu_spinning * (w.z() > 0.0 ? 1.0 : -1.0) : 0.0,   // eq. 4.29
      friction.mu * slip_dir.x(),                                               // eqs. 22–23
      friction.mu * slip_dir.y()};
  Small F_c = Small::Zero(n, 6);
  for (int i = 0; i < n; ++i) {
    const int r = m.wrench_rows[static_cast<std::size_t>(i)];
    F_c(i, r) = 1.0;
    F_c(i, 5) = -coef[r];
  }
  // ^{1c}f = Ad(E_1_1c)ᵀ ^1f, so in body-1 coordinates F₁ = F_c Ad(E_1_1c)ᵀ (eq. 27).
  const Small F_1 = F_c * adjoint(k.E_1_1c).transpose();

  // eq. 28: F M H q̈ = F (f_ext + [φ]ᵀ M φ − M Ḣ q̇), restricted to q̈ = T ṙ + q̈_p.
  const Mat6 M = body1.spatialInertia();
  const Wrench bias = f_ext + spatialCrossTransposeTimes(a.phi, body1.momentum(a.phi)) -
                      M * (k.Hdot_1 * qdot + k.H_1 * qddot_p);
  const ScaledSolve lu(F_1 * (M * (k.H_1 * T)));
  if (!lu.ok()) {
    throw NumericalError(
        "smooth contact: the contact system F M H is singular or ill-conditioned "
        "(near-conforming contact, kry-pai-2002 §3.2)");
  }
  const SmallVector rdot = lu.solve(F_1 * bias);
  a.qddot = T * rdot + qddot_p;
  // The constraint wrench from the second row of eq. 19 (Newton–Euler, eq. 15).
  const Twist phidot = k.Hdot_1 * qdot + k.H_1 * a.qddot;
  const Wrench f_c = M * phidot - spatialCrossTransposeTimes(a.phi, body1.momentum(a.phi)) - f_ext;
  a.wrench_1c = adjoint(k.E_1_1c).transpose() * f_c;
  a.normal_force = -a.wrench_1c(5);
  if (!a.qddot.allFinite()) {
    throw NumericalError("smooth contact: non-finite acceleration");
  }
  return a;
}

}  // namespace contactsim
