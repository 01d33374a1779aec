#include "ball_lattice.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <numeric>
#include <string>

#include "contactsim/geometry/analytic_surfaces.hpp"

namespace contactsim::reference {
namespace {

// A small portable generator (splitmix64), so the states do not depend on the C library's rand.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  /// Uniform in [−1, 1].
  double uniform() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return 2.0 * static_cast<double>(z >> 11) / static_cast<double>(1ULL << 53) - 1.0;
  }

 private:
  std::uint64_t state_;
};

}  // namespace

std::vector<LatticeBall> ballLattice(int side) {
  Random random(3);
  std::vector<LatticeBall> balls;
  const int n = side * side * side;
  for (int i = 0; i < n; ++i) {
    const Vec3 at(i % side, (i / side) % side, i / (side * side));
    Vec3 direction;
    do {
      direction = Vec3(random.uniform(), random.uniform(), random.uniform());
    } while (direction.norm() < 1e-3);
    const Vec3 spin = 5.0 * Vec3(random.uniform(), random.uniform(), random.uniform());
    balls.push_back({kLatticeSpacing * at, direction.normalized(), spin});
  }
  return balls;
}

WorldDescription ballLatticeWorld(int side, double restitution, double friction) {
  const auto sphere = std::make_shared<ChartSurface>(makeSphere(kLatticeRadius));
  WorldDescription d;
  d.gravity = Vec3::Zero();
  d.integrator.method = IntegratorMethod::kRk4;
  d.integrator.step = 1e-3;
  d.collisions.enabled = true;
  d.collisions.impact.restitution = restitution;
  d.collisions.impact.friction = friction;
  d.collisions.tessellation = 4;
  const std::vector<LatticeBall> balls = ballLattice(side);
  for (std::size_t i = 0; i < balls.size(); ++i) {
    BodyDescription b;
    b.name = "ball-" + std::to_string(i);
    b.mass_properties = MassProperties::principal(
        kLatticeMass, Vec3::Constant(0.4 * kLatticeMass * kLatticeRadius * kLatticeRadius));
    b.surface = sphere;
    b.initial_state = RigidBodyState::fromWorldVelocities(
        balls[i].position, Quat::Identity(), balls[i].angular_velocity, balls[i].linear_velocity);
    d.bodies.push_back(b);
  }
  return d;
}

double smallestBallGap(const std::vector<Vec3>& centres, double radius) {
  std::vector<std::size_t> order(centres.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(),
            [&](std::size_t i, std::size_t j) { return centres[i].x() < centres[j].x(); });
  double smallest = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < order.size(); ++k) {
    for (std::size_t l = k + 1; l < order.size(); ++l) {
      const Vec3& a = centres[order[k]];
      const Vec3& b = centres[order[l]];
      if (b.x() - a.x() - 2.0 * radius >= smallest) {
        break;
      }
      smallest = std::min(smallest, (a - b).norm() - 2.0 * radius);
    }
  }
  return smallest;
}

}  // namespace contactsim::reference
