#include "collision/surface_proximity.hpp"

#include <fcl/fcl.h>

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "contactsim/error.hpp"
#include "geometry/differential.hpp"

namespace contactsim {

struct ProximityShape::Bvh {
  std::shared_ptr<fcl::BVHModel<fcl::OBBRSSd>> model;
};

// Keeps a parameter point on its patch: when Newton leaves the domain, continue on the neighbour
// across the edge crossed (or stop at the edge of an open surface).
void stayOnSurface(const Surface& surface, int& patch, Vec2& st, const Vec2& previous) {
  // A Newton step that leaves the patch stops where it crosses the edge, written in the
  // neighbour's coordinates (the next iteration goes on from there); on an open boundary it stays
  // on the edge. A start already outside (a guess off the patch by rounding) is pulled in first.
  const PatchDomain& domain = surface.domain(patch);
  if (domain.contains(st)) {
    return;
  }
  Vec2 from = previous;
  if (!domain.contains(from)) {
    Vec2 centre = Vec2::Zero();
    for (int i = 0; i < domain.edgeCount(); ++i) {
      centre += domain.vertex(i) / domain.edgeCount();
    }
    from = centre;
  }
  const auto crossing = domain.firstEdgeCrossed(from, st);
  if (!crossing) {
    return;
  }
  const auto across = surface.acrossEdge(patch, crossing->edge, crossing->alpha);
  if (!across) {
    st = domain.pointOnEdge(crossing->edge, crossing->alpha);
    return;
  }
  patch = across->patch;
  st = across->st;
}

namespace {

// The parameter point of a tessellation triangle at barycentric weights w (its vertices share a
// patch: tessellate() works patch by patch).
SurfacePoint parameterAt(const TessellatedSurface& mesh, int triangle, const Vec3& w) {
  const Eigen::Vector3i& tri = mesh.triangles[static_cast<std::size_t>(triangle)];
  const auto& a = mesh.origins[static_cast<std::size_t>(tri[0])];
  const auto& b = mesh.origins[static_cast<std::size_t>(tri[1])];
  const auto& c = mesh.origins[static_cast<std::size_t>(tri[2])];
  return {a.patch, w[0] * a.st + w[1] * b.st + w[2] * c.st};
}

// Barycentric weights of the point of triangle `triangle` nearest to p (body coordinates).
Vec3 barycentric(const TessellatedSurface& mesh, int triangle, const Vec3& p) {
  const Eigen::Vector3i& tri = mesh.triangles[static_cast<std::size_t>(triangle)];
  const Vec3& a = mesh.positions[static_cast<std::size_t>(tri[0])];
  const Vec3 e1 = mesh.positions[static_cast<std::size_t>(tri[1])] - a;
  const Vec3 e2 = mesh.positions[static_cast<std::size_t>(tri[2])] - a;
  Eigen::Matrix2d m;
  m << e1.dot(e1), e1.dot(e2), e1.dot(e2), e2.dot(e2);
  const Eigen::Vector2d r(e1.dot(p - a), e2.dot(p - a));
  Eigen::Vector2d x = m.fullPivLu().solve(r);
  if (!x.allFinite()) {
    x = Eigen::Vector2d::Zero();
  }
  x = x.cwiseMax(0.0);
  if (x.sum() > 1.0) {
    x /= x.sum();
  }
  return {1.0 - x.sum(), x[0], x[1]};
}

fcl::Transform3d toFcl(const Frame& E) {
  fcl::Transform3d t = fcl::Transform3d::Identity();
  t.linear() = E.linear();
  t.translation() = E.translation();
  return t;
}

}  // namespace

ProximityShape::ProximityShape(std::shared_ptr<const Surface> surface, int resolution)
    : surface_(std::move(surface)) {
  if (!surface_) {
    throw InvalidInputError("proximity shape: no surface");
  }
  if (resolution < 1) {
    throw InvalidInputError("proximity shape: tessellation resolution must be at least 1, got " +
                            toText(resolution));
  }
  tessellation_ = tessellate(*surface_, resolution);
  for (const Vec3& p : tessellation_.positions) {
    radius_ = std::max(radius_, p.norm());
  }
  // How far the smooth surface strays from the flat triangles, at their centroids and edge
  // midpoints (where a flat interpolant is farthest from a smooth one), doubled for safety.
  double error = 0.0;
  for (std::size_t k = 0; k < tessellation_.triangles.size(); ++k) {
    const Eigen::Vector3i& tri = tessellation_.triangles[k];
    for (const Vec3& w : {Vec3(1.0 / 3, 1.0 / 3, 1.0 / 3), Vec3(0.5, 0.5, 0.0), Vec3(0.0, 0.5, 0.5),
                          Vec3(0.5, 0.0, 0.5)}) {
      const SurfacePoint at = parameterAt(tessellation_, static_cast<int>(k), w);
      const Vec3 flat = w[0] * tessellation_.positions[static_cast<std::size_t>(tri[0])] +
                        w[1] * tessellation_.positions[static_cast<std::size_t>(tri[1])] +
                        w[2] * tessellation_.positions[static_cast<std::size_t>(tri[2])];
      const Vec3 smooth = surface_->evaluate(at.patch, at.st.x(), at.st.y(), JetOrder::kPosition).c;
      error = std::max(error, (smooth - flat).norm());
    }
    for (int e = 0; e < 3; ++e) {
      longest_edge_ = std::max(longest_edge_,
                               (tessellation_.positions[static_cast<std::size_t>(tri[e])] -
                                tessellation_.positions[static_cast<std::size_t>(tri[(e + 1) % 3])])
                                   .norm());
    }
  }
  error_ = 2.0 * error;
  bvh_ = std::make_unique<Bvh>();
  bvh_->model = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
  std::vector<fcl::Vector3d> vertices(tessellation_.positions.begin(),
                                      tessellation_.positions.end());
  std::vector<fcl::Triangle> triangles;
  for (const auto& t : tessellation_.triangles) {
    triangles.emplace_back(static_cast<std::size_t>(t[0]), static_cast<std::size_t>(t[1]),
                           static_cast<std::size_t>(t[2]));
  }
  bvh_->model->beginModel();
  bvh_->model->addSubModel(vertices, triangles);
  bvh_->model->endModel();
}

ProximityShape::~ProximityShape() = default;
ProximityShape::ProximityShape(ProximityShape&&) noexcept = default;
ProximityShape& ProximityShape::operator=(ProximityShape&&) noexcept = default;

double projectOntoSurface(const Surface& surface, int& patch, Vec2& uv, const Vec3& p) {
  for (int iteration = 0; iteration < 30; ++iteration) {
    const SurfaceJet d = surface.evaluate(patch, uv.x(), uv.y(), JetOrder::kSecond);
    const Vec3 e = d.c - p;
    const Eigen::Vector2d gradient(d.c_s.dot(e), d.c_t.dot(e));
    Eigen::Matrix2d hessian;
    hessian << d.c_s.dot(d.c_s) + e.dot(d.c_ss), d.c_s.dot(d.c_t) + e.dot(d.c_st),
        d.c_s.dot(d.c_t) + e.dot(d.c_st), d.c_t.dot(d.c_t) + e.dot(d.c_tt);
    Eigen::Vector2d step = hessian.fullPivLu().solve(-gradient);
    if (!step.allFinite()) {
      break;
    }
    if (step.norm() > 0.1) {
      step *= 0.1 / step.norm();
    }
    const Vec2 previous = uv;
    uv += step;
    stayOnSurface(surface, patch, uv, previous);
    if (step.norm() < 1e-14) {
      break;
    }
  }
  return (surface.evaluate(patch, uv.x(), uv.y(), JetOrder::kPosition).c - p).norm();
}

ClosestPoints refineClosestPoints(const Surface& surface1, const Frame& E_2_1,
                                  const Surface& surface2, int patch1, Vec2 st, int patch2,
                                  Vec2 uv) {
  // Newton on F = ((c − d)·c_s, (c − d)·c_t, n₂·c_s, n₂·c_t) = 0 (Nelson et al. 1999): the gap
  // along body 1's tangents vanishes and the normals are opposite. (The symmetric form with
  // (c − d)·d_u is singular at a touching point: both points may slide together to first order.)
  const Mat3 R = E_2_1.linear();
  ClosestPoints out;
  double scale = 0.0;
  for (int iteration = 0; iteration < 50 && !out.converged; ++iteration) {
    const SurfaceJet a = surface1.evaluate(patch1, st.x(), st.y(), JetOrder::kSecond);
    const SurfaceJet b = surface2.evaluate(patch2, uv.x(), uv.y(), JetOrder::kSecond);
    const Vec3 c = E_2_1 * a.c, cs = R * a.c_s, ct = R * a.c_t, css = R * a.c_ss, cst = R * a.c_st,
               ctt = R * a.c_tt;
    const Vec3 g = c - b.c;
    // Unit normal of body 2 and its parameter derivatives: n = N/‖N‖, n_u = (N_u − n (n·N_u))/‖N‖.
    const Vec3 N = b.c_s.cross(b.c_t);
    const double length = N.norm();
    const Vec3 n2 = N / length;
    const Vec3 Nu = b.c_ss.cross(b.c_t) + b.c_s.cross(b.c_st);
    const Vec3 Nv = b.c_st.cross(b.c_t) + b.c_s.cross(b.c_tt);
    const Vec3 n2u = (Nu - n2 * n2.dot(Nu)) / length, n2v = (Nv - n2 * n2.dot(Nv)) / length;
    const Eigen::Vector4d F(g.dot(cs), g.dot(ct), n2.dot(cs), n2.dot(ct));
    scale = std::max({cs.squaredNorm(), ct.squaredNorm(), 1e-300});
    Eigen::Matrix4d J;
    J << cs.dot(cs) + g.dot(css), ct.dot(cs) + g.dot(cst), -b.c_s.dot(cs), -b.c_t.dot(cs),  //
        cs.dot(ct) + g.dot(cst), ct.dot(ct) + g.dot(ctt), -b.c_s.dot(ct), -b.c_t.dot(ct),   //
        n2.dot(css), n2.dot(cst), n2u.dot(cs), n2v.dot(cs),                                 //
        n2.dot(cst), n2.dot(ctt), n2u.dot(ct), n2v.dot(ct);
    Eigen::Vector4d step = J.fullPivLu().solve(-F);
    out.iterations = iteration + 1;
    if (!step.allFinite()) {
      break;
    }
    // Damped: at most a tenth of a patch per iteration, so a rough guess cannot throw it away.
    const double longest = std::max(step.head<2>().norm(), step.tail<2>().norm());
    if (longest > 0.1) {
      step *= 0.1 / longest;
    }
    const Vec2 st_old = st, uv_old = uv;
    st += step.head<2>();
    uv += step.tail<2>();
    stayOnSurface(surface1, patch1, st, st_old);
    stayOnSurface(surface2, patch2, uv, uv_old);
    out.converged = step.norm() < 1e-13;
  }
  const SurfaceJet a = surface1.evaluate(patch1, st.x(), st.y(), JetOrder::kFirst);
  const SurfaceJet b = surface2.evaluate(patch2, uv.x(), uv.y(), JetOrder::kFirst);
  const Vec3 c = E_2_1 * a.c, cs = R * a.c_s, ct = R * a.c_t;
  const Vec3 n2 = unitNormal(b);
  const Vec3 g = c - b.c;
  const double size = std::sqrt(scale);
  out.residual = Eigen::Vector4d(g.dot(cs) / (size * size), g.dot(ct) / (size * size),
                                 n2.dot(cs) / size, n2.dot(ct) / size)
                     .norm();
  out.patch1 = patch1;
  out.patch2 = patch2;
  out.st = st;
  out.uv = uv;
  out.point1 = c;
  out.point2 = b.c;
  out.normal = n2;
  out.distance = g.dot(n2);
  return out;
}

double meshDistance(const ProximityShape& shape1, const Frame& E_w_1, const ProximityShape& shape2,
                    const Frame& E_w_2) {
  fcl::DistanceRequestd request;
  fcl::DistanceResultd result;
  fcl::distance(shape1.bvh().model.get(), toFcl(E_w_1), shape2.bvh().model.get(), toFcl(E_w_2),
                request, result);
  return std::max(0.0, result.min_distance);
}

namespace {

// A parameter point of a tessellation triangle's patch at a point given in world coordinates.
SurfacePoint surfacePointAt(const ProximityShape& shape, const Frame& E_w, int triangle,
                            const Vec3& world) {
  return parameterAt(
      shape.tessellation(), triangle,
      barycentric(shape.tessellation(), triangle, E_w.inverse(Eigen::Isometry) * world));
}

ClosestPoints toWorld(ClosestPoints out, const Frame& E_w_2) {
  out.point1 = E_w_2 * out.point1;
  out.point2 = E_w_2 * out.point2;
  out.normal = E_w_2.linear() * out.normal;
  return out;
}

// A point of surface 1 projected onto surface 2 (normal n₂ there), or a point of surface 2
// projected onto surface 1 (normal −n₁), whichever overlaps more; each projection is kept only if
// it converges within `near` of where it started. The pair is not a stationary point of the
// distance (its normals need not be opposite) but its signed distance is exact along n.
std::optional<ClosestPoints> oneSidedPair(const ProximityShape& shape1, const Frame& E_w_1,
                                          SurfacePoint p1, const ProximityShape& shape2,
                                          const Frame& E_w_2, SurfacePoint p2, double near) {
  std::optional<ClosestPoints> best;
  for (const int from : {1, 2}) {
    const Surface& source = from == 1 ? shape1.surface() : shape2.surface();
    const Surface& target = from == 1 ? shape2.surface() : shape1.surface();
    const Frame& E_source = from == 1 ? E_w_1 : E_w_2;
    const Frame& E_target = from == 1 ? E_w_2 : E_w_1;
    const SurfacePoint start = from == 1 ? p1 : p2;
    SurfacePoint end = from == 1 ? p2 : p1;
    const Vec3 world =
        E_source * source.evaluate(start.patch, start.st.x(), start.st.y(), JetOrder::kPosition).c;
    const Vec3 local = E_target.inverse(Eigen::Isometry) * world;
    const Vec3 guess = target.evaluate(end.patch, end.st.x(), end.st.y(), JetOrder::kPosition).c;
    projectOntoSurface(target, end.patch, end.st, local);
    const SurfaceJet jet = target.evaluate(end.patch, end.st.x(), end.st.y(), JetOrder::kFirst);
    const Vec3 n = unitNormal(jet);
    if (!jet.c.allFinite() || !n.allFinite() || (jet.c - guess).norm() > near) {
      continue;
    }
    ClosestPoints pair;
    pair.converged = true;
    pair.residual = 0.0;
    const Vec3 on_target = E_target * jet.c, normal_target = E_target.linear() * n;
    if (from == 1) {
      pair.patch1 = start.patch, pair.st = start.st, pair.patch2 = end.patch, pair.uv = end.st;
      pair.point1 = world, pair.point2 = on_target, pair.normal = normal_target;
    } else {
      pair.patch1 = end.patch, pair.st = end.st, pair.patch2 = start.patch, pair.uv = start.st;
      pair.point1 = on_target, pair.point2 = world, pair.normal = -normal_target;
    }
    pair.distance = (pair.point1 - pair.point2).dot(pair.normal);
    if (!best || pair.distance < best->distance) {
      best = pair;
    }
  }
  return best;
}

// closestPoints, with the meshes' distance FCL found on the way.
ClosestPoints nearestPair(const ProximityShape& shape1, const Frame& E_w_1,
                          const ProximityShape& shape2, const Frame& E_w_2,
                          const std::optional<ClosestPoints>& warm, double& mesh_distance) {
  const Frame E_2_1 = E_w_2.inverse(Eigen::Isometry) * E_w_1;
  const Surface& surface1 = shape1.surface();
  const Surface& surface2 = shape2.surface();
  auto refine = [&](int patch1, const Vec2& st, int patch2, const Vec2& uv) {
    return toWorld(refineClosestPoints(surface1, E_2_1, surface2, patch1, st, patch2, uv), E_w_2);
  };
  // The meshes' distance is global; Newton from a warm start finds a stationary pair of the
  // smooth distance near the old one, not necessarily the nearest: another part of the body may
  // have come closer (a tilting bowl's side), or Newton may wander onto a pair facing each other
  // through both bodies (a bowl's inside above a table's underside). So the warm pair is kept
  // only when it agrees with the meshes to within their tessellation errors.
  const double bound = shape1.tessellationError() + shape2.tessellationError();
  // How far a refined pair may run from where it started and still belong to it.
  const double near = 0.1 * (shape1.boundingRadius() + shape2.boundingRadius());
  std::optional<ClosestPoints> warm_pair;
  if (warm) {
    warm_pair = refine(warm->patch1, warm->st, warm->patch2, warm->uv);
    if (!warm_pair->converged || warm_pair->distance < -bound) {
      warm_pair.reset();
    }
  }
  // The geometries with their transforms, not fcl::CollisionObjects: constructing one computes
  // the model's AABB over all its vertices (a tenth of a query's time).
  const fcl::Transform3d tf1 = toFcl(E_w_1), tf2 = toFcl(E_w_2);
  const auto* const bvh1 = shape1.bvh().model.get();
  const auto* const bvh2 = shape2.bvh().model.get();
  // abs_err: the meshes' distance need not be closer than the tessellation errors it is compared
  // with. (FCL 0.7 prunes a pair of bounding volumes only when both abs_err and rel_err allow it;
  // with rel_err 0 the traversal is exact.)
  fcl::DistanceRequestd request;
  request.enable_nearest_points = true;
  request.abs_err = bound;
  // A warm pair apart by d bounds the meshes' distance by d + bound (each mesh strays from its
  // surface by at most its error). Started from that bound, FCL's traversal prunes every pair of
  // bounding volumes at least that far apart, and when nothing is nearer it reports the bound
  // itself (no triangles): then the meshes are at least that far apart, and by the first remark
  // no farther, so the report is their distance.
  fcl::DistanceResultd result;
  if (warm_pair && warm_pair->distance > 0.0) {
    result.min_distance = warm_pair->distance + bound;
  }
  fcl::distance(bvh1, tf1, bvh2, tf2, request, result);
  mesh_distance = std::max(0.0, result.min_distance);
  if (result.min_distance > 0.0) {
    if (warm_pair && std::abs(warm_pair->distance - result.min_distance) <= 2.0 * bound) {
      return *warm_pair;
    }
    // The nearest points of the nearest triangles, as parameter points of their patches.
    const SurfacePoint p1 =
        surfacePointAt(shape1, E_w_1, static_cast<int>(result.b1), result.nearest_points[0]);
    const SurfacePoint p2 =
        surfacePointAt(shape2, E_w_2, static_cast<int>(result.b2), result.nearest_points[1]);
    const ClosestPoints pair = refine(p1.patch, p1.st, p2.patch, p2.st);
    if (!pair.converged) {  // near an extraordinary vertex: see below
      if (const auto one_sided = oneSidedPair(shape1, E_w_1, p1, shape2, E_w_2, p2, near)) {
        return *one_sided;
      }
    }
    return pair;
  }
  // The meshes intersect, possibly in several places (a bowl touching with its foot and its
  // side): the answer is the deepest pair. Candidates: the warm pair, and Newton from each pair
  // of intersecting triangles, kept if it stays near the intersection it started from (a pair
  // that runs off, deep through both bodies, is a stationary point elsewhere, as above).
  fcl::CollisionRequestd collision_request(16, true);
  fcl::CollisionResultd collision;
  fcl::collide(bvh1, tf1, bvh2, tf2, collision_request, collision);
  std::vector<fcl::Contactd> contacts;
  collision.getContacts(contacts);
  ClosestPoints best;
  bool found = false;
  if (warm_pair) {
    best = *warm_pair;
    found = true;
  }
  std::vector<std::pair<SurfacePoint, SurfacePoint>> starts;
  for (const fcl::Contactd& c : contacts) {
    const SurfacePoint p1 = surfacePointAt(shape1, E_w_1, static_cast<int>(c.b1), c.pos);
    const SurfacePoint p2 = surfacePointAt(shape2, E_w_2, static_cast<int>(c.b2), c.pos);
    starts.emplace_back(p1, p2);
    const ClosestPoints candidate = refine(p1.patch, p1.st, p2.patch, p2.st);
    const double drift = (candidate.point1 - c.pos).norm() + (candidate.point2 - c.pos).norm();
    if (candidate.converged && drift <= near && (!found || candidate.distance < best.distance)) {
      best = candidate;
      found = true;
    }
  }
  if (found) {
    return best;
  }
  // Newton on the pair fails near an extraordinary vertex (Stam's parameterisation degenerates
  // there, kry-pai-2002 §3.6): take the deepest one-sided pair instead, a point of one smooth
  // surface at an intersection projected onto the other.
  for (const auto& [p1, p2] : starts) {
    const std::optional<ClosestPoints> candidate =
        oneSidedPair(shape1, E_w_1, p1, shape2, E_w_2, p2, near);
    if (candidate && (!found || candidate->distance < best.distance)) {
      best = *candidate;
      found = true;
    }
  }
  if (found) {
    return best;
  }
  // Nothing converged near an intersection (meshes just touching, or contact positions off the
  // triangles' patches): start from the vertex of mesh 1 deepest below mesh 2, measured along the
  // normal of mesh 2's nearest vertex (O(n₁ n₂), rare).
  const TessellatedSurface& m1 = shape1.tessellation();
  const TessellatedSurface& m2 = shape2.tessellation();
  double deepest = std::numeric_limits<double>::infinity();
  SurfacePoint p1 = m1.origins.front(), p2 = m2.origins.front();
  for (std::size_t i = 0; i < m1.positions.size(); ++i) {
    const Vec3 p = E_2_1 * m1.positions[i];
    std::size_t nearest = 0;
    for (std::size_t j = 1; j < m2.positions.size(); ++j) {
      if ((p - m2.positions[j]).squaredNorm() < (p - m2.positions[nearest]).squaredNorm()) {
        nearest = j;
      }
    }
    const double depth = (p - m2.positions[nearest]).dot(m2.normals[nearest]);
    if (depth < deepest) {
      deepest = depth;
      p1 = m1.origins[i];
      p2 = m2.origins[nearest];
    }
  }
  ClosestPoints pair = refine(p1.patch, p1.st, p2.patch, p2.st);
  if (!pair.converged) {
    if (const auto one_sided = oneSidedPair(shape1, E_w_1, p1, shape2, E_w_2, p2, near)) {
      return *one_sided;
    }
  }
  return pair;
}

}  // namespace

ClosestPoints closestPoints(const ProximityShape& shape1, const Frame& E_w_1,
                            const ProximityShape& shape2, const Frame& E_w_2,
                            const std::optional<ClosestPoints>& warm) {
  double mesh_distance = 0.0;
  ClosestPoints out = nearestPair(shape1, E_w_1, shape2, E_w_2, warm, mesh_distance);
  out.mesh_distance = mesh_distance;
  return out;
}

}  // namespace contactsim
