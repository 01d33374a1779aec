// Validation of closed triangle meshes (the checks shared with Loop control meshes live in
// mesh_checks.cpp; self-intersection in mesh_self_intersection.cpp).
#include "contactsim/geometry/triangle_mesh.hpp"

#include <string>
#include <utility>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"
#include "io/input_file.hpp"
#include "mesh_checks.hpp"
#include "mesh_self_intersection.hpp"
#include "obj_files.hpp"

namespace contactsim {
namespace {

const mesh_checks::Names kNames{"triangle", "triangle mesh"};

std::vector<mesh_checks::Triangle> asArrays(const std::vector<TriangleMesh::Triangle>& triangles) {
  std::vector<mesh_checks::Triangle> out(triangles.size());
  for (std::size_t f = 0; f < triangles.size(); ++f) {
    out[f] = {triangles[f][0], triangles[f][1], triangles[f][2]};
  }
  return out;
}

// Divergence theorem: V = Σ_f (a × b)·c / 6 over triangles (a, b, c) taken from `origin`.
double signedVolume(const std::vector<Vec3>& vertices,
                    const std::vector<TriangleMesh::Triangle>& triangles, const Vec3& origin) {
  double six_volume = 0.0;
  for (const TriangleMesh::Triangle& t : triangles) {
    const Vec3 a = vertices[static_cast<std::size_t>(t[0])] - origin;
    const Vec3 b = vertices[static_cast<std::size_t>(t[1])] - origin;
    const Vec3 c = vertices[static_cast<std::size_t>(t[2])] - origin;
    six_volume += a.cross(b).dot(c);
  }
  return six_volume / 6.0;
}

}  // namespace

TriangleMesh::TriangleMesh(std::vector<Vec3> vertices, std::vector<Triangle> triangles,
                           const std::string& origin, MeshValidation validation)
    : vertices_(std::move(vertices)), triangles_(std::move(triangles)) {
  const std::string p = mesh_checks::prefixOf(origin);
  const std::vector<mesh_checks::Triangle> arrays = asArrays(triangles_);
  mesh_checks::checkIndices(vertexCount(), arrays, p, kNames);
  mesh_checks::checkCoordinates(vertices_, p);
  mesh_checks::checkEdges(mesh_checks::sortedDirectedEdges(arrays), p, kNames);
  mesh_checks::checkAreas(vertices_, arrays, p, kNames);

  bounds_min_ = bounds_max_ = vertex(triangles_.front()[0]);
  for (const Triangle& t : triangles_) {
    for (int k = 0; k < 3; ++k) {
      bounds_min_ = bounds_min_.cwiseMin(vertex(t[k]));
      bounds_max_ = bounds_max_.cwiseMax(vertex(t[k]));
    }
  }
  volume_ = signedVolume(vertices_, triangles_, 0.5 * (bounds_min_ + bounds_max_));
  const double scale = (bounds_max_ - bounds_min_).norm();
  if (volume_ < 0.0) {
    throw InvalidInputError(p + "the triangle mesh is inside-out: its volume is " +
                            toText(volume_) +
                            " < 0 (triangles must be counter-clockwise seen from outside)");
  }
  if (volume_ <= 1e-12 * scale * scale * scale) {
    throw InvalidInputError(p + "the triangle mesh encloses no volume (" + toText(volume_) + ")");
  }
  if (validation == MeshValidation::kFull) {
    if (const auto hit = findSelfIntersection(vertices_, triangles_)) {
      throw InvalidInputError(p + "triangles " + toText(hit->first) + " and " +
                              toText(hit->second) + " intersect (" + toText(hit->pairs) +
                              " intersecting pairs in all): the triangle mesh must not intersect "
                              "itself");
    }
  }
}

Vec3 TriangleMesh::areaNormal(int f) const {
  const Triangle& t = triangle(f);
  return (vertex(t[1]) - vertex(t[0])).cross(vertex(t[2]) - vertex(t[0]));
}

TriangleMesh loadObjTriangleMesh(const std::filesystem::path& file, MeshValidation validation) {
  return loadObjTriangleMesh(file, validation, kDefaultMaxFileBytes);
}

TriangleMesh loadObjTriangleMesh(const std::filesystem::path& file, MeshValidation validation,
                                 double max_bytes) {
  auto [vertices, arrays] = mesh_checks::readObjTriangles(file, kNames, max_bytes);
  std::vector<TriangleMesh::Triangle> triangles;
  triangles.reserve(arrays.size());
  for (const auto& t : arrays) {
    triangles.emplace_back(t[0], t[1], t[2]);
  }
  return TriangleMesh(std::move(vertices), std::move(triangles), file.string(), validation);
}

}  // namespace contactsim
