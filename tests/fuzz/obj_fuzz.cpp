// libFuzzer target: the Wavefront OBJ loaders, ControlMesh::loadObj (Loop control meshes, every
// check of the ControlMesh constructor) and loadObjTriangleMesh (closed triangle meshes, with the
// self-intersection check), both on the same input file.
#include <cstdint>

#include "contactsim/error.hpp"
#include "contactsim/geometry/control_mesh.hpp"
#include "contactsim/geometry/triangle_mesh.hpp"
#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::filesystem::path file = contactsim::fuzz::inputFile(data, size, "input.obj");
  try {
    (void)contactsim::ControlMesh::loadObj(file);
  } catch (const contactsim::Error&) {
    // an expected rejection
  }
  try {
    (void)contactsim::loadObjTriangleMesh(file, contactsim::MeshValidation::kFull);
  } catch (const contactsim::Error&) {
    // an expected rejection
  }
  return 0;
}
