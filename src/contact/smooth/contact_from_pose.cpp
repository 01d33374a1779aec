#include "contactsim/contact/smooth/contact_from_pose.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "contactsim/error.hpp"
#include "contactsim/geometry/differential.hpp"
#include "contactsim/geometry/tessellation.hpp"

namespace contactsim {
namespace {

// Keeps a parameter point on its patch: when Newton leaves the domain, continue on the neighbour
// across the edge crossed (or stop at the edge of an open surface).
void stayOnSurface(const Surface& surface, int& patch, Vec2& st, const Vec2& previous) {
  for (int hop = 0; hop < 4 && !surface.domain(patch).contains(st); ++hop) {
    const auto crossing = surface.domain(patch).firstEdgeCrossed(previous, st);
    if (!crossing)
      return;
    const auto across = surface.acrossEdge(patch, crossing->edge, crossing->alpha);
    const Vec2 on_edge = surface.domain(patch).pointOnEdge(crossing->edge, crossing->alpha);
    if (!across) {
      st = on_edge;
      return;
    }
    patch = across->patch;
    st = across->st;
  }
}

// The point of `surface` closest to p (body-2 coordinates), by damped Newton iterations on
// ‖d(u, v) − p‖² from (patch, uv). Returns the distance.
double projectOnto(const Surface& surface, int& patch, Vec2& uv, const Vec3& p) {
  for (int iteration = 0; iteration < 30; ++iteration) {
    const SurfaceJet d = surface.evaluate(patch, uv.x(), uv.y(), JetOrder::kSecond);
    const Vec3 e = d.c - p;
    const Eigen::Vector2d gradient(d.c_s.dot(e), d.c_t.dot(e));
    Eigen::Matrix2d hessian;
    hessian << d.c_s.dot(d.c_s) + e.dot(d.c_ss), d.c_s.dot(d.c_t) + e.dot(d.c_st),
        d.c_s.dot(d.c_t) + e.dot(d.c_st), d.c_t.dot(d.c_t) + e.dot(d.c_tt);
    Eigen::Vector2d step = hessian.fullPivLu().solve(-gradient);
    if (!step.allFinite())
      break;
    if (step.norm() > 0.1)
      step *= 0.1 / step.norm();
    const Vec2 previous = uv;
    uv += step;
    stayOnSurface(surface, patch, uv, previous);
    if (step.norm() < 1e-14)
      break;
  }
  return (surface.evaluate(patch, uv.x(), uv.y(), JetOrder::kPosition).c - p).norm();
}

}  // namespace

SmoothContactState contactStateFromPose(const SmoothContactSetup& setup, const Frame& E_w_1,
                                        const Twist& phi_body, FrictionMode mode,
                                        double tolerance) {
  if (!setup.surface1 || !setup.surface2) {
    throw InvalidInputError("contact from pose needs both surfaces");
  }
  if (!E_w_1.matrix().allFinite() || !phi_body.allFinite()) {
    throw InvalidInputError("contact from pose: the pose and twist must be finite");
  }
  const Frame E_2_1 = setup.E_w_2.inverse(Eigen::Isometry) * E_w_1;
  // Initial guess: every tessellation vertex of body 1 projected onto surface 2 (from its
  // nearest tessellation vertex there); the vertex closest to surface 2 and its projection.
  const TessellatedSurface t1 = tessellate(*setup.surface1, 6);
  const TessellatedSurface t2 = tessellate(*setup.surface2, 6);
  double best = std::numeric_limits<double>::infinity();
  int patch1 = 0, patch2 = 0;
  Vec2 st = Vec2::Zero(), uv = Vec2::Zero();
  for (std::size_t i = 0; i < t1.positions.size(); ++i) {
    const Vec3 p = E_2_1 * t1.positions[i];
    std::size_t nearest = 0;
    for (std::size_t j = 1; j < t2.positions.size(); ++j) {
      if ((p - t2.positions[j]).squaredNorm() < (p - t2.positions[nearest]).squaredNorm())
        nearest = j;
    }
    int patch = t2.origins[nearest].patch;
    Vec2 guess = t2.origins[nearest].st;
    const double distance = projectOnto(*setup.surface2, patch, guess, p);
    if (distance < best) {
      best = distance;
      patch1 = t1.origins[i].patch;
      st = t1.origins[i].st;
      patch2 = patch;
      uv = guess;
    }
  }
  // Newton on F = ((c − d)·c_s, (c − d)·c_t, n₂·c_s, n₂·c_t) = 0 (Nelson et al. 1999): the gap
  // along body 1's normal and the normals opposite. (The symmetric form with (c − d)·d_u is
  // singular at a touching point: both points may slide together to first order.)
  const Mat3 R = E_2_1.linear();
  bool converged = false;
  for (int iteration = 0; iteration < 50 && !converged; ++iteration) {
    const SurfaceJet a = setup.surface1->evaluate(patch1, st.x(), st.y(), JetOrder::kSecond);
    const SurfaceJet b = setup.surface2->evaluate(patch2, uv.x(), uv.y(), JetOrder::kSecond);
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
    Eigen::Vector4d F(g.dot(cs), g.dot(ct), n2.dot(cs), n2.dot(ct));
    Eigen::Matrix4d J;
    J << cs.dot(cs) + g.dot(css), ct.dot(cs) + g.dot(cst), -b.c_s.dot(cs), -b.c_t.dot(cs),  //
        cs.dot(ct) + g.dot(cst), ct.dot(ct) + g.dot(ctt), -b.c_s.dot(ct), -b.c_t.dot(ct),   //
        n2.dot(css), n2.dot(cst), n2u.dot(cs), n2v.dot(cs),                                 //
        n2.dot(cst), n2.dot(ctt), n2u.dot(ct), n2v.dot(ct);
    Eigen::Vector4d step = J.fullPivLu().solve(-F);
    if (!step.allFinite())
      break;
    // Damped: at most a tenth of a patch per iteration, so a rough guess cannot throw it away.
    const double longest = std::max(step.head<2>().norm(), step.tail<2>().norm());
    if (longest > 0.1)
      step *= 0.1 / longest;
    const Vec2 st_old = st, uv_old = uv;
    st += step.head<2>();
    uv += step.tail<2>();
    stayOnSurface(*setup.surface1, patch1, st, st_old);
    stayOnSurface(*setup.surface2, patch2, uv, uv_old);
    converged = step.norm() < 1e-13;
  }
  const SurfaceJet a = setup.surface1->evaluate(patch1, st.x(), st.y(), JetOrder::kFirst);
  const SurfaceJet b = setup.surface2->evaluate(patch2, uv.x(), uv.y(), JetOrder::kFirst);
  const double gap = (E_2_1 * a.c - b.c).norm();
  const Vec3 n1 = R * unitNormal(a), n2 = unitNormal(b);
  if (!converged || gap > tolerance || n1.dot(n2) > -1.0 + 1e-9) {
    std::ostringstream m;
    m << "the bodies do not touch at the given pose: closest points " << gap
      << " m apart (tolerance " << tolerance << " m), normals at "
      << std::acos(std::clamp(-n1.dot(n2), -1.0, 1.0)) << " rad from opposite"
      << (converged ? "" : ", Newton iterations did not converge");
    throw InvalidInputError(m.str());
  }
  // ψ from the contact frames: R_ψ = ^{2c}_2E ^2_1E ^1_{1c}E (rotation) = diag(1, −1, −1) R_z(ψ).
  const Mat3 R_psi = contactFrame(b).linear().transpose() * R * contactFrame(a).linear();
  const Mat3 Rz = Vec3(1, -1, -1).asDiagonal() * R_psi;
  SmoothContactState state;
  state.patch1 = patch1;
  state.patch2 = patch2;
  state.q << st, uv, std::atan2(Rz(1, 0), Rz(0, 0));
  state.mode = mode;
  const SmoothContact at_rest(setup, state);
  state.qdot = at_rest.coordinateVelocity(phi_body);
  return state;
}

}  // namespace contactsim
