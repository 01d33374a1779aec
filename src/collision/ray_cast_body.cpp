// Embree 3 scenes for rigid bodies, and all the hits along a ray by an intersection filter that
// records each hit and rejects it, so that traversal goes on (../shared/DEPENDENCIES.md: faster
// than casting again from each hit).
#include "collision/ray_cast_body.hpp"

#include <embree3/rtcore.h>

#include <algorithm>
#include <limits>
#include <mutex>
#include <string>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

// One Embree device for all bodies alive at a time (it owns Embree's thread pool); released with
// the last body.
std::shared_ptr<RTCDeviceTy> sharedDevice() {
  static std::mutex mutex;
  static std::weak_ptr<RTCDeviceTy> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  if (auto device = cache.lock()) {
    return device;
  }
  // At most AVX2 (8-wide): Embree's traversal differs per instruction set in the last bits of a
  // hit's distance, and a heap of meshes (the salad) amplifies them into another trajectory;
  // capping it makes every x86-64 CPU with AVX2 (and AVX-512) give the same outputs
  // (tests/golden). A CPU without AVX2 picks its best and may differ.
  RTCDevice raw = rtcNewDevice("max_isa=avx2");
  if (raw == nullptr) {
    throw NumericalError("Embree: cannot create a device (error " +
                         toText(static_cast<int>(rtcGetDeviceError(nullptr))) + ")");
  }
  std::shared_ptr<RTCDeviceTy> device(raw, [](RTCDevice d) { rtcReleaseDevice(d); });
  cache = device;
  return device;
}

// The context handed to rtcIntersect1, extended with where the filter records hits.
struct HitContext {
  RTCIntersectContext context;  // first member: Embree passes a pointer to it to the filter
  std::vector<SurfaceCrossing>* hits;
};

// Record, then reject: the ray's tfar holds the candidate hit's distance during the filter call.
void recordAndReject(const RTCFilterFunctionNArguments* args) {
  auto* context = reinterpret_cast<HitContext*>(args->context);
  const float t = RTCRayN_tfar(args->ray, args->N, 0);
  const auto triangle = static_cast<int>(RTCHitN_primID(args->hit, args->N, 0));
  context->hits->push_back({static_cast<double>(t), 0, triangle});
  args->valid[0] = 0;
}

}  // namespace

struct RayCastBody::Impl {
  TriangleMesh mesh;
  std::vector<Vec3> normals;  // unnormalised outward triangle normals
  double merge_distance = 0.0;
  std::shared_ptr<RTCDeviceTy> device;
  RTCScene scene = nullptr;

  explicit Impl(TriangleMesh m) : mesh(std::move(m)), device(sharedDevice()) {
    normals.resize(static_cast<std::size_t>(mesh.triangleCount()));
    for (int f = 0; f < mesh.triangleCount(); ++f) {
      normals[static_cast<std::size_t>(f)] = mesh.areaNormal(f);
    }
    merge_distance = 1e-6 * (mesh.boundsMax() - mesh.boundsMin()).norm();

    scene = rtcNewScene(device.get());
    rtcSetSceneFlags(scene, RTC_SCENE_FLAG_ROBUST);
    rtcSetSceneBuildQuality(scene, RTC_BUILD_QUALITY_HIGH);
    RTCGeometry geometry = rtcNewGeometry(device.get(), RTC_GEOMETRY_TYPE_TRIANGLE);
    auto* xyz = static_cast<float*>(
        rtcSetNewGeometryBuffer(geometry, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3,
                                3 * sizeof(float), static_cast<std::size_t>(mesh.vertexCount())));
    auto* index = static_cast<unsigned*>(rtcSetNewGeometryBuffer(
        geometry, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3, 3 * sizeof(unsigned),
        static_cast<std::size_t>(mesh.triangleCount())));
    if (xyz == nullptr || index == nullptr) {
      rtcReleaseGeometry(geometry);
      rtcReleaseScene(scene);
      throw NumericalError("Embree: cannot allocate the geometry buffers");
    }
    for (int v = 0; v < mesh.vertexCount(); ++v) {
      const Eigen::Vector3f x = mesh.vertex(v).cast<float>();
      std::copy(x.data(), x.data() + 3, xyz + 3 * v);
    }
    for (int f = 0; f < mesh.triangleCount(); ++f) {
      for (int k = 0; k < 3; ++k) {
        index[3 * f + k] = static_cast<unsigned>(mesh.triangle(f)[k]);
      }
    }
    rtcSetGeometryIntersectFilterFunction(geometry, recordAndReject);
    rtcCommitGeometry(geometry);
    rtcAttachGeometry(scene, geometry);
    rtcReleaseGeometry(geometry);
    rtcCommitScene(scene);
    if (rtcGetDeviceError(device.get()) != RTC_ERROR_NONE) {
      rtcReleaseScene(scene);
      throw NumericalError("Embree: building the scene failed");
    }
  }
  ~Impl() { rtcReleaseScene(scene); }
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;
};

RayCastBody::RayCastBody(TriangleMesh mesh) : impl_(std::make_unique<Impl>(std::move(mesh))) {}
RayCastBody::~RayCastBody() = default;
RayCastBody::RayCastBody(RayCastBody&&) noexcept = default;
RayCastBody& RayCastBody::operator=(RayCastBody&&) noexcept = default;

const TriangleMesh& RayCastBody::mesh() const {
  return impl_->mesh;
}

void RayCastBody::crossings(const Vec3& origin, const Vec3& direction, double t_max,
                            std::vector<SurfaceCrossing>& out) const {
  out.clear();
  HitContext context{};
  rtcInitIntersectContext(&context.context);
  context.context.flags = RTC_INTERSECT_CONTEXT_FLAG_COHERENT;
  context.hits = &out;
  RTCRayHit ray{};
  ray.ray.org_x = static_cast<float>(origin.x());
  ray.ray.org_y = static_cast<float>(origin.y());
  ray.ray.org_z = static_cast<float>(origin.z());
  ray.ray.dir_x = static_cast<float>(direction.x());
  ray.ray.dir_y = static_cast<float>(direction.y());
  ray.ray.dir_z = static_cast<float>(direction.z());
  ray.ray.tnear = 0.0f;
  ray.ray.tfar = static_cast<float>(t_max);
  ray.ray.mask = std::numeric_limits<unsigned>::max();
  ray.hit.geomID = RTC_INVALID_GEOMETRY_ID;
  rtcIntersect1(impl_->scene, &context.context, &ray);

  // One hit per triangle and distance, in order.
  std::sort(out.begin(), out.end(), [](const SurfaceCrossing& x, const SurfaceCrossing& y) {
    return x.t < y.t || (x.t == y.t && x.triangle < y.triangle);
  });
  out.erase(std::unique(out.begin(), out.end(),
                        [](const SurfaceCrossing& x, const SurfaceCrossing& y) {
                          return x.t == y.t && x.triangle == y.triangle;
                        }),
            out.end());
  // Merge hits closer than merge_distance into events by the sign of their summed directions.
  std::size_t kept = 0;
  for (std::size_t i = 0; i < out.size();) {
    std::size_t j = i;
    int sum = 0;
    while (j < out.size() && out[j].t - out[i].t <= impl_->merge_distance) {
      const double dn = impl_->normals[static_cast<std::size_t>(out[j].triangle)].dot(direction);
      sum += dn > 0.0 ? 1 : (dn < 0.0 ? -1 : 0);
      ++j;
    }
    if (sum != 0) {
      out[kept++] = {out[i].t, sum > 0 ? 1 : -1, out[i].triangle};
    }
    i = j;
  }
  out.resize(kept);
}

}  // namespace contactsim
