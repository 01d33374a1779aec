// The sweep controls' checks and the contact frame shared by the velocity-level solvers.
#include "contact/velocity/velocity_body.hpp"

#include <cmath>
#include <string>

#include "contactsim/error.hpp"

namespace contactsim {

void SweepOptions::validate() const {
  if (max_iterations < 1) {
    throw InvalidInputError("block PGS: max_iterations must be ≥ 1, got " + toText(max_iterations));
  }
  if (!(tolerance >= 0.0) || !std::isfinite(tolerance)) {
    throw InvalidInputError("block PGS: tolerance must be finite and ≥ 0, got " +
                            toText(tolerance));
  }
}

Mat3 contactFrame(const Vec3& normal) {
  // t₁ from the world axis least aligned with n, so the frame is continuous while n moves little.
  const Vec3 axis = std::abs(normal.x()) < 0.57735   ? Vec3::UnitX()
                    : std::abs(normal.y()) < 0.57735 ? Vec3::UnitY()
                                                     : Vec3::UnitZ();
  const Vec3 t1 = normal.cross(axis).normalized();
  Mat3 frame;
  frame << normal, t1, normal.cross(t1);
  return frame;
}

}  // namespace contactsim
