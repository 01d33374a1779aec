// H against finite differences of E(q) (kry-pai-2002 eq. 13) and Ḣ against finite differences of H
// along q̇, on Bézier–Bézier (the thesis rattleback on its floor) and Loop–ellipsoid pairs.
#include "contact/smooth/contact_kinematics.hpp"

#include <gtest/gtest.h>

#include <memory>

#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim/geometry/bezier_surface.hpp"
#include "contactsim/geometry/loop_surface.hpp"

namespace contactsim {
namespace {

struct Pair {
  std::string name;
  std::unique_ptr<Surface> body1, body2;
  int patch1, patch2;
  Vec5 q, qdot;
};

std::vector<Pair> pairs() {
  std::vector<Pair> p;
  p.push_back({"rattleback on floor", std::make_unique<BezierSurface>(thesisRattlebackSurface()),
               std::make_unique<BezierSurface>(thesisFloorSurface()), 0, 0,
               (Vec5() << 0.52, 0.47, 0.45, 0.45, 0.3).finished(),
               (Vec5() << 0.3, -0.2, 0.5, 0.1, -1.0).finished()});
  p.push_back({"ellipsoid on loop",
               std::make_unique<ChartSurface>(makeEllipsoid(Vec3(0.3, 0.5, 0.9), Vec3(0.1, 0, 0))),
               std::make_unique<LoopSurface>(
                   LoopSurface::loadObj(std::string(CONTACTSIM_TEST_DATA_DIR) + "/meshes/ev7.obj")),
               3, 5, (Vec5() << 0.3, 0.6, 0.23, 0.31, -2.0).finished(),  // off sub-patch seams
               (Vec5() << -0.4, 0.7, 0.2, -0.3, 0.6).finished()});
  return p;
}

ContactKinematics at(const Pair& p, const Vec5& q, const Vec5& qdot) {
  return contactKinematics(p.body1->evaluate(p.patch1, q(0), q(1)),
                           p.body2->evaluate(p.patch2, q(2), q(3)), q(4), qdot);
}

TEST(ContactKinematicsTest, HMatchesFiniteDifferencesOfE) {
  for (const Pair& p : pairs()) {
    const ContactKinematics k = at(p, p.q, p.qdot);
    const double h = 1e-6;
    for (int j = 0; j < 5; ++j) {
      const Vec5 dq = Vec5::Unit(j) * h;
      const Mat4 dE =
          (at(p, p.q + dq, p.qdot).E_2_1.matrix() - at(p, p.q - dq, p.qdot).E_2_1.matrix()) /
          (2 * h);
      // eq. 13: ^1H_j = 𝒱(^1_2E ∂(^2_1E)/∂q_j).
      const Twist fd = extract(k.E_2_1.inverse(Eigen::Isometry).matrix() * dE);
      EXPECT_LT((fd - k.H_1.col(j)).norm(), 1e-6 * k.H_1.norm()) << p.name << " column " << j;
    }
    // In the contact frame the normal relative velocity vanishes (bottom row of H_c is zero).
    EXPECT_LT(k.H_c.row(5).norm(), 1e-14) << p.name;
  }
}

TEST(ContactKinematicsTest, HdotMatchesFiniteDifferencesAlongQdot) {
  for (const Pair& p : pairs()) {
    const ContactKinematics k = at(p, p.q, p.qdot);
    const double h = 1e-6;
    const Mat65 dHc =
        (at(p, p.q + h * p.qdot, p.qdot).H_c - at(p, p.q - h * p.qdot, p.qdot).H_c) / (2 * h);
    const Mat65 dH1 =
        (at(p, p.q + h * p.qdot, p.qdot).H_1 - at(p, p.q - h * p.qdot, p.qdot).H_1) / (2 * h);
    EXPECT_LT((dHc - k.Hdot_c).norm(), 1e-6 * std::max(1.0, k.Hdot_c.norm())) << p.name;
    EXPECT_LT((dH1 - k.Hdot_1()).norm(), 1e-6 * std::max(1.0, k.Hdot_1().norm())) << p.name;
    EXPECT_LT((k.Hdot_1() * p.qdot - k.hdot_qdot_1).norm(),
              1e-12 * std::max(1.0, k.hdot_qdot_1.norm()));
  }
}

TEST(ContactKinematicsTest, SurfacesTouchAndNormalsOppose) {
  for (const Pair& p : pairs()) {
    const ContactKinematics k = at(p, p.q, p.qdot);
    // The contact point of body 1, carried into body 2's frame, is body 2's contact point, and
    // the outward normals are opposite (eq. 7's R_ψ flips z).
    const Vec3 c1_in_2 = k.E_2_1 * k.E_1_1c.translation();
    EXPECT_LT((c1_in_2 - k.E_2_2c.translation()).norm(), 1e-14);
    const Vec3 n1_in_2 = k.E_2_1.linear() * k.E_1_1c.linear().col(2);
    EXPECT_LT((n1_in_2 + k.E_2_2c.linear().col(2)).norm(), 1e-14);
  }
}

}  // namespace
}  // namespace contactsim
