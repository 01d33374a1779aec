// The switch of a sliding contact of a tree into no-slip as a plastic impulse (kry-pai-2002
// §3.7: a contact whose slip falls below the threshold continues in no-slip friction; the slip
// left is removed by an impulse, as an impact that ends sliding would remove it). Recomputing the
// constrained coordinates of one contact's q̇ would change its child's motion relative to its
// parent alone, with no reaction on the parent — energy can rise by m v Δv (1.6 mJ measured for a
// ball stopping to slip in a shell on the table at 5 mm/s). Instead the tangential impulse P at
// the contact point, equal and opposite on child and parent, is the one that zeroes the slip
// through the whole tree: Δq̇ = D P with D the response of every contact's q̇ (and the floating
// roots' twists) to a unit tangential impulse — the change in q̈ that a unit force pair causes,
// the velocity-dependent terms cancelling in the difference — and slip + G P = 0 with G = S D.
// The energy change is then −½ slipᵀ G⁻¹ slip ≤ 0.
#include <Eigen/LU>

#include "contact/smooth/contact_tree.hpp"

namespace contactsim {

void ContactTree::stickPlastically(std::size_t k) {
  const ContactTreeSetup::Edge& edge = setup_.edges[k];
  // Phase 1: the contact frictionless while its impulse response is measured (the impulse is
  // the only tangential force there; the other contacts keep their modes and transmit it).
  const FrictionParameters friction = edge.friction;
  setup_.edges[k].friction.mu = 0.0;
  const Vector x = pack();
  const Evaluation base = evaluate(x);
  const auto child = static_cast<std::size_t>(edge.child);
  const Frame contact = base.poses[child] * base.k[k].E_1_1c;
  const Vec3 point = contact.translation();
  // Phase 2: the response of the state's velocities to a unit force pair along each tangent.
  const std::size_t n = setup_.bodies.size();
  Eigen::Matrix<double, Eigen::Dynamic, 2> D(x.size(), 2);
  for (int i = 0; i < 2; ++i) {
    const Vec3 f = contact.linear().col(i);
    std::vector<Wrench> extra(n, Wrench::Zero());
    const auto push = [&](std::size_t b, const Vec3& force) {
      const Mat3 R = base.poses[b].linear();
      const Vec3 f_body = R.transpose() * force;
      const Vec3 r_body = R.transpose() * (point - base.poses[b].translation());
      extra[b] = spatial(r_body.cross(f_body), f_body);
    };
    push(child, f);
    if (edge.parent >= 0)
      push(static_cast<std::size_t>(edge.parent), -f);
    const Evaluation pushed = evaluate(x, &extra);
    Vector dv = Vector::Zero(x.size());
    for (std::size_t j = 0; j < setup_.edges.size(); ++j) {
      const auto at = static_cast<Eigen::Index>(10 * j + 5);
      dv.segment<5>(at) = pushed.a.edges[j].qddot - base.a.edges[j].qddot;
    }
    auto offset = static_cast<Eigen::Index>(10 * setup_.edges.size());
    for (std::size_t b = 0; b < n; ++b) {
      if (parent_edge_[b] >= 0)
        continue;
      dv.segment<6>(offset + 7) = pushed.a.accelerations[b] - base.a.accelerations[b];
      offset += 13;
    }
    D.col(i) = dv;
  }
  // Phase 3: the slip's response G (linear in the velocities at fixed q) and the impulse that
  // zeroes the slip.
  const Eigen::Vector2d slip = base.a.edges[k].slip_velocity.head<2>();
  Eigen::Matrix2d G;
  for (int i = 0; i < 2; ++i)
    G.col(i) = evaluate(x + D.col(i)).a.edges[k].slip_velocity.head<2>() - slip;
  const Eigen::Vector2d P = -G.partialPivLu().solve(slip);
  setup_.edges[k].friction = friction;
  if (P.allFinite())
    unpack(x + D * P);
}

}  // namespace contactsim
