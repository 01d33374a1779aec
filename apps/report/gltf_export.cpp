#include "report/gltf_export.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <sstream>
#include <vector>

#include <tiny_gltf.h>

#include "contactsim/error.hpp"
#include "contactsim/io/atomic_files.hpp"
#include "report/body_meshes.hpp"

namespace contactsim::report {
namespace {

constexpr std::array<std::array<double, 3>, 8> kColours = {{{0.31, 0.47, 0.65},
                                                            {0.95, 0.56, 0.17},
                                                            {0.35, 0.63, 0.31},
                                                            {0.88, 0.34, 0.35},
                                                            {0.69, 0.48, 0.63},
                                                            {0.93, 0.79, 0.28},
                                                            {0.46, 0.72, 0.70},
                                                            {1.00, 0.62, 0.65}}};

// Appends float or uint32 data to the one buffer as a buffer view and an accessor of it; returns
// the accessor's index. Every element is 4 bytes, so every view starts 4-aligned.
class GlbBuilder {
 public:
  explicit GlbBuilder(tinygltf::Model& model) : model_(model) { model_.buffers.emplace_back(); }

  template <typename T>
  int accessor(const std::vector<T>& values, int type, int components, int target) {
    static_assert(sizeof(T) == 4);
    std::vector<unsigned char>& bytes = model_.buffers[0].data;
    tinygltf::BufferView view;
    view.buffer = 0;
    view.byteOffset = bytes.size();
    view.byteLength = values.size() * sizeof(T);
    view.target = target;
    bytes.resize(bytes.size() + view.byteLength);
    std::memcpy(bytes.data() + view.byteOffset, values.data(), view.byteLength);
    model_.bufferViews.push_back(view);

    tinygltf::Accessor a;
    a.bufferView = static_cast<int>(model_.bufferViews.size()) - 1;
    a.componentType = std::is_same_v<T, float> ? TINYGLTF_COMPONENT_TYPE_FLOAT
                                               : TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
    a.type = type;
    a.count = values.size() / static_cast<std::size_t>(components);
    // Bounds per component (required for positions and animation inputs).
    a.minValues.assign(static_cast<std::size_t>(components), 0.0);
    a.maxValues.assign(static_cast<std::size_t>(components), 0.0);
    for (std::size_t i = 0; i < values.size(); ++i) {
      const auto c = i % static_cast<std::size_t>(components);
      const double v = static_cast<double>(values[i]);
      a.minValues[c] = i < static_cast<std::size_t>(components) ? v : std::min(a.minValues[c], v);
      a.maxValues[c] = i < static_cast<std::size_t>(components) ? v : std::max(a.maxValues[c], v);
    }
    model_.accessors.push_back(a);
    return static_cast<int>(model_.accessors.size()) - 1;
  }

 private:
  tinygltf::Model& model_;
};

std::vector<float> floats(const std::vector<Vec3>& points) {
  std::vector<float> out;
  for (const Vec3& p : points) {
    for (int k = 0; k < 3; ++k)
      out.push_back(static_cast<float>(p[k]));
  }
  return out;
}

int addMesh(tinygltf::Model& model, GlbBuilder& glb, const BodyMesh& mesh, std::size_t body) {
  tinygltf::Primitive primitive;
  primitive.mode = TINYGLTF_MODE_TRIANGLES;
  primitive.attributes["POSITION"] =
      glb.accessor(floats(mesh.positions), TINYGLTF_TYPE_VEC3, 3, TINYGLTF_TARGET_ARRAY_BUFFER);
  if (!mesh.normals.empty()) {
    primitive.attributes["NORMAL"] =
        glb.accessor(floats(mesh.normals), TINYGLTF_TYPE_VEC3, 3, TINYGLTF_TARGET_ARRAY_BUFFER);
  }
  std::vector<std::uint32_t> indices;
  for (const auto& t : mesh.triangles) {
    for (const int v : t)
      indices.push_back(static_cast<std::uint32_t>(v));
  }
  primitive.indices =
      glb.accessor(indices, TINYGLTF_TYPE_SCALAR, 1, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);

  tinygltf::Material material;
  const auto& rgb =
      mesh.plate ? std::array<double, 3>{0.6, 0.64, 0.68} : kColours[body % kColours.size()];
  material.pbrMetallicRoughness.baseColorFactor = {rgb[0], rgb[1], rgb[2], 1.0};
  material.pbrMetallicRoughness.metallicFactor = 0.0;
  material.pbrMetallicRoughness.roughnessFactor = 0.7;
  material.doubleSided = true;  // smooth surfaces may be open shells
  model.materials.push_back(material);
  primitive.material = static_cast<int>(model.materials.size()) - 1;

  tinygltf::Mesh gltf_mesh;
  gltf_mesh.primitives.push_back(primitive);
  model.meshes.push_back(gltf_mesh);
  return static_cast<int>(model.meshes.size()) - 1;
}

std::vector<double> translation(const RigidBodyState& x) {
  return {x.position.x(), x.position.y(), x.position.z()};
}

// glTF rotations are unit quaternions (x, y, z, w).
std::array<float, 4> rotation(const RigidBodyState& x) {
  const Quat q = x.orientation.normalized();
  return {static_cast<float>(q.x()), static_cast<float>(q.y()), static_cast<float>(q.z()),
          static_cast<float>(q.w())};
}

void addAnimation(tinygltf::Model& model, GlbBuilder& glb, const RunResult& result) {
  // Keyframe times as floats, strictly increasing (a sample whose float time does not advance is
  // left out).
  std::vector<std::size_t> kept;
  std::vector<float> times;
  for (std::size_t k = 0; k < result.samples.size(); ++k) {
    const auto t = static_cast<float>(result.samples[k].time);
    if (times.empty() || t > times.back()) {
      times.push_back(t);
      kept.push_back(k);
    }
  }
  const bool any_free =
      std::find(result.fixed.begin(), result.fixed.end(), false) != result.fixed.end();
  if (times.size() < 2 || !any_free)
    return;
  tinygltf::Animation animation;
  animation.name = "trajectory";
  const int input = glb.accessor(times, TINYGLTF_TYPE_SCALAR, 1, 0);
  for (std::size_t i = 0; i < result.body_names.size(); ++i) {
    if (result.fixed[i])
      continue;
    std::vector<float> positions, rotations;
    for (const std::size_t k : kept) {
      const RigidBodyState& x = result.samples[k].bodies[i].state;
      for (const double p : translation(x))
        positions.push_back(static_cast<float>(p));
      for (const float q : rotation(x))
        rotations.push_back(q);
    }
    for (const auto& [path, values, type, components] :
         {std::tuple{"translation", &positions, TINYGLTF_TYPE_VEC3, 3},
          std::tuple{"rotation", &rotations, TINYGLTF_TYPE_VEC4, 4}}) {
      tinygltf::AnimationSampler sampler;
      sampler.input = input;
      sampler.output = glb.accessor(*values, type, components, 0);
      sampler.interpolation = "LINEAR";
      animation.samplers.push_back(sampler);
      tinygltf::AnimationChannel channel;
      channel.sampler = static_cast<int>(animation.samplers.size()) - 1;
      channel.target_node = static_cast<int>(i);
      channel.target_path = path;
      animation.channels.push_back(channel);
    }
  }
  model.animations.push_back(animation);
}

}  // namespace

std::string sceneGlb(const RunResult& result) {
  std::vector<RigidBodyState> first;
  for (const BodySample& b : result.samples.front().bodies)
    first.push_back(b.state);
  const std::vector<BodyMesh> meshes = bodyMeshes(result.scene.world, first);

  tinygltf::Model model;
  model.asset.version = "2.0";
  model.asset.generator = "contactsim";
  GlbBuilder glb(model);
  tinygltf::Scene scene;
  scene.name = result.scene.name;
  for (std::size_t i = 0; i < result.body_names.size(); ++i) {
    tinygltf::Node node;
    node.name = result.body_names[i];
    if (!meshes[i].triangles.empty())
      node.mesh = addMesh(model, glb, meshes[i], i);
    node.translation = translation(first[i]);
    const auto q = rotation(first[i]);
    node.rotation.assign(q.begin(), q.end());
    model.nodes.push_back(node);
    scene.nodes.push_back(static_cast<int>(i));
  }
  model.scenes.push_back(scene);
  model.defaultScene = 0;
  addAnimation(model, glb, result);

  std::ostringstream out;
  tinygltf::TinyGLTF writer;
  if (!writer.WriteGltfSceneToStream(&model, out, false, true))
    throw Error("cannot write the glTF of scene '" + result.scene.name + "'");
  return out.str();
}

void writeSceneGlb(const RunResult& result, const std::filesystem::path& directory) {
  writeFilesAtomically(directory, {{"scene.glb", sceneGlb(result)}});
}

}  // namespace contactsim::report
