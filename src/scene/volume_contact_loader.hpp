// The scene-file parts of the volume-contact integrator (docs/scene-format.md): its integrator
// options and the top-level "joints" array (bouchard-2015 §3, §6.1.6).
#pragma once

#include "contactsim/scene/scene.hpp"
#include "json_reader.hpp"

namespace contactsim::scene_detail {

/// "max_points_per_pair" (≥ 1) and "cone_projection" ("slip" or "impulse"), shared by the
/// point-contact and volume-contact integrators.
std::size_t parsePointsPerPair(JsonObject& o, std::size_t fallback);
ConeProjection parseConeProjection(JsonObject& o);

/// The settings of mesh bodies (resolution, target_volume, ..., and the point baseline's baumgarte,
/// slop, max_points_per_pair, cone_projection); the caller rejects unknown keys.
void parseVolumeContactSettings(JsonObject& o, VolumeContactSettings& v);

/// The options of {"method": "volume-contact", ...} into s.step and s.volume_contact; rejects
/// unknown keys.
void parseVolumeContactIntegrator(JsonObject& o, IntegratorSettings& s);

/// One element of "joints": type, bodies ([a] joins a to the world, [a, b]), anchor, axis
/// (revolute), stabilization, drive. Names refer to scene.world.bodies.
JointDescription parseJoint(JsonObject o, const Scene& scene);

}  // namespace contactsim::scene_detail
