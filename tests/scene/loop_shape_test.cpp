// The "loop" shape's `extraordinary` option (issue 24): "s-patch" (the default of format 2)
// replaces every extraordinary vertex by an S-patch (kry-2000 ch. 5), "separate" (the default of
// format 1, written before S-patches) keeps Stam's parameterisation (kry-pai-2002 §3.6).
#include <gtest/gtest.h>

#include <string>

#include "contactsim/error.hpp"
#include "contactsim/scene/scene.hpp"
#include "contactsim/world/world.hpp"

namespace contactsim {
namespace {

std::string loopScene(const std::string& mesh, const std::string& extraordinary,
                      const std::string& more = "", int version = 2) {
  return std::string(R"({"format": "contactsim-scene", "version": )") + std::to_string(version) +
         R"(, "name": "loop-shape",
    "duration": 0.1, "integrator": {"method": "rk4", "step": 0.001},
    "bodies": [{"name": "blob", "mass": 1.0, "inertia": [0.1, 0.1, 0.1],
      "shape": {"type": "loop", "obj": ")" +
         CONTACTSIM_TEST_DATA_DIR + "/meshes/" + mesh + ".obj\"" +
         (extraordinary.empty() ? "" : ", \"extraordinary\": \"" + extraordinary + "\"") + more +
         "}}]}";
}

TEST(LoopShape, ExtraordinaryVerticesBecomeSPatchesByDefaultOrSeparate) {
  // ev5: 22 control vertices, 40 faces; 2 apexes of valence 5 and 5 equator vertices of 4.
  const Scene plain = parseScene(loopScene("ev5", ""), "loop.json");
  const Scene separate = parseScene(loopScene("ev5", "separate"), "loop.json");
  const Scene replaced = parseScene(loopScene("ev5", "s-patch"), "loop.json");
  const Scene format1 = parseScene(loopScene("ev5", "", "", 1), "loop.json");
  const int faces = separate.world.bodies[0].surface->patchCount();
  EXPECT_EQ(faces, 40);
  EXPECT_EQ(replaced.world.bodies[0].surface->patchCount(), faces + 7);
  EXPECT_EQ(plain.world.bodies[0].surface->patchCount(), faces + 7);
  EXPECT_EQ(format1.world.bodies[0].surface->patchCount(), faces);
  World world(replaced.world);  // a world takes the replaced surface
  world.advanceTo(0.1);
  EXPECT_NEAR(world.state(0).position.z(), -0.5 * 9.81 * 0.01, 1e-9);  // free fall, exactly
}

TEST(LoopShape, RefusesAnUnknownModeAndNeighbouringExtraordinaryVertices) {
  try {
    (void)parseScene(loopScene("ev5", "bogus"), "loop.json");
    FAIL() << "expected an error";
  } catch (const SceneError& e) {
    EXPECT_EQ(e.jsonPath(), "/bodies/0/shape/extraordinary");
  }
  for (const char* mode : {"s-patch", ""}) {  // asked for, or the default
    try {
      (void)parseScene(loopScene("icosahedron", mode), "loop.json");
      FAIL() << "expected an error";
    } catch (const SceneError& e) {
      EXPECT_EQ(e.jsonPath(), "/bodies/0/shape/extraordinary");
      EXPECT_NE(std::string(e.what()).find("\"subdivisions\": 1 does"), std::string::npos);
      EXPECT_EQ(std::string(e.what()).find("(the default)") != std::string::npos,
                std::string(mode).empty());
    }
  }
}

// "subdivisions": Loop steps of the control mesh at load (the same limit surface), which also
// separates extraordinary vertices that share a triangle, so that S-patches can replace them.
TEST(LoopShape, SubdivisionsRefineTheControlMeshAndLetSPatchesReplaceNeighbours) {
  const Scene once =
      parseScene(loopScene("icosahedron", "separate", ", \"subdivisions\": 1"), "l.json");
  EXPECT_EQ(once.world.bodies[0].surface->patchCount(), 4 * 20);
  const Scene replaced =
      parseScene(loopScene("icosahedron", "s-patch", ", \"subdivisions\": 1"), "l.json");
  EXPECT_EQ(replaced.world.bodies[0].surface->patchCount(), 4 * 20 + 12);
  for (const char* bad :
       {", \"subdivisions\": 4", ", \"subdivisions\": -1", ", \"subdivisions\": 1.5"}) {
    try {
      (void)parseScene(loopScene("icosahedron", "", bad), "l.json");
      FAIL() << "expected an error for" << bad;
    } catch (const SceneError& e) {
      EXPECT_EQ(e.jsonPath(), "/bodies/0/shape/subdivisions") << bad;
    }
  }
}

}  // namespace
}  // namespace contactsim
