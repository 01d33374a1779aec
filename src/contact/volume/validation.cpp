// Input checks of contact/volume; the body and pair checks are those of contact/velocity.
#include "validation.hpp"

#include <cmath>

#include <Eigen/Cholesky>

#include "contact/velocity/validation.hpp"
#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim::volume_detail {

namespace {

constexpr double kFrameTolerance = 1e-9;

void requireRotation(const Mat3& R, const std::string& what) {
  requireFinite(R, what);
  if ((R.transpose() * R - Mat3::Identity()).lpNorm<Eigen::Infinity>() > kFrameTolerance ||
      R.determinant() < 0.0) {
    throw InvalidInputError(what + " must be orthonormal and right-handed");
  }
}

void requireNonNegative(double x, const std::string& what) {
  if (!(x >= 0.0) || !std::isfinite(x)) {
    throw InvalidInputError(what + " must be finite and ≥ 0, got " + toText(x));
  }
}

}  // namespace

void validateBodies(std::span<const VelocityBody> bodies) {
  velocity_detail::validateBodies(bodies, "velocity body");
  for (std::size_t k = 0; k < bodies.size(); ++k) {
    const VelocityBody& b = bodies[k];
    if (b.isFixed())
      continue;
    const Mat3& I_inv = b.inverse_inertia;
    const bool symmetric = (I_inv - I_inv.transpose()).lpNorm<Eigen::Infinity>() <=
                           1e-9 * I_inv.lpNorm<Eigen::Infinity>();
    if (!symmetric || Eigen::LLT<Mat3>(I_inv).info() != Eigen::Success) {
      throw InvalidInputError("velocity body " + toText(k) +
                              ": inverse inertia of a free body must be symmetric positive "
                              "definite");
    }
  }
}

void validateContact(std::span<const VelocityBody> bodies, const VolumeContact& c,
                     const std::string& what) {
  velocity_detail::validatePair(bodies, c.body_a, c.body_b, what);
  requireFinite(c.patch.center, what + " patch centre");
  requireRotation(c.patch.frame, what + " patch frame (n, u, w)");
  requireNonNegative(c.patch.radius_u, what + " patch radius_u");
  requireNonNegative(c.patch.radius_w, what + " patch radius_w");
  requireNonNegative(c.patch.volume, what + " patch volume");
  requireFinite(c.patch.gradient, what + " patch gradient");
  requireNonNegative(c.friction, what + " friction");
  requireFinite(c.target_normal_velocity, what + " target normal velocity");
  requireNonNegative(c.compliance, what + " compliance");
  requireNonNegative(c.depth_rate, what + " depth rate");
  requireNonNegative(c.max_sink, what + " max sink");
  requireFinite(c.drift_velocity, what + " drift velocity");
}

void validateJoint(std::span<const VelocityBody> bodies, const BilateralJoint& j,
                   const std::string& what) {
  if (j.type != JointType::kFixed && j.type != JointType::kSpherical &&
      j.type != JointType::kRevolute) {
    throw InvalidInputError(what + ": unknown joint type");
  }
  velocity_detail::validatePair(bodies, j.body_a, j.body_b, what);
  requireFinite(j.anchor_a, what + " anchor_a");
  requireFinite(j.anchor_b, what + " anchor_b");
  requireRotation(j.frame_a, what + " frame_a");
  requireRotation(j.frame_b, what + " frame_b");
  requireNonNegative(j.stabilization_rate, what + " stabilization rate");
}

}  // namespace contactsim::volume_detail
