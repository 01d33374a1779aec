// The OBJ readers with a size limit (issue 27, defect 4): the scene loader passes
// SceneLimits::max_file_bytes; the public loadObjTriangleMesh and ControlMesh::loadObj read at
// most kDefaultMaxFileBytes (io/input_file.hpp). Internal to contactsim.
#pragma once

#include <filesystem>

#include "contactsim/geometry/control_mesh.hpp"
#include "contactsim/geometry/triangle_mesh.hpp"

namespace contactsim {

/// loadObjTriangleMesh refusing a file larger than `max_bytes` bytes (infinity: no limit).
TriangleMesh loadObjTriangleMesh(const std::filesystem::path& file, MeshValidation validation,
                                 double max_bytes);

/// ControlMesh::loadObj refusing a file larger than `max_bytes` bytes (infinity: no limit).
ControlMesh loadObjControlMesh(const std::filesystem::path& file, double max_bytes);

}  // namespace contactsim
