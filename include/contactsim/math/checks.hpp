// Always-on input checks that throw InvalidInputError naming the offending quantity.
#pragma once

#include <sstream>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/math/types.hpp"

namespace contactsim {

/// Throws InvalidInputError unless every coefficient of x is finite.
template <class Derived>
void requireFinite(const Eigen::MatrixBase<Derived>& x, const std::string& what) {
  if (!x.allFinite()) {
    std::ostringstream message;
    message << what << " must be finite, got ["
            << x.transpose().format(Eigen::IOFormat(Eigen::FullPrecision, 0, ", ", "; ")) << "]";
    throw InvalidInputError(message.str());
  }
}

/// Throws InvalidInputError unless x is finite.
inline void requireFinite(double x, const std::string& what) {
  if (!std::isfinite(x)) {
    throw InvalidInputError(what + " must be finite, got " + toText(x));
  }
}

/// Throws InvalidInputError unless x is finite and > 0.
inline void requirePositive(double x, const std::string& what) {
  requireFinite(x, what);
  if (!(x > 0.0)) {
    throw InvalidInputError(what + " must be positive, got " + toText(x));
  }
}

}  // namespace contactsim
