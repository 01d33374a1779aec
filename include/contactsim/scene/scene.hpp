// A scene: what a run simulates and what it writes. Loaded from the JSON format of
// docs/scene-format.md; every error names the file, the JSON path and what was expected.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "contactsim/error.hpp"
#include "contactsim/world/world.hpp"

namespace contactsim {

struct OutputSettings {
  double rate = 100.0;  ///< trajectory samples per second [Hz], > 0
};

struct Scene {
  std::string name;
  std::string description;
  double duration = 1.0;  ///< simulated time [s], > 0
  WorldDescription world;
  OutputSettings output;
  std::string origin;  ///< the file it came from, or "<built-in default scene>"
};

/// How large a scene may make a run before it is refused at load: each limit bounds memory or time
/// that grows with a number in the file, estimated before anything is built, and the error names
/// the key (docs/scene-format.md, "Limits"). `--no-limits`, on every command that reads a file,
/// lifts them all.
struct SceneLimits {
  double max_steps = 1e9;        ///< duration / step (adaptive methods: duration / max_step)
  double max_sample_rows = 1e7;  ///< output samples (duration × rate) times bodies
  double max_bodies = 1e5;
  /// Triangles of one generated mesh or polyhedron, or of one surface's collision tessellation.
  double max_triangles = 1e7;
  /// 6D contact: rays across the overlap of two mesh bodies at the ray spacing (bouchard-2015
  /// §4.1).
  double max_rays = 1e8;
  /// A response map computed at load from an outline: its boundary-element work, samples ×
  /// boundary nodes³ (one dense solve per frequency; the steel bar of ullrich-pai: 7.2e8).
  double max_map_work = 1e10;
  /// The size of every file a scene reads [bytes]: the scene file itself, its OBJ meshes and
  /// response-map files (256 MiB), checked on their size before they are read.
  double max_file_bytes = 268435456.0;

  /// No limits at all.
  [[nodiscard]] static SceneLimits none();
};

/// The scene format version this build writes (`contactsim migrate`); it reads this and 1.
inline constexpr int kSceneFormatVersion = 2;

/// Reads and validates a scene file. Throws SceneError (file, JSON path, message) on anything
/// malformed: bad JSON, wrong types, unknown keys, missing fields, invalid physical values.
[[nodiscard]] Scene loadSceneFile(const std::filesystem::path& file,
                                  const SceneLimits& limits = {});

/// The run-size limits (steps, trajectory rows, bodies) of a scene changed after it was loaded (a
/// study's own duration, step or output rate): throws SceneError at the key, as the loader would.
void checkRunLimits(const Scene& scene, const SceneLimits& limits);

/// What in a valid scene will likely not integrate well, one message per finding (`contactsim
/// validate` prints them as warnings): a free body spinning so fast for its RK4 step that
/// ω h > 1 (RK4's stability reaches ω h ≈ 2.8; error control, cash-karp45, adapts instead).
[[nodiscard]] std::vector<std::string> sceneWarnings(const Scene& scene);

/// The text of a scene file. Throws SceneError when it is missing, not a regular file, larger
/// than `max_bytes` or unreadable.
[[nodiscard]] std::string readSceneFile(const std::filesystem::path& file,
                                        double max_bytes = SceneLimits{}.max_file_bytes);

/// Parses scene text; `origin` names it in error messages.
[[nodiscard]] Scene parseScene(std::string_view text, const std::string& origin,
                               const SceneLimits& limits = {});

/// Scene format 1 text as the equivalent format 2 text (JSON, two-space indent; same bodies,
/// contacts and settings, so the same outputs). Relative OBJ paths, read from `origin`'s
/// directory, are rewritten as seen from `destination_directory`. Throws SceneError when the text
/// is not a valid format-1 scene (or is format 2 already), or one beyond `limits`.
[[nodiscard]] std::string migrateScene(std::string_view text, const std::string& origin,
                                       const std::filesystem::path& destination_directory,
                                       const SceneLimits& limits = {});

/// The scene `contactsim` runs without arguments: the thesis rattleback spun counter-clockwise,
/// reversing its spin (scenes/rattleback-spin.json, compiled in).
[[nodiscard]] Scene builtinDefaultScene();
[[nodiscard]] std::string_view builtinDefaultSceneText();

}  // namespace contactsim
