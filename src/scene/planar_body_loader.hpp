// Planar bodies of a scene file (docs/scene-format.md, "Planar bodies"; ullrich-pai §5): a body
// whose shape is a response map — read from a map file, or computed at load from an outline, a
// material and map settings by the boundary-element builder and cached on disk — or a fixed
// half-plane; and their planar state keys.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "contactsim/scene/scene.hpp"
#include "contactsim/world/world.hpp"
#include "json_reader.hpp"

namespace contactsim::scene_detail {

/// True for the planar shape types: "response-map", "outline", "half-plane".
bool isPlanarShapeType(const std::string& type);

/// Maps already read or computed while reading one scene, by the shape's JSON text: bodies with
/// equal shapes share one map.
using ResponseMapCache = std::map<std::string, std::shared_ptr<const ResponseMap>>;

/// The planar shape (whose JSON text is `text`) into body.response_map or body.half_plane.
/// Relative map files are resolved against `base` (the scene file's directory). A map computed
/// from an outline is refused beyond limits.max_map_work, before it is computed.
void parsePlanarShape(JsonObject shape, const std::string& text, BodyDescription& body,
                      const std::filesystem::path& base, ResponseMapCache& maps,
                      const SceneLimits& limits);

/// The planar state of a body: "position" [x, y], "angle" θ [rad], "linear_velocity" [vx, vy]
/// and "angular_velocity" ω (a free body only), embedded in the plane z = 0.
void parsePlanarState(JsonObject& o, BodyDescription& body);

/// The directory of cached maps: $CONTACTSIM_CACHE_DIR, else $XDG_CACHE_HOME/contactsim/
/// response-maps, else ~/.cache/contactsim/response-maps.
std::filesystem::path responseMapCacheDirectory();

}  // namespace contactsim::scene_detail
