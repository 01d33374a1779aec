// The glTF export read back by tinygltf: one node per body with its mesh, and keyframes that are
// the trajectory's samples; and the body meshes it and the report draw.
#include <gtest/gtest.h>

#include <tiny_gltf.h>

#include <cmath>
#include <cstring>
#include <map>

#include "report/body_meshes.hpp"
#include "report/gltf_export.hpp"

namespace contactsim::report {
namespace {

template <typename T>
std::vector<T> values(const tinygltf::Model& model, int accessor_index) {
  const tinygltf::Accessor& a = model.accessors[static_cast<std::size_t>(accessor_index)];
  const tinygltf::BufferView& view = model.bufferViews[static_cast<std::size_t>(a.bufferView)];
  const auto& bytes = model.buffers[static_cast<std::size_t>(view.buffer)].data;
  const std::size_t per = a.type == TINYGLTF_TYPE_VEC4 ? 4 : a.type == TINYGLTF_TYPE_VEC3 ? 3 : 1;
  std::vector<T> out(a.count * per);
  std::memcpy(out.data(), bytes.data() + view.byteOffset + a.byteOffset, out.size() * sizeof(T));
  return out;
}

TEST(GltfExportTest, NodesMeshesAndKeyframesAreTheRunsOwn) {
  Scene scene = builtinDefaultScene();
  scene.duration = 1.0;
  const RunResult result = runScene(scene);
  const std::string glb = sceneGlb(result);

  tinygltf::Model model;
  tinygltf::TinyGLTF loader;
  std::string error, warning;
  ASSERT_TRUE(loader.LoadBinaryFromMemory(&model, &error, &warning,
                                          reinterpret_cast<const unsigned char*>(glb.data()),
                                          static_cast<unsigned>(glb.size())))
      << error;
  ASSERT_EQ(model.nodes.size(), result.body_names.size());
  ASSERT_EQ(model.animations.size(), 1u);
  std::size_t free_bodies = 0;
  for (std::size_t i = 0; i < model.nodes.size(); ++i) {
    EXPECT_EQ(model.nodes[i].name, result.body_names[i]);
    EXPECT_GE(model.nodes[i].mesh, 0);
    free_bodies += result.fixed[i] ? 0 : 1;
  }
  const tinygltf::Animation& animation = model.animations[0];
  ASSERT_EQ(animation.channels.size(), 2 * free_bodies);
  for (const tinygltf::AnimationChannel& channel : animation.channels) {
    const auto body = static_cast<std::size_t>(channel.target_node);
    ASSERT_FALSE(result.fixed[body]);
    const tinygltf::AnimationSampler& sampler =
        animation.samplers[static_cast<std::size_t>(channel.sampler)];
    EXPECT_EQ(sampler.interpolation, "LINEAR");
    const std::vector<float> times = values<float>(model, sampler.input);
    const std::vector<float> out = values<float>(model, sampler.output);
    ASSERT_EQ(times.size(), result.samples.size());
    for (std::size_t k = 0; k < times.size(); ++k) {
      const TrajectorySample& s = result.samples[k];
      EXPECT_EQ(times[k], static_cast<float>(s.time));
      const RigidBodyState& x = s.bodies[body].state;
      if (channel.target_path == "translation") {
        for (int c = 0; c < 3; ++c)
          EXPECT_NEAR(out[3 * k + static_cast<std::size_t>(c)], x.position[c], 1e-6);
      } else {
        ASSERT_EQ(channel.target_path, "rotation");
        const Quat q = x.orientation.normalized();
        const double expected[4] = {q.x(), q.y(), q.z(), q.w()};
        for (std::size_t c = 0; c < 4; ++c)
          EXPECT_NEAR(out[4 * k + c], expected[c], 1e-6);
      }
    }
  }
}

TEST(BodyMeshesTest, PolygonsTriangulateToTheirArea) {
  // An L shape (not convex): 3 unit squares.
  const std::vector<Vec2> l = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
  const auto triangles = triangulatePolygon(l);
  ASSERT_EQ(triangles.size(), 4u);
  double area = 0.0;
  for (const auto& [a, b, c] : triangles) {
    const Vec2 u = l[static_cast<std::size_t>(b)] - l[static_cast<std::size_t>(a)];
    const Vec2 v = l[static_cast<std::size_t>(c)] - l[static_cast<std::size_t>(a)];
    const double twice = u.x() * v.y() - u.y() * v.x();
    EXPECT_GT(twice, 0.0);  // counter-clockwise
    area += 0.5 * twice;
  }
  EXPECT_NEAR(area, 3.0, 1e-12);
  const std::vector<Vec2> clockwise(l.rbegin(), l.rend());
  EXPECT_THROW((void)triangulatePolygon(clockwise), InvalidInputError);
  EXPECT_THROW((void)triangulatePolygon({{0, 0}, {1, 0}}), InvalidInputError);
}

TEST(BodyMeshesTest, ClosedShapesStayClosedAndPlatesSpanTheBodies) {
  WorldDescription world;
  BodyDescription box;
  box.name = "box";
  box.polyhedron = std::make_shared<const ConvexPolyhedron>(ConvexPolyhedron::box(Vec3(1, 2, 3)));
  box.initial_state.position = Vec3(5, 0, 3);
  BodyDescription ground;
  ground.name = "ground";
  ground.fixed = true;
  ground.half_space = BodyDescription::HalfSpace{Vec3::UnitZ(), 0.0};
  world.bodies = {box, ground};
  const std::vector<RigidBodyState> poses = {box.initial_state, ground.initial_state};
  const std::vector<BodyMesh> meshes = bodyMeshes(world, poses);
  ASSERT_EQ(meshes.size(), 2u);
  // The box: 6 faces of 2 triangles; every edge shared by exactly two triangles.
  EXPECT_EQ(meshes[0].triangles.size(), 12u);
  std::map<std::pair<int, int>, int> edges;
  for (const auto& t : meshes[0].triangles) {
    for (int k = 0; k < 3; ++k)
      ++edges[{t[static_cast<std::size_t>(k)], t[static_cast<std::size_t>((k + 1) % 3)]}];
  }
  for (const auto& [edge, count] : edges) {
    EXPECT_EQ(count, 1);
    EXPECT_EQ(edges.count({edge.second, edge.first}), 1u);
  }
  // The ground: a plate in z = 0 under the box, wider than the box.
  ASSERT_TRUE(meshes[1].plate);
  const ViewBounds view = viewBounds(world, meshes, poses);
  EXPECT_NEAR(view.centre.x(), 5.0, 1e-12);
  for (const Vec3& p : meshes[1].positions) {
    EXPECT_EQ(p.z(), 0.0);
    EXPECT_NEAR(std::abs(p.x() - 5.0), 2.0 * view.radius, 1e-9);
  }
  // A free body without a shape is the box of its inertia: unit mass and I = diag(5, 10, 13) / 3
  // make half-extents (3, 2, 1)... within rounding: I_x = m (h_y² + h_z²) / 3.
  BodyDescription bare;
  bare.name = "bare";
  bare.mass_properties = MassProperties::principal(1.0, Vec3(5.0, 10.0, 13.0) / 3.0);
  world.bodies = {bare};
  const BodyMesh inertia_box = bodyMeshes(world, {bare.initial_state})[0];
  Eigen::AlignedBox3d bounds;
  for (const Vec3& p : inertia_box.positions)
    bounds.extend(p);
  EXPECT_NEAR(bounds.max().x(), 3.0, 1e-9);
  EXPECT_NEAR(bounds.max().y(), 2.0, 1e-9);
  EXPECT_NEAR(bounds.max().z(), 1.0, 1e-9);
}

}  // namespace
}  // namespace contactsim::report
