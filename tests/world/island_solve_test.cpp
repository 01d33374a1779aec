// The velocity level's impulses island by island (src/world/island_solve.*): against statics
// (each resting box's contacts carry its weight, the lower box of a stack both weights), against
// one solve of all contacts together (the islands are independent problems), and bitwise the same
// on one and on two threads — also a shipped mixed scene run through World.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include <tbb/global_control.h>

#include "contactsim/scene/scene.hpp"
#include "island_solve.hpp"

namespace contactsim::world_detail {
namespace {

constexpr double kG = 9.81, kH = 1e-3;

struct Problem {
  std::vector<VelocityBody> bodies;  // body 0 the fixed floor
  std::vector<bool> fixed;
  std::vector<FrictionalContact> contacts;
};

// A unit-mass cube of half side a at `centre`, its velocity after one step of gravity (−g h),
// resting on its four lower corners on body `below` (the floor or another cube's top face).
void addCube(Problem& p, const Vec3& centre, std::size_t below, const Vec3& velocity) {
  const double a = 0.1;
  VelocityBody b;
  b.inverse_mass = 1.0;
  b.inverse_inertia = Mat3::Identity() / (2.0 * a * a / 3.0);
  b.com = centre;
  b.velocity = velocity + Vec3(0.0, 0.0, -kG * kH);
  p.bodies.push_back(b);
  p.fixed.push_back(false);
  for (double x : {-a, a}) {
    for (double y : {-a, a}) {
      FrictionalContact c;
      c.body_a = p.bodies.size() - 1;
      c.body_b = below;
      c.point = centre + Vec3(x, y, -a);
      c.normal = Vec3::UnitZ();
      c.friction = 0.5;
      p.contacts.push_back(c);
    }
  }
}

Problem floorWith(int stacks, std::mt19937* rng) {
  Problem p;
  p.bodies.emplace_back();  // the floor: inverse mass 0
  p.fixed.push_back(true);
  std::uniform_real_distribution<double> u(-0.05, 0.05);
  for (int k = 0; k < stacks; ++k) {
    const Vec3 v = rng ? Vec3(u(*rng), u(*rng), u(*rng)) : Vec3::Zero();
    addCube(p, Vec3(k, 0.0, 0.1), 0, v);
    if (k % 2 == 0)  // every other stack two cubes high
      addCube(p, Vec3(k, 0.0, 0.3), p.bodies.size() - 1, Vec3::Zero());
  }
  return p;
}

BlockPgsOptions exact() {
  BlockPgsOptions o;
  o.tolerance = 1e-15;
  o.max_iterations = 5000;
  return o;
}

TEST(IslandSolve, RestingStacksCarryTheirWeights) {
  Problem p = floorWith(3, nullptr);
  std::vector<Vec3> impulses;
  const BlockPgsStats stats = solveByIslands(p.bodies, p.fixed, p.contacts, impulses, exact());
  EXPECT_TRUE(stats.converged);
  // Per cube: the normal impulses of its four lower corners; the lower cube of a stack of two
  // carries both weights (2 m g h), the others m g h; every cube comes to rest.
  for (std::size_t i = 1; i < p.bodies.size(); ++i) {
    double carried = 0.0;
    for (std::size_t c = 0; c < p.contacts.size(); ++c)
      carried += p.contacts[c].body_a == i ? impulses[c].z() : 0.0;
    bool bears = false;
    for (const FrictionalContact& c : p.contacts)
      bears = bears || c.body_b == i;
    EXPECT_NEAR(carried, (bears ? 2.0 : 1.0) * kG * kH, 1e-13) << "cube " << i;
    EXPECT_NEAR(p.bodies[i].velocity.norm(), 0.0, 1e-13) << "cube " << i;
  }
}

TEST(IslandSolve, IslandsApartGiveTheAnswerOfOneSolveOfAll) {
  std::mt19937 rng(3);
  Problem apart = floorWith(4, &rng);
  Problem together = apart;
  std::vector<Vec3> impulses_apart, impulses_together;
  solveByIslands(apart.bodies, apart.fixed, apart.contacts, impulses_apart, exact());
  solveFrictionalContacts(together.bodies, together.contacts, impulses_together, exact());
  for (std::size_t i = 0; i < apart.bodies.size(); ++i) {
    EXPECT_LT((apart.bodies[i].velocity - together.bodies[i].velocity).norm(), 1e-12);
    EXPECT_LT((apart.bodies[i].omega - together.bodies[i].omega).norm(), 1e-11);
  }
}

TEST(IslandSolve, BitwiseTheSameOnOneAndTwoThreads) {
  std::mt19937 rng(5);
  const Problem problem = floorWith(100, &rng);  // 600 contacts: solved on the threads
  const auto solve = [&](int threads) {
    const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    Problem p = problem;
    std::vector<Vec3> impulses;
    BlockPgsOptions o;
    o.tolerance = 1e-9;  // stopped early: each island's own sweep count matters
    solveByIslands(p.bodies, p.fixed, p.contacts, impulses, o);
    return impulses;
  };
  const std::vector<Vec3> one = solve(1), two = solve(2);
  ASSERT_EQ(one.size(), two.size());
  for (std::size_t c = 0; c < one.size(); ++c)
    EXPECT_EQ(one[c], two[c]) << "contact " << c;
}

// A shipped mixed scene (a ball toppling eight dominoes: islands merge and split), its first
// 0.6 s on one thread and on two: every body's state bitwise the same.
TEST(IslandSolve, ShippedDominoesRunBitwiseTheSameOnOneAndTwoThreads) {
  const Scene scene = loadSceneFile(CONTACTSIM_SOURCE_DIR "/scenes/ball-into-dominoes.json");
  const auto run = [&](int threads) {
    const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    World world(scene.world);
    world.advanceTo(0.6);
    std::vector<RigidBodyState> states;
    for (std::size_t i = 0; i < scene.world.bodies.size(); ++i)
      states.push_back(world.state(i));
    return states;
  };
  const std::vector<RigidBodyState> one = run(1), two = run(2);
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].position, two[i].position) << scene.world.bodies[i].name;
    EXPECT_EQ(one[i].orientation.coeffs(), two[i].orientation.coeffs())
        << scene.world.bodies[i].name;
    EXPECT_EQ(one[i].twist, two[i].twist) << scene.world.bodies[i].name;
  }
}

}  // namespace
}  // namespace contactsim::world_detail
