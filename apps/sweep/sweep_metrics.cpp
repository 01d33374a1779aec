#include "sweep/sweep_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace contactsim::sweep {
namespace {

using nlohmann::json;

[[noreturn]] void fail(const std::string& file, const std::string& path, const std::string& what) {
  throw SceneError(file, path, what);
}

const std::vector<std::string> kTypes = {
    "final",       "energy_drift", "first_event_time", "event_count", "zero_crossing", "min", "max",
    "restitution", "steps",        "rejected_steps",   "cpu_seconds", "wall_seconds"};

bool needsColumn(const std::string& type) {
  return type == "final" || type == "zero_crossing" || type == "min" || type == "max";
}

bool needsEvent(const std::string& type) {
  return type == "first_event_time" || type == "event_count";
}

bool perBody(const std::string& type) {
  return needsColumn(type) || type == "energy_drift" || type == "restitution";
}

// Column `c` of body `b` in sample `s`, as trajectory.csv writes it.
double columnValue(const TrajectorySample& s, std::size_t b, std::size_t c) {
  const RigidBodyState& x = s.bodies[b].state;
  if (c < 3) {
    return x.position[static_cast<Eigen::Index>(c)];
  }
  if (c < 7) {
    const double q[4] = {x.orientation.w(), x.orientation.x(), x.orientation.y(),
                         x.orientation.z()};
    return q[c - 3];
  }
  if (c < 10) {
    return x.worldAngularVelocity()[static_cast<Eigen::Index>(c - 7)];
  }
  if (c < 13) {
    return x.worldLinearVelocity()[static_cast<Eigen::Index>(c - 10)];
  }
  return s.bodies[b].energy;
}

std::size_t bodyIndex(const RunResult& r, const std::string& body) {
  for (std::size_t i = 0; i < r.body_names.size(); ++i) {
    if (body.empty() ? !r.fixed[i] : r.body_names[i] == body) {
      return i;
    }
  }
  throw InvalidInputError("sweep metric: the run has no body \"" + body + "\"");
}

// The first time the column changes sign, linear between the two samples that bracket it.
json zeroCrossing(const RunResult& r, std::size_t b, std::size_t c) {
  double sign = 0.0;
  for (std::size_t k = 0; k < r.samples.size(); ++k) {
    const double y = columnValue(r.samples[k], b, c);
    if (sign != 0.0 && y * sign <= 0.0) {
      const double y0 = columnValue(r.samples[k - 1], b, c);
      const double t0 = r.samples[k - 1].time, t1 = r.samples[k].time;
      return y == 0.0 ? t1 : t0 + (t1 - t0) * y0 / (y0 - y);
    }
    sign = y > 0.0 ? 1.0 : y < 0.0 ? -1.0 : sign;
  }
  return nullptr;
}

// Kinematic coefficient of restitution (Newton's, as Stoianovici & Hurmuzlu 1996 and ullrich-pai
// §4 measure it; the restitution study's dropOnBlock): the body point of its first contact with a
// force, u_n its velocity along that contact's normal; e = −u_n after the last sample with a
// contact force on the body over u_n in the sample before the first. Needs the samples' contacts
// (runVariant records them for this metric) and, to follow every step, an output rate of 1/step.
json restitution(const RunResult& r, std::size_t b) {
  std::size_t first = r.samples.size(), last = 0;
  Vec3 point = Vec3::Zero(), normal = Vec3::Zero();
  for (std::size_t k = 0; k < r.samples.size(); ++k) {
    double force = 0.0;
    for (const ContactInfo& c : r.samples[k].contacts) {
      if (c.body_a != b) {
        continue;
      }
      force += c.normal_force;
      if (first == r.samples.size() && c.normal_force > 0.0 && normal.isZero()) {
        point = c.point;
        normal = c.normal;
      }
    }
    if (force > 0.0) {
      first = std::min(first, k);
      last = k;
    }
  }
  if (first == r.samples.size()) {
    return nullptr;
  }
  // The velocity-level and planar models find a step's contacts in the pose at its start: the
  // body point is the contact point seen from the body in the sample before.
  const RigidBodyState& at = r.samples[first > 0 ? first - 1 : 0].bodies[b].state;
  const Vec3 body_point = at.orientation.conjugate() * (point - at.position);
  const auto normalVelocity = [&](const RigidBodyState& s) {
    return normal.dot(s.worldLinearVelocity() +
                      s.worldAngularVelocity().cross(s.orientation * body_point));
  };
  const double before = normalVelocity(at);
  return before < 0.0 ? json(-normalVelocity(r.samples[last].bodies[b].state) / before)
                      : json(nullptr);
}

json evaluate(const MetricSpec& m, const RunResult& r, const RunTiming& timing) {
  if (m.type == "steps" || m.type == "rejected_steps") {
    return m.type == "steps" ? r.stats.steps : r.stats.rejected;
  }
  if (m.type == "cpu_seconds" || m.type == "wall_seconds") {
    return m.type == "cpu_seconds" ? timing.cpu_seconds : timing.wall_seconds;
  }
  if (needsEvent(m.type)) {
    long count = 0;
    for (const WorldEvent& e : r.events) {
      if (e.type == m.event && (m.body.empty() || e.body == m.body)) {
        if (m.type == "first_event_time") {
          return e.time;
        }
        ++count;
      }
    }
    return m.type == "event_count" ? json(count) : json(nullptr);
  }
  const std::size_t b = bodyIndex(r, m.body);
  if (r.samples.empty()) {
    return nullptr;
  }
  if (m.type == "restitution") {
    return restitution(r, b);
  }
  if (m.type == "energy_drift") {
    const double e0 = r.samples.front().bodies[b].energy;
    const double e1 = r.samples.back().bodies[b].energy;
    return (e1 - e0) / (std::abs(e0) > 0.0 ? std::abs(e0) : 1.0);
  }
  const auto& columns = trajectoryColumns();
  const auto c = static_cast<std::size_t>(std::find(columns.begin(), columns.end(), m.column) -
                                          columns.begin());
  if (m.type == "final") {
    return columnValue(r.samples.back(), b, c);
  }
  if (m.type == "zero_crossing") {
    return zeroCrossing(r, b, c);
  }
  double low = std::numeric_limits<double>::infinity(), high = -low;
  for (const TrajectorySample& s : r.samples) {
    low = std::min(low, columnValue(s, b, c));
    high = std::max(high, columnValue(s, b, c));
  }
  return m.type == "min" ? low : high;
}

}  // namespace

const std::vector<std::string>& trajectoryColumns() {
  static const std::vector<std::string> columns = {"px", "py", "pz", "qw", "qx", "qy", "qz",
                                                   "wx", "wy", "wz", "vx", "vy", "vz", "energy"};
  return columns;
}

MetricSpec parseMetric(const json& entry, const Scene& base, const std::string& file,
                       const std::string& path) {
  if (!entry.is_object()) {
    fail(file, path, "expected an object {type, name, ...}");
  }
  MetricSpec m;
  m.spec_path = path;
  for (const auto& item : entry.items()) {
    const std::string key = item.key();
    if (key != "type" && key != "name" && key != "event" && key != "body" && key != "column") {
      fail(file, path + "/" + key, "unknown key");
    }
    if (!item.value().is_string() || item.value().get<std::string>().empty()) {
      fail(file, path + "/" + key, "expected a non-empty string, got " + item.value().dump());
    }
  }
  m.type = entry.value("type", std::string());
  if (std::find(kTypes.begin(), kTypes.end(), m.type) == kTypes.end()) {
    std::string known;
    for (const std::string& t : kTypes) {
      known += (known.empty() ? "" : ", ") + t;
    }
    fail(file, entry.contains("type") ? path + "/type" : path,
         "unknown metric \"" + m.type + "\" (known: " + known + ")");
  }
  m.event = entry.value("event", std::string());
  m.body = entry.value("body", std::string());
  m.column = entry.value("column", std::string());
  if (needsEvent(m.type) != !m.event.empty()) {
    fail(file, path,
         needsEvent(m.type) ? "metric " + m.type + " needs \"event\""
                            : "metric " + m.type + " takes no \"event\"");
  }
  if (needsColumn(m.type) != !m.column.empty()) {
    fail(file, path,
         needsColumn(m.type) ? "metric " + m.type + " needs \"column\""
                             : "metric " + m.type + " takes no \"column\"");
  }
  const auto& columns = trajectoryColumns();
  if (!m.column.empty() && std::find(columns.begin(), columns.end(), m.column) == columns.end()) {
    fail(file, path + "/column",
         "unknown column \"" + m.column +
             "\" (px, py, pz, qw, qx, qy, qz, wx, wy, wz, vx, vy, "
             "vz, energy)");
  }
  const auto& bodies = base.world.bodies;
  if (!m.body.empty() &&
      std::none_of(bodies.begin(), bodies.end(), [&](const auto& b) { return b.name == m.body; })) {
    fail(file, path + "/body", "the scene has no body \"" + m.body + "\"");
  }
  if (perBody(m.type) && m.body.empty() &&
      std::all_of(bodies.begin(), bodies.end(), [](const auto& b) { return b.fixed; })) {
    fail(file, path, "the scene has no free body for metric " + m.type);
  }
  m.name = entry.value("name", m.type + (m.event.empty() ? "" : "_" + m.event) +
                                   (m.column.empty() ? "" : "_" + m.column));
  return m;
}

nlohmann::ordered_json evaluateMetrics(const std::vector<MetricSpec>& metrics,
                                       const RunResult& result, const RunTiming& timing) {
  nlohmann::ordered_json values = nlohmann::ordered_json::object();
  for (const MetricSpec& m : metrics) {
    values[m.name] = evaluate(m, result, timing);
  }
  return values;
}

bool needsContacts(const std::vector<MetricSpec>& metrics) {
  return std::any_of(metrics.begin(), metrics.end(),
                     [](const MetricSpec& m) { return m.type == "restitution"; });
}

}  // namespace contactsim::sweep
