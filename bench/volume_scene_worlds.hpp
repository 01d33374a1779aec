// Scenes of bouchard-2015 §6.1 as VolumeContactWorlds for the convergence study and the Table 1
// benchmark: the scene file's bodies and settings (as World::buildVolumeContactWorld hands them
// on), with the contact model chosen here, so that the programs reach the world's step
// statistics and solver options, which World does not expose.
#pragma once

#include <filesystem>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/geometry/mesh_generators.hpp"
#include "contactsim/scene/scene.hpp"
#include "world/volume_contact_world.hpp"

namespace contactsim::bench {

inline std::filesystem::path sceneFile(const std::string& name) {
  return std::filesystem::path(CONTACTSIM_SOURCE_DIR) / "scenes" / (name + ".json");
}

/// The volume-contact world of scenes/<name>.json with the given contact model.
inline VolumeContactWorldDescription sceneWorld(const std::string& name, ContactModel model) {
  const Scene scene = loadSceneFile(sceneFile(name));
  const IntegratorSettings& integrator = scene.world.integrator;
  if (integrator.method != IntegratorMethod::kVolumeContact)
    throw InvalidInputError(name + ": not a volume-contact scene");
  VolumeContactWorldDescription d;
  d.gravity = scene.world.gravity;
  d.settings = integrator.volume_contact;
  d.settings.step = integrator.step;
  d.settings.model = model;
  d.joints = scene.world.joints;
  for (const BodyDescription& b : scene.world.bodies) {
    d.bodies.push_back({b.name, b.mesh, b.mass_properties, b.initial_state, b.fixed,
                        b.friction.value_or(0.5), b.force, b.torque});
  }
  return d;
}

/// bouchard-2015 Table 1's sphere (524 triangles): the 528-triangle UV sphere (24 × 12) of
/// radius 0.1 m, 1 kg, resting on a fixed slab (top face z = 0) at the 2 mm resolution of
/// bench_intersection_volume, settings as scenes/sphere-incline-6d.json.
inline VolumeContactWorldDescription sphereOnPlaneWorld(ContactModel model) {
  VolumeContactWorldDescription d;
  TriangleMesh sphere = uvSphereMesh(0.1, 24, 12);
  MeshBodyDescription ball;
  ball.name = "ball";
  ball.mass_properties =
      MassProperties(1.0, meshMassProperties(sphere, 1.0 / sphere.volume()).inertia);
  ball.mesh = std::make_shared<const TriangleMesh>(std::move(sphere));
  ball.initial_state.position = Vec3(0.0, 0.0, 0.1005);
  d.bodies.push_back(ball);
  MeshBodyDescription floor;
  floor.name = "floor";
  floor.fixed = true;
  floor.mesh = std::make_shared<const TriangleMesh>(boxMesh(Vec3(2.0, 2.0, 0.1)));
  floor.initial_state.position = Vec3(0.0, 0.0, -0.1);
  d.bodies.push_back(floor);
  d.settings.step = 1e-3;
  d.settings.resolution = 2e-3;
  d.settings.target_volume = 1e-7;
  d.settings.model = model;
  return d;
}

}  // namespace contactsim::bench
