#include "dynamics/state_interpolation.hpp"

#include <string>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

Eigen::Vector4d coefficients(const Quat& q) {
  return Eigen::Vector4d(q.w(), q.x(), q.y(), q.z());
}

// q̇ = ½ (0, ω) q, ω in world coordinates.
Eigen::Vector4d quaternionRate(const Quat& q, const Vec3& omega_world) {
  const Quat w(0.0, omega_world.x(), omega_world.y(), omega_world.z());
  return 0.5 * coefficients(w * q);
}

}  // namespace

RigidBodyState interpolateFlight(const RigidBodyState& a, double t0, const RigidBodyState& b,
                                 double t1, double t) {
  if (!(t0 < t1) || !(t >= t0 && t <= t1)) {
    throw InvalidInputError("flight interpolation: need t0 < t1 and t in [t0, t1], got t0 = " +
                            toText(t0) + ", t1 = " + toText(t1) + ", t = " + toText(t));
  }
  const double dt = t1 - t0;
  const double s = (t - t0) / dt;
  const HermiteBasis h = hermiteBasis(s);
  const Vec3 va = a.worldLinearVelocity(), vb = b.worldLinearVelocity();
  const Vec3 position = h.h00 * a.position + h.h10 * dt * va + h.h01 * b.position + h.h11 * dt * vb;
  const Vec3 velocity = (h.d00 * a.position + h.d01 * b.position) / dt + h.d10 * va + h.d11 * vb;
  const Vec3 wa = a.worldAngularVelocity(), wb = b.worldAngularVelocity();
  Quat qb = b.orientation;
  if (a.orientation.dot(qb) < 0.0) {
    qb.coeffs() = -qb.coeffs();
  }
  const Eigen::Vector4d q = h.h00 * coefficients(a.orientation) +
                            h.h10 * dt * quaternionRate(a.orientation, wa) +
                            h.h01 * coefficients(qb) + h.h11 * dt * quaternionRate(qb, wb);
  const Quat orientation = Quat(q(0), q(1), q(2), q(3)).normalized();
  return RigidBodyState::fromWorldVelocities(position, orientation, (1.0 - s) * wa + s * wb,
                                             velocity);
}

}  // namespace contactsim
