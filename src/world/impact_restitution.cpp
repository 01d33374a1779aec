#include "world/impact_restitution.hpp"

#include <cmath>
#include <limits>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"
#include "world/response_scheme.hpp"
#include "world/response_world.hpp"

namespace contactsim {

void ImpactSetup::validate() const {
  requireFinite(angle, "impact angle");
  requirePositive(normal_speed, "impact normal speed");
  requireFinite(tangential_speed, "impact tangential speed");
  requireFinite(angular_velocity, "impact angular velocity");
  if (!(std::isfinite(friction) && friction >= 0.0)) {
    throw InvalidInputError("impact friction coefficient must be finite and >= 0, got " +
                            toText(friction));
  }
  if (max_steps == 0) {
    throw InvalidInputError("impact max_steps must be positive");
  }
}

ImpactRestitutionResult measureImpactRestitution(std::shared_ptr<const ResponseMap> map,
                                                 const ImpactSetup& setup) {
  setup.validate();
  if (!map) {
    throw InvalidInputError("impact: no response map");
  }
  map->validate();
  const HalfPlane block{Vec2::Zero(), Vec2::UnitY()};
  ImpactRestitutionResult result;
  result.mass = planarMassProperties(map->outline, map->material.density);

  // Lowest vertex on the surface y = 0.
  const Eigen::Matrix2d R = rotation2(setup.angle);
  double lowest = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < map->outline.size(); ++i) {
    const double y = (R * map->outline[i]).y();
    if (y < lowest) {
      lowest = y;
      result.contact_vertex = i;
    }
  }
  PlanarBodyState start;
  start.angle = setup.angle;
  start.position = Vec2(0.0, -lowest);
  start =
      stateFromCentroid(result.mass, centroidPosition(start, result.mass), setup.angle,
                        Vec2(setup.tangential_speed, -setup.normal_speed), setup.angular_velocity);

  ResponseWorldOptions options;
  options.friction = setup.friction;
  options.solver.theta = responseTheta(setup.scheme);
  options.record = false;
  ResponseWorld world(options);
  world.addBody(map, start);
  world.addHalfPlane(block);

  const Vec2 contact_body_point = map->outline[result.contact_vertex];
  auto normalVelocity = [&](const PlanarBodyState& s) {
    return pointVelocity(s, worldPoint(s, contact_body_point)).dot(block.normal);
  };
  result.pre_impact_normal_velocity = normalVelocity(start);
  if (!(result.pre_impact_normal_velocity < 0.0)) {
    throw InvalidInputError("impact: the lowest vertex " + toText(result.contact_vertex) +
                            " does not approach the block (normal velocity " +
                            toText(result.pre_impact_normal_velocity) + " m/s)");
  }
  result.kinetic_energy_before = kineticEnergy(start, result.mass);
  result.state_after = start;

  double last_force_time = 0.0;
  bool touched = false;
  while (result.steps < setup.max_steps) {
    const PlanarBodyState before = world.state(0);
    const Vec2 centroid_before = centroidPosition(before, result.mass);
    world.step();
    ++result.steps;
    const PlanarBodyState& after = world.state(0);
    double force = 0.0;
    for (const ContactRecord& r : world.lastStep()) {
      force += r.normal_force;
      result.impulse += r.impulse;
      result.contact_work += r.work;
      // The impulse acts through the lever of the step's start (what the implicit solve used),
      // so its work on the rigid body over the step is p · J (v_k + v_{k+1}) / 2.
      const Vec2 lever = r.point - centroid_before;
      const auto velocity = [&](const PlanarBodyState& s) -> Vec2 {
        return centroidVelocity(s, result.mass) + crossZ(s.angular_velocity, lever);
      };
      result.work_on_body += r.impulse.dot(0.5 * (velocity(before) + velocity(after)));
    }
    if (force > 0.0) {
      touched = true;
      last_force_time = world.time();
      result.peak_force = std::max(result.peak_force, force);
    }
    if (world.lastStepPushed())
      result.state_after = world.state(0);
    if (touched && world.liveContacts() == 0) {
      result.separated = true;
      break;
    }
  }
  result.contact_duration = last_force_time;
  result.post_impact_normal_velocity = normalVelocity(result.state_after);
  result.restitution = -result.post_impact_normal_velocity / result.pre_impact_normal_velocity;
  result.kinetic_energy_after = kineticEnergy(result.state_after, result.mass);
  return result;
}

}  // namespace contactsim
