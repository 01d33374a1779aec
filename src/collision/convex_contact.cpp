// Contact manifolds between convex polyhedra (separating axis test, reference/incident face
// clipping, edge-edge closest points) and between a convex polyhedron and a half-space.
#include "collision/convex_contact.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim {
namespace {

// Axis selection biases (Gregorius, "The Separating Axis Test between Convex Polyhedra",
// GDC 2013; his relative tolerances 0.95 for faces and 0.90 for edges): an edge axis must beat
// the best face axis by 10 % of its separation, and two face axes within 5 % of each other tie.
constexpr double kFaceRelativeTolerance = 0.05;
constexpr double kEdgeRelativeTolerance = 0.10;
// Absolute part of both tolerances, as a fraction of the smaller body's radius (scale-free).
constexpr double kAbsoluteTolerance = 1e-3;
// Edges whose directions make a sine below this are parallel: their cross product is no axis.
constexpr double kParallelSine = 1e-6;
// Clipping tolerance, as a fraction of the reference body's radius.
constexpr double kClipTolerance = 1e-9;

// Feature ids: bits 62–63 the contact type; half-space: the vertex; face contact: reference face
// (bits 48–61), incident face (32–47) and the two lines the clipped vertex lies on (16–31,
// 0–15; an incident edge k, or side plane k | kSideLine); edges: edge of A (32–47), of B (0–31).
enum class FeatureType : std::uint64_t { kHalfSpace = 0, kFaceA = 1, kFaceB = 2, kEdges = 3 };
constexpr std::uint64_t kSideLine = 0x8000;  // marks a clip line as a side plane of the reference

std::uint64_t featureId(FeatureType type, std::uint64_t high, std::uint64_t middle,
                        std::uint64_t low) {
  return (static_cast<std::uint64_t>(type) << 62) | ((high & 0x3fff) << 48) |
         ((middle & 0xffff) << 32) | (low & 0xffffffff);
}

std::size_t at(int i) {
  return static_cast<std::size_t>(i);
}

void requireMargin(double margin) {
  requireFinite(margin, "contact margin");
  if (margin < 0.0) {
    throw InvalidInputError("contact margin must be non-negative, got " + toText(margin));
  }
}

// Index of the vertex of P farthest along d (body coordinates of P).
int support(const ConvexPolyhedron& P, const Vec3& d) {
  int best = 0;
  double best_projection = -std::numeric_limits<double>::infinity();
  for (int v = 0; v < P.vertexCount(); ++v) {
    const double projection = d.dot(P.vertices()[at(v)]);
    if (projection > best_projection) {
      best_projection = projection;
      best = v;
    }
  }
  return best;
}

struct FaceQuery {
  int face = -1;
  double separation = -std::numeric_limits<double>::infinity();
};

// Gregorius 2013, face query: the separation along each face normal of P is the distance of
// Q's support point in −n from the face plane. E_p_q maps Q's body coordinates to P's. Stops at
// the first axis that separates by at least margin.
FaceQuery queryFaces(const ConvexPolyhedron& P, const ConvexPolyhedron& Q, const Frame& E_p_q,
                     double margin) {
  FaceQuery best;
  const Mat3 R_q_p = E_p_q.linear().transpose();
  for (int f = 0; f < P.faceCount(); ++f) {
    const Vec3& n = P.faceNormal(f);
    const Vec3 x = E_p_q * Q.vertices()[at(support(Q, -(R_q_p * n)))];
    const double separation = n.dot(x) - P.faceOffset(f);
    if (separation > best.separation) {
      best = {f, separation};
      if (separation >= margin) {
        break;
      }
    }
  }
  return best;
}

struct EdgeQuery {
  int edge_a = -1;
  int edge_b = -1;
  Vec3 axis = Vec3::Zero();  // A's coordinates, pointing from A towards B
  double separation = -std::numeric_limits<double>::infinity();
};

// Gregorius 2013: edges a (normals a, b of its faces) and b (normals −c, −d of B's faces, so
// that the arcs live on the Gauss map of the Minkowski difference A − B) span a face of A − B
// exactly when the arcs ab and cd cross on the unit sphere.
bool isMinkowskiFace(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
  const Vec3 b_x_a = b.cross(a);
  const Vec3 d_x_c = d.cross(c);
  const double cba = c.dot(b_x_a);
  const double dba = d.dot(b_x_a);
  const double adc = a.dot(d_x_c);
  const double bdc = b.dot(d_x_c);
  return cba * dba < 0.0 && adc * bdc < 0.0 && cba * bdc > 0.0;
}

// Gregorius 2013, edge query over the pairs that build a Minkowski face, in A's coordinates.
EdgeQuery queryEdges(const ConvexPolyhedron& A, const ConvexPolyhedron& B, const Frame& E_a_b,
                     double margin) {
  EdgeQuery best;
  const Mat3& R_a_b = E_a_b.linear();
  for (std::size_t j = 0; j < B.edges().size(); ++j) {
    const ConvexPolyhedron::Edge& eb = B.edges()[j];
    const Vec3 q0 = E_a_b * B.vertices()[at(eb.v0)];
    const Vec3 e_b = E_a_b * B.vertices()[at(eb.v1)] - q0;
    const Vec3 c = -(R_a_b * B.faceNormal(eb.left));
    const Vec3 d = -(R_a_b * B.faceNormal(eb.right));
    for (std::size_t i = 0; i < A.edges().size(); ++i) {
      const ConvexPolyhedron::Edge& ea = A.edges()[i];
      const Vec3& a = A.faceNormal(ea.left);
      const Vec3& b = A.faceNormal(ea.right);
      if (!isMinkowskiFace(a, b, c, d)) {
        continue;
      }
      const Vec3& p0 = A.vertices()[at(ea.v0)];
      const Vec3 e_a = A.vertices()[at(ea.v1)] - p0;
      Vec3 axis = e_a.cross(e_b);
      const double length = axis.norm();
      if (!(length > kParallelSine * e_a.norm() * e_b.norm())) {
        continue;
      }
      axis /= length;
      if (axis.dot(a + b) < 0.0) {  // outward from A: inside the normal cone of its edge
        axis = -axis;
      }
      const double separation = axis.dot(q0 - p0);
      if (separation > best.separation) {
        best = {static_cast<int>(i), static_cast<int>(j), axis, separation};
        if (separation >= margin) {
          return best;
        }
      }
    }
  }
  return best;
}

// Closest points of segments p0 + s (p1 − p0) and q0 + t (q1 − q0), s, t ∈ [0, 1]
// (Ericson, Real-Time Collision Detection, 2005, §5.1.9; non-degenerate segments).
std::pair<Vec3, Vec3> closestPointsOfSegments(const Vec3& p0, const Vec3& p1, const Vec3& q0,
                                              const Vec3& q1) {
  const Vec3 d1 = p1 - p0;
  const Vec3 d2 = q1 - q0;
  const Vec3 r = p0 - q0;
  const double a = d1.squaredNorm();
  const double e = d2.squaredNorm();
  const double f = d2.dot(r);
  const double c = d1.dot(r);
  const double b = d1.dot(d2);
  const double denominator = a * e - b * b;
  double s = denominator > 0.0 ? std::clamp((b * f - c * e) / denominator, 0.0, 1.0) : 0.0;
  double t = (b * s + f) / e;
  if (t < 0.0) {
    t = 0.0;
    s = std::clamp(-c / a, 0.0, 1.0);
  } else if (t > 1.0) {
    t = 1.0;
    s = std::clamp((b - c) / a, 0.0, 1.0);
  }
  return {p0 + s * d1, q0 + t * d2};
}

// One point midway between the closest points of the two edges of the query, if closer than
// margin. Separated edges whose lines cross beyond an edge's end (the segments' closest points
// are clamped) are not separated along the query axis: their own distance and direction count.
void edgeContact(const ConvexPolyhedron& A, const Frame& pose_a, const ConvexPolyhedron& B,
                 const Frame& E_a_b, const EdgeQuery& query, double margin,
                 std::vector<ContactPoint>& out) {
  const ConvexPolyhedron::Edge& ea = A.edges()[at(query.edge_a)];
  const ConvexPolyhedron::Edge& eb = B.edges()[at(query.edge_b)];
  const auto [on_a, on_b] =
      closestPointsOfSegments(A.vertices()[at(ea.v0)], A.vertices()[at(ea.v1)],
                              E_a_b * B.vertices()[at(eb.v0)], E_a_b * B.vertices()[at(eb.v1)]);
  const Vec3 d = on_b - on_a;
  Vec3 axis = query.axis;  // from A towards B
  double separation = axis.dot(d);
  if (separation > 0.0) {
    separation = d.norm();
    axis = d / separation;
  }
  if (separation < margin) {
    out.push_back({pose_a * (0.5 * (on_a + on_b)), -(pose_a.linear() * axis), separation,
                   featureId(FeatureType::kEdges, 0, at(query.edge_a), at(query.edge_b))});
  }
}

// A vertex of the clipped polygon and the two lines it lies on (incident edge k, or side plane
// k | kSideLine), which identify it from step to step.
struct ClipVertex {
  Vec3 p;
  std::uint64_t line_in;
  std::uint64_t line_out;
};

// Face contact: the incident face of I (the one most anti-parallel to reference face f of R) is
// clipped against the side planes of f (Sutherland & Hodgman 1974, "Reentrant polygon
// clipping"), in R's coordinates; the points below margin are projected midway between the
// incident face and the reference plane (Gregorius 2013; Box2D's b2ClipPolygons does the same in
// 2D). `reference_is_a` orients the normal from B to A.
void faceContact(const ConvexPolyhedron& R, const Frame& pose_r, const ConvexPolyhedron& I,
                 const Frame& E_r_i, int f, bool reference_is_a, double margin,
                 std::vector<ContactPoint>& out) {
  const Vec3& n = R.faceNormal(f);
  const double offset = R.faceOffset(f);

  // Incident face: the face of I whose normal is most anti-parallel to n.
  const Vec3 n_i = E_r_i.linear().transpose() * n;
  int incident = 0;
  for (int g = 1; g < I.faceCount(); ++g) {
    if (I.faceNormal(g).dot(n_i) < I.faceNormal(incident).dot(n_i)) {
      incident = g;
    }
  }

  // Scratch polygons, reused across calls (no allocation once they have grown).
  thread_local std::vector<ClipVertex> polygon;
  thread_local std::vector<ClipVertex> clipped;
  polygon.clear();
  const std::span<const int> loop = I.face(incident);
  for (std::size_t k = 0; k < loop.size(); ++k) {
    polygon.push_back({E_r_i * I.vertices()[at(loop[k])], (k + loop.size() - 1) % loop.size(), k});
  }

  // Sutherland–Hodgman against each side plane {x : s·(x − v_k) ≤ 0}, s = (v_{k+1} − v_k) × n.
  // A vertex within eps outside a plane counts as inside and adds no intersection beside it, so
  // that coincident faces (identical boxes stacked) keep exactly their vertices and vertex ids.
  const double eps = kClipTolerance * R.radius();
  const std::span<const int> reference = R.face(f);
  for (std::size_t k = 0; k < reference.size() && !polygon.empty(); ++k) {
    const Vec3& v0 = R.vertices()[at(reference[k])];
    const Vec3& v1 = R.vertices()[at(reference[(k + 1) % reference.size()])];
    const Vec3 s = (v1 - v0).cross(n).normalized();
    const double side_offset = s.dot(v0);
    const std::uint64_t side = kSideLine | k;
    clipped.clear();
    const ClipVertex* previous = &polygon.back();
    double d_previous = s.dot(previous->p) - side_offset;
    for (const ClipVertex& current : polygon) {
      const double d_current = s.dot(current.p) - side_offset;
      const bool previous_inside = d_previous <= eps;
      const bool current_inside = d_current <= eps;
      if (previous_inside != current_inside && std::min(d_previous, d_current) < -eps) {
        const double t = d_previous / (d_previous - d_current);
        const Vec3 x = previous->p + t * (current.p - previous->p);
        if (current_inside) {
          clipped.push_back({x, side, previous->line_out});
        } else {
          clipped.push_back({x, previous->line_out, side});
        }
      }
      if (current_inside) {
        clipped.push_back(current);
      }
      previous = &current;
      d_previous = d_current;
    }
    std::swap(polygon, clipped);
  }

  // Points below margin, midway between the incident face and the reference plane.
  const FeatureType type = reference_is_a ? FeatureType::kFaceA : FeatureType::kFaceB;
  const Vec3 normal = pose_r.linear() * (reference_is_a ? -n : n);
  for (const ClipVertex& v : polygon) {
    const double separation = n.dot(v.p) - offset;
    if (separation < margin) {
      out.push_back({pose_r * (v.p - 0.5 * separation * n), normal, separation,
                     featureId(type, at(f), at(incident),
                               ((v.line_in & 0xffff) << 16) | (v.line_out & 0xffff))});
    }
  }
}

}  // namespace

std::vector<ContactPoint> collide(const ConvexPolyhedron& a, const Frame& pose_a,
                                  const ConvexPolyhedron& b, const Frame& pose_b, double margin) {
  requireMargin(margin);
  requireFinite(pose_a.matrix(), "pose of body A");
  requireFinite(pose_b.matrix(), "pose of body B");
  std::vector<ContactPoint> contacts;
  const Frame E_a_b = pose_a.inverse() * pose_b;
  const Frame E_b_a = E_a_b.inverse();

  // Separating axis test: face normals of A, of B, then edge pairs; any axis separating by at
  // least margin ends it.
  const FaceQuery face_a = queryFaces(a, b, E_a_b, margin);
  if (face_a.separation >= margin) {
    return contacts;
  }
  const FaceQuery face_b = queryFaces(b, a, E_b_a, margin);
  if (face_b.separation >= margin) {
    return contacts;
  }
  const EdgeQuery edge = queryEdges(a, b, E_a_b, margin);
  if (edge.separation >= margin) {
    return contacts;
  }

  // Least penetration with a bias to faces (Gregorius 2013). Two face axes that tie pick the
  // larger face as reference, so that collide(a, b) and collide(b, a) agree.
  const double absolute = kAbsoluteTolerance * std::min(a.radius(), b.radius());
  const double best_face = std::max(face_a.separation, face_b.separation);
  if (edge.edge_a >= 0 &&
      edge.separation > best_face + kEdgeRelativeTolerance * std::abs(best_face) + absolute) {
    edgeContact(a, pose_a, b, E_a_b, edge, margin, contacts);
    return contacts;
  }
  const double face_tolerance =
      kFaceRelativeTolerance * std::max(std::abs(face_a.separation), std::abs(face_b.separation)) +
      absolute;
  bool reference_is_a = face_a.separation >= face_b.separation;
  if (std::abs(face_a.separation - face_b.separation) <= face_tolerance) {
    reference_is_a = a.faceArea(face_a.face) >= b.faceArea(face_b.face) * (1.0 - 1e-9);
  }
  contacts.reserve(8);
  if (reference_is_a) {
    faceContact(a, pose_a, b, E_a_b, face_a.face, true, margin, contacts);
  } else {
    faceContact(b, pose_b, a, E_b_a, face_b.face, false, margin, contacts);
  }
  // A face axis that clips to nothing while edges overlap within margin: fall back to the edges.
  if (contacts.empty() && edge.edge_a >= 0) {
    edgeContact(a, pose_a, b, E_a_b, edge, margin, contacts);
  }
  return contacts;
}

std::vector<ContactPoint> collideHalfSpace(const ConvexPolyhedron& a, const Frame& pose_a,
                                           const Vec3& plane_normal, double plane_offset,
                                           double margin) {
  requireMargin(margin);
  requireFinite(pose_a.matrix(), "pose of body A");
  requireFinite(plane_normal, "half-space plane_normal");
  requireFinite(plane_offset, "half-space plane_offset");
  if (std::abs(plane_normal.norm() - 1.0) > 1e-9) {
    throw InvalidInputError(
        "half-space plane_normal must have unit norm (tolerance 1e-9), got norm " +
        toText(plane_normal.norm()));
  }
  // Every vertex closer than margin, projected midway to the plane.
  std::vector<ContactPoint> contacts;
  for (int v = 0; v < a.vertexCount(); ++v) {
    const Vec3 x = pose_a * a.vertices()[at(v)];
    const double separation = plane_normal.dot(x) - plane_offset;
    if (separation < margin) {
      contacts.push_back({x - 0.5 * separation * plane_normal, plane_normal, separation,
                          featureId(FeatureType::kHalfSpace, 0, 0, at(v))});
    }
  }
  return contacts;
}

}  // namespace contactsim
