// The 6D contact solver (bouchard-2015 §5, Algorithm 1) on a box resting on a fixed plane with one
// patch, checked against hand-derived impulses: resting, sticking and sliding (Coulomb), tipping
// about the patch edge (§5.3–5.5), spinning against the four-corner bound (§5.6), the frictionless
// sphere on an incline (§5.2), a two-box stack, the point-contact solver on the same box, the
// octagon's convergence (§6.1.8, Fig. 16), and the compliance below e (§5.7).
#include "contact/volume/six_d_contact.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <vector>

#include "contact/point/frictional_contact.hpp"
#include "contactsim/collision/convex_polyhedron.hpp"
#include "contactsim/error.hpp"
#include "contactsim/math/spatial.hpp"
#include "volume_fixtures.hpp"

namespace contactsim {
namespace {

using test::freeBody;
using test::kGravity;

// A 1 × 1 × 0.5 box of 2 kg on the plane z = 0 (fixed body 1), one patch at the face centre with
// the face's half-extents as radii, μ = 0.5, step h = 0.01 s.
struct BoxOnPlane {
  double m = 2.0;
  Vec3 half{0.5, 0.5, 0.25};
  double mu = 0.5;
  double h = 0.01;
  std::vector<VelocityBody> bodies;
  std::vector<VolumeContact> contacts;
  std::vector<Wrench> wrenches;

  BoxOnPlane() {
    bodies = {freeBody(m, test::boxInertia(m, half), Vec3(0, 0, half.z())), test::fixedBody()};
    contacts = {test::makeContact(
        0, 1, test::makePatch(Vec3::Zero(), Vec3::UnitZ(), Vec3::UnitX(), half.x(), half.y()), mu)};
    // Free velocity after gravity over the step.
    bodies[0].velocity = Vec3(0, 0, -kGravity * h);
  }
  /// Adds a force F and a torque T (world, about the centre of mass) over the step.
  void push(const Vec3& F, const Vec3& T) {
    bodies[0].velocity += F * h / m;
    bodies[0].omega += bodies[0].inverse_inertia * T * h;
  }
  VolumeSolveStats solve() {
    SweepOptions options;
    options.tolerance = 1e-15;
    return solveVolumeContacts(bodies, contacts, wrenches, options);
  }
  Vec3 force() const { return linear(wrenches[0]); }
  Vec3 torque() const { return angular(wrenches[0]); }  // about the patch centre
  double weight() const { return m * kGravity * h; }    // m g h [N s]
};

TEST(SixDContact, RestingBoxCancelsTheGravityImpulseWithZeroTorque) {
  BoxOnPlane box;
  const VolumeSolveStats stats = box.solve();
  EXPECT_TRUE(stats.converged);
  EXPECT_LE(stats.iterations, 2);
  EXPECT_NEAR(box.force().z(), box.weight(), 1e-15);
  EXPECT_NEAR(box.force().head<2>().norm(), 0.0, 1e-15);
  EXPECT_NEAR(box.torque().norm(), 0.0, 1e-15);
  EXPECT_NEAR(box.bodies[0].velocity.norm(), 0.0, 1e-15);
  EXPECT_NEAR(box.bodies[0].omega.norm(), 0.0, 1e-15);
  EXPECT_EQ(stats.separating + stats.sliding + stats.rolling + stats.spin_clamped, 0);
}

TEST(SixDContact, AContactThatWouldPullSeparates) {
  BoxOnPlane box;
  box.bodies[0].velocity = Vec3(0.2, 0.0, 0.5);  // leaving the plane
  const VolumeSolveStats stats = box.solve();
  EXPECT_EQ(stats.separating, 1);
  EXPECT_EQ(box.wrenches[0], Wrench::Zero());
  EXPECT_EQ(box.bodies[0].velocity, Vec3(0.2, 0.0, 0.5));
}

// §5.7 compliance, a spring below e that only gives way (VolumeContact::compliance, D = c/h²):
// the box, at depth x, sinks until its depth at the end of the step, x − h u_n, is c times its
// normal force λ_n/h. With u_n = λ_n/m − g h: λ_n = (x/h + g h)/(1/m + D). Where that would not
// sink (x ≥ c f) it holds as a rigid contact; where it would sink faster than max_sink, it sinks
// max_sink.
TEST(SixDContact, CompliantContactSinksUntilItsDepthIsCTimesItsForce) {
  const double c = 1e-4;  // [m/N]
  for (const double x : {0.0, 2e-4}) {
    BoxOnPlane box;
    box.contacts[0].compliance = c / (box.h * box.h);
    box.contacts[0].depth_rate = x / box.h;
    box.contacts[0].max_sink = 1.0;
    box.solve();
    const double lambda =
        (x / box.h + kGravity * box.h) / (1.0 / box.m + box.contacts[0].compliance);
    EXPECT_NEAR(box.force().z(), lambda, 1e-15) << "x = " << x;
    const double u = box.bodies[0].velocity.z();
    EXPECT_NEAR(u, lambda / box.m - kGravity * box.h, 1e-15) << "x = " << x;
    EXPECT_NEAR(x - box.h * u, c * lambda / box.h, 1e-15) << "x = " << x;
    EXPECT_LT(u, 0.0);
  }
  // Deeper than c m g: it holds, carrying the weight.
  BoxOnPlane deep;
  deep.contacts[0].compliance = c / (deep.h * deep.h);
  deep.contacts[0].depth_rate = 2.0 * c * deep.m * kGravity / deep.h;
  deep.contacts[0].max_sink = 1.0;
  deep.solve();
  EXPECT_NEAR(deep.force().z(), deep.weight(), 1e-15);
  EXPECT_NEAR(deep.bodies[0].velocity.norm(), 0.0, 1e-15);
  // Sinking at most max_sink (e reached within the step).
  BoxOnPlane capped;
  capped.contacts[0].compliance = c / (capped.h * capped.h);
  capped.contacts[0].max_sink = 0.01;
  capped.solve();
  EXPECT_NEAR(capped.bodies[0].velocity.z(), -0.01, 1e-15);
  EXPECT_NEAR(capped.force().z(), capped.m * (kGravity * capped.h - 0.01), 1e-15);
}

TEST(SixDContact, PushBelowCoulombSticksWithTheCentreOfPressureShifted) {
  BoxOnPlane box;
  const double F = 0.3 * box.m * kGravity;  // < μ m g
  box.push(Vec3(F, 0, 0), Vec3::Zero());
  const VolumeSolveStats stats = box.solve();
  EXPECT_EQ(stats.sliding, 0);
  EXPECT_NEAR(box.bodies[0].velocity.norm(), 0.0, 1e-15);
  EXPECT_NEAR(box.bodies[0].omega.norm(), 0.0, 1e-14);
  EXPECT_NEAR(box.force().x(), -F * box.h, 1e-15);
  EXPECT_NEAR(box.force().z(), box.weight(), 1e-15);
  // No rotation: the torque about the centre cancels the friction's moment about the centre of
  // mass, τ_c = (com − c) × f, so the pressure moves forward to d_u = h_z F/(m g) = 0.075 m.
  EXPECT_NEAR(box.torque().y(), -box.half.z() * F * box.h, 1e-15);
  EXPECT_NEAR(stats.contacts[0].cop.x(), 0.075, 1e-14);
  EXPECT_NEAR(stats.contacts[0].cop.y(), 0.0, 1e-15);
}

TEST(SixDContact, PushAboveCoulombSlidesWithFrictionMuMgh) {
  BoxOnPlane box;
  const double F = 0.8 * box.m * kGravity;  // > μ m g
  box.push(Vec3(F, 0, 0), Vec3::Zero());
  const VolumeSolveStats stats = box.solve();
  EXPECT_EQ(stats.sliding, 1);
  EXPECT_EQ(stats.rolling, 0);
  EXPECT_NEAR(box.force().x(), -box.mu * box.weight(), 1e-15);
  EXPECT_NEAR(box.force().y(), 0.0, 1e-15);
  EXPECT_NEAR(box.force().z(), box.weight(), 1e-15);
  EXPECT_NEAR(box.bodies[0].velocity.x(), (F - box.mu * box.m * kGravity) * box.h / box.m, 1e-15);
  EXPECT_NEAR(box.bodies[0].velocity.z(), 0.0, 1e-15);
  // §5.2: the re-solve keeps the non-rolling torque.
  EXPECT_NEAR(box.bodies[0].omega.norm(), 0.0, 1e-14);
  EXPECT_NEAR(stats.contacts[0].cop.x(), box.half.z() * box.mu, 1e-14);
}

TEST(SixDContact, SlidingDiagonallyFrictionOpposesTheSlip) {
  BoxOnPlane box;
  box.bodies[0].velocity += Vec3(0.3, -0.4, 0.0);
  box.solve();
  const Vec3 f = box.force();
  EXPECT_NEAR(f.z(), box.weight(), 1e-15);
  EXPECT_NEAR(f.head<2>().norm(), box.mu * box.weight(), 1e-15);
  EXPECT_NEAR(f.x() / f.head<2>().norm(), -0.6, 1e-14);
  EXPECT_NEAR(f.y() / f.head<2>().norm(), 0.8, 1e-14);
}

TEST(SixDContact, TippingTorqueBelowFnTimesRadiusDoesNotRoll) {
  BoxOnPlane box;
  const double T = 0.5 * box.m * kGravity * box.half.y();
  box.push(Vec3::Zero(), Vec3(T, 0, 0));
  const VolumeSolveStats stats = box.solve();
  EXPECT_EQ(stats.rolling, 0);
  EXPECT_NEAR(box.bodies[0].omega.norm(), 0.0, 1e-14);
  EXPECT_NEAR(box.bodies[0].velocity.norm(), 0.0, 1e-15);
  EXPECT_NEAR(box.torque().x(), -T * box.h, 1e-15);
  EXPECT_NEAR(stats.contacts[0].cop.y(), -T / (box.m * kGravity), 1e-14);
}

TEST(SixDContact, TippingTorqueAboveFnTimesRadiusRotatesAboutThePatchEdge) {
  BoxOnPlane box;
  const double T = 1.5 * box.m * kGravity * box.half.y();
  box.push(Vec3::Zero(), Vec3(T, 0, 0));
  const VolumeSolveStats stats = box.solve();
  EXPECT_EQ(stats.rolling, 1);
  EXPECT_EQ(stats.sliding, 0);
  // The centre of pressure d = (0, −T/(m g)) = (0, −0.75) is projected to the ellipse's
  // co-vertex p = (0, −h_y).
  EXPECT_NEAR(stats.contacts[0].cop.y(), -0.75, 1e-14);
  EXPECT_NEAR(stats.contacts[0].projected_cop.x(), 0.0, 1e-15);
  EXPECT_NEAR(stats.contacts[0].projected_cop.y(), -box.half.y(), 1e-15);
  // The point p of the box sticks (a point contact, §5.5): zero normal and tangential velocity.
  const Vec3 p(0.0, -box.half.y(), 0.0);
  EXPECT_NEAR(test::pointVelocity(box.bodies[0], p).norm(), 0.0, 1e-15);
  // The box turns about the edge line through p along x. Angular momentum about p is unchanged
  // by an impulse at p: (I_xx + m(h_y² + h_z²)) ω_x = T h − m g h h_y.
  const Vec3 s = box.half.cwiseProduct(box.half);
  const double I_p = box.m / 3.0 * (s.y() + s.z()) + box.m * (s.y() + s.z());
  const double omega_x = (T - box.m * kGravity * box.half.y()) * box.h / I_p;
  EXPECT_NEAR(box.bodies[0].omega.x(), omega_x, 1e-15);
  EXPECT_NEAR(box.bodies[0].omega.tail<2>().norm(), 0.0, 1e-15);
  // The wrench is a pure force at p: its torque about the centre is (p − c) × f.
  EXPECT_NEAR((box.torque() - p.cross(box.force())).norm(), 0.0, 1e-16);
}

// Algorithm 1 lines 16–18 (eq. 10): tipping on a slippery plane, the point contact at the edge
// slides too: the force is on the cone and the edge point keeps zero normal velocity.
TEST(SixDContact, TippingOnASlipperyPlaneSlidesAtTheEdge) {
  BoxOnPlane box;
  box.mu = 0.05;
  box.contacts[0].friction = box.mu;
  box.push(Vec3::Zero(), Vec3(1.5 * box.m * kGravity * box.half.y(), 0, 0));
  const VolumeSolveStats stats = box.solve();
  EXPECT_EQ(stats.rolling, 1);
  EXPECT_EQ(stats.sliding, 1);
  const Vec3 f = box.force();
  EXPECT_NEAR(f.head<2>().norm(), box.mu * f.z(), 1e-15);
  const Vec3 p(0.0, -box.half.y(), 0.0);
  EXPECT_NEAR(test::pointVelocity(box.bodies[0], p).z(), 0.0, 1e-15);
  // The edge point slips along −f_t.
  const Vec3 slip = test::pointVelocity(box.bodies[0], p);
  EXPECT_GT(slip.norm(), 1e-4);
  EXPECT_NEAR(slip.normalized().dot(-f.normalized().cwiseProduct(Vec3(1, 1, 0)).normalized()), 1.0,
              1e-12);
}

// A warm start outside the feasible set (pulling, outside the cone, COP off the patch) is clamped
// before use and the solve ends where a cold one does.
TEST(SixDContact, InfeasibleWarmStartsAreClampedFirst) {
  for (const Wrench& warm : {spatial(Vec3(3.0, -2.0, 1.0), Vec3(5.0, 0.0, 0.1)),
                             spatial(Vec3::Zero(), Vec3(0, 0, -1.0))}) {
    BoxOnPlane box;
    box.wrenches = {warm};
    const VolumeSolveStats stats = box.solve();
    EXPECT_TRUE(stats.converged);
    EXPECT_NEAR(box.force().z(), box.weight(), 1e-15);
    EXPECT_NEAR(box.torque().norm() + box.force().head<2>().norm(), 0.0, 1e-15);
  }
}

// eqs. 11–13 at the centre: f_n/4 on each corner at distance √(h_x² + h_y²).
double spinLimit(const BoxOnPlane& box) {
  return box.mu * box.weight() * std::hypot(box.half.x(), box.half.y());
}

TEST(SixDContact, SpinningTorqueBelowTheFourCornerLimitSticks) {
  BoxOnPlane box;
  const double T = 0.5 * spinLimit(box) / box.h;
  box.push(Vec3::Zero(), Vec3(0, 0, T));
  const VolumeSolveStats stats = box.solve();
  EXPECT_EQ(stats.spin_clamped, 0);
  EXPECT_NEAR(box.bodies[0].omega.norm(), 0.0, 1e-14);
  EXPECT_NEAR(box.torque().z(), -T * box.h, 1e-15);
}

TEST(SixDContact, SpinningTorqueAboveTheFourCornerLimitIsClampedAndTheBoxSpins) {
  BoxOnPlane box;
  const double limit = spinLimit(box);  // 0.5 · 0.1962 · √0.5 N m s
  const double T = 2.0 * limit / box.h;
  box.push(Vec3::Zero(), Vec3(0, 0, T));
  const VolumeSolveStats stats = box.solve();
  EXPECT_EQ(stats.spin_clamped, 1);
  EXPECT_NEAR(box.torque().z(), -limit, 1e-15);
  const double I_zz = box.m / 3.0 * (0.25 + 0.25);
  EXPECT_NEAR(box.bodies[0].omega.z(), (T * box.h - limit) / I_zz, 1e-14);
  EXPECT_NEAR(box.bodies[0].velocity.norm(), 0.0, 1e-15);
  EXPECT_NEAR(box.force().z(), box.weight(), 1e-15);
}

// §5.2: a frictionless sphere on an incline. Projecting the force alone would keep the rigid
// solution's torque and make the sphere roll; the re-solve of eq. 4 gives zero torque.
TEST(SixDContact, FrictionlessSphereOnAnInclineSlidesWithoutRolling) {
  const double alpha = 0.35;
  const double r = 0.5;
  const double m = 1.0;
  const double h = 0.01;
  const Vec3 n(-std::sin(alpha), 0.0, std::cos(alpha));
  const Vec3 u(std::cos(alpha), 0.0, std::sin(alpha));
  std::vector<VelocityBody> bodies = {
      freeBody(m, (0.4 * m * r * r) * Mat3::Identity(), r * n, Vec3(0, 0, -kGravity * h)),
      test::fixedBody()};
  const std::vector<VolumeContact> contacts = {
      test::makeContact(0, 1, test::makePatch(Vec3::Zero(), n, u, 0.01, 0.01), 0.0)};
  std::vector<Wrench> wrenches;
  const VolumeSolveStats stats = solveVolumeContacts(bodies, contacts, wrenches);
  EXPECT_EQ(stats.sliding, 1);
  EXPECT_EQ(stats.rolling, 0);
  EXPECT_NEAR(angular(wrenches[0]).norm(), 0.0, 1e-16);
  EXPECT_NEAR((linear(wrenches[0]) - m * kGravity * h * std::cos(alpha) * n).norm(), 0.0, 1e-16);
  EXPECT_NEAR(bodies[0].omega.norm(), 0.0, 1e-15);
  // Down the slope at g sin α h, nothing along the normal.
  EXPECT_NEAR(bodies[0].velocity.dot(n), 0.0, 1e-16);
  EXPECT_NEAR(bodies[0].velocity.dot(u), -kGravity * h * std::sin(alpha), 1e-16);
}

// With friction and a small patch (radius ρ = 1 cm) the centre of pressure leaves the patch and the
// sphere rolls about the point p of the patch edge, ρ down the slope from the centre: angular
// momentum about p is unchanged by the contact impulse, so ω = L_p / (⅖ m r² + m(r² + ρ²)) about
// w. That is the rolling resistance of §6.1.3: (5/7) g sin α h reduced by ρ cos α / (r sin α).
TEST(SixDContact, SphereWithFrictionRollsDownTheIncline) {
  const double alpha = 0.35;
  const double r = 0.5;
  const double rho = 0.01;
  const double m = 1.0;
  const double h = 0.01;
  const Vec3 n(-std::sin(alpha), 0.0, std::cos(alpha));
  const Vec3 u(std::cos(alpha), 0.0, std::sin(alpha));
  const Vec3 w = n.cross(u);
  const Vec3 v_free(0, 0, -kGravity * h);
  std::vector<VelocityBody> bodies = {
      freeBody(m, (0.4 * m * r * r) * Mat3::Identity(), r * n, v_free), test::fixedBody()};
  const std::vector<VolumeContact> contacts = {
      test::makeContact(0, 1, test::makePatch(Vec3::Zero(), n, u, rho, rho), 0.8)};
  std::vector<Wrench> wrenches;
  const VolumeSolveStats stats = solveVolumeContacts(bodies, contacts, wrenches);
  EXPECT_EQ(stats.rolling, 1);
  EXPECT_EQ(stats.sliding, 0);
  // The projected centre of pressure is the patch edge point down the slope, and it sticks.
  const Vec2 p = stats.contacts[0].projected_cop;
  EXPECT_NEAR(p.x(), -rho, 1e-15);
  EXPECT_NEAR(p.y(), 0.0, 1e-15);
  const Vec3 p_world = -rho * u;
  EXPECT_NEAR(test::pointVelocity(bodies[0], p_world).norm(), 0.0, 1e-15);
  const Vec3 s = r * n - p_world;  // centre of mass from p
  const double omega = m * s.cross(v_free).dot(w) / (0.4 * m * r * r + m * s.squaredNorm());
  EXPECT_NEAR((bodies[0].omega - omega * w).norm(), 0.0, 1e-15);
  const double v = -bodies[0].velocity.dot(u);
  const double rolling_without_resistance = 5.0 / 7.0 * kGravity * std::sin(alpha) * h;
  EXPECT_NEAR(v / rolling_without_resistance, 1.0 - rho * std::cos(alpha) / (r * std::sin(alpha)),
              2e-3);
}

TEST(SixDContact, TwoBoxStackConvergesToRest) {
  const double h = 0.01;
  const double m1 = 2.0;
  const double m2 = 1.0;
  const Vec3 half1(0.5, 0.5, 0.25);
  const Vec3 half2(0.3, 0.3, 0.2);
  // The upper box sits 0.1 m off-centre: its patch is off the lower box's axis.
  std::vector<VelocityBody> bodies = {
      freeBody(m1, test::boxInertia(m1, half1), Vec3(0, 0, 0.25), Vec3(0, 0, -kGravity * h)),
      freeBody(m2, test::boxInertia(m2, half2), Vec3(0.1, 0, 0.7), Vec3(0, 0, -kGravity * h)),
      test::fixedBody()};
  const std::vector<VolumeContact> contacts = {
      test::makeContact(0, 2, test::makePatch(Vec3::Zero(), Vec3::UnitZ(), Vec3::UnitX(), 0.5, 0.5),
                        0.5),
      test::makeContact(
          1, 0, test::makePatch(Vec3(0.1, 0, 0.5), Vec3::UnitZ(), Vec3::UnitX(), 0.3, 0.3), 0.5)};
  std::vector<Wrench> wrenches;
  SweepOptions options;
  options.tolerance = 1e-15;
  options.record_history = true;
  const VolumeSolveStats cold = solveVolumeContacts(bodies, contacts, wrenches, options);
  ASSERT_TRUE(cold.converged);
  std::printf("two-box stack: %d sweeps to %.1e (cold start)\n", cold.iterations, cold.update_norm);
  for (const VelocityBody& b : bodies) {
    EXPECT_NEAR(b.velocity.norm(), 0.0, 1e-14);
    EXPECT_NEAR(b.omega.norm(), 0.0, 1e-14);
  }
  EXPECT_NEAR(linear(wrenches[0]).z(), (m1 + m2) * kGravity * h, 1e-14);
  EXPECT_NEAR(linear(wrenches[1]).z(), m2 * kGravity * h, 1e-14);
  // The lower patch carries the upper box's weight 0.1 m off its centre.
  EXPECT_NEAR(angular(wrenches[0]).y(), -0.1 * m2 * kGravity * h, 1e-14);
  EXPECT_NEAR(angular(wrenches[1]).norm(), 0.0, 1e-14);
  EXPECT_EQ(cold.history.size(), static_cast<std::size_t>(cold.iterations));

  // Warm started from that solution, the next identical step converges at once.
  bodies[0].velocity = bodies[1].velocity = Vec3(0, 0, -kGravity * h);
  const VolumeSolveStats warm = solveVolumeContacts(bodies, contacts, wrenches, options);
  EXPECT_TRUE(warm.converged);
  EXPECT_LE(warm.iterations, 2);
}

// The same box on four corner point contacts (contact/point): when both stick, the net wrench is
// fixed by the box's momentum, so the 6D patch and the four points must agree.
TEST(SixDContact, NetWrenchMatchesFourCornerPointContacts) {
  BoxOnPlane box;
  box.push(Vec3(0.2 * box.m * kGravity, 0.1 * box.m * kGravity, 0.0),
           Vec3(0.2 * box.m * kGravity * box.half.y(), 0.0, 0.1 * spinLimit(box) / box.h));
  std::vector<VelocityBody> point_bodies = box.bodies;
  box.solve();

  std::vector<FrictionalContact> points;
  for (const double x : {-0.5, 0.5}) {
    for (const double y : {-0.5, 0.5}) {
      FrictionalContact c;
      c.body_a = 0;
      c.body_b = 1;
      c.point = Vec3(x, y, 0.0);
      c.normal = Vec3::UnitZ();
      c.friction = box.mu;
      points.push_back(c);
    }
  }
  // Sticking, the net wrench is what holds the box: the same for the block solver and for the
  // vanilla scalar rows with box friction (no friction bound active).
  for (const ConeProjection projection :
       {ConeProjection::kSlipDirection, ConeProjection::kScalarRows}) {
    std::vector<VelocityBody> pb = point_bodies;
    std::vector<Vec3> impulses;
    BlockPgsOptions options;
    options.tolerance = 1e-15;
    options.max_iterations = 100000;
    options.cone_projection = projection;
    const BlockPgsStats point_stats = solveFrictionalContacts(pb, points, impulses, options);
    ASSERT_TRUE(point_stats.converged);
    Vec3 force = Vec3::Zero();
    Vec3 torque = Vec3::Zero();  // about the patch centre (origin)
    for (std::size_t i = 0; i < points.size(); ++i) {
      force += impulses[i];
      torque += points[i].point.cross(impulses[i]);
    }
    std::printf("four corner points (%s): %d sweeps; 6D patch: one block\n",
                projection == ConeProjection::kScalarRows ? "scalar rows" : "blocks",
                point_stats.iterations);
    EXPECT_NEAR((force - box.force()).norm(), 0.0, 1e-13);
    EXPECT_NEAR((torque - box.torque()).norm(), 0.0, 1e-13);
    EXPECT_NEAR((pb[0].velocity - box.bodies[0].velocity).norm(), 0.0, 1e-13);
  }
}

// The vanilla scalar rows clamp each tangent to ±μ λ_n (a pyramid): sliding along a tangent axis
// the friction is μ λ_n against the slip, as Coulomb's cone gives; sliding diagonally it is
// larger, up to √2 μ λ_n at 45°, and not opposite the slip.
TEST(SixDContact, ScalarRowsHaveBoxFriction) {
  const double mu = 0.5, h = 0.01, m = 1.0;
  for (const Vec3& slip : {Vec3(1.0, 0.0, 0.0), Vec3(1.0, 1.0, 0.0).normalized()}) {
    std::vector<VelocityBody> bodies = {
        freeBody(m, Mat3::Identity() * (m / 6.0), Vec3(0, 0, 0.5), slip - Vec3(0, 0, kGravity * h)),
        test::fixedBody()};
    FrictionalContact c;
    c.body_a = 0;
    c.body_b = 1;
    c.normal = Vec3::UnitZ();
    c.friction = mu;
    std::vector<FrictionalContact> contacts(1, c);  // under the centre of mass: no torque
    std::vector<Vec3> impulses;
    BlockPgsOptions options;
    options.tolerance = 1e-15;
    options.cone_projection = ConeProjection::kScalarRows;
    ASSERT_TRUE(solveFrictionalContacts(bodies, contacts, impulses, options).converged);
    const double normal = m * kGravity * h;
    EXPECT_NEAR(impulses[0].z(), normal, 1e-14);
    const Vec3 expected =
        -mu * normal * Vec3(slip.x() > 0 ? 1.0 : 0.0, slip.y() > 0 ? 1.0 : 0.0, 0);
    EXPECT_NEAR((impulses[0] - (expected + normal * Vec3::UnitZ())).norm(), 0.0, 1e-14)
        << "slip " << slip.transpose();
  }
}

// §6.1.8, Fig. 16: an octagonal block sliding with dry friction; the 6D block reaches a 1e-15
// update norm in ≤ 3 sweeps (paper: 3). Its eight corner points, solved by the point-based PGS,
// need more.
TEST(SixDContact, SlidingOctagonConvergesInThreeSweeps) {
  const double h = 0.01;
  const double m = 1.0;
  const double mu = 0.4;
  const double R = 0.5;
  const double half_height = 0.1;
  const ConvexPolyhedron octagon = ConvexPolyhedron::prism(8, R, half_height);
  const Mat3 inertia = octagon.unitDensityInertia() * (m / octagon.volume());
  const Vec3 v0(1.0, 0.3, -kGravity * h);
  std::vector<VelocityBody> bodies = {freeBody(m, inertia, Vec3(0, 0, half_height), v0),
                                      test::fixedBody()};
  const double inradius = R * std::cos(std::numbers::pi / 8.0);
  const std::vector<VolumeContact> contacts = {test::makeContact(
      0, 1, test::makePatch(Vec3::Zero(), Vec3::UnitZ(), Vec3::UnitX(), inradius, inradius), mu)};
  std::vector<Wrench> wrenches;
  SweepOptions options;
  options.tolerance = 1e-15;
  options.record_history = true;
  const VolumeSolveStats six_d = solveVolumeContacts(bodies, contacts, wrenches, options);
  EXPECT_TRUE(six_d.converged);
  EXPECT_LE(six_d.iterations, 3);
  EXPECT_EQ(six_d.sliding, 1);
  // Coulomb: friction μ m g h against the slip, velocity reduced by μ g h along it.
  const Eigen::Vector2d slip = v0.head<2>().normalized();
  EXPECT_NEAR((bodies[0].velocity.head<2>() - (v0.head<2>() - mu * kGravity * h * slip)).norm(),
              0.0, 1e-15);

  std::vector<VelocityBody> point_bodies = {freeBody(m, inertia, Vec3(0, 0, half_height), v0),
                                            test::fixedBody()};
  std::vector<FrictionalContact> points;
  for (const Vec3& v : octagon.vertices()) {
    if (v.z() > 0.0)
      continue;
    FrictionalContact c;
    c.body_a = 0;
    c.body_b = 1;
    c.point = Vec3(v.x(), v.y(), 0.0);
    c.normal = Vec3::UnitZ();
    c.friction = mu;
    points.push_back(c);
  }
  ASSERT_EQ(points.size(), 8u);
  for (const ConeProjection projection :
       {ConeProjection::kImpulseDirection, ConeProjection::kSlipDirection,
        ConeProjection::kScalarRows}) {
    std::vector<VelocityBody> pb = point_bodies;
    std::vector<Vec3> impulses;
    BlockPgsOptions point_options;
    point_options.tolerance = 1e-15;
    point_options.max_iterations = 100000;
    point_options.cone_projection = projection;
    const BlockPgsStats stats = solveFrictionalContacts(pb, points, impulses, point_options);
    std::printf("octagon sliding: 6D %d sweeps, 8 points (%s) %d sweeps (%s)\n", six_d.iterations,
                projection == ConeProjection::kSlipDirection ? "slip"
                : projection == ConeProjection::kScalarRows  ? "scalar rows"
                                                             : "impulse",
                stats.iterations, stats.converged ? "converged" : "not converged");
    EXPECT_GT(stats.iterations, six_d.iterations);
  }
}

TEST(SixDContact, BadInputNamesTheContact) {
  auto expectThrow = [](auto mutate, const std::string& fragment) {
    BoxOnPlane box;
    mutate(box);
    try {
      box.solve();
      ADD_FAILURE() << "no exception for " << fragment;
    } catch (const InvalidInputError& e) {
      EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
  };
  expectThrow([](BoxOnPlane& b) { b.contacts[0].patch.frame.col(0) *= 1.1; },
              "volume contact 0 patch frame");
  expectThrow([](BoxOnPlane& b) { b.contacts[0].patch.radius_u = -0.1; },
              "volume contact 0 patch radius_u");
  expectThrow([](BoxOnPlane& b) { b.contacts[0].friction = -0.5; }, "volume contact 0 friction");
  expectThrow([](BoxOnPlane& b) { b.contacts[0].patch.center.x() = NAN; },
              "volume contact 0 patch centre");
  expectThrow([](BoxOnPlane& b) { b.contacts[0].body_b = 7; }, "volume contact 0: bodies");
  expectThrow([](BoxOnPlane& b) { b.bodies[0] = test::fixedBody(); },
              "volume contact 0: both bodies are fixed");
  expectThrow([](BoxOnPlane& b) { b.bodies[0].velocity.y() = INFINITY; }, "velocity body 0");
  expectThrow([](BoxOnPlane& b) { b.wrenches.assign(1, Wrench::Constant(NAN)); },
              "warm-start contact wrench 0");
}

}  // namespace
}  // namespace contactsim
