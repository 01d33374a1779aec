// Body shapes of a scene file (docs/scene-format.md, "shape"): Bézier patches (the thesis presets
// or control points), Loop subdivision surfaces from OBJ files, analytic sphere, ellipsoid, torus
// and plane.
#pragma once

#include <filesystem>
#include <memory>

#include "contactsim/geometry/surface.hpp"
#include "json_reader.hpp"

namespace contactsim::scene_detail {

/// Relative OBJ paths are resolved against `base_directory` (the scene file's directory).
std::shared_ptr<const Surface> parseShape(JsonObject shape,
                                          const std::filesystem::path& base_directory);

}  // namespace contactsim::scene_detail
