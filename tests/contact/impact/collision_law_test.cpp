// Tests of the Chatterjee–Ruina collision law (contact/impact): hand-derived impacts of a ball on
// a plane, a tilted rod against the formula re-evaluated here from NOTES.md, energy and momentum
// over random impacts, and bad input.
#include "contact/impact/collision_law.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <string>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

// A solid ball of mass m and radius R, centre at `centre`, moving with world velocities (v, ω).
struct Ball {
  double m = 2.0;
  double R = 0.1;
  double I() const { return 0.4 * m * R * R; }  // 2/5 m R²
  MassProperties mass() const { return MassProperties::principal(m, Vec3::Constant(I())); }
};

// Velocity of the material point at world point c of a body with centre-of-mass velocity v and
// angular velocity ω (world coordinates).
Vec3 pointVelocity(const Vec3& v, const Vec3& omega, const Vec3& com, const Vec3& c) {
  return v + omega.cross(c - com);
}

// Impact of a free body A (given state) on the fixed body B at point c with normal n: returns the
// impulse result and the post-impact world velocities of A.
struct OnFixed {
  ImpactResult result;
  Vec3 u_before;
  Vec3 u_after;
  Vec3 v_after;
  Vec3 omega_after;
};
OnFixed impactOnFixed(const MassProperties& mass, const RigidBodyState& state, const Vec3& c,
                      const Vec3& n, const ImpactParameters& p) {
  const ImpactBody a = impactBody(mass, state);
  const ImpactBody fixed;
  const Vec3 v = state.worldLinearVelocity();
  const Vec3 omega = state.worldAngularVelocity();
  OnFixed out;
  out.u_before = pointVelocity(v, omega, state.position, c);
  out.result = chatterjeeRuinaImpulse(collisionMatrix(a, fixed, c), out.u_before, n, p);
  const ImpactVelocityChanges d = applyImpulse(a, fixed, c, out.result.impulse);
  EXPECT_EQ(d.b.linear, Vec3::Zero());  // the fixed body does not move
  EXPECT_EQ(d.b.angular, Vec3::Zero());
  out.v_after = v + d.a.linear;
  out.omega_after = omega + d.a.angular;
  out.u_after = pointVelocity(out.v_after, out.omega_after, state.position, c);
  return out;
}

TEST(CollisionLawTest, BallDroppedOnPlaneRebounds) {
  // Vertical drop: u = −3 n. Normal velocity after = −e u_n = 3e; no tangential impulse, no spin.
  const Ball ball;
  const ImpactParameters p{0.7, 0.0, 0.5};
  for (const Vec3& n : {Vec3(0.0, 0.0, 1.0), Vec3(Vec3(1.0, 2.0, 2.0) / 3.0)}) {
    RigidBodyState state = RigidBodyState::fromWorldVelocities(
        Vec3(0.3, -0.2, 0.1), Quat::Identity(), Vec3::Zero(), -3.0 * n);
    const Vec3 c = state.position - ball.R * n;
    const OnFixed r = impactOnFixed(ball.mass(), state, c, n, p);
    EXPECT_NEAR(n.dot(r.u_after), 0.7 * 3.0, 1e-12);
    EXPECT_LT((r.u_after - n.dot(r.u_after) * n).norm(), 1e-12);
    EXPECT_LT((r.result.impulse - n.dot(r.result.impulse) * n).norm(), 1e-12);
    EXPECT_NEAR(n.dot(r.result.impulse), ball.m * 3.0 * 1.7, 1e-12);
    EXPECT_LT(r.omega_after.norm(), 1e-12);
  }
}

TEST(CollisionLawTest, SeparatingContactGetsNoImpulse) {
  const ImpactResult r = chatterjeeRuinaImpulse(Mat3::Identity(), Vec3(1.0, 0.0, 0.5),
                                                Vec3::UnitZ(), ImpactParameters{});
  EXPECT_EQ(r.regime, ImpactRegime::kSeparating);
  EXPECT_EQ(r.impulse, Vec3::Zero());
}

TEST(CollisionLawTest, FrictionlessObliqueImpactKeepsTangentialVelocity) {
  // Frictionless (e_t = −1, or μ = 0): the impulse is normal, through the centre of the ball, so
  // the spin and the tangential velocity of the contact point do not change.
  const Ball ball;
  const Vec3 n = Vec3::UnitZ();
  const RigidBodyState state = RigidBodyState::fromWorldVelocities(
      Vec3(0.0, 0.0, 0.1), Quat::Identity(), Vec3(0.5, 0.2, 1.0), Vec3(2.0, -1.0, -3.0));
  const Vec3 c = state.position - ball.R * n;
  for (const ImpactParameters& p :
       {ImpactParameters{0.6, -1.0, 0.5}, ImpactParameters{0.6, 0.0, 0.0}}) {
    const OnFixed r = impactOnFixed(ball.mass(), state, c, n, p);
    EXPECT_EQ(r.result.regime, ImpactRegime::kFrictionless);
    EXPECT_LT((r.u_after.head<2>() - r.u_before.head<2>()).norm(), 1e-12);
    EXPECT_NEAR(r.u_after.z(), -0.6 * r.u_before.z(), 1e-12);
    EXPECT_LT((r.omega_after - state.worldAngularVelocity()).norm(), 1e-12);
  }
}

TEST(CollisionLawTest, BallStickingOnPlaneLeavesRolling) {
  // Ball m = 2, R = 0.1, I = 2/5 m R² = 0.008 on the plane z = 0 (n = e_z), contact point at
  // r = −R n from the centre. K = (1/m) 1 − [r]× I⁻¹ [r]× = (1/m) 1 + (R²/I)(1 − n nᵀ):
  // tangential entries 1/m + R²/I = 1/m + 5/(2m) = 7/(2m) = 7/4, normal entry 1/m = 1/2.
  // v = (2, 0, −3), ω = (0, 5, 0): u = v + ω × r = (v_x − R ω_y, 0, v_z) = (1.5, 0, −3).
  // P_I = −u_n / (1/m) n = (0, 0, 6); P_II = −K⁻¹u = (−(2m/7)·1.5, 0, 6) = (−6/7, 0, 6).
  // e = 0.6, e_t = 0: P̂ = 1.6 P_I + (P_II − P_I) = (−6/7, 0, 9.6); |P̂_t| = 6/7 ≤ μ·9.6 for μ = 2.
  // After: v_x' = 2 − (6/7)/2 = 11/7, ω_y' = ω_y − R P_x / I = 5 + 0.1·(6/7)/0.008 = 110/7,
  // so v_x' = R ω_y' (rolling) and the contact point's tangential velocity is 0.
  const Ball ball;
  const Vec3 n = Vec3::UnitZ();
  const RigidBodyState state = RigidBodyState::fromWorldVelocities(
      Vec3(0.0, 0.0, 0.1), Quat::Identity(), Vec3(0.0, 5.0, 0.0), Vec3(2.0, 0.0, -3.0));
  const Vec3 c = state.position - ball.R * n;

  const OnFixed stick = impactOnFixed(ball.mass(), state, c, n, ImpactParameters{0.6, 0.0, 2.0});
  EXPECT_EQ(stick.result.regime, ImpactRegime::kSticking);
  EXPECT_LT((stick.result.impulse - Vec3(-6.0 / 7.0, 0.0, 9.6)).norm(), 1e-12);
  EXPECT_LT(stick.u_after.head<2>().norm(), 1e-12);
  EXPECT_NEAR(stick.u_after.z(), 1.8, 1e-12);
  EXPECT_NEAR(stick.v_after.x(), 11.0 / 7.0, 1e-12);
  EXPECT_NEAR(stick.omega_after.y(), 110.0 / 7.0, 1e-12);
  EXPECT_NEAR(stick.v_after.x(), ball.R * stick.omega_after.y(), 1e-12);

  // e_t = 1: P̂ = 1.6 P_I + 2 (P_II − P_I), |P̂_t| = 12/7 ≤ 2·9.6: the slip is reversed.
  const OnFixed reverse = impactOnFixed(ball.mass(), state, c, n, ImpactParameters{0.6, 1.0, 2.0});
  EXPECT_EQ(reverse.result.regime, ImpactRegime::kSticking);
  EXPECT_LT((reverse.u_after.head<2>() + reverse.u_before.head<2>()).norm(), 1e-12);
  EXPECT_NEAR(reverse.u_after.z(), 1.8, 1e-12);
}

TEST(CollisionLawTest, BallSlidingOnPlaneGetsCoulombImpulse) {
  // Same ball, v = (3, 4, −2), ω = 0: u = (3, 4, −2), slip speed 5; e = 0.5, e_t = 0, μ = 0.1.
  // P_I = 2/(1/2) n = (0, 0, 4); P_II = (−(4/7)·3, −(4/7)·4, 4), |P_II,t| = 20/7, n·(P_II − P_I) =
  // 0. P̂ = (−12/7, −16/7, 6): |P̂_t| = 20/7 > μ·6 = 0.6, so the κ branch: κ = μ(1 + e) n·P_I /
  // (|P_II,t| − μ n·(P_II − P_I)) = 0.1·1.5·4 / (20/7) = 0.21, P = 1.5 P_I + κ (P_II − P_I) =
  // (−0.36, −0.48, 6): |P_t| = 0.6 = μ P_n, along −u_t. Δv = P/m = (−0.18, −0.24, 3); Δω = I⁻¹ (r ×
  // P) = (−0.048, 0.036, 0)/0.008 = (−6, 4.5, 0); contact slip after: u_t + (7/4) P_t =
  // (2.37, 3.16); normal velocity −e u_n = 1.
  const Ball ball;
  const Vec3 n = Vec3::UnitZ();
  const RigidBodyState state = RigidBodyState::fromWorldVelocities(
      Vec3(0.0, 0.0, 0.1), Quat::Identity(), Vec3::Zero(), Vec3(3.0, 4.0, -2.0));
  const Vec3 c = state.position - ball.R * n;
  for (const double e_t : {0.0, 0.5}) {  // κ does not depend on e_t
    const OnFixed r = impactOnFixed(ball.mass(), state, c, n, ImpactParameters{0.5, e_t, 0.1});
    EXPECT_EQ(r.result.regime, ImpactRegime::kSliding);
    EXPECT_LT((r.result.impulse - Vec3(-0.36, -0.48, 6.0)).norm(), 1e-12);
    EXPECT_LT((r.v_after - Vec3(2.82, 3.76, 1.0)).norm(), 1e-12);
    EXPECT_LT((r.omega_after - Vec3(-6.0, 4.5, 0.0)).norm(), 1e-12);
    EXPECT_LT((r.u_after - Vec3(2.37, 3.16, 1.0)).norm(), 1e-12);
  }
}

// The law as NOTES.md writes it, evaluated here without the library: K⁻¹ by Eigen's closed-form
// inverse, no clamping.
Vec3 notesFormula(const Mat3& K, const Vec3& u, const Vec3& n, double e, double e_t, double mu,
                  bool* sliding) {
  const Vec3 P_I = -(n.dot(u) / n.dot(K * n)) * n;
  const Vec3 P_II = -K.inverse() * u;
  const Vec3 P_hat = (1.0 + e) * P_I + (1.0 + e_t) * (P_II - P_I);
  *sliding = (P_hat - n.dot(P_hat) * n).norm() > mu * n.dot(P_hat);
  if (!*sliding) {
    return P_hat;
  }
  const double kappa =
      mu * (1.0 + e) * n.dot(P_I) / ((P_II - n.dot(P_II) * n).norm() - mu * n.dot(P_II - P_I));
  return (1.0 + e) * P_I + kappa * (P_II - P_I);
}

TEST(CollisionLawTest, TiltedRodCornerAgainstFormula) {
  // A box rod, half-extents (a, b, c) = (0.5, 0.05, 0.03), m = 1.3, tilted, hits the plane z = 0
  // with its lowest corner: K is full (contact off every principal axis through the centre).
  const double m = 1.3;
  const Vec3 h(0.5, 0.05, 0.03);
  // Closed-form box inertia about the centre: I_xx = m/3 (b² + c²), and cyclically.
  const Vec3 I_principal =
      (m / 3.0) * Vec3(h.y() * h.y() + h.z() * h.z(), h.x() * h.x() + h.z() * h.z(),
                       h.x() * h.x() + h.y() * h.y());
  const Quat q = Quat(Eigen::AngleAxisd(0.4, Vec3::UnitY())) *
                 Quat(Eigen::AngleAxisd(0.3, Vec3::UnitX())) *
                 Quat(Eigen::AngleAxisd(0.2, Vec3::UnitZ()));
  const Mat3 Theta = q.toRotationMatrix();
  Vec3 r = Vec3::Zero();  // lowest corner, relative to the centre, world coordinates
  for (const double sx : {-1.0, 1.0}) {
    for (const double sy : {-1.0, 1.0}) {
      for (const double sz : {-1.0, 1.0}) {
        const Vec3 corner = Theta * Vec3(sx * h.x(), sy * h.y(), sz * h.z());
        if (corner.z() < r.z()) {
          r = corner;
        }
      }
    }
  }
  const Vec3 com(0.0, 0.0, -r.z());
  const Vec3 c = com + r;
  const Vec3 n = Vec3::UnitZ();

  // K e_j = Δu for P = e_j: e_j/m + (I_w⁻¹ (r × e_j)) × r, built column by column.
  const Mat3 I_w_inverse = Theta * I_principal.cwiseInverse().asDiagonal() * Theta.transpose();
  Mat3 K_expected;
  for (int j = 0; j < 3; ++j) {
    const Vec3 e_j = Vec3::Unit(j);
    K_expected.col(j) = e_j / m + (I_w_inverse * r.cross(e_j)).cross(r);
  }
  EXPECT_GT(std::abs(K_expected(0, 1)) + std::abs(K_expected(0, 2)) + std::abs(K_expected(1, 2)),
            0.1);  // really non-diagonal

  const RigidBodyState state =
      RigidBodyState::fromWorldVelocities(com, q, Vec3(0.5, 1.5, -0.7), Vec3(1.0, -0.4, -2.0));
  const MassProperties mass = MassProperties::principal(m, I_principal);
  const Mat3 K = collisionMatrix(impactBody(mass, state), ImpactBody{}, c);
  EXPECT_LT((K - K_expected).norm(), 1e-12 * K_expected.norm());

  const Vec3 u = pointVelocity(state.worldLinearVelocity(), state.worldAngularVelocity(), com, c);
  ASSERT_LT(u.z(), 0.0);
  // The μ term of κ's denominator matters here: n·(P_II − P_I) is not small.
  const Vec3 P_II = -K_expected.inverse() * u;
  EXPECT_GT(std::abs(P_II.z() - (-u.z() / K_expected(2, 2))), 0.1 * std::abs(P_II.z()));

  struct Case {
    double e, e_t, mu;
    ImpactRegime regime;
  };
  for (const Case& k :
       {Case{0.6, 0.0, 5.0, ImpactRegime::kSticking}, Case{0.3, 0.8, 5.0, ImpactRegime::kSticking},
        Case{0.6, 0.0, 0.1, ImpactRegime::kSliding}, Case{1.0, 1.0, 0.3, ImpactRegime::kSliding}}) {
    bool sliding = false;
    const Vec3 expected = notesFormula(K_expected, u, n, k.e, k.e_t, k.mu, &sliding);
    ASSERT_EQ(sliding, k.regime == ImpactRegime::kSliding);
    const ImpactResult result = chatterjeeRuinaImpulse(K, u, n, ImpactParameters{k.e, k.e_t, k.mu});
    EXPECT_EQ(result.regime, k.regime);
    EXPECT_LT((result.impulse - expected).norm(), 1e-12 * expected.norm());
    const Vec3 P = result.impulse;
    if (sliding) {
      EXPECT_NEAR(P.head<2>().norm(), k.mu * P.z(), 1e-12 * P.norm());
    }
    EXPECT_NEAR((u + K_expected * P).z(), -k.e * u.z(), 1e-12);  // −e u_n in every branch
  }
}

// Random rotation from a normalised Gaussian 4-vector (uniform on SO(3)).
Quat randomRotation(std::mt19937_64& rng) {
  std::normal_distribution<double> g;
  return Quat(g(rng), g(rng), g(rng), g(rng)).normalized();
}

// Random body: mass in [0.1, 10], principal moments that satisfy the triangle inequality.
MassProperties randomBody(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double m = 0.1 * std::pow(100.0, unit(rng));
  const double I1 = m * (0.01 + unit(rng));
  const double I2 = m * (0.01 + unit(rng));
  const double lo = std::abs(I1 - I2) + 0.05 * std::min(I1, I2);
  const double I3 = lo + (I1 + I2 - lo) * unit(rng);
  const Mat3 R = randomRotation(rng).toRotationMatrix();
  return MassProperties(m, R * Vec3(I1, I2, I3).asDiagonal() * R.transpose());
}

Vec3 randomVector(std::mt19937_64& rng, double scale) {
  std::uniform_real_distribution<double> d(-scale, scale);
  return Vec3(d(rng), d(rng), d(rng));
}

TEST(CollisionLawTest, RandomImpactsNeverGainEnergy) {
  // Chatterjee & Ruina: no energy gain for e ≤ 1, e_t ≤ 1 (the proof is in collision_law.cpp).
  std::mt19937_64 rng(20240605);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::array<int, 4> regimes{};
  for (int trial = 0; trial < 1000; ++trial) {
    const MassProperties mass_a = randomBody(rng);
    const MassProperties mass_b = randomBody(rng);
    const bool b_fixed = unit(rng) < 0.2;
    RigidBodyState a =
        RigidBodyState::fromWorldVelocities(randomVector(rng, 1.0), randomRotation(rng),
                                            randomVector(rng, 3.0), randomVector(rng, 3.0));
    RigidBodyState b =
        RigidBodyState::fromWorldVelocities(randomVector(rng, 1.0), randomRotation(rng),
                                            randomVector(rng, 3.0), randomVector(rng, 3.0));
    if (b_fixed) {
      b.twist.setZero();
    }
    const Vec3 c = randomVector(rng, 1.5);
    const Vec3 n = randomVector(rng, 1.0).normalized();
    const ImpactBody body_a = impactBody(mass_a, a);
    const ImpactBody body_b = b_fixed ? ImpactBody{} : impactBody(mass_b, b);
    const auto relativeVelocity = [&]() -> Vec3 {
      return pointVelocity(a.worldLinearVelocity(), a.worldAngularVelocity(), a.position, c) -
             pointVelocity(b.worldLinearVelocity(), b.worldAngularVelocity(), b.position, c);
    };
    if (relativeVelocity().dot(n) >= 0.0) {  // make the bodies approach: reverse every velocity
      a.twist = -a.twist;
      b.twist = -b.twist;
    }
    const Vec3 u = relativeVelocity();
    ASSERT_LT(u.dot(n), 0.0);

    // Parameters, with the ends of each range drawn often.
    const double x = unit(rng), y = unit(rng), z = unit(rng);
    ImpactParameters p;
    p.restitution = x < 0.2 ? 0.0 : x < 0.4 ? 1.0 : unit(rng);
    p.tangential_restitution = y < 0.15  ? -1.0
                               : y < 0.3 ? 1.0
                               : y < 0.4 ? 0.0
                                         : -1.0 + 2.0 * unit(rng);
    p.friction = z < 0.1 ? 0.0 : 2.0 * unit(rng);

    const Mat3 K = collisionMatrix(body_a, body_b, c);
    const ImpactResult result = chatterjeeRuinaImpulse(K, u, n, p);
    ++regimes[static_cast<std::size_t>(result.regime)];
    const Vec3& P = result.impulse;
    const ImpactVelocityChanges d = applyImpulse(body_a, body_b, c, P);

    const double ke_before = mass_a.kineticEnergy(a.twist) + mass_b.kineticEnergy(b.twist);
    const Vec3 linear_momentum_before =
        mass_a.mass() * a.worldLinearVelocity() + mass_b.mass() * b.worldLinearVelocity();
    addVelocityChange(a, d.a);
    if (!b_fixed) {
      addVelocityChange(b, d.b);
    }
    const double ke_after = mass_a.kineticEnergy(a.twist) + mass_b.kineticEnergy(b.twist);
    EXPECT_LE(ke_after, ke_before * (1.0 + 1e-12) + 1e-15)
        << "trial " << trial << " e=" << p.restitution << " e_t=" << p.tangential_restitution
        << " mu=" << p.friction << " regime=" << toString(result.regime);

    // Post-impact relative velocity agrees with Δu = K P; its normal part is −e u_n.
    const Vec3 u_after = relativeVelocity();
    const double scale = u.norm();
    EXPECT_LT((u_after - (u + K * P)).norm(), 1e-11 * scale) << "trial " << trial;
    EXPECT_NEAR(u_after.dot(n), -p.restitution * u.dot(n), 1e-11 * scale) << "trial " << trial;
    // The impulse pushes A away from B and lies in the friction cone (to rounding of P).
    const double P_n = n.dot(P);
    EXPECT_GT(P_n, 0.0);
    EXPECT_LE((P - P_n * n).norm(), p.friction * P_n + 1e-12 * P.norm()) << "trial " << trial;
    if (!b_fixed) {
      const Vec3 linear_momentum_after =
          mass_a.mass() * a.worldLinearVelocity() + mass_b.mass() * b.worldLinearVelocity();
      EXPECT_LT((linear_momentum_after - linear_momentum_before).norm(),
                1e-12 * (1.0 + linear_momentum_before.norm() + P.norm()));
    }
  }
  // Every branch of the law was exercised.
  EXPECT_GT(regimes[static_cast<std::size_t>(ImpactRegime::kFrictionless)], 50);
  EXPECT_GT(regimes[static_cast<std::size_t>(ImpactRegime::kSticking)], 50);
  EXPECT_GT(regimes[static_cast<std::size_t>(ImpactRegime::kSliding)], 50);
}

TEST(CollisionLawTest, RejectsBadInput) {
  const Mat3 K = Vec3(1.0, 2.0, 3.0).asDiagonal();
  const Vec3 u(0.5, 0.0, -1.0);
  const Vec3 n = Vec3::UnitZ();
  const ImpactParameters good;
  EXPECT_NO_THROW((void)chatterjeeRuinaImpulse(K, u, n, good));

  EXPECT_THROW((void)chatterjeeRuinaImpulse(K, u, 1.01 * n, good), InvalidInputError);
  EXPECT_THROW((void)chatterjeeRuinaImpulse(K, u, Vec3::Zero(), good), InvalidInputError);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW((void)chatterjeeRuinaImpulse(K, Vec3(nan, 0.0, -1.0), n, good), InvalidInputError);
  EXPECT_THROW((void)chatterjeeRuinaImpulse(K, u, Vec3(nan, 0.0, 1.0), good), InvalidInputError);

  // Singular, zero, indefinite, non-symmetric and non-finite K.
  EXPECT_THROW((void)chatterjeeRuinaImpulse(Vec3(1.0, 1.0, 0.0).asDiagonal(), u, n, good),
               InvalidInputError);
  EXPECT_THROW((void)chatterjeeRuinaImpulse(Mat3::Zero(), u, n, good), InvalidInputError);
  EXPECT_THROW((void)chatterjeeRuinaImpulse(Vec3(1.0, -1.0, 1.0).asDiagonal(), u, n, good),
               InvalidInputError);
  Mat3 asymmetric = K;
  asymmetric(0, 1) = 0.5;
  EXPECT_THROW((void)chatterjeeRuinaImpulse(asymmetric, u, n, good), InvalidInputError);
  Mat3 infinite = K;
  infinite(2, 2) = std::numeric_limits<double>::infinity();
  EXPECT_THROW((void)chatterjeeRuinaImpulse(infinite, u, n, good), InvalidInputError);
  // Two fixed bodies: K = 0.
  EXPECT_THROW((void)chatterjeeRuinaImpulse(
                   collisionMatrix(ImpactBody{}, ImpactBody{}, Vec3::Zero()), u, n, good),
               InvalidInputError);

  // Parameters out of range; the message names the field and the value.
  const auto message = [&](const ImpactParameters& p) {
    try {
      (void)chatterjeeRuinaImpulse(K, u, n, p);
    } catch (const InvalidInputError& error) {
      return std::string(error.what());
    }
    return std::string("no exception");
  };
  EXPECT_NE(message({0.5, 0.0, -0.1}).find("friction"), std::string::npos);
  EXPECT_NE(message({0.5, 0.0, -0.1}).find("-0.1"), std::string::npos);
  EXPECT_NE(message({1.5, 0.0, 0.5}).find("restitution (e)"), std::string::npos);
  EXPECT_NE(message({-0.1, 0.0, 0.5}).find("restitution (e)"), std::string::npos);
  EXPECT_NE(message({nan, 0.0, 0.5}).find("restitution (e)"), std::string::npos);
  EXPECT_NE(message({0.5, 1.5, 0.5}).find("tangential_restitution"), std::string::npos);
  EXPECT_NE(message({0.5, -1.5, 0.5}).find("tangential_restitution"), std::string::npos);
  EXPECT_NE(message({0.5, 0.0, std::numeric_limits<double>::infinity()}).find("friction"),
            std::string::npos);

  // Bad bodies.
  ImpactBody negative;
  negative.inverse_mass = -1.0;
  EXPECT_THROW((void)collisionMatrix(negative, ImpactBody{}, Vec3::Zero()), InvalidInputError);
  EXPECT_THROW((void)collisionMatrix(ImpactBody{}, ImpactBody{}, Vec3(nan, 0.0, 0.0)),
               InvalidInputError);
}

}  // namespace
}  // namespace contactsim
