// Projected block Gauss–Seidel for frictional point contacts (the point-based method of
// bouchard-2015 §6), with the cone projection and re-solve of §5.2 restricted to a point (eq. 10).
#include "contact/point/frictional_contact.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "contact/point/sliding_block.hpp"
#include "contactsim/dynamics/mass_properties.hpp"
#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"
#include "validation.hpp"

namespace contactsim {

namespace {

void validate(std::span<const VelocityBody> bodies, std::span<const FrictionalContact> contacts) {
  velocity_detail::validateBodies(bodies, "velocity body");
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const FrictionalContact& c = contacts[i];
    const auto what = [i] { return "frictional contact " + toText(i); };
    point_detail::validateContact(bodies, c, what);
    if (!(c.friction >= 0.0) || !std::isfinite(c.friction)) {
      throw InvalidInputError(what() + ": friction must be finite and ≥ 0, got " +
                              toText(c.friction));
    }
    if (!std::isfinite(c.target_normal_velocity)) {
      throw InvalidInputError(what() + ": target normal velocity must be finite");
    }
    if (!c.drift_velocity.allFinite())
      requireFinite(c.drift_velocity, what() + " drift velocity");
  }
}

struct Block {
  Mat3 frame;  ///< columns n, t₁, t₂
  Vec3 r_a, r_b;
  Mat3 W;  ///< Schur complement block J M⁻¹ Jᵀ in the contact frame
  Mat3 W_inverse;
};

void applyImpulse(VelocityBody& body, const Vec3& r, const Vec3& impulse) {
  if (body.isFixed())
    return;
  body.velocity += body.inverse_mass * impulse;
  body.omega += body.inverse_inertia * r.cross(impulse);
}

/// Relative velocity of A's material point w.r.t. B's at the contact, in the contact frame.
Vec3 relativeVelocity(const Block& block, const VelocityBody& a, const VelocityBody& b) {
  const Vec3 u = a.velocity + a.omega.cross(block.r_a) - b.velocity - b.omega.cross(block.r_b);
  return block.frame.transpose() * u;
}

/// The local problem of one block: the impulse λ (contact frame) that, with every other impulse
/// held, satisfies Signorini and Coulomb at this contact. `u` is the current relative velocity
/// (which includes this contact's current impulse `lambda`).
Vec3 solveBlock(const Block& block, const FrictionalContact& contact, const Vec3& lambda,
                const Vec3& u_material, ConeProjection projection, bool& sliding) {
  sliding = false;
  const Vec3 target(contact.target_normal_velocity, 0.0, 0.0);
  // The drift target taken out of the velocity: the law below then holds u − drift (slip is
  // measured against it, sticking reaches it), as if the drift target were zero.
  const Vec3 u = u_material - block.frame.transpose() * contact.drift_velocity;
  if (projection == ConeProjection::kScalarRows) {
    // Gauss–Seidel on the three rows in turn, each projected on its own: λ_n ≥ 0, then
    // |λ_t| ≤ μ λ_n; the velocity follows each change through its column of W.
    Vec3 result = lambda;
    Vec3 v = u;
    for (int row = 0; row < 3; ++row) {
      double next = result[row] + (target[row] - v[row]) / block.W(row, row);
      if (row == 0) {
        next = std::max(0.0, next);
      } else {
        const double bound = contact.friction * result.x();
        sliding = sliding || std::abs(next) > bound;
        next = std::clamp(next, -bound, bound);
      }
      v += block.W.col(row) * (next - result[row]);
      result[row] = next;
    }
    return result;
  }
  const Vec3 free = u - block.W * lambda;  // this contact's impulse removed
  if (free.x() >= target.x())
    return Vec3::Zero();  // separating without a push
  // Sticking: the unconstrained solve of the block (eq. 1 for one point), u = target.
  const Vec3 stick = block.W_inverse * (target - free);
  const double mu = contact.friction;
  if (stick.x() > 0.0 && stick.tail<2>().norm() <= mu * stick.x())
    return stick;
  sliding = true;
  // Sliding: the impulse on the cone, λ = s q with q = (1, μ d), d a unit tangent; the magnitude
  // s from the normal row, e₁ᵀ(free + W s q) = target_n (the re-solve of §5.2, eq. 10).
  auto onCone = [&](const Eigen::Vector2d& d, Vec3& result) {
    const Vec3 q(1.0, mu * d.x(), mu * d.y());
    const double denominator = block.W.row(0).dot(q);
    if (!(denominator > 1e-9 * block.W(0, 0)))
      return false;
    result = std::max(0.0, (target.x() - free.x()) / denominator) * q;
    return true;
  };
  Eigen::Vector2d d = stick.tail<2>();
  Vec3 result;
  if (mu == 0.0 || d.norm() == 0.0) {
    result = Vec3((target.x() - free.x()) / block.W(0, 0), 0.0, 0.0);
    return result;
  }
  d.normalize();
  // §5.2 direction: the unconstrained impulse projected onto the cone.
  if (!onCone(d, result))
    return Vec3((target.x() - free.x()) / block.W(0, 0), 0.0, 0.0);
  if (projection == ConeProjection::kImpulseDirection)
    return result;
  // Coulomb's direction: friction opposite to the slip it leaves, d = −u_t/‖u_t‖ with
  // u = free + W λ; a fixed point in d, reached in a few local iterations where the slip is large
  // against the impulse's effect. Where it is not, the iteration can swap between two directions
  // (or, with strong normal–tangential coupling, leave the cone's rays where the normal row has a
  // positive solution): as soon as a step does not shrink, the disk's trust-region problem gives
  // the law's answer (sliding_block.hpp).
  double last_change = std::numeric_limits<double>::infinity();
  for (int local = 0; local < 16; ++local) {
    const Eigen::Vector2d slip = (free + block.W * result).tail<2>();
    if (slip.norm() <= 1e-14 * (1.0 + free.norm()))
      return result;
    const Eigen::Vector2d next = -slip.normalized();
    Vec3 candidate;
    if (!onCone(next, candidate))
      break;  // friction along the slip would pull the contact closed: no s > 0 on this ray
    const double change = (next - d).norm();
    d = next;
    result = candidate;
    if (change < 1e-15)
      return result;
    if (change >= last_change)
      break;  // not contracting: it swaps or wanders
    last_change = change;
  }
  const std::optional<Vec3> exact = point_detail::slidingImpulse(block.W, free, target.x(), mu);
  if (!exact)
    return result;
  sliding = exact->tail<2>().norm() >= mu * exact->x() * (1.0 - 1e-12);  // or sticking after all
  return *exact;
}

}  // namespace

BlockPgsStats solveFrictionalContacts(std::span<VelocityBody> bodies,
                                      std::span<const FrictionalContact> contacts,
                                      std::vector<Vec3>& impulses, const BlockPgsOptions& options) {
  options.validate();
  validate(bodies, contacts);
  if (impulses.size() != contacts.size())
    impulses.assign(contacts.size(), Vec3::Zero());
  for (std::size_t i = 0; i < impulses.size(); ++i) {
    if (!impulses[i].allFinite())
      requireFinite(impulses[i], "warm-start impulse " + toText(i));
  }

  // Phases timed for bouchard-2015 Table 1: assembly (W), factorization (W⁻¹), solve.
  using Clock = std::chrono::steady_clock;
  const auto since = [](Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
  };
  BlockPgsStats stats;
  auto phase = Clock::now();
  // The blocks and impulses live in per-thread scratch: island solves call this many times a
  // step with a few contacts each, and the allocations cost more than the sweeps.
  thread_local std::vector<Block> blocks;
  thread_local std::vector<Vec3> lambda;
  blocks.resize(contacts.size());
  lambda.resize(contacts.size());
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const FrictionalContact& c = contacts[i];
    Block& block = blocks[i];
    const VelocityBody& a = bodies[c.body_a];
    const VelocityBody& b = bodies[c.body_b];
    block.frame = contactFrame(c.normal);
    block.r_a = c.point - a.com;
    block.r_b = c.point - b.com;
    const Mat3 K = pointMobility(a.inverse_mass, a.inverse_inertia, block.r_a) +
                   pointMobility(b.inverse_mass, b.inverse_inertia, block.r_b);
    block.W = block.frame.transpose() * K * block.frame;
  }
  stats.assembly_seconds = since(phase);
  phase = Clock::now();
  for (Block& block : blocks)
    block.W_inverse = block.W.inverse();
  stats.factorization_seconds = since(phase);

  phase = Clock::now();
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const FrictionalContact& c = contacts[i];
    const Block& block = blocks[i];
    VelocityBody& a = bodies[c.body_a];
    VelocityBody& b = bodies[c.body_b];
    // Warm start: the previous impulse, projected back into this contact's cone.
    Vec3 warm = block.frame.transpose() * impulses[i];
    if (warm.x() <= 0.0) {
      warm.setZero();
    } else if (warm.tail<2>().norm() > c.friction * warm.x()) {
      warm.tail<2>() *= c.friction * warm.x() / warm.tail<2>().norm();
    }
    lambda[i] = warm;
    const Vec3 world = block.frame * warm;
    applyImpulse(a, block.r_a, world);
    applyImpulse(b, block.r_b, -world);
  }

  for (int sweep = 1; sweep <= options.max_iterations; ++sweep) {
    double update_squared = 0.0;
    int sliding_count = 0;
    int separating_count = 0;
    for (std::size_t i = 0; i < contacts.size(); ++i) {
      const FrictionalContact& c = contacts[i];
      const Block& block = blocks[i];
      VelocityBody& a = bodies[c.body_a];
      VelocityBody& b = bodies[c.body_b];
      bool sliding = false;
      const Vec3 updated = solveBlock(block, c, lambda[i], relativeVelocity(block, a, b),
                                      options.cone_projection, sliding);
      const Vec3 delta = updated - lambda[i];
      lambda[i] = updated;
      const Vec3 world = block.frame * delta;
      applyImpulse(a, block.r_a, world);
      applyImpulse(b, block.r_b, -world);
      update_squared += delta.squaredNorm();
      sliding_count += sliding ? 1 : 0;
      separating_count += updated.x() == 0.0 ? 1 : 0;
    }
    stats.iterations = sweep;
    stats.update_norm = std::sqrt(update_squared);
    stats.sliding = sliding_count;
    stats.separating = separating_count;
    if (options.record_history)
      stats.history.push_back(stats.update_norm);
    if (stats.update_norm <= options.tolerance) {
      stats.converged = true;
      break;
    }
  }
  for (std::size_t i = 0; i < contacts.size(); ++i)
    impulses[i] = blocks[i].frame * lambda[i];
  stats.solve_seconds = since(phase);
  return stats;
}

}  // namespace contactsim
