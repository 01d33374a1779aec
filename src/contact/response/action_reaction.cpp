#include "contact/response/action_reaction.hpp"

#include <algorithm>

namespace contactsim {

PairCompliance pairCompliance(const ContactSide& a, const ContactSide* b) {
  PairCompliance p{a.compliance(), a.freeDeformation()};
  if (b != nullptr) {
    p.compliance += b->compliance();
    p.free_deformation += b->freeDeformation();
  }
  return p;
}

ActionReaction deformationsFor(const ContactSide& a, const ContactSide* b, double force) {
  ActionReaction r;
  r.force = force;
  r.deformation_a = a.deformationFor(force);
  r.deformation_b = b != nullptr ? b->deformationFor(force) : 0.0;
  return r;
}

ActionReaction solveActionReaction(const ContactSide& a, const ContactSide* b, double penetration) {
  const PairCompliance p = pairCompliance(a, b);
  // ullrich-pai §5.1 eqs. 7–8: δ^A + δ^B = δ with F^A = F^B = F gives C F = δ − δ_free; F ≥ 0.
  const double force = std::max(0.0, (penetration - p.free_deformation) / p.compliance);
  return deformationsFor(a, b, force);
}

}  // namespace contactsim
