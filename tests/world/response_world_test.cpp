// Two map bodies against each other (ullrich-pai §5.1 eqs. 7–8 with both sides deforming),
// several contacts on one body (§5.2), sustained contact, and the world's input checks.
#include "world/response_world.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <limits>
#include <numbers>
#include <string>

#include "contactsim/error.hpp"
#include "synthetic_maps.hpp"

namespace contactsim {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kRadius = 0.05;
constexpr int kSides = 64;
constexpr double kStep = 4e-7;

std::shared_ptr<const ResponseMap> disc(double k, double density = 7850.0, double dt = kStep) {
  return std::make_shared<const ResponseMap>(test::mapOnOutline(
      "disc", test::regularPolygon(kSides, kRadius), test::springKernel(k), dt, density));
}

/// Eq. 8 (f^A = −f^B) and, in contact, eq. 7 (δ^A + δ^B = δ) on every record.
void expectActionReaction(std::span<const ContactRecord> records) {
  double peak = 0.0;
  for (const ContactRecord& r : records) {
    peak = std::max(peak, r.normal_force);
  }
  for (const ContactRecord& r : records) {
    // Rounding: of the force itself, and of the history's force (F̃ − F_0 Δδ cancels when free).
    const double scale = std::abs(r.normal_force) + 1e-6 * peak;
    EXPECT_NEAR(r.force_a, r.normal_force, 1e-9 * scale) << "t = " << r.time;
    EXPECT_NEAR(r.force_b, r.normal_force, 1e-9 * scale) << "t = " << r.time;
    if (r.in_contact) {
      EXPECT_NEAR(r.deformation_a + r.deformation_b, r.penetration, 1e-9 * std::abs(r.penetration))
          << "t = " << r.time;
    } else {
      EXPECT_EQ(r.normal_force, 0.0);
      EXPECT_LE(r.penetration, r.deformation_a + r.deformation_b);
    }
  }
}

struct Collision {
  double duration = 0.0;
  double peak = 0.0;
  std::vector<ContactRecord> records;
};

/// Runs until the contact history is released; A at the origin moving +x, B to its right.
Collision collide(ResponseWorld& world) {
  Collision c;
  for (int k = 0; k < 1000000; ++k) {
    world.step();
    for (const ContactRecord& r : world.lastStep()) {
      if (r.in_contact) {
        c.duration = world.time();
        c.peak = std::max(c.peak, r.normal_force);
      }
    }
    if (c.duration > 0.0 && world.liveContacts() == 0) {
      break;
    }
  }
  c.records.assign(world.records().begin(), world.records().end());
  return c;
}

/// Disc A with vertex 0 pointing at disc B's flat left face (B turned by π/n), touching.
void addFacingDiscs(ResponseWorld& world, std::shared_ptr<const ResponseMap> a,
                    std::shared_ptr<const ResponseMap> b, double va, double vb) {
  PlanarBodyState sa;
  sa.velocity = Vec2(va, 0.0);
  PlanarBodyState sb;
  sb.position = Vec2(kRadius + kRadius * std::cos(kPi / kSides), 0.0);
  sb.angle = kPi / kSides;
  sb.velocity = Vec2(vb, 0.0);
  world.addBody(std::move(a), sa);
  world.addBody(std::move(b), sb);
}

TEST(ResponseWorldTest, IdenticalMapsDeformEqually) {
  const double k = 1e9;
  const auto map = disc(k);
  ResponseWorld world;
  addFacingDiscs(world, map, map, 1.0, -1.0);
  const double m = world.massProperties(0).mass;
  const Vec2 p_before = linearMomentum(world.state(0), world.massProperties(0)) +
                        linearMomentum(world.state(1), world.massProperties(1));
  const Collision c = collide(world);
  ASSERT_FALSE(c.records.empty());
  expectActionReaction(c.records);
  for (const ContactRecord& r : c.records) {
    EXPECT_EQ(r.kind, ResponseContactKind::kBodies);
    EXPECT_NEAR((r.normal - Vec2(-1.0, 0.0)).norm(), 0.0, 1e-12);
    // Same response on both sides: each takes half the penetration.
    EXPECT_NEAR(r.deformation_a, r.deformation_b, 1e-12 * std::abs(r.deformation_a) + 1e-300);
  }
  // Reduced mass m/2 on springs k/2 in series: π√(m/k) as for one disc on the block.
  std::cout << "identical discs: contact " << c.duration << " s vs " << kPi * std::sqrt(m / k)
            << " s, peak " << c.peak << " vs " << 2.0 * std::sqrt(0.5 * k * 0.5 * m)
            << " N/m, velocities after " << world.state(0).velocity.x() << ", "
            << world.state(1).velocity.x() << "\n";
  EXPECT_NEAR(c.duration, kPi * std::sqrt(m / k), 3 * kStep);
  EXPECT_NEAR(c.peak / (2.0 * std::sqrt(0.25 * k * m)), 1.0, 5e-3);
  const Vec2 p_after = linearMomentum(world.state(0), world.massProperties(0)) +
                       linearMomentum(world.state(1), world.massProperties(1));
  EXPECT_NEAR((p_after - p_before).norm(), 0.0, 1e-12 * m);
  EXPECT_NEAR(world.state(0).velocity.x(), -1.0, 5e-3);
  EXPECT_NEAR(world.state(1).velocity.x(), 1.0, 5e-3);
  EXPECT_NEAR(world.state(0).angular_velocity, 0.0, 1e-9);
  EXPECT_NEAR(world.state(1).angular_velocity, 0.0, 1e-9);
}

TEST(ResponseWorldTest, DifferentSpringsShareThePenetrationInverselyToStiffness) {
  const double ka = 1e9;
  const double kb = 3e9;
  ResponseWorld world;
  addFacingDiscs(world, disc(ka), disc(kb, 2700.0), 1.0, 0.0);
  const double ma = world.massProperties(0).mass;
  const double mb = world.massProperties(1).mass;
  const Collision c = collide(world);
  expectActionReaction(c.records);
  int in_contact = 0;
  for (const ContactRecord& r : c.records) {
    if (r.in_contact) {
      ++in_contact;
      EXPECT_NEAR(r.deformation_a / r.deformation_b, kb / ka, 1e-10);
    }
  }
  const double mu = ma * mb / (ma + mb);
  const double k = ka * kb / (ka + kb);
  std::cout << "different discs (k 1e9 | 3e9, steel | aluminium density): " << in_contact
            << " steps in contact, " << c.duration << " s vs " << kPi * std::sqrt(mu / k) << " s\n";
  EXPECT_NEAR(c.duration, kPi * std::sqrt(mu / k), 3 * kStep);
  // Elastic central impact: the velocities of 1D elastic collision, to O(Δt).
  EXPECT_NEAR(world.state(0).velocity.x(), (ma - mb) / (ma + mb), 1e-2);
  EXPECT_NEAR(world.state(1).velocity.x(), 2 * ma / (ma + mb), 1e-2);
}

TEST(ResponseWorldTest, TwoTipsWithDifferentResponsesSolvedTogether) {
  // A bar whose two lower corners respond differently lands flat: two contacts on one body,
  // coupled through its rotation, solved by Gauss–Seidel sweeps each step.
  test::Kernel soft = test::kelvinVoigtKernel(1e9, 2e4, kStep, 3);
  test::Kernel hard{std::vector<double>(4, 3e9), 3e9};  // a spring, with the same window N_f = 4
  ResponseMap map =
      test::mapOnOutline("bar", test::rectangle(0.2, 0.0125), soft, kStep);  // origin at one end
  map.nodes[1].force = hard.force;
  map.nodes[1].stiffness = hard.stiffness;
  const auto bar = std::make_shared<const ResponseMap>(map);
  ResponseWorldOptions options;
  options.friction = 0.3;
  ResponseWorld world(options);
  const PlanarMassProperties mp = planarMassProperties(map.outline, map.material.density);
  world.addBody(bar, stateFromCentroid(mp, Vec2(0.0, 0.00625), 0.0, Vec2(0.2, -1.0), 0.0));
  world.addHalfPlane({Vec2::Zero(), Vec2::UnitY()});
  const double ke0 = kineticEnergy(world.state(0), mp);
  const Vec2 p0 = linearMomentum(world.state(0), mp);
  Vec2 impulse = Vec2::Zero();
  double work = 0.0;
  int max_sweeps = 0;
  bool both = false;
  for (int k = 0; k < 200000; ++k) {
    world.step();
    EXPECT_TRUE(world.lastSolve().converged);
    max_sweeps = std::max(max_sweeps, world.lastSolve().sweeps);
    int touching = 0;
    for (const ContactRecord& r : world.lastStep()) {
      impulse += kStep * (r.normal_force * r.normal + r.tangential_force * perpendicular(r.normal));
      work += r.work;
      touching += r.in_contact ? 1 : 0;
      EXPECT_LE(std::abs(r.tangential_force), 0.3 * r.normal_force * (1 + 1e-12));
    }
    both = both || touching == 2;
    if (world.time() > 1e-4 && world.liveContacts() == 0) {
      break;
    }
  }
  expectActionReaction(world.records());
  EXPECT_TRUE(both);
  EXPECT_EQ(world.liveContacts(), 0u);
  const Vec2 dp = linearMomentum(world.state(0), mp) - p0;
  EXPECT_NEAR((impulse - dp).norm(), 0.0, 1e-11 * dp.norm());
  const double dke = kineticEnergy(world.state(0), mp) - ke0;
  std::cout << "two different tips: max sweeps " << max_sweeps << ", omega after "
            << world.state(0).angular_velocity << " rad/s, work " << work << " vs dKE " << dke
            << " J/m\n";
  EXPECT_NE(world.state(0).angular_velocity, 0.0);
  EXPECT_NEAR(work, dke, 2e-2 * ke0);
}

TEST(ResponseWorldTest, SustainedContactCarriesTheWeight) {
  // ullrich-pai §5.2: resting needs nothing special. A damped disc settles at F = m g, δ = m g/k;
  // a trapezoid resting on its two lower corners splits its weight by the lever rule.
  const double k = 1e9;
  const double m_disc = planarMassProperties(test::regularPolygon(kSides, kRadius), 7850.0).mass;
  const double c = 2.0 * 0.5 * std::sqrt(k * m_disc);
  const auto map = std::make_shared<const ResponseMap>(
      test::mapOnOutline("disc", test::regularPolygon(kSides, kRadius, -0.5 * kPi),
                         test::kelvinVoigtKernel(k, c, kStep), kStep));
  ResponseWorldOptions options;
  options.gravity = Vec2(0.0, -9.81);
  options.record = false;
  ResponseWorld world(options);
  PlanarBodyState s;
  s.position = Vec2(0.0, kRadius);
  world.addBody(map, s);
  world.addHalfPlane({Vec2::Zero(), Vec2::UnitY()});
  for (int i = 0; i < 40000; ++i) {
    world.step();
  }
  ASSERT_EQ(world.lastStep().size(), 1u);
  const ContactRecord& r = world.lastStep()[0];
  EXPECT_NEAR(r.normal_force / (m_disc * 9.81), 1.0, 1e-9);
  EXPECT_NEAR(r.deformation_a / (m_disc * 9.81 / k), 1.0, 1e-9);

  const std::vector<Vec2> trapezoid = {{0.0, 0.0}, {0.2, 0.0}, {0.2, 0.03}, {0.0, 0.01}};
  const auto block = std::make_shared<const ResponseMap>(
      test::mapOnOutline("trapezoid", trapezoid, test::kelvinVoigtKernel(k, c, kStep), kStep));
  ResponseWorld rest(options);
  PlanarBodyState t;
  t.position = Vec2(-0.1, 0.0);  // body frame at the lower left corner, on the block
  rest.addBody(block, t);
  rest.addHalfPlane({Vec2::Zero(), Vec2::UnitY()});
  for (int i = 0; i < 40000; ++i) {
    rest.step();
  }
  const PlanarMassProperties mp = rest.massProperties(0);
  ASSERT_EQ(rest.lastStep().size(), 2u);
  const double weight = mp.mass * 9.81;
  const double x = mp.centroid.x();
  std::cout << "trapezoid at rest: corner forces " << rest.lastStep()[0].normal_force << ", "
            << rest.lastStep()[1].normal_force << " vs lever rule " << weight * (0.2 - x) / 0.2
            << ", " << weight * x / 0.2 << " N/m\n";
  EXPECT_NEAR(rest.lastStep()[0].normal_force / (weight * (0.2 - x) / 0.2), 1.0, 1e-6);
  EXPECT_NEAR(rest.lastStep()[1].normal_force / (weight * x / 0.2), 1.0, 1e-6);
}

TEST(ResponseWorldTest, InputErrorsAreNamed) {
  auto message = [](auto&& f) -> std::string {
    try {
      f();
    } catch (const InvalidInputError& e) {
      return e.what();
    }
    return "no error";
  };
  ResponseWorld world;
  EXPECT_NE(message([&] { world.step(); }).find("needs at least one map body"), std::string::npos);
  world.addBody(disc(1e9), {});
  // Δt must match: the convolution runs at the maps' sampling.
  const std::string dt = message([&] {
    world.addBody(disc(1e9, 7850.0, kStep * (1 + 1e-9)), {Vec2(1.0, 0.0), 0.0, Vec2::Zero(), 0.0});
  });
  EXPECT_NE(dt.find("response world body 1: map \"disc\" has time step"), std::string::npos) << dt;
  EXPECT_NE(dt.find("same time step"), std::string::npos) << dt;
  EXPECT_EQ(world.bodyCount(), 1u);
  // A non-convex outline cannot meet another body.
  const std::vector<Vec2> dart = {{0, 0}, {0.2, -0.1}, {0.1, 0}, {0.2, 0.1}};
  const auto dart_map = std::make_shared<const ResponseMap>(
      test::mapOnOutline("dart", dart, test::springKernel(1e9), kStep));
  EXPECT_NE(message([&] {
              world.addBody(dart_map, {Vec2(1.0, 0.0), 0.0, Vec2::Zero(), 0.0});
            }).find("turns clockwise at vertex 2"),
            std::string::npos);
  EXPECT_EQ(world.bodyCount(), 1u);
  // F(t_0) must be positive.
  ResponseMap zero =
      test::mapOnOutline("zero", test::regularPolygon(5, 0.1), test::springKernel(1e9), kStep);
  zero.nodes[3].force[0] = 0.0;
  EXPECT_NE(message([&] {
              world.addBody(std::make_shared<const ResponseMap>(zero), {});
            }).find("node 3 has F(t_0) = 0"),
            std::string::npos);
  // An invalid map, state, plane, option.
  ResponseMap bad = zero;
  bad.nodes[3].normal = Vec2(2.0, 0.0);
  EXPECT_NE(message([&] {
              world.addBody(std::make_shared<const ResponseMap>(bad), {});
            }).find("at /nodes/3/normal"),
            std::string::npos);
  PlanarBodyState nan;
  nan.angle = std::nan("");
  EXPECT_NE(message([&] { world.addBody(disc(1e9), nan); }).find("angle"), std::string::npos);
  EXPECT_THROW(world.addHalfPlane({Vec2::Zero(), Vec2(1.0, 1.0)}), InvalidInputError);
  ResponseWorldOptions options;
  options.friction = -0.1;
  EXPECT_THROW(ResponseWorld{options}, InvalidInputError);
}

TEST(ResponseWorldTest, ANonPassiveMapIsRefusedBeforeItGivesBackMoreThanItGot) {
  // A step response that grows (F_m = k(1 + m/500)) pushes harder the longer it is held: no
  // elastic body at rest does that. Unchecked, the disc leaves faster than it came (energy from
  // nowhere); checked, the step throws as soon as the contact returns 5 % more than it stored.
  const double k = 1e9;
  test::Kernel growing{{}, 0.0};
  for (int m = 0; m < 4096; ++m) {
    growing.force.push_back(k * (1.0 + m / 500.0));
  }
  growing.stiffness = growing.force.back();
  const auto map = std::make_shared<const ResponseMap>(test::mapOnOutline(
      "growing", test::regularPolygon(kSides, kRadius, -0.5 * kPi), growing, kStep));
  const auto drop = [&](const ResponseWorldOptions& options) {
    ResponseWorld world(options);
    PlanarBodyState s;
    s.position = Vec2(0.0, kRadius);
    s.velocity = Vec2(0.0, -1.0);
    world.addBody(map, s);
    world.addHalfPlane({Vec2::Zero(), Vec2::UnitY()});
    bool touched = false;
    for (int i = 0; i < 100000 && !(touched && world.liveContacts() == 0); ++i) {
      world.step();
      touched = touched || world.liveContacts() > 0;
    }
    return world.state(0).velocity.y();
  };
  ResponseWorldOptions unchecked;
  unchecked.record = false;
  unchecked.passivity_tolerance = std::numeric_limits<double>::infinity();
  const double e = drop(unchecked) / 1.0;
  std::cout << "growing step response, unchecked: e = " << e << "\n";
  EXPECT_GT(e, 1.05);  // kinetic energy gained: (e² − 1) of it came from the map

  ResponseWorldOptions checked;
  checked.record = false;
  try {
    drop(checked);
    ADD_FAILURE() << "a non-passive map ran to the end";
  } catch (const NumericalError& error) {
    const std::string what = error.what();
    EXPECT_NE(what.find("not passive"), std::string::npos) << what;
    EXPECT_NE(what.find("outline vertex 0"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace contactsim
