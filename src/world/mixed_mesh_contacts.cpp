// The contacts of a mixed world's pairs with a closed triangle mesh (mixed_world.hpp; issue 22,
// "meshes in mixed worlds"):
//  - smooth surface against mesh: point contacts at the exact closest features
//    (collision/smooth_mesh_proximity: Newton on the smooth surface against each face's plane,
//    the deepest points of convex edges, the projections of vertices; normal from the smooth
//    surface), speculative within the margin like every other pair with a smooth surface;
//  - mesh against a fixed half-space: each vertex within the margin at its exact distance;
//  - a convex mesh against a convex mesh or a polyhedron: both as convex polyhedra (the mesh's
//    coplanar triangles merged into faces), by their manifold within the margin as polyhedra
//    meet (collision/convex_contact) — speculative, 3×3 point blocks as the design has for
//    polyhedra;
//  - any other mesh pair (a non-convex mesh): one 6D patch contact of bouchard-2015 from the
//    pair's intersection volume (a polyhedron as the closed mesh of its faces), solved with the
//    island's point blocks (world/mixed_blocks). It exists only where the bodies overlap (V > 0);
//    the overlap is pushed out by the Baumgarte fraction.
#include <algorithm>
#include <map>

#include "collision/contact_patch.hpp"
#include "collision/convex_contact.hpp"
#include "collision/intersection_volume.hpp"
#include "collision/manifold_reduction.hpp"
#include "contactsim/error.hpp"
#include "math/disjoint_sets.hpp"
#include "mixed_world.hpp"

namespace contactsim::world_detail {

namespace {

// A smooth contact with a mesh deeper than this many margins lies behind an open or concave part
// of the surface (the far wall of a shell, the rim of a bowl seen from inside), not in contact.
constexpr double kDeepestInMargins = 5.0;

Frame poseOf(const MixedWorld::Body& body) {
  return makeFrame(body.orientation, body.position);
}

// The closed mesh of a convex polyhedron's faces, each face a fan from its first vertex
// (counter-clockwise seen from outside, as the faces are).
std::shared_ptr<const TriangleMesh> meshOf(const ConvexPolyhedron& p) {
  std::vector<TriangleMesh::Triangle> triangles;
  for (int f = 0; f < p.faceCount(); ++f) {
    const auto face = p.face(f);
    for (std::size_t k = 1; k + 1 < face.size(); ++k)
      triangles.emplace_back(face[0], face[k], face[k + 1]);
  }
  return std::make_shared<const TriangleMesh>(p.vertices(), std::move(triangles), "",
                                              MeshValidation::kSkipSelfIntersection);
}

// The convex polyhedron of a convex closed mesh: triangles in one plane (joined across shared
// edges whose two normals agree to 1e-12) merged into one face, the loop of its boundary edges
// (counter-clockwise, as the triangles are); vertices used by no loop (inside a face) dropped.
std::shared_ptr<const ConvexPolyhedron> hullOf(const TriangleMesh& mesh) {
  const int T = mesh.triangleCount();
  std::vector<Vec3> normals;
  for (int f = 0; f < T; ++f)
    normals.push_back(mesh.areaNormal(f).normalized());
  std::map<std::pair<int, int>, int> owner;  // directed edge → its triangle
  for (int f = 0; f < T; ++f) {
    const TriangleMesh::Triangle& t = mesh.triangle(f);
    for (int k = 0; k < 3; ++k)
      owner[{t[k], t[(k + 1) % 3]}] = f;
  }
  DisjointSets planes(static_cast<std::size_t>(T));
  for (const auto& [edge, f] : owner) {
    const int g = owner.at({edge.second, edge.first});
    if (normals[static_cast<std::size_t>(f)].dot(normals[static_cast<std::size_t>(g)]) >
        1.0 - 1e-12)
      planes.join(static_cast<std::size_t>(f), static_cast<std::size_t>(g));
  }
  // Each merged face's boundary: its directed edges whose reverse lies in another face, chained.
  std::map<std::size_t, std::map<int, int>> boundary;  // face → (from → to)
  for (const auto& [edge, f] : owner) {
    const std::size_t face = planes.find(static_cast<std::size_t>(f));
    if (planes.find(static_cast<std::size_t>(owner.at({edge.second, edge.first}))) != face)
      boundary[face][edge.first] = edge.second;
  }
  std::vector<int> index(mesh.vertices().size(), -1);
  std::vector<Vec3> vertices;
  std::vector<std::vector<int>> faces;
  for (const auto& [face, next] : boundary) {
    std::vector<int> loop;
    int v = next.begin()->first;
    do {
      int& i = index[static_cast<std::size_t>(v)];
      if (i < 0) {
        i = static_cast<int>(vertices.size());
        vertices.push_back(mesh.vertex(v));
      }
      loop.push_back(i);
      v = next.at(v);
    } while (v != next.begin()->first && loop.size() <= next.size());
    faces.push_back(std::move(loop));
  }
  return std::make_shared<const ConvexPolyhedron>(std::move(vertices), faces);
}

}  // namespace

// Each mesh object's features, ray-casting hierarchy and (when convex) planes, built once and
// shared by the bodies that use it; polyhedra get a mesh of their own when a mesh may meet them.
void MixedWorld::prepareMeshes(const WorldDescription& description) {
  struct Prepared {
    std::shared_ptr<const MeshFeatures> features;
    std::shared_ptr<const RayCastBody> rays;
    std::shared_ptr<const ConvexMeshPlanes> convex;
    std::shared_ptr<const ConvexPolyhedron> hull;
  };
  std::map<const void*, Prepared> cache;
  const auto prepare = [&](const void* key, const std::shared_ptr<const TriangleMesh>& mesh) {
    Prepared& p = cache[key];
    if (!p.rays) {
      p.features = std::make_shared<const MeshFeatures>(mesh);
      p.rays = std::make_shared<const RayCastBody>(*mesh);
      if (std::optional<ConvexMeshPlanes> planes = convexMeshPlanes(*mesh)) {
        p.convex = std::make_shared<const ConvexMeshPlanes>(std::move(*planes));
        try {
          p.hull = hullOf(*mesh);
        } catch (const InvalidInputError&) {
          p.hull = nullptr;  // not a polyhedron after all (rounding): its pairs go by volume
        }
      }
    }
    return p;
  };
  const bool any_mesh = std::any_of(description.bodies.begin(), description.bodies.end(),
                                    [](const BodyDescription& d) { return d.mesh != nullptr; });
  if (any_mesh)
    description.integrator.volume_contact.validate();  // the ray spacing of mesh pairs
  for (std::size_t i = 0; i < description.bodies.size(); ++i) {
    const BodyDescription& d = description.bodies[i];
    Body& b = bodies_[i];
    if (d.mesh) {
      const Prepared& p = prepare(d.mesh.get(), d.mesh);
      b.mesh = p.features;
      b.rays = p.rays;
      b.convex = p.convex;
      b.hull = p.hull;
    } else if (any_mesh && d.polyhedron) {
      const Prepared& p = prepare(d.polyhedron.get(), meshOf(*d.polyhedron));
      b.rays = p.rays;
      b.convex = p.convex;
    }
  }
}

// A smooth surface (a) against a mesh (b): the exact closest features, reduced as manifolds are.
void MixedWorld::addSmoothMeshPair(std::size_t a, std::size_t b, double mu,
                                   std::vector<Generated>& out) {
  const Body& A = bodies_[a];
  const Body& B = bodies_[b];
  std::vector<ContactPoint> points =
      smoothMeshContacts(*A.smooth, poseOf(A), *B.mesh, poseOf(B), settings_.margin,
                         kDeepestInMargins * settings_.margin, newton_[{a, b}].mesh);
  const double radius = std::min(reach(A), reach(B));
  for (const ContactPoint& p : reduceManifold(std::move(points), settings_.max_points_per_pair,
                                              settings_.weld_fraction * radius)) {
    out.push_back({{a, b, p.point, p.normal, mu, 0.0}, p.separation});
  }
}

// A mesh or polyhedron (a) against a mesh, polyhedron or half-space (b), one of them a mesh.
void MixedWorld::addMeshPair(std::size_t a, std::size_t b, double mu, std::vector<Generated>& out) {
  const Body& A = bodies_[a];
  const Body& B = bodies_[b];
  const Frame X_WA = poseOf(A), X_WB = poseOf(B);
  std::vector<ContactPoint> points;
  if (B.half_space) {
    // Each vertex of the mesh at its distance from the plane (exact), within the margin.
    const Vec3 n = B.orientation * B.half_space->normal;
    const double offset = B.half_space->offset + n.dot(B.position);
    const std::vector<Vec3>& vertices = A.mesh->mesh->vertices();
    for (std::size_t k = 0; k < vertices.size(); ++k) {
      const Vec3 x = X_WA * vertices[k];
      const double separation = n.dot(x) - offset;
      if (separation < settings_.margin)
        points.push_back({x - 0.5 * separation * n, n, separation, k + 1});
    }
  } else if ((A.hull || A.polyhedron) && (B.hull || B.polyhedron)) {
    // Two convex shapes, one of them a convex mesh: polyhedra, their manifold within the margin
    // (speculative, as PointContactWorld's).
    points = collide(A.hull ? *A.hull : *A.polyhedron, X_WA, B.hull ? *B.hull : *B.polyhedron, X_WB,
                     settings_.margin);
  } else {
    // bouchard-2015 §4: the intersection volume's moments (exact for two convex meshes), its
    // patch, and the point contacts of §6 from it; none where the bodies do not overlap.
    const VolumeMoments moments =
        A.convex && B.convex
            ? convexIntersection(A.rays->mesh(), *A.convex, X_WA, B.rays->mesh(), *B.convex, X_WB)
            : intersectionVolume(*A.rays, X_WA, *B.rays, X_WB, {resolution_}).moments;
    if (!(moments.volume > 0.0))
      return;
    // bouchard-2015 §3, §5: one 6D contact at the patch (the design's "6D blocks for mesh–mesh
    // pairs"), pushing while the bodies overlap; its mean depth V/‖∇V‖ (a slab of area S and
    // depth d: V = S d, ‖∇V‖ = S).
    GeneratedPatch patch;
    patch.contact.body_a = a;
    patch.contact.body_b = b;
    patch.contact.patch = contactPatch(moments);
    patch.contact.friction = mu;
    const double gradient = moments.gradient.norm();
    patch.depth = gradient > 0.0 ? moments.volume / gradient : 0.0;
    patches_.push_back(std::move(patch));
    return;
  }
  const double radius = std::min(reach(A), reach(B));
  for (const ContactPoint& p : reduceManifold(std::move(points), settings_.max_points_per_pair,
                                              settings_.weld_fraction * radius)) {
    out.push_back({{a, b, p.point, p.normal, mu, 0.0}, p.separation});
  }
}

}  // namespace contactsim::world_detail
