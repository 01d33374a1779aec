// Bodies and patches for the 6D contact tests: boxes by hand-written inertia, fixed bodies, and
// patch frames (n, u, w = n × u).
#pragma once

#include "contact/velocity/velocity_body.hpp"
#include "contact/volume/volume_contact.hpp"

namespace contactsim::test {

inline constexpr double kGravity = 9.81;

/// I = m/3 diag(hy² + hz², hx² + hz², hx² + hy²) for half-extents h: a solid box.
inline Mat3 boxInertia(double mass, const Vec3& half) {
  const Vec3 s = half.cwiseProduct(half);
  return (mass / 3.0 * Vec3(s.y() + s.z(), s.x() + s.z(), s.x() + s.y())).asDiagonal();
}

inline VelocityBody freeBody(double mass, const Mat3& inertia, const Vec3& com,
                             const Vec3& velocity = Vec3::Zero(),
                             const Vec3& omega = Vec3::Zero()) {
  VelocityBody b;
  b.inverse_mass = 1.0 / mass;
  b.inverse_inertia = inertia.inverse();
  b.com = com;
  b.velocity = velocity;
  b.omega = omega;
  return b;
}

inline VelocityBody fixedBody() {
  return VelocityBody{};
}

inline ContactPatch makePatch(const Vec3& center, const Vec3& n, const Vec3& u, double radius_u,
                              double radius_w) {
  ContactPatch p;
  p.center = center;
  p.frame << n, u, n.cross(u);
  p.radius_u = radius_u;
  p.radius_w = radius_w;
  return p;
}

inline VolumeContact makeContact(std::size_t a, std::size_t b, const ContactPatch& patch,
                                 double friction) {
  VolumeContact c;
  c.body_a = a;
  c.body_b = b;
  c.patch = patch;
  c.friction = friction;
  return c;
}

/// Velocity of the material point x of a body.
inline Vec3 pointVelocity(const VelocityBody& b, const Vec3& x) {
  return b.velocity + b.omega.cross(x - b.com);
}

}  // namespace contactsim::test
