// A continuous smooth contact as World::contacts reports it: the contact frame's origin and
// normal (from body 2 into body 1), the wrench on body 1 in world coordinates, and the contact
// state. Shared by SmoothWorld and MixedWorld. Internal to world.
#pragma once

#include "contact/smooth/smooth_contact.hpp"
#include "contactsim/world/world_description.hpp"

namespace contactsim::world_detail {

[[nodiscard]] inline ContactInfo smoothContactInfo(const SmoothContact& contact, double t,
                                                   std::size_t body_a, std::size_t body_b) {
  const SmoothContact::Snapshot snap = contact.snapshotAt(t);
  const Mat3 R = snap.frame.linear();
  ContactInfo c;
  c.body_a = body_a;
  c.body_b = body_b;
  c.model = ContactModel::kSmooth;
  c.point = snap.frame.translation();
  c.normal = -R.col(2);
  c.force = R * linear(snap.acceleration.wrench_1c);
  c.torque = R * angular(snap.acceleration.wrench_1c);
  c.normal_force = snap.acceleration.normal_force;
  c.smooth = snap.state;
  return c;
}

}  // namespace contactsim::world_detail
