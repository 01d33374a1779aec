// Scene-file parts shared by format versions 1 and 2 (docs/scene-format.md): the time
// integration, point-contact settings, a body's name, mass and initial state, smooth contacts and
// their friction, collisions, joints, and the probe that builds the world once.
#pragma once

#include <new>

#include <string>

#include "contactsim/scene/scene.hpp"
#include "json_reader.hpp"
#include "mesh_shape_loader.hpp"
#include "shape_loader.hpp"
#include "volume_contact_loader.hpp"

namespace contactsim::scene_detail {

/// The options of a time integration `method` (rk4, semi-implicit-euler, adaptive-rk4,
/// cash-karp45) into s; rejects unknown keys. False (nothing read) for any other method.
bool parseTimeIntegration(JsonObject& o, const std::string& method, IntegratorSettings& s);

/// margin, baumgarte, warm_start, max_points_per_pair, tolerance, max_iterations,
/// cone_projection (the caller rejects unknown keys).
void parsePointContactSettings(JsonObject& o, PointContactSettings& p);

/// "name" and "fixed" (a fixed body gives no mass, inertia or velocities).
void parseBodyIdentity(JsonObject& o, BodyDescription& body);

/// The scene's `name`: plain (letters, digits, '_', '-', '.'; not starting with '.'), since it
/// names the default output directory contactsim-out/<name> and must not lead out of it.
std::string parseSceneName(JsonObject& root);

/// "mass" and "inertia" of a free body (polyhedra and meshes may leave the inertia to uniform
/// density: give their shape first), then the initial pose and velocities.
void parseBodyMassAndState(JsonObject& o, BodyDescription& body);

/// A smooth contact's friction: mu, mu_static, slip_threshold, mu_rolling, mu_spinning, ...
FrictionParameters parseFriction(JsonObject o);

/// The index of the body a JSON name refers to; SceneError at `path` otherwise.
std::size_t bodyIndex(const Scene& scene, const JsonObject& o, const nlohmann::json& name,
                      const std::string& path);

/// "contacts": the smooth contacts the scene starts in (a body in one takes its pose from it).
void parseContacts(JsonObject& root, Scene& scene);

/// "joints", by body name.
void parseJoints(JsonObject& root, Scene& scene);

/// The collision settings of smooth bodies (enabled).
CollisionSettings parseCollisions(JsonObject o);

/// Builds the world once; a SceneError names the path of the body, contact, joint or pair (the
/// array `pairs_key`) the world's error names.
void probeWorld(const Scene& scene, const std::string& pairs_key);

/// `build()`, whose running out of memory (std::bad_alloc: a shape beyond the size limits under
/// --no-limits, say) becomes a SceneError at `path` naming what was being built.
template <class Build>
auto namingMemoryAt(const std::string& origin, const std::string& path, const char* what,
                    Build&& build) {
  try {
    return build();
  } catch (const std::bad_alloc&) {
    throw SceneError(origin, path,
                     std::string("out of memory building ") + what +
                         " (docs/scene-format.md lists the size limits --no-limits lifts)");
  }
}

}  // namespace contactsim::scene_detail
