#include "contactsim_reference/torque_free_body.hpp"

#include <cmath>

#include "contactsim/error.hpp"
#include "contactsim_reference/jacobi_elliptic.hpp"

namespace contactsim::reference {
namespace {

// Incomplete elliptic integral F(φ|m) for any real φ, by F(φ + nπ) = F(φ) + 2nK.
double ellipticF(double phi, double m) {
  const double pi = M_PI;
  const double n = std::floor(phi / pi + 0.5);
  const double reduced = phi - n * pi;  // in [−π/2, π/2]
  return 2.0 * n * completeEllipticK(m) + std::ellint_1(std::sqrt(m), reduced);
}

}  // namespace

TorqueFreeBody::TorqueFreeBody(const Vec3& principal_moments, const Vec3& omega0)
    : I_(principal_moments) {
  if (!(I_(0) > 0.0 && I_(0) < I_(1) && I_(1) < I_(2))) {
    throw InvalidInputError("TorqueFreeBody needs principal moments 0 < I1 < I2 < I3");
  }
  energy_ = 0.5 * omega0.dot(I_.cwiseProduct(omega0));
  momentum2_ = I_.cwiseProduct(omega0).squaredNorm();
  const double twoE = 2.0 * energy_;
  if (std::abs(momentum2_ - twoE * I_(1)) <= 1e-12 * momentum2_) {
    throw InvalidInputError("TorqueFreeBody: initial state on the separatrix L^2 = 2 E I2");
  }
  // Landau & Lifshitz §37 solve L² > 2 E I₂; the other case interchanges indices 1 and 3 in the
  // same formulas. (The interchange reverses orientation, but so does the sign of I₃ − I₂ in
  // λ A₁ I₁ = (I₃ − I₂) A₂ A₃: the two cancel, and ω₂ keeps its sign.)
  swapped_ = momentum2_ < twoE * I_(1);
  Vec3 I = I_;
  Vec3 w = omega0;
  if (swapped_) {
    std::swap(I(0), I(2));
    std::swap(w(0), w(2));
  }
  const double L2 = momentum2_;
  amplitude_ = Vec3(std::sqrt((twoE * I(2) - L2) / (I(0) * (I(2) - I(0)))),
                    std::sqrt((twoE * I(2) - L2) / (I(1) * (I(2) - I(1)))),
                    std::sqrt((L2 - twoE * I(0)) / (I(2) * (I(2) - I(0)))));
  lambda_ = std::sqrt((I(2) - I(1)) * (L2 - twoE * I(0)) / (I(0) * I(1) * I(2)));
  m_ = (I(1) - I(0)) * (twoE * I(2) - L2) / ((I(2) - I(1)) * (L2 - twoE * I(0)));
  // ω₃ = sign·A₃ dn keeps its sign; (ω₁, ω₂, ω₃) → (ω₁, −ω₂, −ω₃) is a symmetry of Euler's
  // equations, so a negative ω₃ flips ω₂ too. The phase τ₀ comes from the amplitude φ₀ with
  // cn τ₀ = cos φ₀ = ω₁/A₁, sn τ₀ = sin φ₀ = sign·ω₂/A₂.
  sign_ = w(2) >= 0.0 ? 1.0 : -1.0;
  const double phi0 = std::atan2(sign_ * w(1) / amplitude_(1), w(0) / amplitude_(0));
  tau0_ = ellipticF(phi0, m_);
  period_ = 4.0 * completeEllipticK(m_) / lambda_;
}

Vec3 TorqueFreeBody::omega(double t) const {
  const JacobiElliptic j = jacobiElliptic(lambda_ * t + tau0_, m_);
  Vec3 w(amplitude_(0) * j.cn, sign_ * amplitude_(1) * j.sn, sign_ * amplitude_(2) * j.dn);
  if (swapped_) {
    std::swap(w(0), w(2));
  }
  return w;
}

}  // namespace contactsim::reference
