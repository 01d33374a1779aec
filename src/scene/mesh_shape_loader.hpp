// Body shapes of the volume-contact integrator (docs/scene-format.md, "shape"): closed triangle
// meshes generated (box, prism, frustum, uv-sphere, bumpy-cube: geometry/mesh_generators.hpp) or
// read from OBJ files, re-centred on their centroid.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "contactsim/geometry/triangle_mesh.hpp"
#include "contactsim/scene/scene.hpp"
#include "json_reader.hpp"

namespace contactsim::scene_detail {

/// Meshes already built while reading one scene, by the shape's JSON text: bodies with equal
/// shapes share one mesh (and so one ray-casting hierarchy in the world).
using MeshCache = std::map<std::string, std::shared_ptr<const TriangleMesh>>;

/// True for the shape types only the volume-contact integrator takes: "uv-sphere", "bumpy-cube",
/// "mesh".
bool isMeshOnlyShapeType(const std::string& type);

/// The shape as a closed mesh in body coordinates with its centroid (the centre of mass at
/// uniform density) at the origin. `text` is the shape's JSON text (the cache key). Relative OBJ
/// paths are resolved against `base_directory`. Generated meshes larger than `limits` allow are
/// refused before they are made.
std::shared_ptr<const TriangleMesh> parseMeshShape(JsonObject shape, const std::string& text,
                                                   const std::filesystem::path& base_directory,
                                                   MeshCache& cache, const SceneLimits& limits);

}  // namespace contactsim::scene_detail
