#include "contactsim/dynamics/mass_properties.hpp"

#include <gtest/gtest.h>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

TEST(MassPropertiesTest, PrincipalAxesOfATensorWithProducts) {
  // A tensor built from known principal moments and axes is decomposed back into them.
  const Mat3 R = Quat(Eigen::AngleAxisd(0.9, Vec3(1.0, -2.0, 0.5).normalized())).toRotationMatrix();
  const Vec3 moments(0.2, 0.5, 0.6);
  const MassProperties body(2.0, R * moments.asDiagonal() * R.transpose());
  EXPECT_LT((body.principalMoments() - moments).norm(), 1e-14);
  const Mat3& A = body.principalAxes();
  EXPECT_NEAR(A.determinant(), 1.0, 1e-14);
  EXPECT_LT((A * body.principalMoments().asDiagonal() * A.transpose() - body.inertia()).norm(),
            1e-14);
  for (int i = 0; i < 3; ++i) {  // each axis is R's column up to sign
    EXPECT_NEAR(std::abs(A.col(i).dot(R.col(i))), 1.0, 1e-12);
  }
}

TEST(MassPropertiesTest, SpatialInertiaAndItsInverse) {
  Mat3 I;
  I << 0.3, 0.01, -0.02, 0.01, 0.4, 0.03, -0.02, 0.03, 0.5;
  const MassProperties body(1.5, I);
  const Twist phi = spatial(Vec3(1.0, -2.0, 0.5), Vec3(0.3, 0.2, -0.1));
  EXPECT_LT((body.spatialInertia() * phi - body.momentum(phi)).norm(), 1e-15);
  EXPECT_LT((body.solve(body.momentum(phi)) - phi).norm(), 1e-14);
  EXPECT_NEAR(body.kineticEnergy(phi), 0.5 * phi.dot(body.spatialInertia() * phi), 1e-15);
}

TEST(MassPropertiesTest, RejectsInvalidInput) {
  const Mat3 good = Vec3(1.0, 2.0, 2.5).asDiagonal();
  EXPECT_THROW(MassProperties(0.0, good), InvalidInputError);
  EXPECT_THROW(MassProperties(-1.0, good), InvalidInputError);
  EXPECT_THROW(MassProperties(std::nan(""), good), InvalidInputError);
  Mat3 asymmetric = good;
  asymmetric(0, 1) = 0.1;
  EXPECT_THROW(MassProperties(1.0, asymmetric), InvalidInputError);
  EXPECT_THROW(MassProperties::principal(1.0, Vec3(1.0, -2.0, 2.5)), InvalidInputError);
  EXPECT_THROW(MassProperties::principal(1.0, Vec3(1.0, 1.0, 3.0)),
               InvalidInputError);  // I3 > I1+I2
  Mat3 infinite = good;
  infinite(2, 2) = std::numeric_limits<double>::infinity();
  EXPECT_THROW(MassProperties(1.0, infinite), InvalidInputError);
  try {
    MassProperties(1.0, Vec3(1.0, 1.0, 3.0).asDiagonal());
  } catch (const InvalidInputError& e) {
    EXPECT_NE(std::string(e.what()).find("triangle inequality"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace contactsim
