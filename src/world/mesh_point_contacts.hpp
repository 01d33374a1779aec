// Point contacts between two closed meshes for the point-based baseline of bouchard-2015 §6
// (Tables 1–2, Figs. 15–16), generated from the same meshes and the same intersection volume as
// the 6D contact, so that the two models meet the same geometry.
#pragma once

#include <vector>

#include "collision/contact_patch.hpp"
#include "collision/convex_contact.hpp"
#include "collision/convex_intersection.hpp"
#include "collision/ray_cast_body.hpp"

namespace contactsim::world_detail {

/// The contact points of A (pose X_WA) and B (X_WB) whose intersection has the patch `patch`
/// (normal n from B into A, volume V > 0, gradient g). Rule:
///  - every vertex of A inside B is a point: inside when the first crossing of the ray from it
///    along n (B's coordinates) leaves B (ray parity); its depth t is the distance to that exit
///    (how far A must move along n to free the vertex); the point lies at the vertex + ½ t n;
///  - every vertex of B inside A likewise, along −n, at the vertex − ½ t n;
///  - two convex meshes (their planes given, the patch's support known from the exact
///  intersection):
///    also one point per corner of the support, the outline of A ∩ B on the tangent plane, that
///    no vertex point already holds (within 1 % of the support's extent across n). Its
///    depth is the chord of A ∩ B along n through that corner (from the planes of both), and the
///    point lies at the chord's middle. Where an edge crosses a face and no vertex lies inside
///    (a box overhanging another's edge, or tipped about a diagonal), vertices alone would leave
///    the contact without the support that holds it up (issue 26: a cube overhanging another
///    sank through it);
///  - when no point is found (edges crossing edges), one point at the patch centre with the
///    mean depth V/‖g‖ (g: the overlap's surface area seen along n).
/// Separation is −depth; feature ids are the vertex index of A, or 2³² + the vertex index of B
/// (stable from step to step, for warm starts), for a corner of the support 2⁶² + (the nearest
/// vertex of A) · 2³¹ + the nearest vertex of B (2⁵⁶ more for each repeat), and 2⁶³ for the
/// patch-centre point.
[[nodiscard]] std::vector<ContactPoint> meshPointContacts(
    const RayCastBody& a, const Frame& X_WA, const RayCastBody& b, const Frame& X_WB,
    const ContactPatch& patch, const ConvexMeshPlanes* planes_a = nullptr,
    const ConvexMeshPlanes* planes_b = nullptr);

}  // namespace contactsim::world_detail
