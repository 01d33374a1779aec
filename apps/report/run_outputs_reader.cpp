#include "report/run_outputs_reader.hpp"

#include <charconv>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "contactsim/error.hpp"

namespace contactsim::report {
namespace {

// A file of the run, refused beyond `max_bytes` before it is read (SceneLimits::max_file_bytes;
// `view --no-limits`: infinity). readRunOutputs has checked that it is a regular file.
std::string readText(const std::filesystem::path& file, double max_bytes) {
  std::error_code ec;
  const std::uintmax_t bytes = std::filesystem::file_size(file, ec);
  if (!ec && static_cast<double>(bytes) > max_bytes) {
    throw Error(file.string() + ": " + toText(bytes) + " bytes, more than the limit of " +
                toText(max_bytes) +
                " bytes (max_file_bytes: docs/scene-format.md, \"Limits\"; --no-limits lifts it)");
  }
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw Error("cannot read " + file.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string_view> split(std::string_view line, char separator, std::size_t most) {
  std::vector<std::string_view> fields;
  while (fields.size() + 1 < most) {
    const std::size_t at = line.find(separator);
    if (at == std::string_view::npos)
      break;
    fields.push_back(line.substr(0, at));
    line.remove_prefix(at + 1);
  }
  fields.push_back(line);
  return fields;
}

double number(std::string_view text, const std::filesystem::path& file, std::size_t line) {
  double value = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size())
    throw Error(file.string() + ":" + std::to_string(line) + ": '" + std::string(text) +
                "' is not a number");
  return value;
}

std::vector<std::string_view> lines(const std::string& text) {
  std::vector<std::string_view> out = split(text, '\n', std::string::npos);
  if (!out.empty() && out.back().empty())
    out.pop_back();
  return out;
}

Scene sceneOf(const std::filesystem::path& directory,
              const std::optional<std::filesystem::path>& scene_file, const SceneLimits& limits) {
  if (scene_file)
    return loadSceneFile(*scene_file, limits);
  const std::filesystem::path summary_file = directory / "summary.json";
  std::string origin;
  try {
    origin = nlohmann::json::parse(readText(summary_file, limits.max_file_bytes))
                 .at("scene")
                 .at("origin");
  } catch (const nlohmann::json::exception& e) {
    throw Error(summary_file.string() + ": no scene origin (" + e.what() + ")");
  }
  if (origin == builtinDefaultScene().origin)
    return builtinDefaultScene();
  if (!std::filesystem::is_regular_file(origin)) {
    throw Error(summary_file.string() + " names the scene file '" + origin +
                "', which is not there from here: give it with --scene");
  }
  return loadSceneFile(origin, limits);
}

void readTrajectory(RunResult& result, const std::filesystem::path& file, double max_bytes) {
  const std::string text = readText(file, max_bytes);
  const std::vector<std::string_view> rows = lines(text);
  const std::size_t bodies = result.body_names.size();
  if (rows.empty() || !rows[0].starts_with("time,body,px,py,pz,qw,qx,qy,qz,"))
    throw Error(file.string() + ": not a contactsim trajectory (header)");
  if ((rows.size() - 1) % bodies != 0 || rows.size() == 1)
    throw Error(file.string() + ": " + std::to_string(rows.size() - 1) +
                " rows are not whole samples of " + std::to_string(bodies) + " bodies");
  for (std::size_t r = 1; r < rows.size(); r += bodies) {
    TrajectorySample sample;
    for (std::size_t i = 0; i < bodies; ++i) {
      const std::size_t line = r + i + 1;
      const auto f = split(rows[r + i], ',', 17);
      if (f.size() != 16)
        throw Error(file.string() + ":" + std::to_string(line) + ": expected 16 columns");
      if (f[1] != result.body_names[i])
        throw Error(file.string() + ":" + std::to_string(line) + ": body '" + std::string(f[1]) +
                    "' where the scene has '" + result.body_names[i] + "'");
      sample.time = number(f[0], file, line);
      BodySample body;
      body.state = RigidBodyState::fromWorldVelocities(
          Vec3(number(f[2], file, line), number(f[3], file, line), number(f[4], file, line)),
          Quat(number(f[5], file, line), number(f[6], file, line), number(f[7], file, line),
               number(f[8], file, line)),
          Vec3(number(f[9], file, line), number(f[10], file, line), number(f[11], file, line)),
          Vec3(number(f[12], file, line), number(f[13], file, line), number(f[14], file, line)));
      body.energy = number(f[15], file, line);
      sample.bodies.push_back(body);
    }
    result.samples.push_back(std::move(sample));
  }
}

void readEvents(RunResult& result, const std::filesystem::path& file, double max_bytes) {
  const std::string text = readText(file, max_bytes);
  const std::vector<std::string_view> rows = lines(text);
  if (rows.empty() || rows[0] != "time,body,type,detail")
    throw Error(file.string() + ": not a contactsim event log (header)");
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const auto f = split(rows[r], ',', 4);
    if (f.size() != 4)
      throw Error(file.string() + ":" + std::to_string(r + 1) + ": expected 4 columns");
    std::string_view detail = f[3];
    if (detail.size() >= 2 && detail.front() == '"' && detail.back() == '"')
      detail = detail.substr(1, detail.size() - 2);
    result.events.push_back(
        {number(f[0], file, r + 1), std::string(f[1]), std::string(f[2]), std::string(detail)});
  }
}

}  // namespace

RunResult readRunOutputs(const std::filesystem::path& directory,
                         const std::optional<std::filesystem::path>& scene_file,
                         const SceneLimits& limits) {
  for (const char* name : {"summary.json", "trajectory.csv", "events.csv"}) {
    if (!std::filesystem::is_regular_file(directory / name))
      throw Error(directory.string() + " holds no contactsim run outputs (" + name +
                  " is missing)");
  }
  RunResult result;
  result.scene = sceneOf(directory, scene_file, limits);
  for (const BodyDescription& body : result.scene.world.bodies) {
    result.body_names.push_back(body.name);
    result.fixed.push_back(body.fixed);
  }
  readTrajectory(result, directory / "trajectory.csv", limits.max_file_bytes);
  readEvents(result, directory / "events.csv", limits.max_file_bytes);
  return result;
}

}  // namespace contactsim::report
