// Gauss–Legendre rules on [−1, 1] (internal to bem): nodes by Newton's method on P_n.
#pragma once

#include <vector>

namespace contactsim::bem_detail {

struct GaussRule {
  std::vector<double> x;
  std::vector<double> w;
};

/// The n-point rule, 1 ≤ n ≤ 64, computed once and cached.
const GaussRule& gaussLegendre(int n);

}  // namespace contactsim::bem_detail
