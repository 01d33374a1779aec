// libFuzzer target: the scene loader (parseScene), which also builds a World to probe that the
// scene is consistent. The limits are tight so that no input can make a large mesh or world:
// per-input time stays small. Relative OBJ and response-map paths resolve against scenes/ (the
// seeds' own directory), response maps computed from outlines go to a scratch cache.
#include <cstdint>
#include <cstdlib>

#include "contactsim/error.hpp"
#include "contactsim/scene/scene.hpp"
#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  const std::string cache = (contactsim::fuzz::scratchDirectory() / "cache").string();
  ::setenv("CONTACTSIM_CACHE_DIR", cache.c_str(), 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  contactsim::SceneLimits limits;
  limits.max_steps = 1e6;
  limits.max_sample_rows = 1e6;
  limits.max_bodies = 100;
  limits.max_triangles = 2e4;  // a bumpy cube of 1e5 triangles took a tenth of a second under ASan
  limits.max_rays = 2e5;
  limits.max_map_work = 1e6;  // an outline's response map: a few ms
  try {
    const contactsim::Scene scene =
        contactsim::parseScene(contactsim::fuzz::text(data, size),
                               CONTACTSIM_SOURCE_DIR "/scenes/fuzz-input.json", limits);
    (void)scene;
  } catch (const contactsim::Error&) {
    // an expected rejection: a clear error for a bad scene
  }
  return 0;
}
