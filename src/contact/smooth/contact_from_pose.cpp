#include "contact/smooth/contact_from_pose.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "collision/surface_proximity.hpp"
#include "contactsim/error.hpp"
#include "contactsim/geometry/triangle_mesh.hpp"
#include "geometry/differential.hpp"

namespace contactsim {

namespace {

void checkInputs(const SmoothContactSetup& setup, const Frame& E_w_1, const Twist& phi_body) {
  if (!setup.surface1 || !setup.surface2) {
    throw InvalidInputError("contact from pose needs both surfaces");
  }
  if (!E_w_1.matrix().allFinite() || !phi_body.allFinite()) {
    throw InvalidInputError("contact from pose: the pose and twist must be finite");
  }
}

// The closest points' guess for body 1 posed in body 2's frame by E_2_1: every tessellation
// vertex of body 1 projected onto surface 2 (from its nearest tessellation vertex there); the
// vertex closest to surface 2 and its projection.
void guessClosestPoints(const SmoothContactSetup& setup, const Frame& E_2_1, int& patch1, Vec2& st,
                        int& patch2, Vec2& uv) {
  const TessellatedSurface t1 = tessellate(*setup.surface1, 6);
  const TessellatedSurface t2 = tessellate(*setup.surface2, 6);
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < t1.positions.size(); ++i) {
    const Vec3 p = E_2_1 * t1.positions[i];
    std::size_t nearest = 0;
    for (std::size_t j = 1; j < t2.positions.size(); ++j) {
      if ((p - t2.positions[j]).squaredNorm() < (p - t2.positions[nearest]).squaredNorm())
        nearest = j;
    }
    int patch = t2.origins[nearest].patch;
    Vec2 guess = t2.origins[nearest].st;
    const double distance = projectOntoSurface(*setup.surface2, patch, guess, p);
    if (distance < best) {
      best = distance;
      patch1 = t1.origins[i].patch;
      st = t1.origins[i].st;
      patch2 = patch;
      uv = guess;
    }
  }
}

}  // namespace

SmoothContactState contactStateFromPose(const SmoothContactSetup& setup, const Frame& E_w_1,
                                        const Twist& phi_body, FrictionMode mode,
                                        double tolerance) {
  checkInputs(setup, E_w_1, phi_body);
  int patch1 = 0, patch2 = 0;
  Vec2 st = Vec2::Zero(), uv = Vec2::Zero();
  guessClosestPoints(setup, setup.E_w_2.inverse(Eigen::Isometry) * E_w_1, patch1, st, patch2, uv);
  return contactStateFromPose(setup, E_w_1, phi_body, mode, tolerance, patch1, st, patch2, uv);
}

Vec3 restingPosition(const SmoothContactSetup& setup, const Quat& orientation, const Vec3& start,
                     const Vec3& down) {
  Frame E_w_1 = makeFrame(orientation, start);
  checkInputs(setup, E_w_1, Twist::Zero());
  if (!(down.allFinite() && down.norm() > 0.0))
    throw InvalidInputError("rest on the other body: the direction to move in must be non-zero");
  const Vec3 d_w = down.normalized();
  const Vec3 d = setup.E_w_2.linear().transpose() * d_w;  // in body 2's frame
  int patch1 = 0, patch2 = 0;
  Vec2 st = Vec2::Zero(), uv = Vec2::Zero();
  guessClosestPoints(setup, setup.E_w_2.inverse(Eigen::Isometry) * E_w_1, patch1, st, patch2, uv);
  // How far to back off when the body starts on the wrong side: more than its own size.
  double size = 0.0;
  for (const Vec3& v : tessellate(*setup.surface1, 2).positions)
    size = std::max(size, v.norm());
  int backed_off = 0;
  for (int k = 0; k < 50; ++k) {
    // The closest points (Nelson et al. 1999) and their signed gap δ along body 2's normal n₂.
    const ClosestPoints c =
        refineClosestPoints(*setup.surface1, setup.E_w_2.inverse(Eigen::Isometry) * E_w_1,
                            *setup.surface2, patch1, st, patch2, uv);
    if (!c.converged) {
      throw InvalidInputError(
          "rest on the other body: the closest points of the two surfaces were not found (Newton "
          "iterations did not converge); give the position near where the body rests");
    }
    patch1 = c.patch1;
    patch2 = c.patch2;
    st = c.st;
    uv = c.uv;
    // Normals not opposite: the body lies (partly) beyond body 2's surface, the pair is its far
    // side. Back off against `down` by more than its size and search again.
    const Vec3 n1 = (setup.E_w_2.inverse(Eigen::Isometry) * E_w_1).linear() *
                    unitNormal(setup.surface1->evaluate(patch1, st.x(), st.y(), JetOrder::kFirst));
    if (n1.dot(c.normal) > 0.0 && backed_off < 3) {
      ++backed_off;
      E_w_1.translation() -= (std::abs(c.distance) + 2.0 * size) * d_w;
      guessClosestPoints(setup, setup.E_w_2.inverse(Eigen::Isometry) * E_w_1, patch1, st, patch2,
                         uv);
      continue;
    }
    if (std::abs(c.distance) <= 1e-12 * std::max(1.0, start.norm()))
      return E_w_1.translation();
    // Moving by λ d changes δ by λ d·n₂: the move that closes the gap at these points.
    const double approach = d.dot(c.normal);
    if (!(approach < -1e-6)) {
      std::ostringstream m;
      m << "rest on the other body: moving the body along (" << d_w.transpose()
        << ") does not bring it onto the other body (the closest points' normal is "
        << std::acos(std::clamp(-approach, -1.0, 1.0)) << " rad from that direction)";
      throw InvalidInputError(m.str());
    }
    E_w_1.translation() += (-c.distance / approach) * d_w;
  }
  throw InvalidInputError("rest on the other body: no resting position within 50 iterations");
}

SmoothContactState contactStateFromPose(const SmoothContactSetup& setup, const Frame& E_w_1,
                                        const Twist& phi_body, FrictionMode mode, double tolerance,
                                        int patch1, const Vec2& st_guess, int patch2,
                                        const Vec2& uv_guess) {
  checkInputs(setup, E_w_1, phi_body);
  const Frame E_2_1 = setup.E_w_2.inverse(Eigen::Isometry) * E_w_1;
  const ClosestPoints refined = refineClosestPoints(*setup.surface1, E_2_1, *setup.surface2, patch1,
                                                    st_guess, patch2, uv_guess);
  const bool converged = refined.converged;
  patch1 = refined.patch1;
  patch2 = refined.patch2;
  const Vec2 st = refined.st;
  const Vec2 uv = refined.uv;
  const Mat3 R = E_2_1.linear();
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
  SmoothContactSetup fixed = setup;
  fixed.mass2.reset();  // the relative motion only
  const SmoothContact at_rest(fixed, state);
  state.qdot = at_rest.coordinateVelocity(phi_body);
  return state;
}

SmoothContactState contactStateFromStates(const SmoothContactSetup& setup,
                                          const RigidBodyState& body1, const RigidBodyState& body2,
                                          FrictionMode mode, double tolerance, int patch1,
                                          const Vec2& st, int patch2, const Vec2& uv) {
  if (!setup.mass2) {
    throw InvalidInputError("contact from states: body 2 must be free (mass2 set)");
  }
  validateState(body2, "body 2");
  SmoothContactSetup at_body2 = setup;
  at_body2.E_w_2 = body2.pose();
  // ^1φ(2, 1) = φ₁ − Ad(E_1_2) φ₂.
  const Frame E_1_2 = body1.pose().inverse(Eigen::Isometry) * at_body2.E_w_2;
  const Twist relative = body1.twist - transformTwist(E_1_2, body2.twist);
  SmoothContactState state = contactStateFromPose(at_body2, body1.pose(), relative, mode, tolerance,
                                                  patch1, st, patch2, uv);
  state.body2 = body2;
  return state;
}

}  // namespace contactsim
