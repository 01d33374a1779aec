// Bilateral joints in the 6D block solver (bouchard-2015 §3, §6.1.6): a revolute pendulum keeps
// its pivot, a spherical joint conserves angular momentum about the pivot, a fixed joint makes two
// bodies move as the merged rigid body, Baumgarte drift correction, and joints with contacts.
#include "contact/volume/bilateral_joint.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "contact/volume/six_d_contact.hpp"
#include "contactsim/error.hpp"
#include "contactsim/math/spatial.hpp"
#include "volume_fixtures.hpp"

namespace contactsim {
namespace {

using test::freeBody;

SweepOptions tight() {
  SweepOptions options;
  options.tolerance = 1e-15;
  options.max_iterations = 1000;
  return options;
}

Mat3 inertiaOf(const VelocityBody& b) {
  return b.inverse_inertia.inverse();
}

/// Angular momentum of the bodies about the point x, and their linear momentum.
Vec3 angularMomentum(const std::vector<VelocityBody>& bodies, const Vec3& x) {
  Vec3 L = Vec3::Zero();
  for (const VelocityBody& b : bodies) {
    if (b.isFixed())
      continue;
    L += inertiaOf(b) * b.omega + (b.com - x).cross(b.velocity / b.inverse_mass);
  }
  return L;
}
Vec3 linearMomentum(const std::vector<VelocityBody>& bodies) {
  Vec3 P = Vec3::Zero();
  for (const VelocityBody& b : bodies) {
    if (!b.isFixed())
      P += b.velocity / b.inverse_mass;
  }
  return P;
}

// A 1 m rod (0.1 × 0.1 × 1 box, 1 kg) hanging from a revolute joint about x at the origin, to the
// fixed world, with a twist that the joint must cut down to a rotation about the axis.
TEST(BilateralJoint, RevolutePendulumKeepsItsPivotFixed) {
  const Vec3 half(0.05, 0.05, 0.5);
  std::vector<VelocityBody> bodies = {freeBody(1.0, test::boxInertia(1.0, half), Vec3(0, 0, -0.5),
                                               Vec3(0.1, 0.7, -0.2), Vec3(2.0, 0.3, -0.4)),
                                      test::fixedBody()};
  BilateralJoint joint;
  joint.type = JointType::kRevolute;
  joint.body_a = 0;
  joint.body_b = 1;
  const std::vector<BilateralJoint> joints = {joint};
  // Angular momentum about the pivot's x axis is untouched by the joint's wrench.
  const double L_x = angularMomentum(bodies, Vec3::Zero()).x();
  std::vector<Wrench> contact_wrenches;
  std::vector<Wrench> joint_wrenches;
  const VolumeSolveStats stats =
      solveVolumeContacts(bodies, {}, contact_wrenches, joints, joint_wrenches, tight());
  EXPECT_TRUE(stats.converged);
  EXPECT_LE(stats.iterations, 2);
  EXPECT_LT(test::pointVelocity(bodies[0], Vec3::Zero()).norm(), 1e-15);
  EXPECT_LT(bodies[0].omega.tail<2>().norm(), 1e-15);
  const double I_pivot = inertiaOf(bodies[0])(0, 0) + 1.0 * 0.5 * 0.5;
  EXPECT_NEAR(bodies[0].omega.x(), L_x / I_pivot, 1e-14);
  // The joint transmits no torque about its axis.
  EXPECT_NEAR(angular(joint_wrenches[0]).x(), 0.0, 1e-15);
}

TEST(BilateralJoint, SphericalJointConservesAngularMomentumAboutThePivot) {
  const Vec3 pivot(0.2, -0.1, 0.3);
  std::vector<VelocityBody> bodies = {
      freeBody(2.0, test::boxInertia(2.0, Vec3(0.3, 0.2, 0.1)), Vec3(0.5, 0.2, 0.0),
               Vec3(0.4, -0.3, 0.2), Vec3(0.5, 1.0, -2.0)),
      test::fixedBody()};
  BilateralJoint joint;
  joint.type = JointType::kSpherical;
  joint.body_b = 1;
  joint.anchor_a = joint.anchor_b = pivot;
  const Vec3 L = angularMomentum(bodies, pivot);
  std::vector<Wrench> cw, jw;
  const VolumeSolveStats stats =
      solveVolumeContacts(bodies, {}, cw, std::vector<BilateralJoint>{joint}, jw, tight());
  EXPECT_TRUE(stats.converged);
  EXPECT_LT(test::pointVelocity(bodies[0], pivot).norm(), 1e-15);
  EXPECT_LT((angularMomentum(bodies, pivot) - L).norm(), 1e-14);
  EXPECT_LT(angular(jw[0]).norm(), 1e-16);  // a pure force
}

// Two free boxes welded by a fixed joint move as the merged rigid body: its momentum from the
// parts', its inertia by the parallel-axis theorem.
TEST(BilateralJoint, FixedJointMakesTwoBodiesMoveAsOne) {
  std::vector<VelocityBody> bodies = {
      freeBody(1.5, test::boxInertia(1.5, Vec3(0.5, 0.2, 0.1)), Vec3(0, 0, 0), Vec3(0.3, 0, -0.1),
               Vec3(0.2, -1.0, 0.5)),
      freeBody(0.7, test::boxInertia(0.7, Vec3(0.2, 0.2, 0.3)), Vec3(1.0, 0.1, 0.2),
               Vec3(-0.5, 0.8, 0.4), Vec3(-0.3, 0.6, 1.1))};
  BilateralJoint joint;
  joint.type = JointType::kFixed;
  joint.body_a = 0;
  joint.body_b = 1;
  joint.anchor_a = joint.anchor_b = Vec3(0.6, 0.05, 0.1);
  // The merged body.
  double M = 0.0;
  Vec3 com = Vec3::Zero();
  for (const VelocityBody& b : bodies) {
    M += 1.0 / b.inverse_mass;
    com += b.com / b.inverse_mass;
  }
  com /= M;
  Mat3 I = Mat3::Zero();
  for (const VelocityBody& b : bodies) {
    const Vec3 r = b.com - com;
    I += inertiaOf(b) + (r.squaredNorm() * Mat3::Identity() - r * r.transpose()) / b.inverse_mass;
  }
  const Vec3 omega = I.inverse() * angularMomentum(bodies, com);
  const Vec3 v_com = linearMomentum(bodies) / M;

  std::vector<Wrench> cw, jw;
  const VolumeSolveStats stats =
      solveVolumeContacts(bodies, {}, cw, std::vector<BilateralJoint>{joint}, jw, tight());
  EXPECT_TRUE(stats.converged);
  for (const VelocityBody& b : bodies) {
    EXPECT_LT((b.omega - omega).norm(), 1e-14);
    EXPECT_LT((b.velocity - (v_com + omega.cross(b.com - com))).norm(), 1e-14);
  }
}

TEST(BilateralJoint, RevoluteBetweenFreeBodiesLeavesOnlyTheAxisRotation) {
  std::vector<VelocityBody> bodies = {
      freeBody(1.0, test::boxInertia(1.0, Vec3(0.3, 0.1, 0.1)), Vec3(-0.3, 0, 0),
               Vec3(0.1, 0.2, 0.3), Vec3(1.0, 2.0, 3.0)),
      freeBody(2.0, test::boxInertia(2.0, Vec3(0.3, 0.1, 0.1)), Vec3(0.3, 0, 0),
               Vec3(-0.2, 0.0, 0.1), Vec3(-1.0, 0.5, 0.0))};
  BilateralJoint joint;
  joint.type = JointType::kRevolute;
  joint.body_a = 0;
  joint.body_b = 1;
  const Vec3 axis = Vec3(0.0, 1.0, 1.0).normalized();
  joint.frame_a << axis, Vec3::UnitX(), axis.cross(Vec3::UnitX());
  joint.frame_b = joint.frame_a;
  const Vec3 L = angularMomentum(bodies, Vec3::Zero());
  const Vec3 P = linearMomentum(bodies);
  std::vector<Wrench> cw, jw;
  const VolumeSolveStats stats =
      solveVolumeContacts(bodies, {}, cw, std::vector<BilateralJoint>{joint}, jw, tight());
  EXPECT_TRUE(stats.converged);
  EXPECT_LT(
      (test::pointVelocity(bodies[0], Vec3::Zero()) - test::pointVelocity(bodies[1], Vec3::Zero()))
          .norm(),
      1e-14);
  const Vec3 relative = bodies[0].omega - bodies[1].omega;
  EXPECT_LT((relative - relative.dot(axis) * axis).norm(), 1e-14);
  EXPECT_GT(std::abs(relative.dot(axis)), 0.1);
  EXPECT_LT((angularMomentum(bodies, Vec3::Zero()) - L).norm(), 1e-14);
  EXPECT_LT((linearMomentum(bodies) - P).norm(), 1e-14);
}

TEST(BilateralJoint, BaumgarteDriftCorrectionClosesTheGap) {
  std::vector<VelocityBody> bodies = {freeBody(1.0, Mat3::Identity(), Vec3(0, 0, -1.0)),
                                      test::fixedBody()};
  BilateralJoint joint;
  joint.type = JointType::kSpherical;
  joint.body_b = 1;
  joint.anchor_a = Vec3(0.0, 0.01, 0.0);  // drifted 1 cm from the world's anchor
  joint.anchor_b = Vec3::Zero();
  joint.stabilization_rate = 20.0;
  std::vector<Wrench> cw, jw;
  solveVolumeContacts(bodies, {}, cw, std::vector<BilateralJoint>{joint}, jw, tight());
  EXPECT_LT((test::pointVelocity(bodies[0], joint.anchor_a) - Vec3(0.0, -0.2, 0.0)).norm(), 1e-15);
}

// A 2 kg box resting on the plane with a revolute hinge along its bottom edge y = −0.5 to the
// world: joint and contact share the load, and a tipping torque about the hinge opens it.
TEST(BilateralJoint, HingedBoxWithAContactTipsAboutTheHinge) {
  const double h = 0.01;
  const double m = 2.0;
  const Vec3 half(0.5, 0.5, 0.25);
  std::vector<VelocityBody> bodies = {
      freeBody(m, test::boxInertia(m, half), Vec3(0, 0, 0.25), Vec3(0, 0, -test::kGravity * h)),
      test::fixedBody()};
  bodies[0].omega = bodies[0].inverse_inertia * Vec3(-2.0 * m * test::kGravity * 0.5 * h, 0, 0);
  const std::vector<VolumeContact> contacts = {test::makeContact(
      0, 1, test::makePatch(Vec3::Zero(), Vec3::UnitZ(), Vec3::UnitX(), 0.5, 0.5), 0.5)};
  BilateralJoint hinge;
  hinge.type = JointType::kRevolute;
  hinge.body_b = 1;
  hinge.anchor_a = hinge.anchor_b = Vec3(0.0, 0.5, 0.0);
  std::vector<Wrench> cw, jw;
  const VolumeSolveStats stats =
      solveVolumeContacts(bodies, contacts, cw, std::vector<BilateralJoint>{hinge}, jw, tight());
  EXPECT_TRUE(stats.converged);
  // The torque −2 m g h_y about x lifts the −y side about the hinge at y = +0.5.
  EXPECT_LT(test::pointVelocity(bodies[0], hinge.anchor_a).norm(), 1e-14);
  EXPECT_LT(bodies[0].omega.x(), 0.0);
  EXPECT_LT(bodies[0].omega.tail<2>().norm(), 1e-14);
  EXPECT_GE(test::pointVelocity(bodies[0], Vec3(0, -0.5, 0)).z(), 0.0);
}

TEST(BilateralJoint, BadInputNamesTheJoint) {
  std::vector<VelocityBody> bodies = {freeBody(1.0, Mat3::Identity(), Vec3::Zero()),
                                      test::fixedBody()};
  std::vector<Wrench> cw, jw;
  BilateralJoint joint;
  joint.body_b = 1;
  joint.frame_a(0, 0) = 2.0;
  EXPECT_THROW(solveVolumeContacts(bodies, {}, cw, std::vector<BilateralJoint>{joint}, jw, tight()),
               InvalidInputError);
  joint = BilateralJoint{};
  joint.body_a = 5;
  joint.body_b = 1;
  try {
    solveVolumeContacts(bodies, {}, cw, std::vector<BilateralJoint>{joint}, jw, tight());
    ADD_FAILURE();
  } catch (const InvalidInputError& e) {
    EXPECT_NE(std::string(e.what()).find("joint 0"), std::string::npos) << e.what();
  }
  joint = BilateralJoint{};
  joint.body_b = 1;
  joint.stabilization_rate = -1.0;
  EXPECT_THROW(solveVolumeContacts(bodies, {}, cw, std::vector<BilateralJoint>{joint}, jw, tight()),
               InvalidInputError);
}

}  // namespace
}  // namespace contactsim
