#include "report/report_html.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "contactsim/error.hpp"
#include "contactsim/io/atomic_files.hpp"
#include "report/body_meshes.hpp"
#include "report/report_assets.hpp"
#include "report/report_contacts.hpp"

namespace contactsim::report {
namespace {

constexpr double kRotationQuantum = 1e-5;  // quaternion components, ample for the eye
constexpr std::array<const char*, 8> kColours = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759",
                                                 "#b07aa1", "#edc948", "#76b7b2", "#ff9da7"};

// Lengths are sent as integers in units of a power of ten near 1e-5 of the scene's size.
double lengthQuantum(double radius) {
  return std::pow(10.0, std::floor(std::log10(radius * 1e-5)));
}

long long quantise(double x, double quantum) {
  return std::llround(x / quantum);
}

nlohmann::json meshJson(const BodyMesh& mesh, double quantum) {
  std::vector<long long> positions, normals;
  std::vector<int> indices;
  for (const Vec3& p : mesh.positions) {
    for (int k = 0; k < 3; ++k)
      positions.push_back(quantise(p[k], quantum));
  }
  for (const Vec3& n : mesh.normals) {
    for (int k = 0; k < 3; ++k)
      normals.push_back(quantise(n[k], 1e-3));
  }
  for (const auto& t : mesh.triangles)
    indices.insert(indices.end(), t.begin(), t.end());
  nlohmann::json j = {{"positions", positions}, {"indices", indices}, {"plate", mesh.plate}};
  if (!normals.empty())
    j["normals"] = normals;
  return j;
}

// The first body whose mesh equals body i's (i itself when none does): billiard balls share one.
std::size_t sameAs(const std::vector<BodyMesh>& meshes, std::size_t i) {
  for (std::size_t j = 0; j < i; ++j) {
    const BodyMesh& a = meshes[j];
    const BodyMesh& b = meshes[i];
    if (a.plate == b.plate && a.triangles == b.triangles && a.positions == b.positions &&
        a.normals == b.normals)
      return j;
  }
  return i;
}

void appendPose(std::vector<long long>& poses, const RigidBodyState& x, double quantum) {
  for (int k = 0; k < 3; ++k)
    poses.push_back(quantise(x.position[k], quantum));
  for (const double q :
       {x.orientation.w(), x.orientation.x(), x.orientation.y(), x.orientation.z()})
    poses.push_back(quantise(q, kRotationQuantum));
}

// The camera's up (against gravity; +y in planar worlds, which lie in z = 0) and the horizontal
// direction it starts from.
std::pair<Vec3, Vec3> viewDirections(const WorldDescription& world) {
  const bool planar = std::any_of(world.bodies.begin(), world.bodies.end(), [](const auto& b) {
    return b.response_map != nullptr || b.half_plane.has_value();
  });
  if (planar)
    return {Vec3::UnitY(), Vec3::UnitZ()};
  const Vec3 up = world.gravity.norm() > 0.0 ? Vec3(-world.gravity.normalized()) : Vec3::UnitZ();
  for (const Vec3& side : {Vec3(0.5, -0.866, 0.0), Vec3(0.0, 0.0, 1.0)}) {
    const Vec3 front = side - side.dot(up) * up;
    if (front.norm() > 0.1)
      return {up, front.normalized()};
  }
  return {up, Vec3::UnitX()};
}

nlohmann::json reportData(const RunResult& result) {
  std::vector<RigidBodyState> first;
  for (const BodySample& b : result.samples.front().bodies)
    first.push_back(b.state);
  const std::vector<BodyMesh> meshes = bodyMeshes(result.scene.world, first);
  const ViewBounds view = viewBounds(result.scene.world, meshes, first);
  const double quantum = lengthQuantum(view.radius);

  nlohmann::json data;
  data["name"] = result.scene.name;
  data["description"] = result.scene.description;
  data["length_quantum"] = quantum;
  data["rotation_quantum"] = kRotationQuantum;
  const auto [up, front] = viewDirections(result.scene.world);
  data["view"] = {{"centre", {view.centre.x(), view.centre.y(), view.centre.z()}},
                  {"radius", view.radius},
                  {"up", {up.x(), up.y(), up.z()}},
                  {"front", {front.x(), front.y(), front.z()}}};
  std::vector<double> times;
  for (const TrajectorySample& s : result.samples)
    times.push_back(s.time);
  data["times"] = times;
  nlohmann::json bodies = nlohmann::json::array();
  for (std::size_t i = 0; i < result.body_names.size(); ++i) {
    std::vector<long long> poses;
    for (const TrajectorySample& s : result.samples) {
      appendPose(poses, s.bodies[i].state, quantum);
      if (result.fixed[i])
        break;  // fixed bodies stay where they are
    }
    bodies.push_back(
        {{"name", result.body_names[i]},
         {"fixed", static_cast<bool>(result.fixed[i])},
         {"colour", meshes[i].plate ? "#9aa4ad" : kColours[i % kColours.size()]},
         {"mesh", sameAs(meshes, i) < i ? nlohmann::json{{"same_as", sameAs(meshes, i)}}
                                        : meshJson(meshes[i], quantum)},
         {"poses", poses}});
  }
  data["bodies"] = bodies;
  nlohmann::json events = nlohmann::json::array();
  for (const WorldEvent& e : result.events)
    events.push_back({e.time, e.body, e.type, e.detail});
  data["events"] = events;
  addContacts(data, result, quantum, view.radius);
  return data;
}

// Text placed inside a <script> element must not close it.
std::string scriptSafe(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/')
      out += "<\\";
    else
      out += text[i];
  }
  return out;
}

std::string htmlEscaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// The template with each @@NAME@@ replaced once; replacements are not scanned again.
std::string fill(std::string_view page,
                 const std::vector<std::pair<std::string, std::string>>& values) {
  std::string out;
  std::size_t at = 0;
  while (true) {
    const std::size_t open = page.find("@@", at);
    if (open == std::string_view::npos)
      break;
    const std::size_t close = page.find("@@", open + 2);
    if (close == std::string_view::npos)
      break;
    const std::string_view name = page.substr(open + 2, close - open - 2);
    out.append(page.substr(at, open - at));
    bool found = false;
    for (const auto& [key, value] : values) {
      if (key == name) {
        out += value;
        found = true;
      }
    }
    if (!found)
      throw Error("report template: unknown placeholder @@" + std::string(name) + "@@");
    at = close + 2;
  }
  out.append(page.substr(at));
  return out;
}

std::string readPlot(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw Error("cannot read " + file.string() + " (the report embeds the run's plots)");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::string reportHtml(const RunResult& result, const std::string& spin_svg,
                       const std::string& com_path_svg) {
  if (threeModule().empty()) {
    throw Error(
        "this build has no three.js for the report (viewer/node_modules is missing): run "
        "scripts/install-deps.sh and rebuild");
  }
  const std::string data = scriptSafe(reportData(result).dump());
  return fill(reportTemplate(), {{"TITLE", htmlEscaped(result.scene.name)},
                                 {"SPIN_SVG", spin_svg},
                                 {"COM_PATH_SVG", com_path_svg},
                                 {"REPORT_DATA", data},
                                 {"THREE_MODULE", scriptSafe(threeModule())},
                                 {"VIEWER_JS", scriptSafe(viewerScript())}});
}

void writeReport(const RunResult& result, const std::filesystem::path& directory) {
  const std::string page =
      reportHtml(result, readPlot(directory / "spin.svg"), readPlot(directory / "com_path.svg"));
  writeFilesAtomically(directory, {{"report.html", page}});
}

}  // namespace contactsim::report
