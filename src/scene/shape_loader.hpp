// Body shapes of a scene file (docs/scene-format.md, "shape"): Bézier patches (the thesis presets
// or control points), Loop subdivision surfaces from OBJ files, analytic sphere, ellipsoid, torus
// and plane.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "contactsim/collision/convex_polyhedron.hpp"
#include "contactsim/geometry/surface.hpp"
#include "contactsim/scene/scene.hpp"
#include "contactsim/world/world.hpp"
#include "json_reader.hpp"

namespace contactsim::scene_detail {

/// Relative OBJ paths are resolved against `base_directory` (the scene file's directory); a
/// Loop shape's subdivided control mesh is held to `limits.max_triangles`. A Loop shape without
/// `extraordinary` takes `default_extraordinary`: "s-patch" in format 2, "separate" in format 1
/// (written before S-patches existed: its files keep their meaning).
std::shared_ptr<const Surface> parseShape(JsonObject shape,
                                          const std::filesystem::path& base_directory,
                                          const SceneLimits& limits,
                                          const std::string& default_extraordinary);

/// Surfaces already built while reading one scene, by the shape's JSON text: bodies with equal
/// shapes share one surface (and so one tessellation and collision tree in the world).
using SurfaceCache = std::map<std::string, std::shared_ptr<const Surface>>;

/// True for the shape types of point-contact worlds: "box", "prism", "frustum", "half-space".
bool isPolyhedralShapeType(const std::string& type);

/// A polyhedral shape of a point-contact body, re-centred so that its centroid (the centre of
/// mass at uniform density) is the body origin. Fills exactly one of the two outputs.
void parsePolyhedralShape(JsonObject shape, std::shared_ptr<const ConvexPolyhedron>& polyhedron,
                          std::optional<BodyDescription::HalfSpace>& half_space,
                          const SceneLimits& limits);

}  // namespace contactsim::scene_detail
