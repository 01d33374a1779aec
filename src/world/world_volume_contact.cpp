// World's delegation to VolumeContactWorld for the "volume-contact" integrator (bouchard-2015):
// every body of the description becomes a body there, with the same index.
#include <algorithm>

#include "contactsim/world/world.hpp"
#include "velocity_world_bodies.hpp"

namespace contactsim {

void World::buildVolumeContactWorld(const WorldDescription& description) {
  if (!description.smooth_contacts.empty() || description.collisions.enabled) {
    throw InvalidInputError(
        "smooth contacts and collisions need rk4 or adaptive-rk4, not volume-contact");
  }
  VolumeContactWorldDescription d;
  d.gravity = description.gravity;
  d.settings = integrator_.volume_contact;
  d.settings.step = integrator_.step;
  d.joints = description.joints;
  for (std::size_t i = 0; i < description.bodies.size(); ++i) {
    const BodyDescription& b = description.bodies[i];
    const std::string what = "body " + std::to_string(i) + " ('" + b.name + "')";
    if (b.surface || b.polyhedron || b.half_space) {
      throw InvalidInputError(what +
                              ": volume contact takes closed triangle meshes (smooth "
                              "surfaces, polyhedra and half-spaces belong to other "
                              "integrators)");
    }
    d.bodies.push_back({b.name, b.mesh, b.mass_properties, b.initial_state, b.fixed, b.friction,
                        b.force, b.torque});
  }
  try {
    volume_world_ = std::make_unique<VolumeContactWorld>(std::move(d));
  } catch (const InvalidInputError& e) {
    if (std::string(e.what()).rfind("joint ", 0) == 0)
      throw;
    world_detail::rethrowNamingBody(e, world_detail::namesOf(description.bodies));
  }
  point_stats_.smallest_step = point_stats_.largest_step = integrator_.step;
}

void World::advanceVolumeContactWorld(double t) {
  while (volume_world_->time() < t - 0.5 * integrator_.step) {
    const VolumeContactStepStats& s = volume_world_->step();
    ++point_stats_.steps;
    point_stats_.solver_sweeps += s.solve.iterations;
    point_stats_.most_contacts = std::max(point_stats_.most_contacts, s.contacts);
    if (!s.solve.converged && s.contacts > 0)
      ++point_stats_.unconverged_solves;
  }
  time_ = std::max(time_, volume_world_->time());
}

}  // namespace contactsim
