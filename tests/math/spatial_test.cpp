// Spatial algebra of kry-pai-2002 §2 against identities that hold independently of the code:
// group homomorphism of Ad, frame invariance of power, 𝒱∘𝒪 = id, and eq. 4 by finite differences.
#include "contactsim/math/spatial.hpp"

#include <gtest/gtest.h>

#include <random>
#include <unsupported/Eigen/MatrixFunctions>

#include "contactsim/math/quaternion.hpp"

namespace contactsim {
namespace {

class SpatialTest : public ::testing::Test {
 protected:
  Frame randomFrame() {
    std::normal_distribution<double> n(0.0, 1.0);
    const Quat q = Quat(n(rng_), n(rng_), n(rng_), n(rng_)).normalized();
    return makeFrame(q, Vec3(n(rng_), n(rng_), n(rng_)));
  }
  Vec6 randomVec6() {
    std::normal_distribution<double> n(0.0, 1.0);
    Vec6 x;
    for (int i = 0; i < 6; ++i)
      x(i) = n(rng_);
    return x;
  }
  std::mt19937 rng_{20261121};
};

TEST_F(SpatialTest, SkewIsCrossProduct) {
  const Vec3 a(0.3, -1.2, 2.0), b(-0.7, 0.4, 1.1);
  EXPECT_LT((skew(a) * b - a.cross(b)).norm(), 1e-15);
  EXPECT_LT((unskew(skew(a)) - a).norm(), 1e-15);
}

TEST_F(SpatialTest, ExtractInvertsExpand) {  // 𝒱(𝒪(φ)) = φ, eqs. 1 and 3
  for (int k = 0; k < 100; ++k) {
    const Twist phi = randomVec6();
    EXPECT_EQ(extract(expand(phi)), phi);
  }
}

TEST_F(SpatialTest, ExtractProjectsOntoSo3) {
  Mat4 T = expand(spatial(Vec3(1, 2, 3), Vec3(4, 5, 6)));
  Mat3 symmetric;
  symmetric << 7, 1, 2, 1, 3, 4, 2, 4, 5;
  T.topLeftCorner<3, 3>() += symmetric;
  EXPECT_LT((extract(T) - spatial(Vec3(1, 2, 3), Vec3(4, 5, 6))).norm(), 1e-15);
}

TEST_F(SpatialTest, AdjointIsAHomomorphism) {  // Ad(E1 E2) = Ad(E1) Ad(E2)
  for (int k = 0; k < 100; ++k) {
    const Frame E1 = randomFrame(), E2 = randomFrame();
    EXPECT_LT((adjoint(E1 * E2) - adjoint(E1) * adjoint(E2)).norm(), 1e-13);
    EXPECT_LT((adjoint(E1.inverse()) * adjoint(E1) - Mat6::Identity()).norm(), 1e-13);
  }
}

TEST_F(SpatialTest, AdjointMatchesConjugationOfTwistMatrix) {  // 𝒪(Ad φ) = E 𝒪(φ) E⁻¹
  for (int k = 0; k < 50; ++k) {
    const Frame E = randomFrame();
    const Twist phi = randomVec6();
    const Mat4 conjugated = E.matrix() * expand(phi) * E.inverse().matrix();
    EXPECT_LT((adjoint(E) * phi - extract(conjugated)).norm(), 1e-13);
    EXPECT_LT((transformTwist(E, phi) - adjoint(E) * phi).norm(), 1e-13);
  }
}

TEST_F(SpatialTest, PowerIsInvariantUnderChangeOfFrame) {  // ^jf·^jφ = ^if·^iφ
  for (int k = 0; k < 100; ++k) {
    const Frame E_j_i = randomFrame();
    const Twist phi_i = randomVec6();
    const Wrench f_i = randomVec6();
    const double power_i = f_i.dot(phi_i);
    EXPECT_NEAR(transformWrench(E_j_i, f_i).dot(transformTwist(E_j_i, phi_i)), power_i, 1e-12);
    EXPECT_LT((transformWrench(E_j_i, f_i) - adjointInverseTranspose(E_j_i) * f_i).norm(), 1e-13);
  }
}

TEST_F(SpatialTest, WrenchTransformMovesTorqueByLeverArm) {
  // A pure force F at the origin of frame i, which sits at p in frame j: torque p × F about j.
  const Frame E_j_i = makeFrame(Mat3::Identity(), Vec3(1.0, 0.0, 0.0));
  const Wrench f_j = transformWrench(E_j_i, spatial(Vec3::Zero(), Vec3(0.0, 0.0, -2.0)));
  EXPECT_LT((f_j - spatial(Vec3(0.0, 2.0, 0.0), Vec3(0.0, 0.0, -2.0))).norm(), 1e-15);
}

TEST_F(SpatialTest, Eq4BodyTwistFromFiniteDifferenceOfMovingFrame) {
  // A frame moving along a known curve: rotation exp(t ω̂) about a fixed axis while its origin
  // follows p(t); ^iφ(j,i) has ω in frame i = ω and v = Θᵀ ṗ.
  const Vec3 axis = Vec3(0.3, -0.5, 0.8).normalized();
  const double rate = 1.7;
  auto E = [&](double t) {
    const Quat q = quaternionExp(axis * rate * t) * Quat(Eigen::AngleAxisd(0.4, Vec3::UnitX()));
    return makeFrame(q, Vec3(std::sin(t), t * t, std::cos(2.0 * t)));
  };
  const double t = 0.6, h = 1e-5;
  const Mat4 Edot = (E(t + h).matrix() - E(t - h).matrix()) / (2.0 * h);
  const Twist phi = bodyTwistFromDerivative(E(t), Edot);
  const Mat3 R = E(t).linear();
  const Vec3 pdot(std::cos(t), 2.0 * t, -2.0 * std::sin(2.0 * t));
  EXPECT_LT((angular(phi) - R.transpose() * axis * rate).norm(), 1e-9);
  EXPECT_LT((linear(phi) - R.transpose() * pdot).norm(), 1e-9);
}

TEST_F(SpatialTest, SpatialCrossIsDerivativeOfAdjointAlongTwist) {
  // d/ds Ad(exp(s 𝒪φ)) ψ at s = 0 equals [φ] ψ.
  for (int k = 0; k < 20; ++k) {
    const Twist phi = randomVec6();
    const Twist psi = randomVec6();
    const double h = 1e-6;
    auto expTwist = [&](double s) {
      const Mat4 T = (s * expand(phi)).exp();
      return Frame(T);
    };
    const Vec6 fd = (adjoint(expTwist(h)) * psi - adjoint(expTwist(-h)) * psi) / (2.0 * h);
    EXPECT_LT((fd - spatialCross(phi) * psi).norm(), 1e-8);
    const Wrench f = randomVec6();
    EXPECT_LT((spatialCrossTransposeTimes(phi, f) - spatialCross(phi).transpose() * f).norm(),
              1e-13);
  }
}

TEST_F(SpatialTest, LinearFirstConversionRoundTrips) {
  const Vec6 x = randomVec6();
  EXPECT_EQ(fromLinearFirst(toLinearFirst(x)), x);
  EXPECT_EQ(toLinearFirst(x).head<3>(), linear(x));
}

}  // namespace
}  // namespace contactsim
