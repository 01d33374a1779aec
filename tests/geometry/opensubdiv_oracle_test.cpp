// OpenSubdiv 3.5 (Far) as an independent oracle for LoopSurface on regular patches: positions and
// first and second derivatives of every patch of an all-valence-6 torus, at random points of the
// triangle and on its edges and corners, must agree to 1e-10 (times the mesh size).
//
// Parameter mapping. OpenSubdiv parameterises a Loop face (one ptex face per triangle) over the
// unit triangle with the face's vertex i at (0,0), (1,0), (0,1) for i = 0, 1, 2. LoopSurface puts
// patch corner k at the same points, and for a regular face corner k is the face's own vertex k.
// So the map is the identity, (u, v) = (s, t): no permutation or affine change is needed. The
// test CornerPermutationIsIdentity establishes this rather than assuming it (of the six affine
// maps permuting the triangle's corners only the identity matches), and the comparison below
// still goes through a general affine map with its chain rule, so that a different convention
// would be a one-line change.
//
// OpenSubdiv gives position, first and second derivatives only (no third). Its second
// derivatives have the wrong sign on rotated triangular sub-patches
// (Far::PatchParam::IsTriangleRotated()); they are flipped back here, although level-0 regular
// patches are never rotated (the test checks that they are all level 0).
#include <gtest/gtest.h>

#include <opensubdiv/far/patchMap.h>
#include <opensubdiv/far/patchTable.h>
#include <opensubdiv/far/patchTableFactory.h>
#include <opensubdiv/far/primvarRefiner.h>
#include <opensubdiv/far/stencilTable.h>
#include <opensubdiv/far/topologyDescriptor.h>
#include <opensubdiv/far/topologyRefinerFactory.h>

#include <Eigen/Dense>
#include <algorithm>
#include <array>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "contactsim/geometry/loop_surface.hpp"

namespace contactsim {
namespace {

namespace Far = OpenSubdiv::Far;
namespace Sdc = OpenSubdiv::Sdc;

std::string meshPath(const std::string& name) {
  return std::string(CONTACTSIM_TEST_DATA_DIR) + "/meshes/" + name + ".obj";
}

// A vertex as OpenSubdiv's primvar refiner and stencil tables want it.
struct OsdPoint {
  std::array<double, 3> x{0.0, 0.0, 0.0};
  void Clear() { x = {0.0, 0.0, 0.0}; }
  void AddWithWeight(const OsdPoint& p, double w) {
    for (std::size_t i = 0; i < 3; ++i)
      x[i] += w * p.x[i];
  }
  [[nodiscard]] Vec3 vec() const { return {x[0], x[1], x[2]}; }
};

struct OsdEvaluation {
  SurfaceJet jet;  // c .. c_tt in OpenSubdiv's (u, v), third derivatives left zero
  Far::PatchDescriptor::Type type = Far::PatchDescriptor::NON_PATCH;
  int depth = -1;
  bool rotated = false;
};

// The Loop limit surface of a control mesh by OpenSubdiv: adaptive refinement (nothing to isolate
// for an all-regular mesh), a double-precision patch table, and a patch map from (face, u, v).
class OpenSubdivLoop {
 public:
  explicit OpenSubdivLoop(const ControlMesh& mesh) {
    std::vector<int> vertices_per_face(static_cast<std::size_t>(mesh.faceCount()), 3);
    std::vector<int> indices;
    for (int f = 0; f < mesh.faceCount(); ++f) {
      for (const int v : mesh.face(f))
        indices.push_back(v);
    }
    Far::TopologyDescriptor descriptor;
    descriptor.numVertices = mesh.vertexCount();
    descriptor.numFaces = mesh.faceCount();
    descriptor.numVertsPerFace = vertices_per_face.data();
    descriptor.vertIndicesPerFace = indices.data();

    Sdc::Options sdc;
    sdc.SetVtxBoundaryInterpolation(Sdc::Options::VTX_BOUNDARY_EDGE_ONLY);  // closed: irrelevant
    using Factory = Far::TopologyRefinerFactory<Far::TopologyDescriptor>;
    refiner_.reset(Factory::Create(descriptor, Factory::Options(Sdc::SCHEME_LOOP, sdc)));
    if (!refiner_)
      throw std::runtime_error("OpenSubdiv: topology refiner not created");

    Far::PatchTableFactory::Options options(/*maxIsolation=*/3);
    options.SetPatchPrecision<double>();
    options.SetEndCapType(Far::PatchTableFactory::Options::ENDCAP_GREGORY_BASIS);  // irregular only
    options.generateVaryingTables = false;
    refiner_->RefineAdaptive(options.GetRefineAdaptiveOptions());
    table_.reset(Far::PatchTableFactory::Create(*refiner_, options));
    if (!table_)
      throw std::runtime_error("OpenSubdiv: patch table not created");
    map_ = std::make_unique<Far::PatchMap>(*table_);

    // Control points of the patches: every refined level, then the local (end-cap) points.
    const int refined = refiner_->GetNumVerticesTotal();
    points_.resize(static_cast<std::size_t>(refined + table_->GetNumLocalPoints()));
    for (int v = 0; v < mesh.vertexCount(); ++v) {
      const Vec3& p = mesh.vertex(v);
      points_[static_cast<std::size_t>(v)].x = {p.x(), p.y(), p.z()};
    }
    Far::PrimvarRefinerReal<double> primvar(*refiner_);
    OsdPoint* source = points_.data();
    for (int level = 1; level < refiner_->GetNumLevels(); ++level) {
      OsdPoint* destination = source + refiner_->GetLevel(level - 1).GetNumVertices();
      primvar.Interpolate(level, source, destination);
      source = destination;
    }
    if (table_->GetNumLocalPoints() > 0) {
      const Far::StencilTableReal<double>* stencils = table_->GetLocalPointStencilTable<double>();
      if (stencils == nullptr)
        throw std::runtime_error("OpenSubdiv: no double local stencils");
      stencils->UpdateValues(points_.data(), points_.data() + refined);
    }
  }

  [[nodiscard]] const Far::PatchTable& table() const { return *table_; }
  [[nodiscard]] const Far::TopologyRefiner& refiner() const { return *refiner_; }

  [[nodiscard]] OsdEvaluation evaluate(int face, double u, double v) const {
    const Far::PatchMap::Handle* handle = map_->FindPatch(face, u, v);
    if (handle == nullptr)
      throw std::runtime_error("OpenSubdiv: no patch for face");
    constexpr int kMaxPoints = 20;  // Loop: 12, Gregory triangle: 18
    const Far::ConstIndexArray cvs = table_->GetPatchVertices(*handle);
    if (cvs.size() > kMaxPoints)
      throw std::runtime_error("OpenSubdiv: patch too large");
    std::array<std::array<double, kMaxPoints>, 6> w{};
    table_->EvaluateBasis(*handle, u, v, w[0].data(), w[1].data(), w[2].data(), w[3].data(),
                          w[4].data(), w[5].data());
    std::array<Vec3, 6> sums;
    for (Vec3& s : sums)
      s.setZero();
    for (int i = 0; i < cvs.size(); ++i) {
      const Vec3 p = points_[static_cast<std::size_t>(cvs[i])].vec();
      for (std::size_t k = 0; k < 6; ++k)
        sums[k] += w[k][static_cast<std::size_t>(i)] * p;
    }
    const Far::PatchParam param = table_->GetPatchParam(*handle);
    OsdEvaluation e;
    e.type = table_->GetPatchArrayDescriptor(handle->arrayIndex).GetType();
    e.depth = param.GetDepth();
    e.rotated = param.IsTriangleRotated();
    e.jet.order = JetOrder::kSecond;
    e.jet.c = sums[0];
    e.jet.c_s = sums[1];
    e.jet.c_t = sums[2];
    const double second_sign = e.rotated ? -1.0 : 1.0;  // OpenSubdiv 3.5 sign bug, see above
    e.jet.c_ss = second_sign * sums[3];
    e.jet.c_st = second_sign * sums[4];
    e.jet.c_tt = second_sign * sums[5];
    return e;
  }

 private:
  std::unique_ptr<Far::TopologyRefiner> refiner_;
  std::unique_ptr<Far::PatchTable> table_;
  std::unique_ptr<Far::PatchMap> map_;
  std::vector<OsdPoint> points_;
};

// An affine map of the unit triangle onto itself, (u, v) = origin + J (s, t), taking LoopSurface's
// patch parameters to OpenSubdiv's; jets are carried back by the chain rule.
struct ParameterMap {
  Eigen::Vector2d origin = Eigen::Vector2d::Zero();
  Eigen::Matrix2d J = Eigen::Matrix2d::Identity();

  // The map sending contactsim corner k to OpenSubdiv corner perm[k] (corners (0,0), (1,0), (0,1)).
  static ParameterMap permutingCorners(const std::array<int, 3>& perm) {
    const std::array<Eigen::Vector2d, 3> corner{Eigen::Vector2d(0, 0), Eigen::Vector2d(1, 0),
                                                Eigen::Vector2d(0, 1)};
    ParameterMap m;
    m.origin = corner[static_cast<std::size_t>(perm[0])];
    m.J.col(0) = corner[static_cast<std::size_t>(perm[1])] - m.origin;
    m.J.col(1) = corner[static_cast<std::size_t>(perm[2])] - m.origin;
    return m;
  }

  [[nodiscard]] Eigen::Vector2d apply(double s, double t) const {
    Eigen::Vector2d uv = origin + J * Eigen::Vector2d(s, t);
    // Rounding may leave the closed triangle by an ulp; OpenSubdiv asserts on that.
    uv = uv.cwiseMax(0.0).cwiseMin(1.0);
    return uv;
  }

  // The (u, v) jet rewritten in (s, t): c_s = J00 c_u + J10 c_v, etc.
  [[nodiscard]] SurfaceJet pullBack(const SurfaceJet& q) const {
    SurfaceJet r = q;
    r.c_s = J(0, 0) * q.c_s + J(1, 0) * q.c_t;
    r.c_t = J(0, 1) * q.c_s + J(1, 1) * q.c_t;
    auto second = [&](int a, int b) {
      return J(0, a) * J(0, b) * q.c_ss + (J(0, a) * J(1, b) + J(1, a) * J(0, b)) * q.c_st +
             J(1, a) * J(1, b) * q.c_tt;
    };
    r.c_ss = second(0, 0);
    r.c_st = second(0, 1);
    r.c_tt = second(1, 1);
    return r;
  }
};

// The identity: see the comment at the top of the file.
const std::array<int, 3> kCornerMap = {0, 1, 2};

double meshSize(const ControlMesh& mesh) {
  Vec3 lo = mesh.vertex(0), hi = mesh.vertex(0);
  for (const Vec3& p : mesh.vertices()) {
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  }
  return (hi - lo).maxCoeff();
}

// Parameter points of the unit triangle: corners, points on each edge, random interior points.
std::vector<Eigen::Vector2d> samplePoints(std::mt19937_64& rng, int interior, int per_edge) {
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  std::vector<Eigen::Vector2d> points{{0.0, 0.0}, {1.0, 0.0}, {0.0, 1.0}};
  for (int i = 0; i < per_edge; ++i) {
    const double r = uniform(rng);
    points.emplace_back(r, 0.0);
    points.emplace_back(0.0, r);
    points.emplace_back(r, 1.0 - r);
  }
  for (int i = 0; i < interior; ++i) {
    double s = uniform(rng), t = uniform(rng);
    if (s + t > 1.0) {
      s = 1.0 - s;
      t = 1.0 - t;
    }
    points.emplace_back(s, t);
  }
  return points;
}

class OpenSubdivOracleTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    surface_ = new LoopSurface(LoopSurface::loadObj(meshPath("torus_regular")));
    osd_ = new OpenSubdivLoop(surface_->controlMesh());
  }
  static void TearDownTestSuite() {
    delete osd_;
    delete surface_;
    osd_ = nullptr;
    surface_ = nullptr;
  }
  static LoopSurface* surface_;
  static OpenSubdivLoop* osd_;
};

LoopSurface* OpenSubdivOracleTest::surface_ = nullptr;
OpenSubdivLoop* OpenSubdivOracleTest::osd_ = nullptr;

// Both sides see 96 regular patches, one per face; OpenSubdiv's are level-0 Loop box splines with
// no local points, so no end-cap approximation enters the comparison.
TEST_F(OpenSubdivOracleTest, EveryFaceIsOneRegularLevelZeroPatch) {
  const ControlMesh& mesh = surface_->controlMesh();
  ASSERT_EQ(mesh.vertexCount(), 48);
  ASSERT_EQ(mesh.faceCount(), 96);
  ASSERT_EQ(surface_->patchCount(), 96);
  const Far::PatchTable& table = osd_->table();
  EXPECT_EQ(table.GetNumPatchesTotal(), 96);
  EXPECT_EQ(table.GetNumLocalPoints(), 0);
  RecordProperty("osd_refinement_levels", osd_->refiner().GetNumLevels());
  RecordProperty("osd_local_points", table.GetNumLocalPoints());
  for (int f = 0; f < mesh.faceCount(); ++f) {
    EXPECT_EQ(surface_->kind(f), LoopPatchKind::kRegular) << "face " << f;
    for (int k = 0; k < 3; ++k) {
      EXPECT_EQ(surface_->corner(f, k), mesh.face(f)[static_cast<std::size_t>(k)]) << "face " << f;
    }
    const OsdEvaluation e = osd_->evaluate(f, 1.0 / 3.0, 1.0 / 3.0);
    EXPECT_EQ(e.type, Far::PatchDescriptor::LOOP) << "face " << f;
    EXPECT_EQ(e.depth, 0) << "face " << f;
    EXPECT_FALSE(e.rotated) << "face " << f;
  }
}

// Of the six affine maps of the triangle onto itself, the one matching OpenSubdiv's parameters
// to LoopSurface's on every face is kCornerMap (the identity): positions at three interior points
// must agree.
TEST_F(OpenSubdivOracleTest, CornerPermutationIsIdentity) {
  std::array<int, 3> perm{0, 1, 2};
  const double tolerance = 1e-10 * meshSize(surface_->controlMesh());
  std::vector<std::string> matching;
  do {
    const ParameterMap map = ParameterMap::permutingCorners(perm);
    bool all = true;
    for (int f = 0; f < surface_->patchCount() && all; ++f) {
      for (const auto& [s, t] : {std::pair{0.2, 0.1}, std::pair{0.1, 0.7}, std::pair{0.6, 0.3}}) {
        const Eigen::Vector2d uv = map.apply(s, t);
        const Vec3 ours = surface_->evaluate(f, s, t, JetOrder::kPosition).c;
        const Vec3 theirs = osd_->evaluate(f, uv.x(), uv.y()).jet.c;
        all = all && (ours - theirs).norm() <= tolerance;
      }
    }
    if (all) {
      matching.push_back(std::to_string(perm[0]) + std::to_string(perm[1]) +
                         std::to_string(perm[2]));
    }
  } while (std::next_permutation(perm.begin(), perm.end()));
  ASSERT_EQ(matching.size(), 1u);
  EXPECT_EQ(matching[0], std::to_string(kCornerMap[0]) + std::to_string(kCornerMap[1]) +
                             std::to_string(kCornerMap[2]));
}

TEST_F(OpenSubdivOracleTest, PositionsAndDerivativesAgreeOnEveryRegularPatch) {
  constexpr int kInterior = 200, kPerEdge = 16;  // + 3 corners: 251 points per face
  const double size = meshSize(surface_->controlMesh());
  const double tolerance = 1e-10 * size;
  const ParameterMap map = ParameterMap::permutingCorners(kCornerMap);
  std::mt19937_64 rng(20240611);

  const std::array<const char*, 6> names{"c", "c_s", "c_t", "c_ss", "c_st", "c_tt"};
  std::array<double, 6> worst{};
  std::array<double, 6> largest{};  // magnitudes, to show the differences are not vacuous
  std::array<std::string, 6> where;
  long compared = 0;
  int rotated = 0;
  for (int f = 0; f < surface_->patchCount(); ++f) {
    for (const Eigen::Vector2d& st : samplePoints(rng, kInterior, kPerEdge)) {
      const SurfaceJet ours = surface_->evaluate(f, st.x(), st.y());
      const Eigen::Vector2d uv = map.apply(st.x(), st.y());
      const OsdEvaluation e = osd_->evaluate(f, uv.x(), uv.y());
      rotated += e.rotated ? 1 : 0;
      const SurfaceJet theirs = map.pullBack(e.jet);
      const std::array<std::pair<const Vec3*, const Vec3*>, 6> pairs{
          std::pair{&ours.c, &theirs.c},       std::pair{&ours.c_s, &theirs.c_s},
          std::pair{&ours.c_t, &theirs.c_t},   std::pair{&ours.c_ss, &theirs.c_ss},
          std::pair{&ours.c_st, &theirs.c_st}, std::pair{&ours.c_tt, &theirs.c_tt}};
      for (std::size_t q = 0; q < 6; ++q) {
        const double d = (*pairs[q].first - *pairs[q].second).cwiseAbs().maxCoeff();
        largest[q] = std::max(largest[q], pairs[q].second->cwiseAbs().maxCoeff());
        if (d > worst[q]) {
          worst[q] = d;
          char buffer[96];
          std::snprintf(buffer, sizeof buffer, "face %d (s, t) = (%.17g, %.17g)", f, st.x(),
                        st.y());
          where[q] = buffer;
        }
        EXPECT_LE(d, tolerance) << names[q] << " face " << f << " (s, t) = (" << st.x() << ", "
                                << st.y() << ")";
      }
      ++compared;
    }
  }
  EXPECT_EQ(rotated, 0);
  RecordProperty("points_compared", std::to_string(compared));
  RecordProperty("mesh_size", std::to_string(size));
  for (std::size_t q = 0; q < 6; ++q) {
    char value[64];
    std::snprintf(value, sizeof value, "%.3e", worst[q]);
    RecordProperty(std::string("worst_abs_diff_") + names[q], value);
    RecordProperty(std::string("worst_at_") + names[q], where[q]);
    std::printf("%-4s worst |diff| %.3e (max |value| %.3e) at %s\n", names[q], worst[q], largest[q],
                where[q].c_str());
  }
  std::printf("%ld points over %d faces, tolerance %.3e\n", compared, surface_->patchCount(),
              tolerance);
}

}  // namespace
}  // namespace contactsim
