// Jacobi elliptic functions sn, cn, dn, for exact solutions of the torque-free rigid body.
#pragma once

namespace contactsim::reference {

struct JacobiElliptic {
  double sn;
  double cn;
  double dn;
};

/// sn(u|m), cn(u|m), dn(u|m) for parameter m = k² in [0, 1), by the descending Landen / AGM
/// method (Abramowitz & Stegun 16.4), accurate to rounding.
JacobiElliptic jacobiElliptic(double u, double m);

/// Complete elliptic integral of the first kind K(m), m = k², by the AGM: K = π / (2 AGM(1,
/// √(1−m))).
double completeEllipticK(double m);

}  // namespace contactsim::reference
