// glTF 2.0 export of a run (`contactsim run --gltf`): scene.glb holds every body's mesh
// (body_meshes.hpp) on a node of its own, and its motion as keyframed node animation, one
// translation and one rotation sampler per free body (LINEAR) at the trajectory's sample times.
#pragma once

#include <filesystem>
#include <string>

#include "contactsim/scene/run.hpp"

namespace contactsim::report {

/// The binary glTF (.glb) of `result`: one node per body in scene order, named as the body, at its
/// first pose; one animation "trajectory" moving the free bodies. Throws Error when the glTF
/// cannot be written.
[[nodiscard]] std::string sceneGlb(const RunResult& result);

/// Writes `directory`/scene.glb atomically.
void writeSceneGlb(const RunResult& result, const std::filesystem::path& directory);

}  // namespace contactsim::report
