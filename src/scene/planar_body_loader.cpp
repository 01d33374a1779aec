// Planar bodies of a scene file (planar_body_loader.hpp).
#include "planar_body_loader.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <numbers>

#include "contactsim/bem/boundary_mesh.hpp"
#include "contactsim/bem/response_map.hpp"
#include "contactsim/bem/response_map_builder.hpp"
#include "contactsim/io/atomic_files.hpp"
#include "scene_limits.hpp"

namespace contactsim::scene_detail {
namespace {

constexpr double kDegree = std::numbers::pi / 180.0;

Vec2 vec2(JsonObject& o, const std::string& key) {
  const std::vector<double> v = o.numbers(key, 2);
  return {v[0], v[1]};
}

// One piece of an outline: a line "from" → "to", or an arc about "centre" of "radius" from
// "from_degrees" to "to_degrees"; "elements" and an optional "grading" (boundary_mesh.hpp).
CurvePiece parsePiece(JsonObject o) {
  const std::string type = o.string("type");
  const int elements = o.integer("elements");
  if (elements < 1)
    o.fail("elements", "expected at least 1 element");
  const double grading = o.positiveNumber("grading", 1.0);
  if (type == "line") {
    o.rejectUnknownKeys({"type", "from", "to", "elements", "grading"});
    return CurvePiece::line(vec2(o, "from"), vec2(o, "to"), elements, grading);
  }
  if (type == "arc") {
    o.rejectUnknownKeys(
        {"type", "centre", "radius", "from_degrees", "to_degrees", "elements", "grading"});
    return CurvePiece::arc(vec2(o, "centre"), o.positiveNumber("radius"),
                           o.number("from_degrees") * kDegree, o.number("to_degrees") * kDegree,
                           elements, grading);
  }
  o.fail("type", "unknown outline piece \"" + type + "\" (expected \"line\" or \"arc\")");
}

// FNV-1a, 64 bits: the cache key of a map's inputs (not cryptographic; the key text includes
// every input, so equal keys mean equal inputs up to a collision of 2⁻⁶⁴).
std::string contentHash(const std::string& text) {
  std::uint64_t h = 1469598103934665603ULL;
  for (const unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

// A map computed from an outline: the boundary-element builder (ullrich-pai §3 eq. 6, §4) on
// "boundary", "material" and "map" settings, read from the cache when it holds a valid entry.
std::shared_ptr<const ResponseMap> outlineMap(JsonObject& shape, const std::string& body_name,
                                              const SceneLimits& limits) {
  shape.rejectUnknownKeys({"type", "name", "boundary", "material", "map"});
  const std::string name = shape.string("name", body_name);
  const nlohmann::json& boundary = shape.required("boundary");
  if (!boundary.is_array() || boundary.empty())
    shape.fail("boundary", "expected a non-empty array of line and arc pieces");
  std::vector<CurvePiece> pieces;
  for (std::size_t i = 0; i < boundary.size(); ++i) {
    pieces.push_back(parsePiece(
        JsonObject(boundary[i], shape.pathOf("boundary") + "/" + toText(i), shape.file())));
  }
  JsonObject m = shape.object("material");
  m.rejectUnknownKeys({"youngs_modulus", "poisson_ratio", "density"});
  ElasticMaterial material{m.positiveNumber("youngs_modulus"), m.number("poisson_ratio"),
                           m.positiveNumber("density")};
  try {
    material.validate();
  } catch (const InvalidInputError& e) {
    m.failNamingKey(e.what());
  }
  JsonObject s = shape.object("map");
  s.rejectUnknownKeys({"time_step", "samples", "tail_fraction", "remove_rigid_motion"});
  ResponseMapOptions options;
  options.time_step = s.positiveNumber("time_step");
  options.samples = s.integer("samples");
  if (options.samples < 1)
    s.fail("samples", "expected at least 1 sample");
  options.tail_fraction = s.positiveNumber("tail_fraction", options.tail_fraction);
  options.remove_rigid_motion = s.boolean("remove_rigid_motion", options.remove_rigid_motion);
  // The work: each of the convolution quadrature's frequencies solves one dense boundary-element
  // system. Checked before meshing on the element count (at most the node count), so that the
  // mesh itself stays small, and after it on the nodes.
  const auto checkWork = [&](double nodes) {
    checkLimit(shape.file(), s.pathOf("samples"),
               static_cast<double>(options.samples) * nodes * nodes * nodes, limits.max_map_work,
               "the response map's work (samples × boundary nodes³)");
  };
  double elements = 0.0;
  for (const CurvePiece& piece : pieces)
    elements += piece.elements;
  checkWork(elements);
  BoundaryMesh mesh;
  try {
    mesh = meshLoops({pieces});
  } catch (const InvalidInputError& e) {
    shape.fail("boundary", e.what());
  }
  checkWork(static_cast<double>(mesh.nodes.size()));
  // The cache entry: every input in one text (doubles in round-trip digits), hashed.
  nlohmann::json key = {
      {"cache", "contactsim response map 2"},  // 2: dynamic kernels on split panels
      {"name", name},
      {"boundary", boundary},
      {"material", {material.youngs_modulus, material.poisson_ratio, material.density}},
      {"map",
       {options.time_step, options.samples, options.tail_fraction, options.remove_rigid_motion}}};
  const std::filesystem::path directory = responseMapCacheDirectory();
  const std::string file = "map-" + contentHash(key.dump()) + ".json";
  std::error_code ignored;
  if (std::filesystem::is_regular_file(directory / file, ignored)) {
    try {
      return std::make_shared<const ResponseMap>(
          loadResponseMap((directory / file).string(), limits.max_file_bytes));
    } catch (const Error&) {
      // A corrupt entry is computed again and replaced.
    }
  }
  std::cerr << "contactsim: computing the response map of body '" << body_name << "' ("
            << mesh.nodes.size() << " nodes, " << options.samples << " samples; cached in "
            << directory.string() << ")" << std::endl;
  ResponseMap map;
  try {
    map = computeResponseMap(mesh, material, options, name);
  } catch (const Error& e) {
    shape.failNamingKey(e.what());
  }
  try {
    writeFilesAtomically(directory, {{file, responseMapText(map)}});
  } catch (const Error& e) {
    std::cerr << "contactsim: warning: could not cache the response map: " << e.what() << "\n";
  }
  return std::make_shared<const ResponseMap>(std::move(map));
}

}  // namespace

bool isPlanarShapeType(const std::string& type) {
  return type == "response-map" || type == "outline" || type == "half-plane";
}

std::filesystem::path responseMapCacheDirectory() {
  if (const char* dir = std::getenv("CONTACTSIM_CACHE_DIR"); dir != nullptr && *dir != '\0')
    return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0')
    return std::filesystem::path(xdg) / "contactsim" / "response-maps";
  const char* home = std::getenv("HOME");
  return std::filesystem::path(home != nullptr ? home : ".") / ".cache" / "contactsim" /
         "response-maps";
}

void parsePlanarShape(JsonObject shape, const std::string& text, BodyDescription& body,
                      const std::filesystem::path& base, ResponseMapCache& maps,
                      const SceneLimits& limits) {
  const std::string type = shape.string("type");
  if (type == "half-plane") {
    shape.rejectUnknownKeys({"type", "normal", "offset"});
    BodyDescription::HalfPlane h;
    if (shape.has("normal"))
      h.normal = vec2(shape, "normal");
    if (!(h.normal.norm() > 0.0))
      shape.fail("normal", "expected a non-zero normal");
    h.offset = shape.number("offset", 0.0);
    body.half_plane = h;
    return;
  }
  std::shared_ptr<const ResponseMap>& map = maps[text];
  if (map) {
    body.response_map = map;  // an equal shape read before (its keys checked then)
    return;
  }
  if (type == "response-map") {
    shape.rejectUnknownKeys({"type", "map"});
    const std::filesystem::path file = base / shape.string("map");
    try {
      map = std::make_shared<const ResponseMap>(
          loadResponseMap(file.string(), limits.max_file_bytes));
    } catch (const Error& e) {
      shape.fail("map", e.what());
    }
  } else {
    map = outlineMap(shape, body.name, limits);
  }
  body.response_map = map;
}

void parsePlanarState(JsonObject& o, BodyDescription& body) {
  for (const char* key : {"mass", "inertia", "orientation", "force", "torque"}) {
    if (o.has(key)) {
      o.fail(key, body.response_map ? "a planar map body takes its mass from its map's outline "
                                      "and density, its pose from position [x, y] and angle"
                                    : "a half-plane is placed by position [x, y] and angle");
    }
  }
  PlanarBodyState s;
  if (o.has("position"))
    s.position = vec2(o, "position");
  s.angle = o.number("angle", 0.0);
  if (o.has("linear_velocity"))
    s.velocity = vec2(o, "linear_velocity");
  s.angular_velocity = o.number("angular_velocity", 0.0);
  body.initial_state = embedPlanarState(s);
}

}  // namespace contactsim::scene_detail
