// Input checks of the 6D solver: bodies, contacts (their patches) and joints. Messages name the
// body, contact or joint by index.
#pragma once

#include <span>
#include <string>

#include "contact/velocity/velocity_body.hpp"
#include "contact/volume/bilateral_joint.hpp"
#include "contact/volume/volume_contact.hpp"

namespace contactsim::volume_detail {

/// The common body checks of contact/velocity, and a symmetric positive-definite inverse inertia
/// for every free body (a 6D block constrains rotations too).
void validateBodies(std::span<const VelocityBody> bodies);

/// Pair, finite centre, orthonormal right-handed frame, radii ≥ 0, μ ≥ 0, finite target, volume
/// ≥ 0 and finite gradient. `what` names the contact.
void validateContact(std::span<const VelocityBody> bodies, const VolumeContact& contact,
                     const std::string& what);

void validateJoint(std::span<const VelocityBody> bodies, const BilateralJoint& joint,
                   const std::string& what);

}  // namespace contactsim::volume_detail
