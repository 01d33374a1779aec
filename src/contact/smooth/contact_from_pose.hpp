// Contact coordinates from a body pose (kry-pai-2002 §3.7, last paragraph; Nelson, Johnson &
// Cohen 1999): the closest points of the two surfaces from a tessellation guess, refined by Newton
// iterations on the smooth surfaces until c − d is normal to both; ψ from the contact frames; the
// twist projected onto the contact constraint.
#pragma once

#include "contact/smooth/smooth_contact.hpp"
#include "contactsim/dynamics/rigid_body_state.hpp"

namespace contactsim {

/// The contact state of a free body at world pose E_w_1 with body twist φ (body frame) touching
/// body 2 of `setup` at E_w_2 (φ relative to body 2 if that moves). Throws InvalidInputError when
/// the surfaces do not touch there (the distance between the closest points exceeds `tolerance`
/// [m], or the normals are not opposite) or when the Newton iterations do not converge.
SmoothContactState contactStateFromPose(const SmoothContactSetup& setup, const Frame& E_w_1,
                                        const Twist& phi_body, FrictionMode mode,
                                        double tolerance = 1e-6);

/// Where body 1 of `setup`, turned by `orientation` and moved from `start` along the world
/// direction `down`, rests on body 2 (at setup.E_w_2): the closest points of the two surfaces
/// (Newton, from a tessellation guess), then a move along `down` that closes their signed gap
/// along body 2's normal, repeated until the gap is below 1e-12 m (a sphere on a plane: one
/// move). Throws InvalidInputError when moving along `down` does not approach body 2 there, or
/// the closest points are not found.
Vec3 restingPosition(const SmoothContactSetup& setup, const Quat& orientation, const Vec3& start,
                     const Vec3& down);

/// The same, with the Newton iterations started from a known pair of parameter points (patch1,
/// (s, t)) on body 1 and (patch2, (u, v)) on body 2 (the closest points of a collision) instead of
/// a search over tessellations.
SmoothContactState contactStateFromPose(const SmoothContactSetup& setup, const Frame& E_w_1,
                                        const Twist& phi_body, FrictionMode mode, double tolerance,
                                        int patch1, const Vec2& st, int patch2, const Vec2& uv);

/// Both bodies free (setup.mass2 set; setup.E_w_2 is not used): the contact state of body 1 in
/// state `body1` touching body 2 in state `body2`, from a known pair of parameter points as
/// above. q̇ comes from body 1's twist relative to body 2 (projected onto the constraint), and
/// the state's body 2 is `body2`.
SmoothContactState contactStateFromStates(const SmoothContactSetup& setup,
                                          const RigidBodyState& body1, const RigidBodyState& body2,
                                          FrictionMode mode, double tolerance, int patch1,
                                          const Vec2& st, int patch2, const Vec2& uv);

}  // namespace contactsim
