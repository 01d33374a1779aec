// Point contacts between two closed meshes for the point-based baseline of bouchard-2015 §6
// (Tables 1–2, Figs. 15–16), generated from the same meshes and the same intersection volume as
// the 6D contact, so that the two models meet the same geometry.
#pragma once

#include <vector>

#include "collision/contact_patch.hpp"
#include "collision/convex_contact.hpp"
#include "collision/ray_cast_body.hpp"

namespace contactsim::world_detail {

/// The contact points of A (pose X_WA) and B (X_WB) whose intersection has the patch `patch`
/// (normal n from B into A, volume V > 0, gradient g). Rule:
///  - every vertex of A inside B is a point: inside when the first crossing of the ray from it
///    along n (B's coordinates) leaves B (ray parity); its depth t is the distance to that exit
///    (how far A must move along n to free the vertex); the point lies at the vertex + ½ t n;
///  - every vertex of B inside A likewise, along −n, at the vertex − ½ t n;
///  - when no vertex is inside (edges crossing edges), one point at the patch centre with the
///    mean depth V/‖g‖ (g: the overlap's surface area seen along n).
/// Separation is −depth; feature ids are the vertex index of A, or 2³² + the vertex index of B
/// (stable from step to step, for warm starts), and 2⁶³ for the patch-centre point.
[[nodiscard]] std::vector<ContactPoint> meshPointContacts(const RayCastBody& a, const Frame& X_WA,
                                                          const RayCastBody& b, const Frame& X_WB,
                                                          const ContactPatch& patch);

}  // namespace contactsim::world_detail
