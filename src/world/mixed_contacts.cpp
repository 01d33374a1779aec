// The contacts of a mixed world's step (mixed_world.hpp): polyhedra against polyhedra and
// half-spaces by their manifolds (collision/convex_contact, reduced as PointContactWorld does),
// and every pair with a smooth surface as one point contact at its exact closest points
// (collision/smooth_convex_proximity against a polyhedron or half-space, collision/
// surface_proximity between two smooth surfaces), Newton warm started from the last step.
#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include "collision/convex_contact.hpp"
#include "collision/manifold_reduction.hpp"
#include "collision/smooth_convex_proximity.hpp"
#include "collision/smooth_mesh_proximity.hpp"
#include "geometry/differential.hpp"
#include "mixed_world.hpp"
#include "sphere_pairs.hpp"

namespace contactsim::world_detail {

namespace {

// μ of a body of the velocity-level models that gives none.
constexpr double kDefaultFriction = 0.5;

// An edge's deepest point counts as an edge contact strictly inside the edge; at its ends the
// vertices speak.
constexpr double kInteriorAlpha = 1e-6;

// A smooth surface on a half-space keeps up to this many of its patches' lowest points and
// minima: four, as for a face, let a ring's uncovered side sink between steps.
constexpr std::size_t kRingPoints = 64;

Frame poseOf(const MixedWorld::Body& body) {
  return makeFrame(body.orientation, body.position);
}

// The obstacle of a polyhedron or half-space body, in its body coordinates.
ConvexObstacle obstacleOf(const MixedWorld::Body& body) {
  ConvexObstacle o;
  o.polyhedron = body.polyhedron.get();
  if (body.half_space) {
    o.normal = body.half_space->normal;
    o.offset = body.half_space->offset;
  }
  return o;
}

// Whether the ball of radius r about x (world) comes within the tessellation error of a vertex of
// the smooth body's tessellation: a cheap test that the polyhedron bounded by that ball may touch
// it (the tessellation's vertices lie on the surface, its triangles within the error of it; the
// ball must reach a triangle's vertex or the error, so the bound adds the longest edge's half).
bool nearTessellation(const ProximityShape& smooth, const Frame& E_w_s, const Vec3& x, double r) {
  const Vec3 local = E_w_s.inverse() * x;
  const double reach = r + smooth.tessellationError() + smooth.longestEdge();
  for (const Vec3& v : smooth.tessellation().positions) {
    if ((v - local).squaredNorm() <= reach * reach)
      return true;
  }
  return false;
}

// Samples along each boundary curve of an open smooth surface, for its points nearest a
// polyhedron.
constexpr int kRimSamples = 16;

// An open smooth surface's boundary — each patch edge without a neighbour — against a convex
// obstacle: on each curve the point of least signed distance φ (the obstacle's exact distance,
// collision/smooth_convex_proximity: sampled, then golden section between the neighbours of the
// least sample), a contact where φ < margin, normal ∇φ (out of the obstacle), ids from `first_id`
// on. A patch's corner or rim is no stationary point of the surface's distance, so neither
// Newton on the surface nor the obstacle's vertices and edges find it: the rattleback's patch
// corner went 1 cm into a box unseen.
void rimPoints(const ProximityShape& smooth, const Frame& E_w_s, const ConvexObstacle& obstacle,
               const Frame& E_w_o, double margin, std::uint64_t first_id,
               std::vector<ContactPoint>& out) {
  const Surface& surface = smooth.surface();
  const Frame E_o_w = E_w_o.inverse();
  const Frame E_o_s = E_o_w * E_w_s;
  std::uint64_t id = first_id;
  for (int patch = 0; patch < surface.patchCount(); ++patch) {
    const PatchDomain& domain = surface.domain(patch);
    for (int edge = 0; edge < domain.edgeCount(); ++edge, ++id) {
      if (surface.neighbor(patch, edge))
        continue;
      // Phase 1: φ along the curve (obstacle coordinates), its least sample.
      const auto phi = [&](double alpha) {
        const Vec2 st = domain.pointOnEdge(edge, alpha);
        const Vec3 x = E_o_s * surface.evaluate(patch, st.x(), st.y(), JetOrder::kPosition).c;
        return signedDistance(obstacle, x).value;
      };
      int best = 0;
      double least = std::numeric_limits<double>::infinity();
      for (int j = 0; j <= kRimSamples; ++j) {
        const double value = phi(static_cast<double>(j) / kRimSamples);
        if (value < least) {
          least = value;
          best = j;
        }
      }
      // The curve is shorter than the obstacle's reach only where a sample comes near: φ is
      // 1-Lipschitz and a sample interval spans at most the longest tessellation edge.
      if (least - smooth.longestEdge() > margin)
        continue;
      // Phase 2: golden section between the least sample's neighbours.
      double lo = static_cast<double>(std::max(best - 1, 0)) / kRimSamples;
      double hi = static_cast<double>(std::min(best + 1, kRimSamples)) / kRimSamples;
      const double ratio = 0.5 * (std::sqrt(5.0) - 1.0);
      double x1 = hi - ratio * (hi - lo), x2 = lo + ratio * (hi - lo);
      double f1 = phi(x1), f2 = phi(x2);
      while (hi - lo > 1e-9) {
        if (f1 <= f2) {
          hi = x2;
          x2 = x1;
          f2 = f1;
          x1 = hi - ratio * (hi - lo);
          f1 = phi(x1);
        } else {
          lo = x1;
          x1 = x2;
          f1 = f2;
          x2 = lo + ratio * (hi - lo);
          f2 = phi(x2);
        }
      }
      // Phase 3: the contact at the least point, if within the margin.
      const double alpha =
          least <= std::min(f1, f2) ? static_cast<double>(best) / kRimSamples : 0.5 * (lo + hi);
      const Vec2 st = domain.pointOnEdge(edge, alpha);
      const Vec3 on_rim = E_w_s * surface.evaluate(patch, st.x(), st.y(), JetOrder::kPosition).c;
      const ObstacleDistance d = signedDistance(obstacle, E_o_w * on_rim);
      if (d.value < margin) {
        out.push_back(
            {0.5 * (on_rim + E_w_o * d.nearest), E_w_o.linear() * d.gradient, d.value, id});
      }
    }
  }
}

// The centre of a body's bounding sphere, world.
Vec3 centreOf(const MixedWorld::Body& body) {
  if (body.polyhedron)
    return poseOf(body) * body.polyhedron->centroid();
  if (body.mesh)
    return poseOf(body) * body.mesh->centre;
  return body.position;
}

}  // namespace

// Radius of a body's bounding sphere about centreOf (a smooth body's includes its tessellation
// error); a half-space has none.
double MixedWorld::reach(const Body& body) const {
  if (body.smooth)
    return body.smooth->boundingRadius() + body.smooth->tessellationError();
  if (body.polyhedron)
    return body.polyhedron->radius();
  if (body.mesh)
    return body.mesh->radius;
  return std::numeric_limits<double>::infinity();
}

std::vector<MixedWorld::Generated> MixedWorld::generateContacts() {
  patches_.clear();
  // Phase 1: each body's bounding sphere (a half-space's plane, world) once.
  std::vector<Vec3> centre(bodies_.size());
  std::vector<double> radius(bodies_.size()), plane_offset(bodies_.size());
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    const Body& body = bodies_[i];
    radius[i] = reach(body);
    if (body.half_space) {
      centre[i] = body.orientation * body.half_space->normal;  // the plane's normal
      plane_offset[i] = body.half_space->offset + centre[i].dot(body.position);
    } else {
      centre[i] = centreOf(body);
    }
  }
  // Phase 2: every pair of bodies not both fixed whose spheres (a half-space against the other's
  // sphere) come within the margin, in index order.
  std::vector<Generated> out;
  for (std::size_t a = 0; a < bodies_.size(); ++a) {
    for (std::size_t b = a + 1; b < bodies_.size(); ++b) {
      if (bodies_[a].fixed && bodies_[b].fixed)
        continue;
      const std::size_t solid = bodies_[a].half_space ? b : a;
      const std::size_t other = bodies_[a].half_space ? a : b;
      if (bodies_[other].half_space) {
        if (centre[other].dot(centre[solid]) - plane_offset[other] >
            radius[solid] + settings_.margin)
          continue;
      } else if ((centre[a] - centre[b]).norm() > radius[a] + radius[b] + settings_.margin) {
        continue;
      }
      addPair(a, b, out);
    }
  }
  return out;
}

void MixedWorld::addPair(std::size_t a, std::size_t b, std::vector<Generated>& out) {
  // The moving side first: body_a is a smooth body when there is one, and never a half-space.
  const double mu = materials_.friction(a, b, kDefaultFriction);
  if (bodies_[b].smooth && !bodies_[a].smooth)
    std::swap(a, b);
  if (bodies_[a].half_space)
    std::swap(a, b);
  const Body& A = bodies_[a];
  const Body& B = bodies_[b];
  if (A.smooth && B.mesh) {
    addSmoothMeshPair(a, b, mu, out);
    return;
  }
  if (A.smooth) {
    addSmoothPair(a, b, mu, out);
    return;
  }
  if (A.mesh || B.mesh) {
    addMeshPair(a, b, mu, out);
    return;
  }
  // Polyhedron against polyhedron or half-space: the manifold, reduced.
  std::vector<ContactPoint> manifold;
  double radius = A.polyhedron->radius();
  if (B.polyhedron) {
    manifold = collide(*A.polyhedron, poseOf(A), *B.polyhedron, poseOf(B), settings_.margin);
    radius = std::min(radius, B.polyhedron->radius());
  } else {
    const Vec3 n = B.orientation * B.half_space->normal;
    manifold = collideHalfSpace(*A.polyhedron, poseOf(A), n,
                                B.half_space->offset + n.dot(B.position), settings_.margin);
  }
  for (const ContactPoint& p : reduceManifold(std::move(manifold), settings_.max_points_per_pair,
                                              settings_.weld_fraction * radius)) {
    out.push_back({{a, b, p.point, p.normal, mu, 0.0}, p.separation});
  }
}

// One point contact at the exact closest points, kept while closer than the margin.
void MixedWorld::addSmoothPair(std::size_t a, std::size_t b, double mu,
                               std::vector<Generated>& out) {
  const Body& A = bodies_[a];
  const Body& B = bodies_[b];
  if (B.polyhedron && !nearTessellation(*A.smooth, poseOf(A), centreOf(B),
                                        B.polyhedron->radius() + settings_.margin))
    return;
  NewtonMemory& memory = newton_[{a, b}];
  Vec3 point, normal;
  double separation = 0.0;
  if (B.smooth) {
    const auto& sa = sphereOf(*A.smooth);
    const auto& sb = sphereOf(*B.smooth);
    const ClosestPoints cp =
        sa && sb ? sphereClosestPoints(*sa, poseOf(A), *sb, poseOf(B))
                 : closestPoints(*A.smooth, poseOf(A), *B.smooth, poseOf(B), memory.smooth_pair);
    memory.smooth_pair = cp.converged ? std::optional(cp) : std::nullopt;
    point = 0.5 * (cp.point1 + cp.point2);
    normal = cp.normal;
    separation = cp.distance;
  } else {
    if (B.half_space && !sphereOf(*A.smooth)) {
      addSmoothHalfSpacePoints(a, b, mu, out);
      return;
    }
    const SmoothConvexPoints cp =
        closestToObstacle(*A.smooth, poseOf(A), obstacleOf(B), poseOf(B), memory.on_smooth);
    memory.on_smooth = cp.converged ? std::optional(SurfacePoint{cp.patch, cp.st}) : std::nullopt;
    if (B.polyhedron && !cp.sphere) {
      addFeatureContacts(a, b, mu, cp, out);
      return;
    }
    point = 0.5 * (cp.smooth_point + cp.obstacle_point);
    normal = cp.normal;
    separation = cp.distance;
  }
  if (separation < settings_.margin)
    out.push_back({{a, b, point, normal, mu, 0.0}, separation});
}

// A polyhedron against a smooth surface: besides the closest points (when Newton converged),
// each vertex of the polyhedron near the surface touches it at its projection, so a box resting
// on a smooth floor stands on its corners; when Newton did not converge, each edge touches at its
// point deepest in the smooth body where that lies inside the edge — the case of an edge pressed
// into a body, where the polyhedron's signed distance has a ridge that Newton cannot converge on. A
// vertex or edge may not lie deeper than the closest points' exact overlap: deeper, it lies behind
// an open or concave part of the surface (the inside of a shell), not in contact with it. The
// points are reduced as manifolds are.
void MixedWorld::addFeatureContacts(std::size_t a, std::size_t b, double mu,
                                    const SmoothConvexPoints& closest,
                                    std::vector<Generated>& out) {
  const Body& A = bodies_[a];
  const Body& B = bodies_[b];
  const Frame E_w_a = poseOf(A), E_a_w = E_w_a.inverse(), E_w_b = poseOf(B);
  const ConvexPolyhedron& P = *B.polyhedron;
  const double floor = std::min(closest.distance, 0.0) - settings_.margin;
  std::vector<ContactPoint> manifold;
  const auto keep = [&](const Vec3& point, const Vec3& normal, double separation,
                        std::uint64_t feature) {
    if (separation < settings_.margin && separation >= floor)
      manifold.push_back({point, normal, separation, feature});
  };
  if (closest.converged) {
    keep(0.5 * (closest.smooth_point + closest.obstacle_point), closest.normal, closest.distance,
         0);
  }
  NewtonMemory& memory = newton_[{a, b}];
  memory.vertices.resize(P.vertices().size());
  memory.edges.resize(P.edges().size());
  const auto near = [&](const Vec3& x, double extent) {
    return (x - A.position).norm() <= reach(A) + extent + settings_.margin;
  };
  for (std::size_t k = 0; k < memory.vertices.size(); ++k) {
    const Vec3 v = E_w_b * P.vertices()[k];
    if (!near(v, 0.0)) {
      memory.vertices[k].reset();
      continue;
    }
    const Vec3 local = E_a_w * v;
    SurfacePoint at = memory.vertices[k] ? *memory.vertices[k]
                                         : nearestVertexOrigin(A.smooth->tessellation(), local);
    const SurfaceDistance d = surfaceDistance(A.smooth->surface(), local, at);
    memory.vertices[k] = at;
    const Vec3 on_surface = E_w_a * d.on_surface;
    keep(0.5 * (v + on_surface), -(E_w_a.linear() * d.outward), d.value, k + 1);
  }
  for (std::size_t k = 0; k < memory.edges.size() && !closest.converged; ++k) {
    const ConvexPolyhedron::Edge& e = P.edges()[k];
    const Vec3 v0 = E_w_b * P.vertices()[static_cast<std::size_t>(e.v0)];
    const Vec3 v1 = E_w_b * P.vertices()[static_cast<std::size_t>(e.v1)];
    if (!near(0.5 * (v0 + v1), 0.5 * (v1 - v0).norm())) {
      memory.edges[k].reset();
      continue;
    }
    SurfacePoint at =
        memory.edges[k] ? *memory.edges[k]
                        : nearestVertexOrigin(A.smooth->tessellation(), E_a_w * (0.5 * (v0 + v1)));
    const SegmentDepth depth = deepestOnSegment(*A.smooth, E_w_a, v0, v1, at, settings_.margin);
    memory.edges[k] = at;
    if (depth.alpha > kInteriorAlpha && depth.alpha < 1.0 - kInteriorAlpha) {
      const SmoothConvexPoints& p = depth.points;
      keep(0.5 * (p.smooth_point + p.obstacle_point), p.normal, p.distance,
           P.vertices().size() + k + 1);
    }
  }
  rimPoints(*A.smooth, E_w_a, obstacleOf(B), E_w_b, settings_.margin,
            P.vertices().size() + P.edges().size() + 1, manifold);
  const double radius = std::min(reach(A), P.radius());
  for (const ContactPoint& p : reduceManifold(std::move(manifold), settings_.max_points_per_pair,
                                              settings_.weld_fraction * radius)) {
    out.push_back({{a, b, p.point, p.normal, mu, 0.0}, p.separation});
  }
}

// A smooth surface on a half-space touches it at the lowest point of each of its patches that
// comes within the margin: a footed bowl stands on its ring at several points at once — a loop of
// contacts that reduced coordinates do not handle (issue 23, item 3: such islands are solved
// here, at the velocity level). Each point is an exact surface point with its exact height: the
// minimum of the height φ(c(s, t)) = n·c − d over the patch's domain, by Newton from the patch's
// lowest tessellation vertex (gradient nᵀ(c_s, c_t), Hessian nᵀ(c_ss, c_st, c_tt): the plane's φ is
// affine), a step that would leave the domain stopping on its edge. Minima alone would not do: a
// ring tilted by 1e-6 rad keeps one or two, and a single contact let the far side of the ring
// sink through the plane. The points are reduced as manifolds are; a convex surface's lowest
// point is its closest point.
void MixedWorld::addSmoothHalfSpacePoints(std::size_t a, std::size_t b, double mu,
                                          std::vector<Generated>& out) {
  const Body& A = bodies_[a];
  const Body& B = bodies_[b];
  const Frame E_w_a = poseOf(A), E_w_b = poseOf(B);
  const ConvexObstacle obstacle = obstacleOf(B);
  const TessellatedSurface& mesh = A.smooth->tessellation();
  const Surface& surface = A.smooth->surface();
  // Phase 1: the plane in the smooth body's coordinates, n·x = d, and each patch's lowest vertex
  // within reach (the margin and the tessellation's error).
  const Vec3 n_world = E_w_b.linear() * obstacle.normal;
  const Vec3 n = E_w_a.linear().transpose() * n_world;
  const double d =
      obstacle.offset + n_world.dot(E_w_b.translation()) - n_world.dot(E_w_a.translation());
  const double near = settings_.margin + A.smooth->tessellationError();
  std::vector<std::optional<std::size_t>> lowest(static_cast<std::size_t>(surface.patchCount()));
  for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
    const double h = n.dot(mesh.positions[i]) - d;
    auto& low = lowest[static_cast<std::size_t>(mesh.origins[i].patch)];
    if (h < near && (!low || h < n.dot(mesh.positions[*low]) - d))
      low = i;
  }
  // Phase 2: Newton on the height within each such patch.
  std::vector<ContactPoint> manifold;
  for (std::size_t patch = 0; patch < lowest.size(); ++patch) {
    if (!lowest[patch])
      continue;
    const int id = static_cast<int>(patch);
    const PatchDomain& domain = surface.domain(id);
    Vec2 p = mesh.origins[*lowest[patch]].st;
    for (int k = 0; k < 20; ++k) {
      const SurfaceJet j = surface.evaluate(id, p.x(), p.y(), JetOrder::kSecond);
      const Vec2 g(n.dot(j.c_s), n.dot(j.c_t));
      Eigen::Matrix2d H;
      H << n.dot(j.c_ss), n.dot(j.c_st), n.dot(j.c_st), n.dot(j.c_tt);
      const Eigen::LDLT<Eigen::Matrix2d> ldlt(H);
      const bool convex = ldlt.info() == Eigen::Success && ldlt.isPositive() &&
                          ldlt.vectorD().minCoeff() > 1e-12 * H.norm();
      Vec2 step = convex ? Vec2(-ldlt.solve(g)) : Vec2(-1e-3 * g.normalized());
      if (!step.allFinite() || step.norm() < 1e-15)
        break;
      const std::optional<EdgeCrossing> edge = domain.firstEdgeCrossed(p, p + step);
      if (edge) {
        p += edge->lambda * step;  // on the edge: the patch's lowest point there
        break;
      }
      p += step;
    }
    const Vec3 c = surface.evaluate(id, p.x(), p.y(), JetOrder::kPosition).c;
    const double h = n.dot(c) - d;
    if (h < settings_.margin) {
      const Vec3 on_surface = E_w_a * c;
      manifold.push_back({on_surface - 0.5 * h * n_world, n_world, h, patch + 1});
    }
  }
  // Phase 3: the surface's local minima too, by Newton across patches (newtonToObstacle) from
  // each tessellation vertex no higher than its triangles' others: a patch's lowest point found
  // above may lie on its edge while the true minimum lies beyond.
  std::vector<bool> locally_lowest(mesh.positions.size(), true);
  const auto height = [&](int i) { return n.dot(mesh.positions[static_cast<std::size_t>(i)]) - d; };
  for (const Eigen::Vector3i& t : mesh.triangles) {
    for (int k = 0; k < 3; ++k) {
      const int i = t(k), j = t((k + 1) % 3);
      if (height(j) < height(i))
        locally_lowest[static_cast<std::size_t>(i)] = false;
      if (height(i) < height(j))
        locally_lowest[static_cast<std::size_t>(j)] = false;
    }
  }
  for (std::size_t i = 0; i < locally_lowest.size(); ++i) {
    if (!locally_lowest[i] || height(static_cast<int>(i)) >= near)
      continue;
    const SmoothConvexPoints cp =
        newtonToObstacle(*A.smooth, E_w_a, obstacle, E_w_b, mesh.origins[i]);
    if (cp.converged && cp.distance < settings_.margin) {
      manifold.push_back({0.5 * (cp.smooth_point + cp.obstacle_point), cp.normal, cp.distance,
                          lowest.size() + i + 1});
    }
  }
  // Phase 4: reduced as manifolds are.
  for (const ContactPoint& c :
       reduceManifold(std::move(manifold), kRingPoints, settings_.weld_fraction * reach(A))) {
    out.push_back({{a, b, c.point, c.normal, mu, 0.0}, c.separation});
  }
}

}  // namespace contactsim::world_detail
