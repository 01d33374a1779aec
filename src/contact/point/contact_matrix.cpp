// preda-florian-2005 appendix: A and b assembled body by body (eqs. 3–9).
#include "contact/point/contact_matrix.hpp"

#include <cmath>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"
#include "validation.hpp"

namespace contactsim {

ContactBody makeContactBody(const MassProperties& mass, const RigidBodyState& state,
                            const Vec3& force_world, const Vec3& torque_world) {
  const Mat3 R = state.orientation.toRotationMatrix();
  const Mat3 inertia = mass.worldInertia(R);
  ContactBody body;
  body.inverse_mass = 1.0 / mass.mass();
  body.inverse_inertia = mass.worldInverseInertia(R);
  body.com = state.position;
  body.velocity = state.worldLinearVelocity();
  body.omega = state.worldAngularVelocity();
  body.external_force = force_world;
  body.external_torque = torque_world - body.omega.cross(inertia * body.omega);
  return body;
}

ContactBody makeFixedContactBody(const Vec3& com) {
  ContactBody body;
  body.com = com;
  return body;
}

namespace {

void validate(std::span<const ContactBody> bodies, std::span<const PointContact> contacts) {
  velocity_detail::validateBodies(bodies, "contact body");
  for (std::size_t k = 0; k < bodies.size(); ++k) {
    const std::string what = "contact body " + toText(k);
    requireFinite(bodies[k].external_force, what + " external force");
    requireFinite(bodies[k].external_torque, what + " external torque");
  }
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    point_detail::validateContact(bodies, contacts[i], "contact " + toText(i));
  }
}

/// Acceleration of the material point p of a body with no contact force (eqs. 5–6 with f = 0):
/// F/m + (I⁻¹ M) × r + ω × (ω × r), r = p − com.
Vec3 freePointAcceleration(const ContactBody& body, const Vec3& r) {
  return body.inverse_mass * body.external_force +
         (body.inverse_inertia * body.external_torque).cross(r) +
         body.omega.cross(body.omega.cross(r));
}

Vec3 pointVelocity(const ContactBody& body, const Vec3& p) {
  return body.velocity + body.omega.cross(p - body.com);
}

}  // namespace

ContactProblem assembleContactProblem(std::span<const ContactBody> bodies,
                                      std::span<const PointContact> contacts,
                                      const ContactMatrixOptions& options) {
  validate(bodies, contacts);
  const auto n = static_cast<Eigen::Index>(contacts.size());

  // C_A: the contacts acting on each body with their σ_iA (appendix, after eq. 2).
  struct Incidence {
    std::size_t contact;
    double sigma;
  };
  std::vector<std::vector<Incidence>> on_body(bodies.size());
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    on_body[contacts[i].body_a].push_back({i, +1.0});
    on_body[contacts[i].body_b].push_back({i, -1.0});
  }

  ContactProblem problem;
  problem.b = VecX::Zero(n);
  std::vector<Eigen::Triplet<double>> triplets;
  for (std::size_t k = 0; k < bodies.size(); ++k) {
    const ContactBody& body = bodies[k];
    if (body.isFixed())
      continue;  // an immovable body contributes nothing to A or b
    const std::vector<Incidence>& incident = on_body[k];
    for (const Incidence& ci : incident) {
      const PointContact& c = contacts[ci.contact];
      const Vec3 p_i = c.point - body.com;
      // Eq. 9: b_iA = σ_iA [F/m + (I⁻¹M) × p_iA + ω × (ω × p_iA)] · n_i.
      problem.b[static_cast<Eigen::Index>(ci.contact)] +=
          ci.sigma * freePointAcceleration(body, p_i).dot(c.normal);
      // Eq. 8: A_ijA = σ_iA σ_jA [n_j/m + I⁻¹(p_jA × n_j) × p_iA] · n_i, for j ∈ C_A.
      for (const Incidence& cj : incident) {
        const PointContact& d = contacts[cj.contact];
        const Vec3 p_j = d.point - body.com;
        const double value =
            ci.sigma * cj.sigma *
            (body.inverse_mass * d.normal + (body.inverse_inertia * p_j.cross(d.normal)).cross(p_i))
                .dot(c.normal);
        triplets.emplace_back(static_cast<Eigen::Index>(ci.contact),
                              static_cast<Eigen::Index>(cj.contact), value);
      }
    }
  }
  if (options.normal_rotation_term) {
    for (std::size_t i = 0; i < contacts.size(); ++i) {
      const PointContact& c = contacts[i];
      const Vec3 n_dot = bodies[c.body_b].omega.cross(c.normal);
      const Vec3 relative =
          pointVelocity(bodies[c.body_a], c.point) - pointVelocity(bodies[c.body_b], c.point);
      problem.b[static_cast<Eigen::Index>(i)] += 2.0 * n_dot.dot(relative);
    }
  }
  problem.A.resize(n, n);
  problem.A.setFromTriplets(triplets.begin(), triplets.end());  // sums A_ijA + A_ijB
  return problem;
}

std::vector<BodyAcceleration> bodyAccelerations(std::span<const ContactBody> bodies,
                                                std::span<const PointContact> contacts,
                                                const VecX& f) {
  if (f.size() != static_cast<Eigen::Index>(contacts.size())) {
    throw InvalidInputError("contact forces: " + toText(f.size()) + " values for " +
                            toText(contacts.size()) + " contacts");
  }
  validate(bodies, contacts);
  std::vector<Vec3> force(bodies.size(), Vec3::Zero());
  std::vector<Vec3> torque(bodies.size(), Vec3::Zero());
  for (std::size_t k = 0; k < bodies.size(); ++k) {
    force[k] = bodies[k].external_force;
    torque[k] = bodies[k].external_torque;
  }
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const PointContact& c = contacts[i];
    const Vec3 push = f[static_cast<Eigen::Index>(i)] * c.normal;
    force[c.body_a] += push;
    torque[c.body_a] += (c.point - bodies[c.body_a].com).cross(push);
    force[c.body_b] -= push;
    torque[c.body_b] -= (c.point - bodies[c.body_b].com).cross(push);
  }
  std::vector<BodyAcceleration> result(bodies.size());
  for (std::size_t k = 0; k < bodies.size(); ++k) {
    if (bodies[k].isFixed())
      continue;
    result[k].linear = bodies[k].inverse_mass * force[k];       // eq. 3
    result[k].angular = bodies[k].inverse_inertia * torque[k];  // eq. 4
  }
  return result;
}

}  // namespace contactsim
