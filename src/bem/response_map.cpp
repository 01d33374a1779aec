// Contact response maps (ullrich-pai §3 eq. 6, §6 storage): validation and the versioned JSON file
// "contactsim-response-map" version 1 (docs/response-map-format.md).
#include "contactsim/bem/response_map.hpp"

#include <cmath>
#include <filesystem>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "contactsim/error.hpp"
#include "contactsim/io/atomic_files.hpp"
#include "io/input_file.hpp"
#include "io/json_document.hpp"

namespace contactsim {
namespace {

constexpr const char* kFormat = "contactsim-response-map";
constexpr int kVersion = 1;
/// A node normal is a unit vector when | ‖n‖ − 1 | ≤ this (the scene format's rule for
/// quaternions).
constexpr double kUnitTolerance = 1e-6;

/// The first thing wrong with a map: where (a JSON pointer into the file format, so that the same
/// words serve validate() and loadResponseMap) and what.
struct Problem {
  std::string path;
  std::string message;
};

std::string str(double x) {
  std::ostringstream s;
  s.precision(17);
  s << x;
  return s.str();
}

std::string at(const std::string& path, std::size_t i) {
  return path + "/" + toText(i);
}

std::optional<Problem> nonFinite(const Eigen::Vector2d& x, const std::string& path) {
  for (Eigen::Index c = 0; c < 2; ++c) {
    if (!std::isfinite(x(c))) {
      return Problem{at(path, static_cast<std::size_t>(c)), "not a finite number"};
    }
  }
  return std::nullopt;
}

std::optional<Problem> firstProblem(const ResponseMap& map) {
  try {
    map.material.validate();
  } catch (const InvalidInputError& e) {
    return Problem{"/material", e.what()};
  }
  if (!(std::isfinite(map.time_step) && map.time_step > 0.0)) {
    return Problem{"/time_step",
                   "the time step must be positive and finite, got " + str(map.time_step)};
  }
  if (map.outline.size() < 3) {
    return Problem{"/outline",
                   "the outline needs at least 3 points, got " + toText(map.outline.size())};
  }
  double twice_area = 0.0;
  for (std::size_t i = 0; i < map.outline.size(); ++i) {
    if (auto p = nonFinite(map.outline[i], at("/outline", i))) {
      return p;
    }
    const Eigen::Vector2d& a = map.outline[i];
    const Eigen::Vector2d& b = map.outline[(i + 1) % map.outline.size()];
    twice_area += a.x() * b.y() - a.y() * b.x();
  }
  if (!(twice_area > 0.0)) {
    return Problem{"/outline",
                   "the outline must be counter-clockwise with positive area, got "
                   "signed area " +
                       str(0.5 * twice_area) + " m^2"};
  }
  if (map.nodes.empty()) {
    return Problem{"/nodes", "the map has no nodes"};
  }
  const std::size_t samples = map.nodes.front().force.size();
  for (std::size_t j = 0; j < map.nodes.size(); ++j) {
    const ResponseMapNode& node = map.nodes[j];
    const std::string path = at("/nodes", j);
    if (auto p = nonFinite(node.position, path + "/position")) {
      return p;
    }
    if (auto p = nonFinite(node.normal, path + "/normal")) {
      return p;
    }
    if (std::abs(node.normal.norm() - 1.0) > kUnitTolerance) {
      return Problem{path + "/normal",
                     "not a unit vector (norm " + str(node.normal.norm()) + ", tolerance 1e-6)"};
    }
    if (!std::isfinite(node.stiffness)) {
      return Problem{path + "/stiffness", "not a finite number"};
    }
    if (node.force.empty()) {
      return Problem{path + "/force", "no force samples"};
    }
    if (node.force.size() != samples) {
      return Problem{path + "/force", "expected " + toText(samples) + " samples (as node 0), got " +
                                          toText(node.force.size())};
    }
    for (std::size_t m = 0; m < samples; ++m) {
      if (!std::isfinite(node.force[m])) {
        return Problem{at(path + "/force", m), "not a finite number"};
      }
    }
  }
  return std::nullopt;
}

// ---- writing ----------------------------------------------------------------------------------

/// nlohmann writes a double with the shortest digits that read back to the same bits (Grisu2 with
/// round-trip guarantee), e.g. 0.1 as 0.1 and 1.0 as 1.0, so a map survives a save/load exactly.
std::string number(double x) {
  return nlohmann::json(x).dump();
}

std::string vector2(const Eigen::Vector2d& x) {
  std::string s = "[";  // (appends, not "[" + …: GCC 12 misreports -Wrestrict on that)
  s += number(x.x());
  s += ", ";
  s += number(x.y());
  s += "]";
  return s;
}

std::string toTextUnchecked(const ResponseMap& map) {
  std::ostringstream s;
  s << "{\n";
  s << "  \"format\": \"" << kFormat << "\",\n";
  s << "  \"version\": " << kVersion << ",\n";
  s << "  \"name\": " << nlohmann::json(map.name).dump() << ",\n";
  s << "  \"material\": {\"youngs_modulus\": " << number(map.material.youngs_modulus)
    << ", \"poisson_ratio\": " << number(map.material.poisson_ratio)
    << ", \"density\": " << number(map.material.density) << "},\n";
  s << "  \"time_step\": " << number(map.time_step) << ",\n";
  s << "  \"outline\": [";
  for (std::size_t i = 0; i < map.outline.size(); ++i) {
    s << (i == 0 ? "" : ", ") << vector2(map.outline[i]);
  }
  s << "],\n";
  s << "  \"nodes\": [\n";
  for (std::size_t j = 0; j < map.nodes.size(); ++j) {
    const ResponseMapNode& node = map.nodes[j];
    s << "    {\"position\": " << vector2(node.position) << ", \"normal\": " << vector2(node.normal)
      << ", \"stiffness\": " << number(node.stiffness) << ",\n     \"force\": [";
    for (std::size_t m = 0; m < node.force.size(); ++m) {
      s << (m == 0 ? "" : ", ") << number(node.force[m]);
    }
    s << "]}" << (j + 1 < map.nodes.size() ? "," : "") << "\n";
  }
  s << "  ]\n}\n";
  return s.str();
}

// ---- reading ----------------------------------------------------------------------------------

/// Reads one JSON value of the file strictly; every failure names the file and the JSON pointer.
class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  [[noreturn]] void fail(const std::string& path, const std::string& message) const {
    throw InvalidInputError(file_ + ": at " + (path.empty() ? "/" : path) + ": " + message);
  }

  const nlohmann::json& object(const nlohmann::json& v, const std::string& path,
                               std::initializer_list<const char*> keys) const {
    if (!v.is_object()) {
      fail(path, std::string("expected an object, got ") + v.type_name());
    }
    for (const auto& item : v.items()) {
      bool known = false;
      std::string list;
      for (const char* k : keys) {
        known = known || item.key() == k;
        list += (list.empty() ? "" : ", ") + std::string(k);
      }
      if (!known) {
        fail(path + "/" + escape(item.key()),
             "unknown key \"" + item.key() + "\" (allowed here: " + list + ")");
      }
    }
    for (const char* k : keys) {
      if (!v.contains(k)) {
        fail(path, std::string("missing required key \"") + k + "\"");
      }
    }
    return v;
  }

  double number(const nlohmann::json& v, const std::string& path) const {
    if (!v.is_number()) {
      fail(path, std::string("not a finite number (got ") + v.type_name() + ")");
    }
    const double x = v.get<double>();
    if (!std::isfinite(x)) {
      fail(path, "not a finite number");
    }
    return x;
  }

  std::string string(const nlohmann::json& v, const std::string& path) const {
    if (!v.is_string()) {
      fail(path, std::string("expected a string, got ") + v.type_name());
    }
    return v.get<std::string>();
  }

  const nlohmann::json& array(const nlohmann::json& v, const std::string& path) const {
    if (!v.is_array()) {
      fail(path, std::string("expected an array, got ") + v.type_name());
    }
    return v;
  }

  Eigen::Vector2d vector2(const nlohmann::json& v, const std::string& path) const {
    if (!v.is_array() || v.size() != 2) {
      fail(path, "expected an array of 2 numbers [x, y]");
    }
    return {number(v[0], at(path, 0)), number(v[1], at(path, 1))};
  }

 private:
  static std::string escape(const std::string& key) {
    std::string out;
    for (const char c : key) {
      out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
    }
    return out;
  }

  std::string file_;
};

ResponseMap fromJson(const nlohmann::json& root, const Reader& r) {
  r.object(root, "", {"format", "version", "name", "material", "time_step", "outline", "nodes"});
  if (r.string(root["format"], "/format") != kFormat) {
    r.fail("/format", std::string("expected \"") + kFormat + "\"");
  }
  const nlohmann::json& version = root["version"];
  if (!version.is_number_integer()) {
    r.fail("/version", std::string("expected an integer, got ") + version.type_name());
  }
  if (version.get<std::int64_t>() != kVersion) {
    r.fail("/version", "unsupported response map format version " + version.dump() +
                           " (this build reads version " + toText(kVersion) + ")");
  }
  ResponseMap map;
  map.name = r.string(root["name"], "/name");
  const nlohmann::json& material =
      r.object(root["material"], "/material", {"youngs_modulus", "poisson_ratio", "density"});
  map.material.youngs_modulus = r.number(material["youngs_modulus"], "/material/youngs_modulus");
  map.material.poisson_ratio = r.number(material["poisson_ratio"], "/material/poisson_ratio");
  map.material.density = r.number(material["density"], "/material/density");
  map.time_step = r.number(root["time_step"], "/time_step");
  const nlohmann::json& outline = r.array(root["outline"], "/outline");
  for (std::size_t i = 0; i < outline.size(); ++i) {
    map.outline.push_back(r.vector2(outline[i], at("/outline", i)));
  }
  const nlohmann::json& nodes = r.array(root["nodes"], "/nodes");
  for (std::size_t j = 0; j < nodes.size(); ++j) {
    const std::string path = at("/nodes", j);
    const nlohmann::json& n =
        r.object(nodes[j], path, {"position", "normal", "stiffness", "force"});
    ResponseMapNode node;
    node.position = r.vector2(n["position"], path + "/position");
    node.normal = r.vector2(n["normal"], path + "/normal");
    node.stiffness = r.number(n["stiffness"], path + "/stiffness");
    const nlohmann::json& force = r.array(n["force"], path + "/force");
    node.force.reserve(force.size());
    for (std::size_t m = 0; m < force.size(); ++m) {
      node.force.push_back(r.number(force[m], at(path + "/force", m)));
    }
    map.nodes.push_back(std::move(node));
  }
  if (const auto p = firstProblem(map)) {
    r.fail(p->path, p->message);
  }
  return map;
}

}  // namespace

void ResponseMap::validate() const {
  if (const auto p = firstProblem(*this)) {
    throw InvalidInputError("response map \"" + name + "\": at " + p->path + ": " + p->message);
  }
}

std::string responseMapText(const ResponseMap& map) {
  map.validate();
  return toTextUnchecked(map);
}

void saveResponseMap(const ResponseMap& map, const std::string& path) {
  map.validate();
  const std::filesystem::path file(path);
  const std::filesystem::path directory =
      file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
  writeFilesAtomically(directory, {{file.filename().string(), toTextUnchecked(map)}});
}

ResponseMap loadResponseMap(const std::string& path) {
  return loadResponseMap(path, kDefaultMaxFileBytes);
}

ResponseMap loadResponseMap(const std::string& path, double max_bytes) {
  const Reader reader(path);
  std::string text;
  try {
    text = readInputFile(path, max_bytes);
  } catch (const InputFileError& e) {
    const std::string reason = e.what();
    reader.fail("", e.missing() ? "no such response map file (or not a regular file)"
                                : "cannot read the response map file" +
                                      (reason.empty() ? reason : ": " + reason));
  }
  nlohmann::json json;
  try {
    json = parseJsonDocument(text);
  } catch (const JsonDocumentError& e) {
    reader.fail(e.jsonPath(), e.what());
  }
  return fromJson(json, reader);
}

}  // namespace contactsim
