#include "geometry/differential.hpp"

#include <Eigen/Eigenvalues>
#include <cmath>

#include "contactsim/error.hpp"

namespace contactsim {

Vec3 unitNormal(const SurfaceJet& jet) {
  const Vec3 n = jet.c_s.cross(jet.c_t);
  const double length = n.norm();
  if (!(length > 1e-14 * jet.c_s.norm() * jet.c_t.norm()) || !(length > 0.0)) {
    throw NumericalError("surface is not regular here: c_s x c_t = 0 (degenerate normal)");
  }
  return n / length;
}

Frame contactFrame(const SurfaceJet& jet) {
  // kry-pai-2002 eq. 5: x = c_s/‖c_s‖, y ∝ (c_s·c_s) c_t − (c_s·c_t) c_s, z = c_s × c_t/‖·‖.
  const Vec3 z = unitNormal(jet);
  const Vec3 x = jet.c_s.normalized();
  const Vec3 y = (jet.c_s.dot(jet.c_s) * jet.c_t - jet.c_s.dot(jet.c_t) * jet.c_s).normalized();
  Mat3 R;
  R << x, y, z;
  return makeFrame(R, jet.c);  // eq. 6
}

PrincipalCurvatures principalCurvatures(const SurfaceJet& jet) {
  if (static_cast<int>(jet.order) < 2) {
    throw InvalidInputError("principal curvatures need a jet of order 2 or more");
  }
  const Vec3 n = unitNormal(jet);
  Eigen::Matrix2d first, second;
  first << jet.c_s.dot(jet.c_s), jet.c_s.dot(jet.c_t), jet.c_s.dot(jet.c_t), jet.c_t.dot(jet.c_t);
  // Sign: κ > 0 when the surface curves away from n, so II = −(c_ij · n).
  second << -jet.c_ss.dot(n), -jet.c_st.dot(n), -jet.c_st.dot(n), -jet.c_tt.dot(n);
  // Generalised symmetric eigenproblem II v = κ I v.
  const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::Matrix2d> solver(second, first);
  if (solver.info() != Eigen::Success) {
    throw NumericalError(
        "principal curvatures: the first fundamental form is not positive definite");
  }
  const Eigen::Vector2d kappa = solver.eigenvalues();
  const Eigen::Matrix2d v = solver.eigenvectors();
  auto tangent = [&](int k) { return Vec3((v(0, k) * jet.c_s + v(1, k) * jet.c_t).normalized()); };
  return {kappa(0), kappa(1), tangent(0), tangent(1)};
}

}  // namespace contactsim
