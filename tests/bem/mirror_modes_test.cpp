// The plane-strain model's modes by mirror class (projectedModes) against answers from outside
// them: the one dense eigenproblem of the whole model, and the resolvent pᵀ(s² M + K)⁻¹ q solved
// directly by a sparse Cholesky factorisation, which the modal sum Σ_m (pᵀφ_m)(qᵀφ_m)/(s² + ω_m²)
// must equal for every s > 0.
#include <gtest/gtest.h>

#include <Eigen/SparseCholesky>
#include <cmath>

#include "bem/mirror_modes.hpp"
#include "contactsim/error.hpp"

namespace contactsim {
namespace {

constexpr double kLength = 0.2, kDiameter = 0.0125;
constexpr int kSide = 6, kTip = 4;  // a small bar: ~500 dofs, the whole dense problem is quick

PlaneStrainMesh smallBar(int columns) {
  const auto boundary = meshLoops({barLoop(kLength, kDiameter, kSide, kTip, 1.4)});
  return barPlaneStrainMesh(boundary, kLength, kDiameter, kTip, {1, 1.5, columns});
}

// Probes with no symmetry: three pseudo-random vectors and one nodal displacement.
Eigen::MatrixXd probes(Eigen::Index dofs) {
  Eigen::MatrixXd p = Eigen::MatrixXd::Zero(dofs, 4);
  for (Eigen::Index i = 0; i < dofs; ++i) {
    p(i, 0) = std::sin(1.3 * static_cast<double>(i) + 0.2);
    p(i, 1) = std::cos(0.7 * static_cast<double>(i * i % 97));
    p(i, 2) = static_cast<double>((i * 37) % 11) - 5.0;
  }
  p(7, 3) = 1.0;
  return p;
}

TEST(MirrorModes, MatchTheWholeModelAndTheDirectResolvent) {
  const auto mesh = smallBar(2);
  const auto system = assemblePlaneStrain(mesh, kSteel);
  const Eigen::MatrixXd p = probes(system.stiffness.rows());
  // A quarter-size limit: the classes must have been used, or this throws.
  const auto dofs = system.stiffness.rows();
  const auto mirrored = projectedModes(mesh, system, p, true, dofs / 4 + 8);
  const auto whole = projectedModes(mesh, system, p, false, 6000);
  // Same spectrum: the non-rigid ω² to 1e-9 relative, three rigid ones at zero.
  ASSERT_EQ(mirrored.omega2.size(), whole.omega2.size());
  const double top = whole.omega2.maxCoeff();
  for (Eigen::Index m = 0; m < whole.omega2.size(); ++m)
    EXPECT_NEAR(mirrored.omega2[m], whole.omega2[m], 1e-9 * (m < 3 ? top : whole.omega2[m]));
  EXPECT_LT(std::abs(mirrored.omega2[2]), 1e-9 * mirrored.omega2[3]);
  // Same resolvent, and both the direct solve's: (s² M + K) x = q, then pᵀx.
  for (const double s : {2e3, 3e4, 5e5}) {
    const Eigen::SparseMatrix<double> a = s * s * system.mass + system.stiffness;
    const Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> direct(a);
    ASSERT_EQ(direct.info(), Eigen::Success);
    const Eigen::MatrixXd exact = p.transpose() * direct.solve(p);
    const auto modal = [&](const ModalProjections& modes) {
      const Eigen::VectorXd r = (modes.omega2.array() + s * s).inverse();
      return Eigen::MatrixXd(modes.projections * r.asDiagonal() * modes.projections.transpose());
    };
    const double scale = exact.cwiseAbs().maxCoeff();
    EXPECT_LT((modal(mirrored) - exact).cwiseAbs().maxCoeff(), 1e-8 * scale) << "s = " << s;
    EXPECT_LT((modal(whole) - exact).cwiseAbs().maxCoeff(), 1e-8 * scale) << "s = " << s;
  }
}

TEST(MirrorModes, AnAsymmetricMeshTakesTheWholeProblem) {
  auto mesh = smallBar(1);
  mesh.nodes[5].x() += 1e-4;  // no longer a mirror image of its partner
  const auto system = assemblePlaneStrain(mesh, kSteel);
  const Eigen::MatrixXd p = probes(system.stiffness.rows());
  const auto modes = projectedModes(mesh, system, p, true, 6000);
  const Eigen::SparseMatrix<double> a = 1e8 * system.mass + system.stiffness;  // s = 1e4
  const Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> direct(a);
  const Eigen::MatrixXd exact = p.transpose() * direct.solve(p);
  const Eigen::VectorXd r = (modes.omega2.array() + 1e8).inverse();
  const Eigen::MatrixXd modal = modes.projections * r.asDiagonal() * modes.projections.transpose();
  EXPECT_LT((modal - exact).cwiseAbs().maxCoeff(), 1e-8 * exact.cwiseAbs().maxCoeff());
}

TEST(MirrorModes, RefusesProblemsBeyondTheDenseLimit) {
  const auto mesh = smallBar(1);
  const auto system = assemblePlaneStrain(mesh, kSteel);
  const Eigen::MatrixXd p = probes(system.stiffness.rows());
  const auto dofs = system.stiffness.rows();
  EXPECT_THROW((void)projectedModes(mesh, system, p, false, dofs - 1), InvalidInputError);
  // A quarter fits where the whole would not.
  EXPECT_NO_THROW((void)projectedModes(mesh, system, p, true, dofs / 4 + 8));
}

}  // namespace
}  // namespace contactsim
