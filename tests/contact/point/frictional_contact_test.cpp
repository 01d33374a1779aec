// One frictional point contact between a free body and a fixed one, solved by
// solveFrictionalContacts, checked against the definition of Coulomb's law (Signorini on the
// normal row, the impulse in the cone, a sliding impulse on the cone and opposite the slip it
// leaves) — including small slips against anisotropic bodies, where the fixed-point iteration on
// the slip direction swaps between two directions and the trust-region solve of the friction
// disk (contact/point/sliding_block.hpp) answers.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "contact/point/frictional_contact.hpp"
#include "contactsim/dynamics/mass_properties.hpp"

namespace contactsim {
namespace {

struct Outcome {
  Vec3 impulse;   // world, on the free body
  Vec3 velocity;  // of the free body's material point at the contact after the solve, world
};

// A free body (mass 1, principal moments `moments` about random axes) touching a fixed one at
// `arm` from its centre, with normal +z, pre-impulse velocity `v`, angular velocity `w`.
Outcome solveOne(const Vec3& moments, const Mat3& axes, const Vec3& arm, const Vec3& v,
                 const Vec3& w, double mu) {
  std::vector<VelocityBody> bodies(2);
  bodies[0].inverse_mass = 1.0;
  bodies[0].inverse_inertia = axes * moments.cwiseInverse().asDiagonal() * axes.transpose();
  bodies[0].velocity = v;
  bodies[0].omega = w;
  bodies[1].com = arm;  // fixed
  FrictionalContact c;
  c.body_a = 0;
  c.body_b = 1;
  c.point = arm;
  c.normal = Vec3::UnitZ();
  c.friction = mu;
  std::vector<Vec3> impulses;
  BlockPgsOptions options;
  options.tolerance = 1e-15;
  solveFrictionalContacts(bodies, std::vector<FrictionalContact>{c}, impulses, options);
  return {impulses[0], bodies[0].velocity + bodies[0].omega.cross(arm)};
}

// Many random sliding contacts: slender bodies (moments 1 : 20 : 400), random lever arms, a
// pressing normal velocity and slips from 1e-4 to 1 of it. Each answer must be Coulomb's:
// u_n = 0 with λ_n > 0; sticking u_t = 0 inside the cone, or sliding on the cone with the
// friction opposite the slip (their cosine −1).
TEST(FrictionalContact, EverySlidingAnswerIsCoulombs) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::normal_distribution<double> g;
  int sliding = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const Mat3 axes = Quat(g(rng), g(rng), g(rng), g(rng)).normalized().toRotationMatrix();
    const Vec3 arm(uniform(rng), uniform(rng), -std::abs(uniform(rng)));
    const double slip = std::pow(10.0, -4.0 * std::abs(uniform(rng)));
    const Vec3 v(slip * uniform(rng), slip * uniform(rng), -1.0);
    const double mu = 0.1 + 0.9 * std::abs(uniform(rng));
    const Outcome o = solveOne(Vec3(1.0, 20.0, 400.0) * 1e-3, axes, arm, v, Vec3::Zero(), mu);
    const double n = o.impulse.z();
    const Eigen::Vector2d t = o.impulse.head<2>(), u = o.velocity.head<2>();
    ASSERT_GT(n, 0.0) << "trial " << trial;
    EXPECT_NEAR(o.velocity.z(), 0.0, 1e-10) << "trial " << trial;
    ASSERT_LE(t.norm(), mu * n * (1.0 + 1e-12)) << "trial " << trial;
    if (u.norm() <= 1e-10)
      continue;  // sticking (round-off of the Delassus blocks, entries up to ~1e3, ≈ 1e-12)
    ++sliding;
    EXPECT_NEAR(t.norm(), mu * n, 1e-12 * n) << "trial " << trial;
    EXPECT_NEAR(t.dot(u) / (t.norm() * u.norm()), -1.0, 1e-9) << "trial " << trial;
  }
  EXPECT_GT(sliding, 500);  // the law's sliding branch was exercised
}

// A sliding contact's slip in closed form: a point mass (no lever arm: W = I) sliding with
// tangential velocity s against μ λ_n = μ |v_n| keeps s − μ |v_n| of it, in its own direction.
TEST(FrictionalContact, APointMassSlidesOnAsCoulombSays) {
  const Outcome o = solveOne(Vec3::Ones(), Mat3::Identity(), Vec3::Zero(), Vec3(0.3, 0.4, -0.2),
                             Vec3::Zero(), 0.5);
  EXPECT_NEAR(o.impulse.z(), 0.2, 1e-15);
  EXPECT_NEAR(o.velocity.x(), 0.3 * (1.0 - 0.1 / 0.5), 1e-15);
  EXPECT_NEAR(o.velocity.y(), 0.4 * (1.0 - 0.1 / 0.5), 1e-15);
}

}  // namespace
}  // namespace contactsim
