// Many free balls colliding (issue 30): side³ balls (R = 0.1 m, 1 kg, solid) on a cubic lattice
// 0.3 m apart, no gravity, each flying at 1 m/s in a random direction with a random spin (up to
// 5 rad/s per axis), e = 0.9 and μ = 0.3 at impacts, RK4 at 1 ms. The same initial states for
// contactsim and for the MuJoCo peer (bench/mujoco_peer_bench.cpp), from a fixed seed.
#pragma once

#include <vector>

#include "contactsim/world/world_description.hpp"

namespace contactsim::reference {

struct LatticeBall {
  Vec3 position;
  Vec3 linear_velocity;   ///< world [m/s]
  Vec3 angular_velocity;  ///< world [rad/s] (the orientation is the identity)
};

inline constexpr double kLatticeRadius = 0.1;
inline constexpr double kLatticeSpacing = 0.3;
inline constexpr double kLatticeMass = 1.0;

/// The balls' initial states, ball i at lattice point (i mod side, (i / side) mod side, i / side²).
[[nodiscard]] std::vector<LatticeBall> ballLattice(int side);

/// The lattice as a contactsim world (collisions on, tessellation 4): `restitution` and
/// `friction` at impacts (0.9 and 0.3 in issue 30; 1 and 0 conserve the energy exactly).
[[nodiscard]] WorldDescription ballLatticeWorld(int side, double restitution = 0.9,
                                                double friction = 0.3);

/// The smallest gap between two balls of the world (negative: the deepest overlap) [m], by sort and
/// sweep along x over the balls' centres.
[[nodiscard]] double smallestBallGap(const std::vector<Vec3>& centres, double radius);

}  // namespace contactsim::reference
