// The up-front size estimates of a scene (issue 27, defect 4): every number that drives memory or
// time — steps, samples, bodies, triangles, rays — checked against SceneLimits before anything is
// built, the error naming the key. Internal to scene.
#pragma once

#include <string>

#include "contactsim/scene/scene.hpp"

namespace contactsim::scene_detail {

/// Throws SceneError at `path` of `file` when `count` (what `what` describes) exceeds `limit`.
void checkLimit(const std::string& file, const std::string& path, double count, double limit,
                const std::string& what);

/// Before the bodies are read: the steps of the duration, the output rows and the body count.
/// `integrator`: the JSON path of the object holding the step keys.
void checkRunSize(const std::string& file, const std::string& integrator, const Scene& scene,
                  std::size_t bodies, const SceneLimits& limits);

/// After the bodies are read: the collision tessellations of smooth surfaces (`collisions`: the
/// path of the object where the file sets "tessellation") and the 6D rays (`six_d`: where it
/// sets "resolution").
void checkShapeSizes(const std::string& file, const std::string& collisions,
                     const std::string& six_d, const Scene& scene, const SceneLimits& limits);

}  // namespace contactsim::scene_detail
