#include "shape_loader.hpp"

#include <cmath>

#include "contactsim/error.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim/geometry/bezier_surface.hpp"
#include "contactsim/geometry/loop_surface.hpp"
#include "geometry/loop/mesh_subdivision.hpp"
#include "geometry/obj_files.hpp"
#include "geometry/s_patch_loop_surface.hpp"
#include "scene_limits.hpp"

namespace contactsim::scene_detail {
namespace {

// The Loop surface of `mesh` with its control vertices scaled then moved, so that the body frame
// is at the centre of mass (the mesh itself when scale is 1 and offset 0).
LoopSurface loopSurface(ControlMesh mesh, double scale, const Vec3& offset,
                        const std::string& origin) {
  if (scale == 1.0 && offset.isZero())
    return LoopSurface(std::move(mesh));
  std::vector<Vec3> vertices;
  for (const Vec3& v : mesh.vertices())
    vertices.push_back(scale * v + offset);
  std::vector<ControlMesh::Face> faces;
  for (int f = 0; f < mesh.faceCount(); ++f)
    faces.push_back(mesh.face(f));
  return LoopSurface(ControlMesh(std::move(vertices), std::move(faces), origin));
}

std::shared_ptr<const Surface> bezier(JsonObject& o) {
  if (o.has("preset")) {
    o.rejectUnknownKeys({"type", "preset"});
    const std::string preset = o.string("preset");
    if (preset == "thesis-rattleback")
      return std::make_shared<BezierSurface>(thesisRattlebackSurface());
    if (preset == "thesis-floor")
      return std::make_shared<BezierSurface>(thesisFloorSurface());
    o.fail("preset",
           "unknown Bezier preset \"" + preset + "\" (expected thesis-rattleback or thesis-floor)");
  }
  o.rejectUnknownKeys(
      {"type", "degree", "control_points", "scale", "rotation_axis", "rotation_angle", "offset"});
  const std::vector<int> degree = o.wholeNumbers("degree", 2, "two whole numbers");
  const int ds = degree[0], dt = degree[1];
  const nlohmann::json& points = o.required("control_points");
  if (!points.is_array())
    o.fail("control_points", "expected an array of [x, y, z] points, rows along s");
  std::vector<Vec3> control;
  for (std::size_t i = 0; i < points.size(); ++i) {
    control.push_back(o.toVec3(points[i], o.pathOf("control_points") + "/" + toText(i)));
  }
  AffinePlacement placement;
  placement.scale = o.vec3("scale", Vec3::Ones());
  placement.rotation_axis = o.vec3("rotation_axis", Vec3::UnitZ());
  placement.rotation_angle = o.number("rotation_angle", 0.0);
  placement.offset = o.vec3("offset", Vec3::Zero());
  try {
    return std::make_shared<BezierSurface>(
        std::vector<BezierPatch>{BezierPatch(ds, dt, std::move(control)).placed(placement)});
  } catch (const InvalidInputError& e) {
    o.failNamingKey(e.what());
  }
}

}  // namespace

std::shared_ptr<const Surface> parseShape(JsonObject o, const std::filesystem::path& base_directory,
                                          const SceneLimits& limits,
                                          const std::string& default_extraordinary) {
  const std::string type = o.string("type");
  try {
    if (type == "bezier")
      return bezier(o);
    if (type == "sphere") {
      o.rejectUnknownKeys({"type", "radius", "center"});
      return std::make_shared<ChartSurface>(
          makeSphere(o.positiveNumber("radius"), o.vec3("center", Vec3::Zero())));
    }
    if (type == "spherical-shell") {
      o.rejectUnknownKeys({"type", "inner_radius", "outer_radius"});
      return std::make_shared<ChartSurface>(
          makeSphericalShell(o.positiveNumber("inner_radius"), o.positiveNumber("outer_radius")));
    }
    if (type == "ellipsoid") {
      o.rejectUnknownKeys({"type", "radii", "center"});
      return std::make_shared<ChartSurface>(
          makeEllipsoid(o.vec3("radii"), o.vec3("center", Vec3::Zero())));
    }
    if (type == "torus") {
      o.rejectUnknownKeys({"type", "major_radius", "minor_radius"});
      return std::make_shared<ChartSurface>(
          makeTorus(o.positiveNumber("major_radius"), o.positiveNumber("minor_radius")));
    }
    if (type == "plane") {
      o.rejectUnknownKeys({"type", "half_extent"});
      return std::make_shared<ChartSurface>(makePlane(o.positiveNumber("half_extent")));
    }
    if (type == "loop") {
      o.rejectUnknownKeys({"type", "obj", "scale", "offset", "subdivisions", "extraordinary"});
      std::filesystem::path file = o.string("obj");
      if (file.is_relative())
        file = base_directory / file;
      const double scale = o.positiveNumber("scale", 1.0);
      const Vec3 offset = o.vec3("offset", Vec3::Zero());
      // Loop steps applied to the control mesh: the same limit surface, four times the patches.
      const int subdivisions = o.has("subdivisions") ? o.integer("subdivisions") : 0;
      if (subdivisions < 0 || subdivisions > 3)
        o.fail("subdivisions", "expected 0 to 3 Loop steps of the control mesh");
      // kry-2000 ch. 5 (S-patches) or kry-pai-2002 §3.6 (contacts separate near extraordinary
      // vertices).
      const std::string extraordinary = o.string("extraordinary", default_extraordinary);
      if (extraordinary != "separate" && extraordinary != "s-patch")
        o.fail("extraordinary", "expected \"separate\" or \"s-patch\"");
      ControlMesh mesh = loadObjControlMesh(file, limits.max_file_bytes);
      checkLimit(o.file(), o.pathOf("subdivisions"),
                 static_cast<double>(mesh.faceCount()) * std::pow(4.0, subdivisions),
                 limits.max_triangles, "the subdivided control mesh's triangles");
      for (int step = 0; step < subdivisions; ++step)
        mesh = loop::subdividedOnce(mesh, file.string());
      LoopSurface loop = loopSurface(std::move(mesh), scale, offset, file.string());
      if (extraordinary == "s-patch") {
        try {
          return std::make_shared<SPatchLoopSurface>(std::move(loop));
        } catch (const InvalidInputError& e) {
          o.fail("extraordinary",
                 std::string(o.has("extraordinary") ? "" : "S-patches (the default): ") + e.what() +
                     " (\"subdivisions\": 1 does; \"extraordinary\": \"separate\" keeps Stam's "
                     "parameterisation)");
        }
      }
      return std::make_shared<LoopSurface>(std::move(loop));
    }
  } catch (const SceneError&) {
    throw;
  } catch (const InvalidInputError& e) {
    o.failNamingKey(e.what());
  }
  o.fail("type",
         "unknown shape type \"" + type +
             "\" (expected bezier, loop, sphere, spherical-shell, ellipsoid, torus or plane)");
}

bool isPolyhedralShapeType(const std::string& type) {
  return type == "box" || type == "prism" || type == "frustum" || type == "half-space";
}

namespace {

// The same polyhedron with its centroid moved to the origin.
ConvexPolyhedron centred(const ConvexPolyhedron& p) {
  std::vector<Vec3> vertices = p.vertices();
  for (Vec3& v : vertices)
    v -= p.centroid();
  std::vector<std::vector<int>> faces;
  for (int f = 0; f < p.faceCount(); ++f) {
    const auto loop = p.face(f);
    faces.emplace_back(loop.begin(), loop.end());
  }
  return ConvexPolyhedron(std::move(vertices), faces);
}

}  // namespace

void parsePolyhedralShape(JsonObject o, std::shared_ptr<const ConvexPolyhedron>& polyhedron,
                          std::optional<BodyDescription::HalfSpace>& half_space,
                          const SceneLimits& limits) {
  const std::string type = o.string("type");
  try {
    if (type == "half-space") {
      o.rejectUnknownKeys({"type", "normal", "offset"});
      BodyDescription::HalfSpace h;
      h.normal = o.vec3("normal", Vec3::UnitZ());
      if (!(h.normal.norm() > 0.0))
        o.fail("normal", "expected a non-zero normal");
      h.offset = o.number("offset", 0.0);
      half_space = h;
      return;
    }
    if (type == "box") {
      o.rejectUnknownKeys({"type", "half_extents"});
      polyhedron =
          std::make_shared<ConvexPolyhedron>(ConvexPolyhedron::box(o.vec3("half_extents")));
      return;
    }
    if (type == "prism") {
      o.rejectUnknownKeys({"type", "sides", "circumradius", "half_height"});
      const int sides = o.integer("sides");
      checkLimit(o.file(), o.pathOf("sides"), 4.0 * sides, limits.max_triangles,
                 "the prism's faces and edges");
      polyhedron = std::make_shared<ConvexPolyhedron>(ConvexPolyhedron::prism(
          sides, o.positiveNumber("circumradius"), o.positiveNumber("half_height")));
      return;
    }
    if (type == "frustum") {
      o.rejectUnknownKeys({"type", "bottom_half_extents", "top_half_extents", "half_height"});
      const std::vector<double> bottom = o.numbers("bottom_half_extents", 2);
      const std::vector<double> top = o.numbers("top_half_extents", 2);
      polyhedron = std::make_shared<ConvexPolyhedron>(centred(ConvexPolyhedron::frustum(
          Eigen::Vector2d(bottom[0], bottom[1]), Eigen::Vector2d(top[0], top[1]),
          o.positiveNumber("half_height"))));
      return;
    }
  } catch (const InvalidInputError& e) {
    o.failNamingKey(e.what());
  }
  o.fail("type", "unknown polyhedral shape \"" + type +
                     "\" (expected box, prism, frustum or "
                     "half-space)");
}

}  // namespace contactsim::scene_detail
