// Free flight up to the first touch of a smooth body with fixed smooth obstacles (kry-pai-2002
// §3.7, last paragraph): conservative advancement on the smooth distance — a step never longer
// than the distance over a bound of the approach speed, so it cannot pass through — and, once an
// approach is under way close to an obstacle, a Newton step in time (distance over normal
// approach speed) whose overshoot is caught by regula falsi on the signed distance. Internal to
// world.
#pragma once

#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "collision/surface_proximity.hpp"
#include "contactsim/dynamics/rigid_body_state.hpp"

namespace contactsim::world_detail {

struct Obstacle {
  const ProximityShape* shape = nullptr;
  Frame pose = Frame::Identity();
};

/// The state at t1 of a flight started in `state` at t0.
using FlightMap = std::function<RigidBodyState(const RigidBodyState& state, double t0, double t1)>;

/// The nearest obstacle of a body in one state: the smooth distance by Newton where the meshes
/// come close, else a lower bound from the meshes.
struct NearestObstacle {
  double distance = std::numeric_limits<double>::infinity();
  std::size_t obstacle = 0;
  ClosestPoints points;
  bool exact = false;  ///< Newton converged (else `distance` is the mesh lower bound)
};

struct FlightResult {
  double time = 0.0;
  RigidBodyState state;
  /// Set when the flight ended on a touch (|distance| ≤ tolerance with the bodies approaching).
  std::optional<std::size_t> obstacle;
  ClosestPoints points;
  std::vector<double> steps;  ///< the flight's accepted advancement steps [s]
  /// The nearest obstacle at (time, state), for the next flight to start from when the flight
  /// ended at t1 without a touch (a sample time): none after a touch.
  std::optional<NearestObstacle> nearest;
};

struct FlightSettings {
  double tolerance = 1e-10;  ///< [m] distance that counts as touching
  Vec3 gravity = Vec3::Zero();
  int max_iterations = 100000;
  /// [s] Touching but not approaching (grazing, or just separated from continuous contact), the
  /// distance grows too slowly for conservative advancement: a trial step of this length is taken
  /// instead, halved until it ends outside the obstacle.
  double grazing_step = 1e-3;
  /// [m] Overlap the flight may start with and resolve by an impact (a part of the body other
  /// than the contact point left slightly inside during continuous contact), or find after a
  /// step when the nearest pair moves to another part of the body; more is an error.
  double max_start_overlap = 1e-3;
  /// The conservative advancement step from time t over which the body's distance to the
  /// obstacles closes by at most `length`; when empty, the body's own speed and `gravity` bound
  /// it (the obstacles are fixed). Two free bodies (world/free_pairs.hpp) set their own bound on
  /// the closing speed of their points.
  std::function<double(double t, double length)> advancement;
};

/// Flies the body from (t0, start) towards t1 and stops at the first touch. `warm` holds per
/// obstacle the last closest points (updated); `start_nearest`, when given, is the nearest
/// obstacle in `start` (a previous flight's FlightResult::nearest), saving its query. Throws
/// NumericalError if the advancement does not finish within max_iterations, or if the body already
/// overlaps an obstacle by more than max_start_overlap at t0 (interpenetration); a smaller overlap
/// never grows in flight.
FlightResult flyUntilTouch(const ProximityShape& shape, const RigidBodyState& start, double t0,
                           double t1, std::span<const Obstacle> obstacles, const FlightMap& fly,
                           const FlightSettings& settings,
                           std::vector<std::optional<ClosestPoints>>& warm,
                           const std::optional<NearestObstacle>& start_nearest = std::nullopt);

/// Velocity of the material point at world point p of a body in `state`.
Vec3 pointVelocity(const RigidBodyState& state, const Vec3& p);

}  // namespace contactsim::world_detail
