#include "contactsim/dynamics/mass_properties.hpp"

#include <Eigen/Eigenvalues>
#include <sstream>

#include "contactsim/math/checks.hpp"

namespace contactsim {
namespace {

std::string formatMatrix(const Mat3& A) {
  std::ostringstream s;
  s << A.format(Eigen::IOFormat(Eigen::FullPrecision, 0, ", ", "; ", "", "", "[", "]"));
  return s.str();
}

}  // namespace

MassProperties::MassProperties(double mass, const Mat3& inertia) : mass_(mass), inertia_(inertia) {
  requirePositive(mass, "mass");
  requireFinite(inertia.reshaped(), "inertia tensor");
  const double scale = inertia.cwiseAbs().maxCoeff();
  if (!((inertia - inertia.transpose()).cwiseAbs().maxCoeff() <= 1e-9 * scale)) {
    throw InvalidInputError("inertia tensor must be symmetric, got " + formatMatrix(inertia));
  }
  inertia_ = 0.5 * (inertia + inertia.transpose());
  const Eigen::SelfAdjointEigenSolver<Mat3> eigen(inertia_);
  principal_moments_ = eigen.eigenvalues();
  if (!(principal_moments_.minCoeff() > 1e-12 * scale)) {
    throw InvalidInputError("inertia tensor must be positive definite, got " +
                            formatMatrix(inertia) + " with principal moments " +
                            formatMatrix(principal_moments_.asDiagonal()));
  }
  const Vec3& I = principal_moments_;  // ascending: the largest must not exceed the sum of others
  if (I(2) > (I(0) + I(1)) * (1.0 + 1e-9)) {
    throw InvalidInputError(
        "inertia tensor violates the triangle inequality I3 <= I1 + I2 of its principal moments "
        "(no rigid body has it): principal moments " +
        formatMatrix(I.asDiagonal()));
  }
  principal_axes_ = eigen.eigenvectors();
  if (principal_axes_.determinant() < 0.0) {
    principal_axes_.col(2) *= -1.0;
  }
  inertia_inverse_ = inertia_.inverse();  // SPD 3×3 with checked conditioning: closed form is exact
}

MassProperties MassProperties::principal(double mass, const Vec3& moments) {
  return MassProperties(mass, moments.asDiagonal().toDenseMatrix());
}

Mat6 MassProperties::spatialInertia() const {
  Mat6 M = Mat6::Zero();
  M.topLeftCorner<3, 3>() = inertia_;
  M.bottomRightCorner<3, 3>() = mass_ * Mat3::Identity();
  return M;
}

Vec6 MassProperties::momentum(const Twist& phi) const {
  return spatial(inertia_ * angular(phi), mass_ * linear(phi));
}

Twist MassProperties::solve(const Wrench& f) const {
  return spatial(inertia_inverse_ * angular(f), linear(f) / mass_);
}

double MassProperties::kineticEnergy(const Twist& phi) const {
  return 0.5 * phi.dot(momentum(phi));
}

}  // namespace contactsim
