#include "mesh_shape_loader.hpp"

#include "contactsim/error.hpp"
#include "contactsim/geometry/mesh_generators.hpp"
#include "geometry/obj_files.hpp"
#include "scene_limits.hpp"

namespace contactsim::scene_detail {
namespace {

// The same mesh with its centroid moved to the origin (scaled first).
TriangleMesh centred(const TriangleMesh& mesh, double scale, const std::string& origin,
                     MeshValidation validation) {
  const Vec3 centroid = meshMassProperties(mesh, 1.0).centroid;
  std::vector<Vec3> vertices = mesh.vertices();
  for (Vec3& v : vertices)
    v = scale * (v - centroid);
  return TriangleMesh(std::move(vertices), mesh.triangles(), origin, validation);
}

int positiveInteger(JsonObject& o, const std::string& key, int fallback) {
  if (!o.has(key))
    return fallback;
  const int value = o.integer(key);
  if (value < 1)
    o.fail(key, "expected a positive integer");
  return value;
}

// The triangles a generator would make, refused beyond the limit before it makes them.
void checkTriangles(const JsonObject& o, const std::string& key, double triangles,
                    const SceneLimits& limits) {
  checkLimit(o.file(), o.pathOf(key), triangles, limits.max_triangles, "the mesh's triangles");
}

TriangleMesh generate(JsonObject& o, const std::string& type,
                      const std::filesystem::path& base_directory, const SceneLimits& limits) {
  if (type == "box") {
    o.rejectUnknownKeys({"type", "half_extents", "subdivisions"});
    const Vec3 half = o.vec3("half_extents");
    const double n = positiveInteger(o, "subdivisions", 1);
    checkTriangles(o, "subdivisions", 12.0 * n * n, limits);
    return boxMesh(half, static_cast<int>(n));
  }
  if (type == "prism") {
    o.rejectUnknownKeys({"type", "sides", "circumradius", "half_height", "caps"});
    const int sides = o.integer("sides");
    checkTriangles(o, "sides", 8.0 * sides, limits);
    const std::string caps = o.string("caps", "fan");
    if (caps != "fan" && caps != "refined")
      o.fail("caps", "expected \"fan\" or \"refined\" (rim midpoints and an inner ring)");
    return prismMesh(sides, o.positiveNumber("circumradius"), o.positiveNumber("half_height"),
                     caps == "fan" ? PrismCaps::kFan : PrismCaps::kRefined);
  }
  if (type == "frustum") {
    o.rejectUnknownKeys({"type", "bottom_half_extents", "top_half_extents", "half_height"});
    const std::vector<double> bottom = o.numbers("bottom_half_extents", 2);
    const std::vector<double> top = o.numbers("top_half_extents", 2);
    return taperedBoxMesh(Eigen::Vector2d(bottom[0], bottom[1]), Eigen::Vector2d(top[0], top[1]),
                          o.positiveNumber("half_height"));
  }
  if (type == "uv-sphere") {
    o.rejectUnknownKeys({"type", "radius", "slices", "stacks"});
    const double radius = o.positiveNumber("radius");
    const int slices = positiveInteger(o, "slices", 24);
    const int stacks = positiveInteger(o, "stacks", 12);
    checkTriangles(o, "slices", 2.0 * slices * stacks, limits);
    return uvSphereMesh(radius, slices, stacks);
  }
  if (type == "bumpy-cube") {
    o.rejectUnknownKeys({"type", "half_extent", "subdivisions", "amplitude", "bumps_per_edge"});
    const double half = o.positiveNumber("half_extent");
    const int n = positiveInteger(o, "subdivisions", 128);
    checkTriangles(o, "subdivisions", 12.0 * n * n, limits);
    return bumpyCubeMesh(half, n, o.number("amplitude", 0.02 * half),
                         positiveInteger(o, "bumps_per_edge", 8));
  }
  if (type == "mesh") {
    o.rejectUnknownKeys({"type", "obj", "scale"});
    std::filesystem::path file = o.string("obj");
    if (file.is_relative())
      file = base_directory / file;
    const double scale = o.positiveNumber("scale", 1.0);
    // Fully validated on loading (self-intersection included): an authored mesh may be anything.
    return centred(loadObjTriangleMesh(file, MeshValidation::kFull, limits.max_file_bytes), scale,
                   file.string(), MeshValidation::kSkipSelfIntersection);
  }
  o.fail("type", "unknown shape type \"" + type +
                     "\" for the volume-contact integrator (expected box, prism, frustum, "
                     "uv-sphere, bumpy-cube or mesh)");
}

}  // namespace

bool isMeshOnlyShapeType(const std::string& type) {
  return type == "uv-sphere" || type == "bumpy-cube" || type == "mesh";
}

std::shared_ptr<const TriangleMesh> parseMeshShape(JsonObject o, const std::string& text,
                                                   const std::filesystem::path& base_directory,
                                                   MeshCache& cache, const SceneLimits& limits) {
  // The same JSON text was read, checked and built before.
  if (const auto found = cache.find(text); found != cache.end())
    return found->second;
  const std::string type = o.string("type");
  try {
    TriangleMesh mesh = generate(o, type, base_directory, limits);
    // Generators centre their meshes on the origin, but not on the centroid (a frustum).
    const double size = (mesh.boundsMax() - mesh.boundsMin()).norm();
    if (meshMassProperties(mesh, 1.0).centroid.norm() > 1e-12 * size)
      mesh = centred(mesh, 1.0, "", MeshValidation::kSkipSelfIntersection);
    return cache[text] = std::make_shared<const TriangleMesh>(std::move(mesh));
  } catch (const SceneError&) {
    throw;
  } catch (const InvalidInputError& e) {
    o.failNamingKey(e.what());
  }
}

}  // namespace contactsim::scene_detail
