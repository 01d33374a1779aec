#include "studies/restitution_study.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <numbers>

#include "contactsim/bem/boundary_mesh.hpp"
#include "contactsim/error.hpp"
#include "contactsim/io/atomic_files.hpp"
#include "contactsim/io/svg_plot.hpp"
#include "contactsim/math/checks.hpp"
#include "contactsim/world/world.hpp"

namespace contactsim {
namespace {

constexpr double kDegree = std::numbers::pi / 180.0;

double seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

// The map node on the right tip whose outward normal is closest to `degrees` from the axis.
std::size_t tipNode(const ResponseMap& map, double degrees) {
  const Vec2 direction(std::cos(degrees * kDegree), std::sin(degrees * kDegree));
  std::size_t best = 0;
  for (std::size_t j = 0; j < map.nodes.size(); ++j) {
    if (map.nodes[j].position.x() > 0.0 &&
        map.nodes[j].normal.dot(direction) > map.nodes[best].normal.dot(direction)) {
      best = j;
    }
  }
  return best;
}

double normalAngle(const ResponseMapNode& node) {
  return std::atan2(node.normal.y(), node.normal.x()) / kDegree;
}

// The angle [degrees] between the bar's axis and the outward normal of map node `j`, in [0, 180]:
// the impact angle at which that node is the lowest point of the tip.
double tipAngle(const ResponseMap& map, std::size_t j) {
  return std::abs(normalAngle(map.nodes[j]));
}

std::string number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", x);
  return text;
}

// One drop of the bar: what the restitution study reports of it.
struct Drop {
  bool separated = false;
  double restitution = 0.0;
  double contact_duration = 0.0;
  double peak_force = 0.0;
  double work_on_body = 0.0;
  double kinetic_energy_change = 0.0;
  int contact_vertices = 0;   ///< outline vertices that carried force
  int contact_intervals = 0;  ///< separate stretches of steps with force (1: one impact)
  /// [degrees] The normal of the first vertex that touched, from the axis.
  double first_node_angle = 0.0;
};

// The experiment of ullrich-pai §1.1 / SH96 through a World (the scene path): the bar turned by
// `angle` with its lowest outline vertex on the block (the half-plane y ≤ 0), its centroid
// approaching at `speed`, gravity off, stepped at the map's Δt until every contact has separated
// and relaxed. e = −u_n⁺/u_n⁻ of the vertex that touched, u_n⁺ right after the last step with
// force (as measureImpactRestitution, which drives the run time by hand).
Drop dropOnBlock(const std::shared_ptr<const ResponseMap>& map, double angle, double speed,
                 double friction, ResponseScheme scheme) {
  const PlanarMassProperties mass = planarMassProperties(map->outline, map->material.density);
  const Eigen::Matrix2d R = rotation2(angle);
  double lowest = std::numeric_limits<double>::infinity();
  std::size_t vertex = 0;
  for (std::size_t i = 0; i < map->outline.size(); ++i) {
    const double y = (R * map->outline[i]).y();
    if (y < lowest) {
      lowest = y;
      vertex = i;
    }
  }
  PlanarBodyState start;
  start.angle = angle;
  start.position = Vec2(0.0, -lowest);
  start = stateFromCentroid(mass, centroidPosition(start, mass), angle, Vec2(0.0, -speed), 0.0);
  // The world: the bar and the block, planar, at the map's Δt.
  WorldDescription d;
  d.gravity = Vec3::Zero();
  d.integrator.method = IntegratorMethod::kSemiImplicitEuler;
  d.integrator.step = map->time_step;
  d.integrator.response_scheme = scheme;
  BodyDescription bar;
  bar.name = "bar";
  bar.response_map = map;
  bar.planar_state = start;
  bar.initial_state = embedPlanarState(start);
  BodyDescription block;
  block.name = "block";
  block.fixed = true;
  block.half_plane = BodyDescription::HalfPlane{Vec2::UnitY(), 0.0};
  d.bodies = {bar, block};
  if (friction > 0.0) {
    PairDescription every;
    every.any_pair = true;
    every.friction = friction;
    d.pairs.push_back(every);
  }
  World world(std::move(d));

  const auto normalVelocity = [&](const PlanarBodyState& s) {
    return pointVelocity(s, worldPoint(s, map->outline[vertex])).y();
  };
  const double before_speed = normalVelocity(start);
  Drop drop;
  PlanarBodyState after = start;
  double last_force_time = 0.0;
  bool touched = false;
  bool pressing = false;
  std::vector<bool> carried(map->outline.size(), false);
  for (long steps = 0; steps < 10'000'000; ++steps) {
    const PlanarBodyState previous = world.planarState(0);
    const Vec2 centroid_before = centroidPosition(previous, mass);
    world.advanceTo(world.time() + map->time_step);
    const PlanarBodyState now = world.planarState(0);
    const PlanarStep step = world.planarStep();
    double force = 0.0;
    bool pushed = false;  // any impulse this step (trapezoidal: also the step a contact lets go)
    for (const PlanarContact& c : step.contacts) {
      pushed = pushed || !c.impulse.isZero(0.0);
      force += c.normal_force;
      // Which outline vertex: the contact point is that vertex at the step's start.
      if (c.normal_force > 0.0) {
        const Vec2 p = bodyPoint(previous, c.point);
        std::size_t v = 0;
        for (std::size_t i = 1; i < map->outline.size(); ++i) {
          if ((map->outline[i] - p).squaredNorm() < (map->outline[v] - p).squaredNorm())
            v = i;
        }
        if (!touched && !carried[v])
          drop.first_node_angle = tipAngle(*map, v);
        carried[v] = true;
      }
      // The impulse acts through the lever of the step's start (what the implicit solve used),
      // so its work on the rigid body over the step is p · J (v_k + v_{k+1}) / 2.
      const Vec2 lever = c.point - centroid_before;
      const auto velocity = [&](const PlanarBodyState& s) -> Vec2 {
        return centroidVelocity(s, mass) + crossZ(s.angular_velocity, lever);
      };
      drop.work_on_body += c.impulse.dot(0.5 * (velocity(previous) + velocity(now)));
    }
    if (force > 0.0 && !pressing)
      ++drop.contact_intervals;
    pressing = force > 0.0;
    if (force > 0.0) {
      touched = true;
      last_force_time = world.time();
      drop.peak_force = std::max(drop.peak_force, force);
    }
    if (pushed)
      after = now;
    if (touched && step.live_contacts == 0) {
      drop.separated = true;
      break;
    }
  }
  drop.contact_duration = last_force_time;
  drop.contact_vertices = static_cast<int>(std::count(carried.begin(), carried.end(), true));
  drop.restitution = -normalVelocity(after) / before_speed;
  drop.kinetic_energy_change = kineticEnergy(after, mass) - kineticEnergy(start, mass);
  return drop;
}

}  // namespace

void RestitutionStudyOptions::validate() const {
  requirePositive(length, "restitution study: bar length");
  requirePositive(diameter, "restitution study: bar diameter");
  if (!(diameter < length)) {
    throw InvalidInputError("restitution study: bar diameter must be less than its length");
  }
  if (side_elements < 1 || tip_elements < 2) {
    throw InvalidInputError(
        "restitution study: need at least 1 element per side and 2 per tip, got " +
        std::to_string(side_elements) + " and " + std::to_string(tip_elements));
  }
  requirePositive(side_grading, "restitution study: side grading");
  if (finite_element_rings < 0) {
    throw InvalidInputError("restitution study: finite element rings must not be negative, got " +
                            std::to_string(finite_element_rings));
  }
  if (side_columns < 1 || side_columns > 64) {
    throw InvalidInputError("restitution study: side columns must lie in [1, 64], got " +
                            std::to_string(side_columns));
  }
  material.validate();
  requireFinite(angle_step, "restitution study: angle step [degrees]");
  if (!(angle_step >= 0.01 && angle_step <= 90.0)) {
    throw InvalidInputError("restitution study: angle step must lie in [0.01, 90] degrees, got " +
                            std::to_string(angle_step));
  }
  requirePositive(impact_speed, "restitution study: impact speed");
  requireFinite(friction, "restitution study: friction");
  if (friction < 0.0) {
    throw InvalidInputError("restitution study: friction must not be negative");
  }
  requireFinite(rigid_restitution, "restitution study: rigid restitution");
}

RestitutionStudyResult runRestitutionStudy(const RestitutionStudyOptions& options) {
  options.validate();
  RestitutionStudyResult result;
  result.options = options;
  const auto start = std::chrono::steady_clock::now();
  if (options.map_file.empty()) {
    const auto mesh = meshLoops({barLoop(options.length, options.diameter, options.side_elements,
                                         options.tip_elements, options.side_grading)});
    result.map =
        options.finite_element_rings > 0
            ? computeBarFiniteElementMap(options.length, options.diameter, options.side_elements,
                                         options.tip_elements, options.side_grading,
                                         {options.finite_element_rings, options.ring_growth,
                                          options.side_columns, options.reading},
                                         options.material, options.map,
                                         "steel bar, ullrich-pai section 4, finite elements")
            : computeResponseMap(mesh, options.material, options.map,
                                 "steel bar, ullrich-pai section 4");
    result.map_seconds = seconds(start);
  } else {
    result.map = loadResponseMap(options.map_file, options.max_map_file_bytes);
  }
  const auto map = std::make_shared<const ResponseMap>(result.map);
  const auto impacts_start = std::chrono::steady_clock::now();
  const int count = static_cast<int>(std::floor(90.0 / options.angle_step + 1e-9));
  for (int k = 0; k <= count; ++k) {
    const double angle = k * options.angle_step;
    // Turn the bar so that the tip point whose normal makes `angle` with the axis faces the
    // block (outward normal −y): θ + angle = −90°.
    Drop drop;
    try {
      drop = dropOnBlock(map, (-90.0 - angle) * kDegree, options.impact_speed, options.friction,
                         options.scheme);
    } catch (const NumericalError& e) {
      throw NumericalError("restitution study at " + number(angle) + " degrees: " + e.what());
    }
    if (!drop.separated) {
      throw NumericalError("restitution study: the bar did not separate at " + number(angle) +
                           " degrees");
    }
    result.impacts.push_back({angle, drop.restitution, drop.contact_duration, drop.peak_force,
                              drop.work_on_body, drop.kinetic_energy_change, drop.contact_vertices,
                              drop.contact_intervals, drop.first_node_angle});
    if (options.progress)
      options.progress(static_cast<double>(k + 1) / (count + 1));
  }
  result.impacts_seconds = seconds(impacts_start);
  return result;
}

void writeRestitutionStudy(const RestitutionStudyResult& result,
                           const std::filesystem::path& directory) {
  const auto& map = result.map;
  const auto& options = result.options;
  std::vector<OutputFile> files;
  files.push_back({"bar_map.json", responseMapText(map)});
  // Fig. 2: step responses at several impact angles.
  PlotSpec fig2{"Step responses at the bar tip (ullrich-pai Fig. 2)",
                "time [us]",
                "force per unit displacement [N/m per m]",
                {},
                {},
                false};
  std::string csv2 = "angle_deg,node,time_s,force\n";
  for (const double angle : {0.0, 15.0, 30.0, 45.0, 60.0, 75.0, 90.0}) {
    const std::size_t j = tipNode(map, angle);
    PlotSeries series{number(std::round(normalAngle(map.nodes[j]) * 10) / 10) + " deg", {}, {}};
    for (std::size_t m = 0; m < map.nodes[j].force.size(); ++m) {
      const double t = static_cast<double>(m) * map.time_step;
      series.x.push_back(t * 1e6);
      series.y.push_back(map.nodes[j].force[m]);
      csv2 += number(normalAngle(map.nodes[j])) + "," + std::to_string(j) + "," + number(t) + "," +
              number(map.nodes[j].force[m]) + "\n";
    }
    fig2.series.push_back(std::move(series));
  }
  files.push_back({"step_responses.csv", csv2});
  files.push_back({"step_responses.svg", svgLinePlot(fig2)});
  // Fig. 3: steady-state spring constant against the angle, right tip.
  PlotSpec fig3{"Effective spring constant k against impact angle (ullrich-pai Fig. 3)",
                "angle from the bar axis [deg]",
                "k [N/m per m]",
                {},
                {},
                false};
  PlotSeries k_series{"k (tail mean of the step response)", {}, {}};
  std::string csv3 = "angle_deg,node,stiffness\n";
  // The right tip: nodes beyond the centre of its semicircle, from the map's own outline (a
  // loaded map need not be the default bar).
  double x_max = -1e300;
  double y_min = 1e300;
  double y_max = -1e300;
  for (const auto& p : map.outline) {
    x_max = std::max(x_max, p.x());
    y_min = std::min(y_min, p.y());
    y_max = std::max(y_max, p.y());
  }
  const double tip_centre = x_max - 0.5 * (y_max - y_min);
  std::vector<std::pair<double, std::size_t>> tip;
  for (std::size_t j = 0; j < map.nodes.size(); ++j) {
    const double angle = normalAngle(map.nodes[j]);
    if (map.nodes[j].position.x() > tip_centre - 1e-12 && angle >= -1e-9 && angle <= 90.0 + 1e-9) {
      tip.emplace_back(angle, j);
    }
  }
  std::sort(tip.begin(), tip.end());
  for (const auto& [angle, j] : tip) {
    k_series.x.push_back(angle);
    k_series.y.push_back(map.nodes[j].stiffness);
    csv3 += number(angle) + "," + std::to_string(j) + "," + number(map.nodes[j].stiffness) + "\n";
  }
  fig3.series.push_back(std::move(k_series));
  files.push_back({"stiffness.csv", csv3});
  files.push_back({"stiffness.svg", svgLinePlot(fig3)});
  // Restitution against the angle, with SH96's trend and a rigid law's constant e.
  PlotSpec fig4{"Coefficient of restitution of the dropped steel bar",
                "impact angle [deg]",
                "e",
                {},
                {},
                false};
  PlotSeries e_series{"response map (this run)", {}, {}};
  PlotSeries rigid{"rigid impact law, e = " + number(options.rigid_restitution), {}, {}};
  PlotSeries sh96{
      "Stoianovici & Hurmuzlu 1996 trend (0.9 at 0 deg, 0.2 near 66 deg)", {0.0, 66.0}, {0.9, 0.2}};
  std::string csv4 =
      "angle_deg,restitution,contact_duration_s,peak_force,work_on_body,kinetic_energy_change,"
      "contact_vertices,contact_intervals,first_node_angle_deg\n";
  for (const auto& impact : result.impacts) {
    e_series.x.push_back(impact.angle);
    e_series.y.push_back(impact.restitution);
    rigid.x.push_back(impact.angle);
    rigid.y.push_back(options.rigid_restitution);
    csv4 += number(impact.angle) + "," + number(impact.restitution) + "," +
            number(impact.contact_duration) + "," + number(impact.peak_force) + "," +
            number(impact.contact_work) + "," + number(impact.kinetic_energy_change) + "," +
            std::to_string(impact.contact_vertices) + "," +
            std::to_string(impact.contact_intervals) + "," + number(impact.first_node_angle) + "\n";
  }
  fig4.series = {e_series, rigid, sh96};
  files.push_back({"restitution.csv", csv4});
  files.push_back({"restitution.svg", svgLinePlot(fig4)});
  nlohmann::json summary;
  summary["map"] = {
      {"nodes", map.nodes.size()},
      {"samples", map.sampleCount()},
      {"time_step_s", map.time_step},
      {"precompute_seconds", result.map_seconds},
      {"precompute_seconds_per_node",
       map.nodes.empty() ? 0.0 : result.map_seconds / static_cast<double>(map.nodes.size())}};
  if (options.map_file.empty()) {
    summary["mesh"] = {{"side_elements", options.side_elements},
                       {"tip_elements", options.tip_elements},
                       {"side_grading", options.side_grading},
                       {"quadrature", timeQuadratureName(options.map.quadrature)}};
    if (options.finite_element_rings > 0) {
      summary["mesh"]["finite_element_rings"] = options.finite_element_rings;
      summary["mesh"]["ring_growth"] = options.ring_growth;
      summary["mesh"]["side_columns"] = options.side_columns;
      summary["mesh"]["reading"] =
          options.reading == FiniteElementOptions::Reading::kNode ? "node" : "work-conjugate";
    }
  } else {
    summary["map_file"] = options.map_file;
  }
  summary["impacts_seconds"] = result.impacts_seconds;
  summary["impact_speed_m_per_s"] = options.impact_speed;
  summary["friction"] = options.friction;
  summary["scheme"] =
      options.scheme == ResponseScheme::kTrapezoidal ? "trapezoidal" : "end-of-step";
  nlohmann::json impacts = nlohmann::json::array();
  for (const auto& impact : result.impacts) {
    impacts.push_back({{"angle_deg", impact.angle},
                       {"restitution", impact.restitution},
                       {"contact_duration_s", impact.contact_duration}});
  }
  summary["impacts"] = impacts;
  files.push_back({"summary.json", summary.dump(2) + "\n"});
  writeFilesAtomically(directory, files);
}

}  // namespace contactsim
