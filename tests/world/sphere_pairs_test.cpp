// Closed forms for exact spheres (src/world/sphere_pairs.hpp, sphere_flights.cpp): the chart
// inverse against the charts, the closest points against the meshes-and-Newton path of
// collision/surface_proximity.hpp (the oracle), the first touch against hand-solved motions, and a
// gas of flying balls run touch to touch against the same gas run in rounds.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <random>

#include "ball_lattice.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim/world/world.hpp"
#include "sphere_pairs.hpp"

namespace contactsim::world_detail {
namespace {

TEST(SpherePairs, ChartPointInvertsTheSphereCharts) {
  const ChartSurface sphere = makeSphere(0.3, Vec3(0.1, -0.2, 0.05));
  ASSERT_TRUE(sphere.sphereForm());
  EXPECT_EQ(sphere.sphereForm()->radius, 0.3);
  EXPECT_TRUE(sphere.sphereForm()->center.isApprox(Vec3(0.1, -0.2, 0.05)));
  EXPECT_FALSE(makeEllipsoid(Vec3(0.3, 0.3, 0.2)).sphereForm());
  EXPECT_FALSE(makeSphereInterior(0.3).sphereForm());
  std::mt19937 random(7);
  std::normal_distribution<double> normal;
  for (int k = 0; k < 200; ++k) {
    const Vec3 d = Vec3(normal(random), normal(random), normal(random)).normalized();
    const SurfacePoint p = sphereChartPoint(d);
    const Vec3 c = sphere.evaluate(p.patch, p.st.x(), p.st.y(), JetOrder::kPosition).c;
    EXPECT_LT((c - (Vec3(0.1, -0.2, 0.05) + 0.3 * d)).norm(), 1e-15);
  }
}

TEST(SpherePairs, ClosestPointsAgreeWithTheMeshAndNewtonPath) {
  const auto big = std::make_shared<ChartSurface>(makeSphere(0.2));
  const auto small = std::make_shared<ChartSurface>(makeSphere(0.07, Vec3(0.01, 0.0, -0.02)));
  const ProximityShape shape1(big, 6), shape2(small, 6);
  std::mt19937 random(11);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  for (int k = 0; k < 40; ++k) {
    const Frame E1 = Frame(Eigen::Translation3d(0.1 * uniform(random), 0.0, 0.0) *
                           Eigen::AngleAxisd(3.0 * uniform(random), Vec3(1, 2, 3).normalized()));
    const Vec3 direction = Vec3(uniform(random), uniform(random), uniform(random)).normalized();
    // Apart by 0.1 mm to 5 cm (overlapping, Newton's answer is another stationary pair).
    const double gap = 0.02505 + 0.02495 * uniform(random);
    // Body 2's sphere is off its origin: place its centre, not the origin, along the direction.
    const Mat3 R2 =
        Eigen::AngleAxisd(3.0 * uniform(random), Vec3(-1, 0, 2).normalized()).toRotationMatrix();
    const Vec3 centre2 = E1.translation() + (0.27 + gap) * direction;
    Frame E2 = Frame::Identity();
    E2.linear() = R2;
    E2.translation() = centre2 - R2 * small->sphereForm()->center;
    const ClosestPoints oracle = closestPoints(shape1, E1, shape2, E2);
    ASSERT_TRUE(oracle.converged);
    const ClosestPoints exact =
        sphereClosestPoints(*big->sphereForm(), E1, *small->sphereForm(), E2);
    EXPECT_NEAR(exact.distance, oracle.distance, 1e-12);
    EXPECT_LT((exact.point1 - oracle.point1).norm(), 1e-10);
    EXPECT_LT((exact.point2 - oracle.point2).norm(), 1e-10);
    EXPECT_LT((exact.normal - oracle.normal).norm(), 1e-9);
    // The parameter points name the same points.
    const Vec3 on1 = E1 * big->evaluate(exact.patch1, exact.st.x(), exact.st.y()).c;
    const Vec3 on2 = E2 * small->evaluate(exact.patch2, exact.uv.x(), exact.uv.y()).c;
    EXPECT_LT((on1 - exact.point1).norm(), 1e-14);
    EXPECT_LT((on2 - exact.point2).norm(), 1e-14);
  }
}

TEST(SpherePairs, FirstTouchOfLinearlyMovingCentres) {
  // Head on: 1 m apart, closing at 2 m/s, radii summing to 0.2 m: the gap 0.8 m closes at 0.4 s.
  EXPECT_NEAR(*sphereTouchTime(Vec3(1, 0, 0), Vec3(-2, 0, 0), 0.2, 1e-10, 1.0), 0.4, 1e-15);
  // Oblique: offset b = 0.1 across the path, the centres come within 0.2 at x = √(0.04 − 0.01).
  const double x = std::sqrt(0.03);
  EXPECT_NEAR(*sphereTouchTime(Vec3(1, 0.1, 0), Vec3(-1, 0, 0), 0.2, 1e-10, 2.0), 1.0 - x, 1e-15);
  // Wide: offset 0.25 never comes within 0.2; separating; too late for the span.
  EXPECT_FALSE(sphereTouchTime(Vec3(1, 0.25, 0), Vec3(-1, 0, 0), 0.2, 1e-10, 2.0));
  EXPECT_FALSE(sphereTouchTime(Vec3(1, 0, 0), Vec3(1, 0, 0), 0.2, 1e-10, 2.0));
  EXPECT_FALSE(sphereTouchTime(Vec3(1, 0, 0), Vec3(-1, 0, 0), 0.2, 1e-10, 0.5));
  // Touching and approaching: now; touching and separating: never.
  EXPECT_EQ(*sphereTouchTime(Vec3(0.2, 0, 0), Vec3(-1, 0, 0), 0.2, 1e-10, 1.0), 0.0);
  EXPECT_FALSE(sphereTouchTime(Vec3(0.2, 0, 0), Vec3(1, 0, 0), 0.2, 1e-10, 1.0));
}

// The lattice of reference/ball_lattice.hpp, with and without a fixed ball far away: with it the
// world cannot go touch to touch (sphere_flights.cpp) and takes rounds (smooth_free_pairs.cpp),
// whose touches come from the same closed form but are sought round by round among the swept
// spheres' pairs, from states read off the flight legs rather than from each body's motion since
// its last impact. Both must find the same impacts at the same times and end in the same states,
// to the rounding those two readings differ by.
TEST(SphereFlights, TouchToTouchAgreesWithRounds) {
  const WorldDescription gas = reference::ballLatticeWorld(3);
  WorldDescription with_rounds = gas;
  BodyDescription far;
  far.name = "far";
  far.fixed = true;
  far.surface = gas.bodies.front().surface;
  far.initial_state.position = Vec3(100.0, 0.0, 0.0);
  with_rounds.bodies.push_back(far);
  World touch_to_touch(gas), rounds(with_rounds);
  touch_to_touch.advanceTo(0.5);
  rounds.advanceTo(0.5);
  touch_to_touch.advanceTo(1.0);
  rounds.advanceTo(1.0);
  const auto& e1 = touch_to_touch.events();
  const auto& e2 = rounds.events();
  ASSERT_EQ(e1.size(), e2.size());
  long impacts = 0;
  for (std::size_t k = 0; k < e1.size(); ++k) {
    EXPECT_EQ(e1[k].body, e2[k].body);
    EXPECT_EQ(e1[k].type, e2[k].type);
    EXPECT_NEAR(e1[k].time, e2[k].time, 1e-10);
    impacts += e1[k].type == "collision";
  }
  EXPECT_GT(impacts, 5);
  double energy1 = 0.0, energy2 = 0.0;
  for (std::size_t i = 0; i < gas.bodies.size(); ++i) {
    const RigidBodyState a = touch_to_touch.state(i), b = rounds.state(i);
    EXPECT_LT((a.position - b.position).norm(), 1e-8);
    EXPECT_LT((a.twist - b.twist).norm(), 1e-7);
    energy1 += touch_to_touch.energy(i);
    energy2 += rounds.energy(i);
  }
  EXPECT_NEAR(energy1, energy2, 1e-10 * energy1);
}

// e = 1 and no friction: every impact keeps the kinetic energy, so the gas ends with the energy it
// started with after ~50 impacts, up to the RK4 error of flight (the velocity is integrated in the
// spinning body's frame: about 4e-11 of the energy over this second).
TEST(SphereFlights, AnElasticGasKeepsItsEnergy) {
  World world(reference::ballLatticeWorld(4, 1.0, 0.0));
  double before = 0.0, after = 0.0;
  for (std::size_t i = 0; i < world.bodyCount(); ++i)
    before += world.energy(i);
  world.advanceTo(1.0);
  long impacts = 0;
  for (const WorldEvent& e : world.events())
    impacts += e.type == "collision";
  for (std::size_t i = 0; i < world.bodyCount(); ++i)
    after += world.energy(i);
  EXPECT_GT(impacts, 30);
  EXPECT_NEAR(after, before, 1e-10 * before);
  // And no two balls overlap beyond the touch tolerance.
  std::vector<Vec3> centres;
  for (std::size_t i = 0; i < world.bodyCount(); ++i)
    centres.push_back(world.state(i).position);
  EXPECT_GT(reference::smallestBallGap(centres, reference::kLatticeRadius), -1e-10);
}

// The flights between touches run on all cores (sphere_flights.cpp), each body's alone: with one
// thread and with two, the same events and bitwise the same states (Box2D's and Jolt's
// determinism tests hash the state; here every double is compared).
TEST(SphereFlights, BitwiseTheSameOnOneThreadAndOnTwo) {
  const WorldDescription gas = reference::ballLatticeWorld(4);
  const auto run = [&](int threads) {
    const tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                                    static_cast<std::size_t>(threads));
    World world(gas);
    std::vector<RigidBodyState> states;
    for (int k = 1; k <= 10; ++k) {
      world.advanceTo(0.1 * k);
      for (std::size_t i = 0; i < world.bodyCount(); ++i)
        states.push_back(world.state(i));
    }
    return std::pair(states, world.events());
  };
  const auto [states1, events1] = run(1);
  const auto [states2, events2] = run(2);
  ASSERT_EQ(states1.size(), states2.size());
  for (std::size_t k = 0; k < states1.size(); ++k) {
    const RigidBodyState& a = states1[k];
    const RigidBodyState& b = states2[k];
    EXPECT_EQ(std::memcmp(a.position.data(), b.position.data(), sizeof(double) * 3), 0);
    EXPECT_EQ(std::memcmp(a.orientation.coeffs().data(), b.orientation.coeffs().data(),
                          sizeof(double) * 4),
              0);
    EXPECT_EQ(std::memcmp(a.twist.data(), b.twist.data(), sizeof(double) * 6), 0);
  }
  ASSERT_EQ(events1.size(), events2.size());
  for (std::size_t k = 0; k < events1.size(); ++k) {
    EXPECT_EQ(events1[k].time, events2[k].time);
    EXPECT_EQ(events1[k].detail, events2[k].detail);
  }
}

}  // namespace
}  // namespace contactsim::world_detail
