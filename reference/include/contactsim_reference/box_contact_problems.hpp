// Random resting-contact problems among boxes (preda-florian-2005 §2): boxes tilted on a vertex or
// an edge, lying flat, stacked and bridged, with random spins and external pushes so that some
// contacts separate. Shared by the LCP tests and bench/.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "contact/point/contact_matrix.hpp"

namespace contactsim::reference {

struct BoxContactProblem {
  std::string kind;                 ///< "vertex", "edge", "flat", "stack", "bridge"
  std::vector<ContactBody> bodies;  ///< the last one is the fixed floor
  std::vector<PointContact> contacts;
};

/// One random configuration with 1 ≤ contacts ≤ max_contacts. Contact points come from the
/// geometry (box corners on the floor, face-clipped manifolds between stacked boxes), so the
/// configurations are physical: every contact touches.
BoxContactProblem randomBoxProblem(std::mt19937& rng, int max_contacts = 30);

}  // namespace contactsim::reference
