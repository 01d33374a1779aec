#include "contactsim_reference/sliding_octagon.hpp"

#include <memory>
#include <utility>

#include "contactsim/geometry/mesh_generators.hpp"

namespace contactsim::reference {

VolumeContactWorldDescription slidingOctagon(double half_height, ContactModel model) {
  TriangleMesh octagon = prismMesh(8, 0.1, half_height, PrismCaps::kRefined);
  MeshBodyDescription block;
  block.name = "octagon";
  block.mass_properties =
      MassProperties(1.0, meshMassProperties(octagon, 1.0 / octagon.volume()).inertia);
  block.mesh = std::make_shared<const TriangleMesh>(std::move(octagon));
  block.initial_state = RigidBodyState::fromWorldVelocities(
      Vec3(0.0, 0.0, half_height), Quat::Identity(), Vec3::Zero(), Vec3(kOctagonSpeed, 0.0, 0.0));
  block.friction = kOctagonFriction;
  MeshBodyDescription floor;
  floor.name = "floor";
  floor.fixed = true;
  floor.mesh = std::make_shared<const TriangleMesh>(boxMesh(Vec3(2.0, 2.0, 0.1)));
  floor.initial_state.position = Vec3(0.0, 0.0, -0.1);
  floor.friction = kOctagonFriction;
  VolumeContactWorldDescription d;
  d.bodies = {block, floor};
  d.settings.step = 1e-3;
  d.settings.resolution = 4e-3;
  d.settings.target_volume = 1e-7;
  d.settings.compliance = 0.2;
  d.settings.model = model;
  d.settings.solver.max_iterations = 2000;  // tolerance 1e-15, the default
  return d;
}

}  // namespace contactsim::reference
