// Free rigid body (kry-pai-2002 eq. 15) against conservation laws and exact solutions.
#include "dynamics/free_body.hpp"

#include <gtest/gtest.h>

#include "contactsim_reference/torque_free_body.hpp"
#include "dynamics/rk4.hpp"

namespace contactsim {
namespace {

// Asymmetric body whose body frame is not principal: principal moments (0.2, 0.5, 0.6) along
// axes rotated by R, so the inertia tensor has products of inertia.
const Mat3 kPrincipalAxes =
    Quat(Eigen::AngleAxisd(0.9, Vec3(1.0, -2.0, 0.5).normalized())).toRotationMatrix();
const Vec3 kMoments(0.2, 0.5, 0.6);
MassProperties asymmetricBody() {
  return MassProperties(3.0, kPrincipalAxes * kMoments.asDiagonal() * kPrincipalAxes.transpose());
}

RigidBodyState integrate(const FreeBodySystem& system, RigidBodyState s, double h, int steps) {
  FreeBodySystem::State x = FreeBodySystem::pack(s);
  for (int k = 0; k < steps; ++k)
    x = rk4Step(system, k * h, x, h);
  return FreeBodySystem::unpack(x);
}

TEST(FreeBodyTest, TorqueFreeBodyConservesEnergyAndAngularMomentum) {
  // Acceptance: relative drift < 1e-9 over 10 s with 1 ms RK4.
  const FreeBodySystem system(asymmetricBody(), Vec3::Zero());
  RigidBodyState s;
  s.orientation = Quat(Eigen::AngleAxisd(0.3, Vec3::UnitY()));
  s.twist = spatial(Vec3(0.4, 2.0, -0.7), Vec3(0.1, 0.0, 0.2));
  auto L = [&](const RigidBodyState& x) {
    return Vec3(x.orientation * (system.body().inertia() * angular(x.twist)));
  };
  const double E0 = system.energy(s);
  const Vec3 L0 = L(s);
  FreeBodySystem::State x = FreeBodySystem::pack(s);
  double worst_energy = 0.0, worst_momentum = 0.0;
  for (int k = 0; k < 10000; ++k) {
    x = rk4Step(system, k * 1e-3, x, 1e-3);
    const RigidBodyState sk = FreeBodySystem::unpack(x);
    worst_energy = std::max(worst_energy, std::abs(system.energy(sk) - E0) / E0);
    worst_momentum = std::max(worst_momentum, (L(sk) - L0).norm() / L0.norm());
  }
  EXPECT_LT(worst_energy, 1e-9);
  EXPECT_LT(worst_momentum, 1e-9);
  RecordProperty("energy_drift", ::testing::PrintToString(worst_energy));
  RecordProperty("momentum_drift", ::testing::PrintToString(worst_momentum));
}

TEST(FreeBodyTest, AngularVelocityFollowsExactEulerSolution) {
  // ω(t) in principal axes against the Jacobi-elliptic solution of Euler's equations.
  const FreeBodySystem system(asymmetricBody(), Vec3::Zero());
  RigidBodyState s;
  const Vec3 omega_principal(0.3, 1.8, -0.5);
  s.twist = spatial(kPrincipalAxes * omega_principal, Vec3::Zero());
  const reference::TorqueFreeBody exact(kMoments, omega_principal);
  FreeBodySystem::State x = FreeBodySystem::pack(s);
  const double h = 1e-3;
  for (int k = 1; k <= 5000; ++k) {
    x = rk4Step(system, (k - 1) * h, x, h);
    if (k % 500 == 0) {
      const Vec3 w = kPrincipalAxes.transpose() * Vec3(x.segment<3>(7));
      EXPECT_LT((w - exact.omega(k * h)).norm(), 1e-9) << "t = " << k * h;
    }
  }
}

TEST(FreeBodyTest, FreeFallIsExact) {
  // RK4 integrates polynomials of degree ≤ 4 exactly: p = p₀ + v₀ t + ½ g t².
  const Vec3 g(0.0, 0.0, -9.81), p0(1.0, 2.0, 3.0), v0(0.5, -0.2, 4.0);
  const FreeBodySystem system(asymmetricBody(), g);
  const RigidBodyState s = RigidBodyState::fromWorldVelocities(
      p0, Quat(Eigen::AngleAxisd(0.4, Vec3::UnitX())), Vec3::Zero(), v0);
  const RigidBodyState end = integrate(system, s, 0.01, 200);
  const double t = 2.0;
  EXPECT_LT((end.position - (p0 + v0 * t + 0.5 * g * t * t)).norm(), 1e-12);
  EXPECT_LT((end.worldLinearVelocity() - (v0 + g * t)).norm(), 1e-12);
}

TEST(FreeBodyTest, SpinningFreeFallKeepsTheParabola) {
  // Spinning about a principal axis: ω stays constant, the centre of mass still falls exactly.
  const Vec3 g(0.0, 0.0, -9.81), v0(0.5, -0.2, 4.0);
  const FreeBodySystem system(MassProperties::principal(1.0, Vec3(0.2, 0.5, 0.6)), g);
  const RigidBodyState s =
      RigidBodyState::fromWorldVelocities(Vec3::Zero(), Quat::Identity(), Vec3(0, 0, 3.0), v0);
  const RigidBodyState end = integrate(system, s, 1e-3, 2000);
  EXPECT_LT((end.position - (v0 * 2.0 + 0.5 * g * 4.0)).norm(), 1e-9);
  EXPECT_LT((end.worldAngularVelocity() - Vec3(0, 0, 3.0)).norm(), 1e-12);
}

TEST(FreeBodyTest, UserWrenchAcceleratesAsNewtonSays) {
  const Vec3 force(1.0, -2.0, 0.5);
  const FreeBodySystem system(MassProperties::principal(2.0, Vec3(1.0, 1.0, 1.0)), Vec3::Zero(),
                              constantWorldWrench(Vec3(0.0, 0.0, 0.3), force));
  const RigidBodyState end = integrate(system, RigidBodyState{}, 1e-3, 1000);
  EXPECT_LT((end.position - 0.5 * force / 2.0).norm(), 1e-12);
  // A sphere-like body (isotropic inertia 1) under a constant torque: ω = τ t.
  EXPECT_LT((end.worldAngularVelocity() - Vec3(0.0, 0.0, 0.3)).norm(), 1e-12);
}

TEST(FreeBodyTest, SemiImplicitEulerMatchesItsClosedFormInFreeFall) {
  // vₙ = v₀ + n h g and pₙ = p₀ + n h v₀ + h² g n(n+1)/2 for symplectic Euler.
  const Vec3 g(0.0, 0.0, -9.81), v0(0.3, 0.0, 2.0);
  const FreeBodySystem system(MassProperties::principal(1.0, Vec3(1.0, 1.0, 1.0)), g);
  RigidBodyState s =
      RigidBodyState::fromWorldVelocities(Vec3::Zero(), Quat::Identity(), Vec3::Zero(), v0);
  const double h = 0.01;
  const int n = 100;
  for (int k = 0; k < n; ++k)
    s = semiImplicitEulerStep(system, k * h, s, h);
  EXPECT_LT((s.position - (n * h * v0 + h * h * g * n * (n + 1) / 2.0)).norm(), 1e-12);
  EXPECT_LT((s.worldLinearVelocity() - (v0 + n * h * g)).norm(), 1e-12);
}

TEST(FreeBodyTest, PackUnpackRoundTrips) {
  RigidBodyState s;
  s.position = Vec3(1, 2, 3);
  s.orientation = Quat(Eigen::AngleAxisd(0.5, Vec3::UnitZ()));
  s.twist << 1, 2, 3, 4, 5, 6;
  const RigidBodyState r = FreeBodySystem::unpack(FreeBodySystem::pack(s));
  EXPECT_EQ(r.position, s.position);
  EXPECT_EQ(r.orientation.coeffs(), s.orientation.coeffs());
  EXPECT_EQ(r.twist, s.twist);
}

}  // namespace
}  // namespace contactsim
