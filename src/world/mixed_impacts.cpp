// Impacts of a mixed world (mixed_world.hpp): a pair with restitution e > 0 whose contact will
// touch within the step collides now by the Chatterjee–Ruina law with both bodies' inertias
// (Chatterjee & Ruina 1998; contact/impact/collision_law), before the step's plastic
// velocity-level solve, which then finds it separating. Pairs with e = 0 are left to that solve.
#include <cstdio>

#include "contact/impact/collision_law.hpp"
#include "mixed_world.hpp"

namespace contactsim::world_detail {

namespace {

Vec3 pointVelocity(const MixedWorld::Body& body, const Vec3& p) {
  return body.velocity + body.omega.cross(p - body.position);
}

ImpactBody impactBodyOf(const MixedWorld::Body& body) {
  ImpactBody b;
  b.com_world = body.position;
  if (!body.fixed) {
    b.inverse_mass = 1.0 / body.mass.mass();
    b.inverse_inertia_world = body.mass.worldInverseInertia(body.orientation.toRotationMatrix());
  }
  return b;
}

}  // namespace

int MixedWorld::collideClosing(const std::vector<Generated>& contacts) {
  // Sweeps over the contacts that close within the step (the gap g ≥ 0 shut at the normal
  // speed: g < −u·n h, or already overlapping and approaching), each an impact with the pair's
  // e, μ and the collisions' tangential restitution; repeated until none approaches, as
  // sequential impacts are (at most 1000 sweeps).
  const double h = settings_.step;
  int impacts = 0;
  for (int sweep = 0; sweep < 1000; ++sweep) {
    bool any = false;
    for (const Generated& g : contacts) {
      const FrictionalContact& c = g.contact;
      ImpactParameters p = impact_;
      p.restitution = materials_.restitution(c.body_a, c.body_b, 0.0);
      if (p.restitution <= 0.0)
        continue;
      Body& A = bodies_[c.body_a];
      Body& B = bodies_[c.body_b];
      const Vec3 u = pointVelocity(A, c.point) - pointVelocity(B, c.point);
      const double closing = -c.normal.dot(u);
      if (closing <= contact_speed_ || g.separation > closing * h)
        continue;
      p.friction = c.friction;
      const ImpactBody a = impactBodyOf(A), b = impactBodyOf(B);
      const ImpactResult impact =
          chatterjeeRuinaImpulse(collisionMatrix(a, b, c.point), u, c.normal, p);
      const ImpactVelocityChanges dv = applyImpulse(a, b, c.point, impact.impulse);
      if (!A.fixed) {
        A.velocity += dv.a.linear;
        A.omega += dv.a.angular;
      }
      if (!B.fixed) {
        B.velocity += dv.b.linear;
        B.omega += dv.b.angular;
      }
      char detail[256];
      std::snprintf(detail, sizeof detail, "with %s: normal speed %.6g -> %.6g m/s (%s)",
                    B.name.c_str(), closing,
                    c.normal.dot(pointVelocity(A, c.point) - pointVelocity(B, c.point)),
                    toString(impact.regime));
      events_.push_back({time_, A.name, "collision", detail});
      ++impacts;
      any = true;
    }
    if (!any)
      break;
  }
  return impacts;
}

}  // namespace contactsim::world_detail
