// A continuous smooth contact as World::contacts reports it: the contact frame's origin and
// normal (from body 2 into body 1), the wrench on body 1 in world coordinates, and the contact
// state. Shared by SmoothWorld and MixedWorld. Internal to world.
#pragma once

#include "contact/smooth/smooth_contact.hpp"
#include "contactsim/world/world_description.hpp"

namespace contactsim::world_detail {

/// From body 1's contact frame in the world, the contact's acceleration record (eq. 19) and state.
[[nodiscard]] inline ContactInfo smoothContactInfo(const Frame& frame, const ContactAcceleration& a,
                                                   const SmoothContactState& state,
                                                   std::size_t body_a, std::size_t body_b) {
  const Mat3 R = frame.linear();
  ContactInfo c;
  c.body_a = body_a;
  c.body_b = body_b;
  c.model = ContactModel::kSmooth;
  c.point = frame.translation();
  c.normal = -R.col(2);
  c.force = R * linear(a.wrench_1c);
  c.torque = R * angular(a.wrench_1c);
  c.normal_force = a.normal_force;
  c.smooth = state;
  return c;
}

[[nodiscard]] inline ContactInfo smoothContactInfo(const SmoothContact& contact, double t,
                                                   std::size_t body_a, std::size_t body_b) {
  const SmoothContact::Snapshot snap = contact.snapshotAt(t);
  return smoothContactInfo(snap.frame, snap.acceleration, snap.state, body_a, body_b);
}

}  // namespace contactsim::world_detail
