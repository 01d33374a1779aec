#include "report/body_meshes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/Eigenvalues>

#include "contactsim/error.hpp"

namespace contactsim::report {
namespace {

BodyMesh surfaceMesh(const Surface& surface, int triangles) {
  // Square patches give 2 n² triangles, triangular ones n².
  const double per_patch = static_cast<double>(triangles) / (2.0 * surface.patchCount());
  const int n = std::clamp(static_cast<int>(std::lround(std::sqrt(per_patch))), 1, 32);
  const TessellatedSurface t = tessellate(surface, n);
  BodyMesh mesh;
  mesh.positions = t.positions;
  mesh.normals = t.normals;
  for (const Eigen::Vector3i& f : t.triangles)
    mesh.triangles.push_back({f.x(), f.y(), f.z()});
  return mesh;
}

BodyMesh polyhedronMesh(const ConvexPolyhedron& polyhedron) {
  BodyMesh mesh;
  mesh.positions = polyhedron.vertices();
  for (int f = 0; f < polyhedron.faceCount(); ++f) {
    const auto loop = polyhedron.face(f);
    for (std::size_t i = 1; i + 1 < loop.size(); ++i)
      mesh.triangles.push_back({loop[0], loop[i], loop[i + 1]});
  }
  return mesh;
}

BodyMesh triangleMesh(const TriangleMesh& source) {
  BodyMesh mesh;
  mesh.positions = source.vertices();
  for (const TriangleMesh::Triangle& f : source.triangles())
    mesh.triangles.push_back({f.x(), f.y(), f.z()});
  return mesh;
}

// The outline of a planar body extruded to z in [−h, h], h a quarter of its extent.
BodyMesh extrudedOutline(const std::vector<Vec2>& outline) {
  Eigen::AlignedBox2d box;
  for (const Vec2& p : outline)
    box.extend(p);
  const double h = 0.25 * box.diagonal().norm();
  const int n = static_cast<int>(outline.size());
  BodyMesh mesh;
  for (const double z : {-h, h}) {
    for (const Vec2& p : outline)
      mesh.positions.emplace_back(p.x(), p.y(), z);
  }
  for (const auto& [a, b, c] : triangulatePolygon(outline)) {
    mesh.triangles.push_back({n + a, n + b, n + c});  // top, seen from +z
    mesh.triangles.push_back({c, b, a});              // bottom, seen from −z
  }
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    mesh.triangles.push_back({i, j, n + j});
    mesh.triangles.push_back({i, n + j, n + i});
  }
  return mesh;
}

// A right-handed box: centre + A v for the unit cube's corners v, A's columns its half axes.
BodyMesh box(const Vec3& centre, const Mat3& axes) {
  const ConvexPolyhedron cube = ConvexPolyhedron::box(Vec3::Ones());
  BodyMesh mesh = polyhedronMesh(cube);
  for (Vec3& p : mesh.positions)
    p = centre + axes * p;
  return mesh;
}

// A free body without a shape as the box of its mass and inertia: half-extents h with
// I_x = m (h_y² + h_z²) / 3 and so on, along the principal axes.
BodyMesh inertiaBox(const MassProperties& mass_properties) {
  const Eigen::SelfAdjointEigenSolver<Mat3> principal(mass_properties.inertia());
  const Vec3 I = principal.eigenvalues();
  Mat3 axes = principal.eigenvectors();
  if (axes.determinant() < 0.0)
    axes.col(2) = -axes.col(2);
  const double m = mass_properties.mass();
  for (int k = 0; k < 3; ++k) {
    const double h2 = 1.5 / m * (I.sum() - 2.0 * I[k]);
    axes.col(k) *= std::sqrt(std::max(h2, 1e-6 * I.maxCoeff() / m));
  }
  return box(Vec3::Zero(), axes);
}

// Two unit vectors completing n to a right-handed frame (u, v, n).
Mat3 frameAround(const Vec3& n) {
  const Vec3 helper = std::abs(n.z()) < 0.9 ? Vec3::UnitZ() : Vec3::UnitX();
  const Vec3 u = helper.cross(n).normalized();
  Mat3 frame;
  frame << u, n.cross(u), n;
  return frame;
}

// The half-space {n·x ≤ d} (body coordinates) as a square plate around the point of its plane
// nearest to `centre` (body coordinates).
BodyMesh halfSpacePlate(const BodyDescription::HalfSpace& half_space, const Vec3& centre,
                        double half_size) {
  const Vec3 n = half_space.normal.normalized();
  const Mat3 frame = frameAround(n);
  const Vec3 c = centre - (n.dot(centre) - half_space.offset) * n;
  BodyMesh mesh;
  for (const auto& [a, b] : {std::pair{-1.0, -1.0}, {1.0, -1.0}, {1.0, 1.0}, {-1.0, 1.0}})
    mesh.positions.push_back(c + half_size * (a * frame.col(0) + b * frame.col(1)));
  mesh.triangles = {{0, 1, 2}, {0, 2, 3}};
  mesh.plate = true;
  return mesh;
}

// The half-plane {n·x ≤ d} (z = 0, body coordinates) as a slab below its line.
BodyMesh halfPlaneSlab(const BodyDescription::HalfPlane& half_plane, const Vec3& centre,
                       double half_size) {
  const Vec3 n = Vec3(half_plane.normal.x(), half_plane.normal.y(), 0.0).normalized();
  const Vec3 along = Vec3::UnitZ().cross(n);
  const Vec3 on_line = centre - (n.dot(centre) - half_plane.offset) * n;
  const double depth = 0.1 * half_size;
  Mat3 axes;
  axes << half_size * along, -depth * n, half_size * 0.25 * Vec3::UnitZ();
  if (axes.determinant() < 0.0)
    axes.col(2) = -axes.col(2);
  BodyMesh mesh = box(Vec3(on_line.x(), on_line.y(), 0.0) - depth * n, axes);
  mesh.plate = true;
  return mesh;
}

double cross(const Vec2& a, const Vec2& b) {
  return a.x() * b.y() - a.y() * b.x();
}

bool inTriangle(const Vec2& p, const Vec2& a, const Vec2& b, const Vec2& c) {
  return cross(b - a, p - a) >= 0.0 && cross(c - b, p - b) >= 0.0 && cross(a - c, p - c) >= 0.0;
}

}  // namespace

std::vector<std::array<int, 3>> triangulatePolygon(const std::vector<Vec2>& polygon) {
  if (polygon.size() < 3)
    throw InvalidInputError("a polygon needs at least 3 points");
  std::vector<int> left(polygon.size());
  for (std::size_t i = 0; i < left.size(); ++i)
    left[i] = static_cast<int>(i);
  const auto at = [&](int i) -> const Vec2& { return polygon[static_cast<std::size_t>(i)]; };
  std::vector<std::array<int, 3>> triangles;
  // Cut off a convex corner with no other corner inside until a triangle is left.
  while (left.size() > 3) {
    bool cut = false;
    for (std::size_t i = 0; i < left.size() && !cut; ++i) {
      const int a = left[(i + left.size() - 1) % left.size()];
      const int b = left[i];
      const int c = left[(i + 1) % left.size()];
      if (cross(at(b) - at(a), at(c) - at(b)) <= 0.0)
        continue;
      const bool empty = std::none_of(left.begin(), left.end(), [&](int p) {
        return p != a && p != b && p != c && inTriangle(at(p), at(a), at(b), at(c));
      });
      if (empty) {
        triangles.push_back({a, b, c});
        left.erase(left.begin() + static_cast<std::ptrdiff_t>(i));
        cut = true;
      }
    }
    if (!cut)
      throw InvalidInputError("polygon outline is not simple and counter-clockwise");
  }
  triangles.push_back({left[0], left[1], left[2]});
  return triangles;
}

ViewBounds viewBounds(const WorldDescription& world, const std::vector<BodyMesh>& meshes,
                      const std::vector<RigidBodyState>& poses) {
  Eigen::AlignedBox3d free_box, all_box;
  for (std::size_t i = 0; i < meshes.size(); ++i) {
    if (meshes[i].plate)
      continue;
    for (const Vec3& p : meshes[i].positions) {
      const Vec3 x = poses[i].orientation * p + poses[i].position;
      all_box.extend(x);
      if (!world.bodies[i].fixed)
        free_box.extend(x);
    }
  }
  if (all_box.isEmpty()) {
    for (const RigidBodyState& pose : poses)
      all_box.extend(pose.position);
  }
  ViewBounds bounds;
  if (all_box.isEmpty())
    return bounds;
  // The free bodies, with at least half of what holds them (a ball inside a bowl).
  const Eigen::AlignedBox3d& box = free_box.isEmpty() ? all_box : free_box;
  bounds.centre = box.center();
  const double free_radius = 0.5 * box.diagonal().norm();
  bounds.radius =
      std::max(free_radius, std::min(0.25 * all_box.diagonal().norm(), 2.0 * free_radius));
  if (!(bounds.radius > 0.0))
    bounds.radius = 1.0;
  return bounds;
}

std::vector<BodyMesh> bodyMeshes(const WorldDescription& world,
                                 const std::vector<RigidBodyState>& poses,
                                 int triangles_per_surface) {
  std::vector<BodyMesh> meshes(world.bodies.size());
  for (std::size_t i = 0; i < world.bodies.size(); ++i) {
    const BodyDescription& body = world.bodies[i];
    if (body.surface)
      meshes[i] = surfaceMesh(*body.surface, triangles_per_surface);
    else if (body.polyhedron)
      meshes[i] = polyhedronMesh(*body.polyhedron);
    else if (body.mesh)
      meshes[i] = triangleMesh(*body.mesh);
    else if (body.response_map)
      meshes[i] = extrudedOutline(body.response_map->outline);
    else if (!body.fixed && !body.half_space && !body.half_plane)
      meshes[i] = inertiaBox(body.mass_properties);
  }
  // Plates around what the other bodies span, seen from each plate body's frame.
  const ViewBounds bounds = viewBounds(world, meshes, poses);
  for (std::size_t i = 0; i < world.bodies.size(); ++i) {
    const BodyDescription& body = world.bodies[i];
    const Vec3 centre = poses[i].orientation.conjugate() * (bounds.centre - poses[i].position);
    if (body.half_space)
      meshes[i] = halfSpacePlate(*body.half_space, centre, 2.0 * bounds.radius);
    else if (body.half_plane)
      meshes[i] = halfPlaneSlab(*body.half_plane, centre, 2.0 * bounds.radius);
  }
  return meshes;
}

}  // namespace contactsim::report
