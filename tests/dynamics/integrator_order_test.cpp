// Convergence orders measured against the exact torque-free solution: RK4 is 4, the Cash–Karp
// fifth-order solution 5, semi-implicit Euler 1.
#include <gtest/gtest.h>

#include <cmath>

#include "contactsim_reference/torque_free_body.hpp"
#include "dynamics/cash_karp.hpp"
#include "dynamics/free_body.hpp"
#include "dynamics/rk4.hpp"

namespace contactsim {
namespace {

const Vec3 kMoments(0.2, 0.5, 0.6);
const Vec3 kOmega0(0.6, 2.5, -1.0);
constexpr double kEnd = 2.0;

enum class Method { kRk4, kCashKarp, kSemiImplicitEuler };

double omegaError(Method method, int steps) {
  const FreeBodySystem system(MassProperties::principal(1.0, kMoments), Vec3::Zero());
  const reference::TorqueFreeBody exact(kMoments, kOmega0);
  RigidBodyState s;
  s.twist = spatial(kOmega0, Vec3::Zero());
  FreeBodySystem::State x = FreeBodySystem::pack(s);
  const double h = kEnd / steps;
  for (int k = 0; k < steps; ++k) {
    switch (method) {
      case Method::kRk4:
        x = rk4Step(system, k * h, x, h);
        break;
      case Method::kCashKarp:
        x = cashKarpStep(system, k * h, x, h).x;
        break;
      case Method::kSemiImplicitEuler:
        x = FreeBodySystem::pack(
            semiImplicitEulerStep(system, k * h, FreeBodySystem::unpack(x), h));
        break;
    }
  }
  return (Vec3(x.segment<3>(7)) - exact.omega(kEnd)).norm();
}

double measuredOrder(Method method, int coarse) {
  return std::log2(omegaError(method, coarse) / omegaError(method, 2 * coarse));
}

TEST(IntegratorOrderTest, Rk4IsFourthOrder) {
  const double p = measuredOrder(Method::kRk4, 200);
  EXPECT_NEAR(p, 4.0, 0.15) << "measured order " << p;
  RecordProperty("rk4_order", ::testing::PrintToString(p));
}

TEST(IntegratorOrderTest, CashKarpIsFifthOrder) {
  const double p = measuredOrder(Method::kCashKarp, 50);
  EXPECT_NEAR(p, 5.0, 0.25) << "measured order " << p;
}

TEST(IntegratorOrderTest, CashKarpErrorEstimateIsFourthOrderLocal) {
  // The embedded estimate ~ C h⁵ per step: halving h divides it by ≈ 32.
  const FreeBodySystem system(MassProperties::principal(1.0, kMoments), Vec3::Zero());
  RigidBodyState s;
  s.twist = spatial(kOmega0, Vec3::Zero());
  const FreeBodySystem::State x = FreeBodySystem::pack(s);
  const double e1 = cashKarpStep(system, 0.0, x, 0.02).error.norm();
  const double e2 = cashKarpStep(system, 0.0, x, 0.01).error.norm();
  EXPECT_NEAR(std::log2(e1 / e2), 5.0, 0.3);
}

TEST(IntegratorOrderTest, SemiImplicitEulerIsFirstOrder) {
  const double p = measuredOrder(Method::kSemiImplicitEuler, 2000);
  EXPECT_NEAR(p, 1.0, 0.1) << "measured order " << p;
}

}  // namespace
}  // namespace contactsim
