#include "free_pairs.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace contactsim::world_detail {
namespace {

// Twice the kinetic energy of rotation, ωᵀ I ω (body coordinates).
double spinEnergy2(const MotionBound& body, const RigidBodyState& s) {
  const Vec3 w = angular(s.twist);
  return std::max(0.0, w.dot(body.inertia * w));
}

// The largest |ω| of a torque-free body: ωᵀ I ω ≥ I_min |ω|² and ωᵀ I ω stays constant.
double largestSpin(const MotionBound& body, const RigidBodyState& s) {
  return std::sqrt(spinEnergy2(body, s) / body.least_inertia);
}

}  // namespace

RigidBodyState relativeState(const RigidBodyState& a, const RigidBodyState& b) {
  const Quat qa_inv = a.orientation.conjugate();
  const Vec3 wa = a.worldAngularVelocity();
  const Vec3 r = b.position - a.position;
  // d/dt Rₐᵀ (x − cₐ) = Rₐᵀ (ẋ − vₐ − ωₐ × (x − cₐ)) at x = c_b; Ṙ = Rₐᵀ [ω_b − ωₐ]× R_b.
  const Vec3 v = qa_inv * (b.worldLinearVelocity() - a.worldLinearVelocity() - wa.cross(r));
  const Vec3 w = qa_inv * (b.worldAngularVelocity() - wa);
  return RigidBodyState::fromWorldVelocities(qa_inv * r, (qa_inv * b.orientation).normalized(), w,
                                             v);
}

double pointSpeedBound(const MotionBound& body, const RigidBodyState& s, double g, double delta) {
  if (body.fixed) {
    return 0.0;
  }
  if (body.flying) {
    return linear(s.twist).norm() + g * delta + largestSpin(body, s) * body.reach;
  }
  // 1 % over: the contact's integrator keeps the energy only to its error.
  const double spread = std::sqrt(1.0 + body.mass * body.reach * body.reach / body.least_inertia);
  if (body.partner_mass > 0.0) {
    return 1.01 * (body.pair_velocity.norm() + g * delta +
                   std::sqrt(body.internal_kinetic2 / body.mass) * spread);
  }
  const double kinetic2 = body.mass * linear(s.twist).squaredNorm() + spinEnergy2(body, s);
  const double gd = g * delta;
  const double w = gd + std::sqrt(gd * gd + kinetic2 / body.mass);
  return 1.01 * w * spread;
}

double closingSpeedBound(const MotionBound& a, const RigidBodyState& sa, const MotionBound& b,
                         const RigidBodyState& sb, double g, double delta) {
  if (a.flying && b.flying) {
    return (sa.worldLinearVelocity() - sb.worldLinearVelocity()).norm() +
           largestSpin(a, sa) * a.reach + largestSpin(b, sb) * b.reach;
  }
  return pointSpeedBound(a, sa, g, delta) + pointSpeedBound(b, sb, g, delta);
}

double advancementStep(const MotionBound& a, const RigidBodyState& sa, const MotionBound& b,
                       const RigidBodyState& sb, double g, double length) {
  // S(Δ) Δ grows with Δ. The step at the initial bound, length / S(0), closes by at least
  // `length` (exactly, where S does not grow: both flying); else bisect below it, keeping the
  // side that closes by at most `length`. Bodies at rest in contact (S(0) = 0) start from 1 s.
  const auto closes = [&](double step) { return closingSpeedBound(a, sa, b, sb, g, step) * step; };
  // Steps are capped at 1 s (the world asks for shorter flights), so a bound that barely moves at
  // Δ = 0 (a body at rest in contact) still brackets within the bisection's reach.
  const double at_rest = closingSpeedBound(a, sa, b, sb, g, 0.0);
  double hi = at_rest > 0.0 ? std::min(length / at_rest, 1.0) : 1.0;
  if (closes(hi) <= length) {
    return hi;
  }
  double lo = 0.0;
  for (int k = 0; k < 200 && (lo == 0.0 || hi - lo > 1e-3 * hi); ++k) {
    const double mid = 0.5 * (lo + hi);
    (closes(mid) <= length ? lo : hi) = mid;
  }
  return lo;
}

std::vector<std::pair<std::size_t, std::size_t>> overlappingPairs(
    std::span<const BoundingSphere> spheres) {
  std::vector<std::size_t> order(spheres.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  const auto low = [&](std::size_t i) { return spheres[i].centre.x() - spheres[i].radius; };
  std::sort(order.begin(), order.end(),
            [&](std::size_t i, std::size_t j) { return low(i) < low(j); });
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const BoundingSphere& a = spheres[order[k]];
    const double high = a.centre.x() + a.radius;
    for (std::size_t l = k + 1; l < order.size() && low(order[l]) <= high; ++l) {
      const BoundingSphere& b = spheres[order[l]];
      const double reach = a.radius + b.radius;
      if ((a.centre - b.centre).squaredNorm() <= reach * reach) {
        pairs.emplace_back(std::min(order[k], order[l]), std::max(order[k], order[l]));
      }
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace contactsim::world_detail
