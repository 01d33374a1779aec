#include "contact/response/response_contact_solver.hpp"

#include <algorithm>
#include <cmath>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

/// Inverse effective mass of the contact along direction d: J M⁻¹ Jᵀ.
double inverseEffectiveMass(std::span<const PlanarVelocity> bodies, const ResponseContactRow& row,
                            const Vec2& d) {
  const PlanarVelocity& a = bodies[row.body_a];
  const double ra = cross2(row.lever_a, d);
  double w = a.inverse_mass + ra * ra * a.inverse_inertia;
  if (row.body_b) {
    const PlanarVelocity& b = bodies[*row.body_b];
    const double rb = cross2(row.lever_b, d);
    w += b.inverse_mass + rb * rb * b.inverse_inertia;
  }
  return w;
}

/// Adds the impulse h·f·d on A at its contact point and its reaction on B.
void applyImpulse(std::span<PlanarVelocity> bodies, const ResponseContactRow& row, const Vec2& d,
                  double impulse) {
  PlanarVelocity& a = bodies[row.body_a];
  a.velocity += impulse * a.inverse_mass * d;
  a.angular_velocity += impulse * a.inverse_inertia * cross2(row.lever_a, d);
  if (row.body_b) {
    PlanarVelocity& b = bodies[*row.body_b];
    b.velocity -= impulse * b.inverse_mass * d;
    b.angular_velocity -= impulse * b.inverse_inertia * cross2(row.lever_b, d);
  }
}

}  // namespace

void ResponseSolverOptions::validate() const {
  if (max_sweeps < 1) {
    throw InvalidInputError("response solver max_sweeps must be at least 1, got " +
                            toText(max_sweeps));
  }
  if (!(theta >= 0.5 && theta <= 1.0)) {
    throw InvalidInputError(
        "response solver theta must be in [0.5, 1] (1: force at the end of "
        "the step, 0.5: trapezoidal), got " +
        toText(theta));
  }
  if (!(std::isfinite(tolerance) && tolerance >= 0.0)) {
    throw InvalidInputError("response solver tolerance must be finite and >= 0, got " +
                            toText(tolerance));
  }
}

Vec2 relativeVelocity(std::span<const PlanarVelocity> bodies, const ResponseContactRow& row) {
  const PlanarVelocity& a = bodies[row.body_a];
  Vec2 u = a.velocity + crossZ(a.angular_velocity, row.lever_a);
  if (row.body_b) {
    const PlanarVelocity& b = bodies[*row.body_b];
    u -= b.velocity + crossZ(b.angular_velocity, row.lever_b);
  }
  return u;
}

ResponseSolverStats solveResponseContacts(std::span<PlanarVelocity> bodies,
                                          std::span<ResponseContactRow> rows, double h,
                                          const ResponseSolverOptions& options) {
  const std::span<const PlanarVelocity> view(bodies.data(), bodies.size());
  // The forces of the step before act with weight 1 − θ, and warm start the new ones (weight θ).
  for (const ResponseContactRow& row : rows) {
    applyImpulse(bodies, row, row.normal, h * row.normal_force);
    applyImpulse(bodies, row, row.tangent(), h * row.tangential_force);
  }
  ResponseSolverStats stats;
  stats.converged = false;
  const double th = options.theta;
  for (stats.sweeps = 1; stats.sweeps <= options.max_sweeps; ++stats.sweeps) {
    double change = 0.0;
    double largest = 0.0;
    for (ResponseContactRow& row : rows) {
      const Vec2 n = row.normal;
      const Vec2 t = row.tangent();
      // Normal row, ullrich-pai §5.1 eqs. 7–8 with δ_{k+1} = δ_k − h((1 − θ) u_n(v_k) +
      // θ u_n(v_{k+1})): the residual of C F = δ_{k+1} − δ_free, removed exactly by
      // ΔF (C + θ² h² W_nn) given the other forces.
      const double u_n = relativeVelocity(view, row).dot(n);
      const double residual = row.penetration - h * (1.0 - th) * row.start_normal_velocity -
                              h * th * u_n - row.free_deformation -
                              row.compliance * row.normal_force;
      const double w_nn = inverseEffectiveMass(view, row, n);
      const double f_n =
          std::max(0.0, row.normal_force + residual / (row.compliance + th * th * h * h * w_nn));
      applyImpulse(bodies, row, n, th * h * (f_n - row.normal_force));
      change = std::max(change, std::abs(f_n - row.normal_force));
      row.normal_force = f_n;
      // Tangential row (Coulomb): stick, u_t(v_{k+1}) = 0, unless |T| would exceed μ F.
      double f_t = 0.0;
      if (row.friction > 0.0 && f_n > 0.0) {
        const double u_t = relativeVelocity(view, row).dot(t);
        const double w_tt = inverseEffectiveMass(view, row, t);
        const double bound = row.friction * f_n;
        f_t = std::clamp(row.tangential_force - u_t / (th * h * w_tt), -bound, bound);
      }
      applyImpulse(bodies, row, t, th * h * (f_t - row.tangential_force));
      change = std::max(change, std::abs(f_t - row.tangential_force));
      row.tangential_force = f_t;
      largest = std::max({largest, f_n, std::abs(f_t)});
    }
    stats.last_change = change;
    if (change <= options.tolerance * largest) {
      stats.converged = true;
      break;
    }
  }
  stats.sweeps = std::min(stats.sweeps, options.max_sweeps);
  for (const PlanarVelocity& b : bodies) {
    if (!b.velocity.allFinite() || !std::isfinite(b.angular_velocity)) {
      throw NumericalError("response-map contact solve produced a non-finite velocity");
    }
  }
  return stats;
}

}  // namespace contactsim
