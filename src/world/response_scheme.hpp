// The contact scheme of planar response-map worlds as the run time's θ (ullrich-pai §5; the
// θ-method of src/contact/response/response_contact_solver.hpp).
#pragma once

#include "contactsim/world/world_description.hpp"

namespace contactsim {

/// θ of `scheme`: 1 end-of-step (first order, damps), ½ trapezoidal (second order).
[[nodiscard]] constexpr double responseTheta(ResponseScheme scheme) noexcept {
  return scheme == ResponseScheme::kTrapezoidal ? 0.5 : 1.0;
}

}  // namespace contactsim
