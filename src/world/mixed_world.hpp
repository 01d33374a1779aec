// A world whose bodies have shapes of different contact models — smooth surfaces, convex
// polyhedra, fixed half-spaces, closed triangle meshes — stepped at the velocity level (issue 22,
// mixed islands; the design in docs/ARCHITECTURE.md "Islands"). Each frame of the scene's step h:
// contacts of every pair within the margin (polyhedra by their manifolds as PointContactWorld;
// every pair with a smooth surface as point contacts at the exact closest points: Newton on the
// smooth surface against the obstacle's signed distance, on both smooth surfaces, or against a
// mesh's faces, convex edges and vertices; mesh pairs in mixed_mesh_contacts.cpp), frictional
// impulses by the projected block Gauss–Seidel of contact/point/frictional_contact, warm started,
// then symplectic Euler. Islands (union–find over the contact pairs) are rebuilt each frame and
// their merges and splits logged.
//
// Pairs with restitution e > 0 collide by the Chatterjee–Ruina law when their contact closes
// within the step (mixed_impacts.cpp); the velocity-level solve is plastic. A smooth body that
// rests or rolls alone on a fixed smooth body (its only contact, pressing, not closing) goes over
// to exact continuous contact (kry-pai-2002; mixed_continuous.cpp) until another body comes
// within the margin or it separates — events `model-switch`. This is the first
// step of issue 22: every island is velocity-level. Islands of smooth bodies alone keep
// event-driven evolution in a later step; until then they are stepped here too. Internal to
// world.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "collision/convex_contact.hpp"
#include "collision/convex_intersection.hpp"
#include "collision/ray_cast_body.hpp"
#include "collision/smooth_convex_proximity.hpp"
#include "collision/smooth_mesh_proximity.hpp"
#include "collision/surface_proximity.hpp"
#include "contact/point/frictional_contact.hpp"
#include "contact/smooth/smooth_contact.hpp"
#include "contact/volume/volume_contact.hpp"
#include "contact_models.hpp"
#include "contactsim/collision/convex_polyhedron.hpp"
#include "contactsim/world/world_description.hpp"
#include "impulse_memory.hpp"
#include "islands.hpp"
#include "point_contact_world.hpp"

namespace contactsim::world_detail {

class MixedWorld {
 public:
  /// `description` resolved by resolveContactModels (a mixed world); materials from its bodies
  /// and pairs. Throws InvalidInputError naming the body for a body without a usable shape, a
  /// free half-space, or bodies that start inside each other.
  explicit MixedWorld(const WorldDescription& description);

  /// One step h: velocities, contacts, impulses, poses, islands.
  const PointContactStepStats& step();

  [[nodiscard]] double time() const noexcept { return time_; }
  [[nodiscard]] RigidBodyState state(std::size_t i) const;
  [[nodiscard]] double energy(std::size_t i) const;
  /// The last step's velocity-level contacts with their impulses, in the description's body
  /// indices (continuous smooth contacts are in continuousContacts).
  [[nodiscard]] const std::vector<PointContactRecord>& contacts() const noexcept {
    return records_;
  }
  /// The continuous smooth contacts now (mixed_continuous.cpp), as World::contacts reports them.
  [[nodiscard]] std::vector<ContactInfo> continuousContacts() const;
  /// The island events since the last call.
  [[nodiscard]] std::vector<WorldEvent> takeEvents() { return std::exchange(events_, {}); }
  [[nodiscard]] const IslandPartition& islands() const noexcept { return islands_; }

  struct Body {
    std::string name;
    bool fixed = false;
    MassProperties mass = MassProperties::principal(1.0, Vec3::Ones());
    std::shared_ptr<const ProximityShape> smooth;
    std::shared_ptr<const Surface> surface;  // the smooth body's, for continuous contact
    std::shared_ptr<const ConvexPolyhedron> polyhedron;
    std::optional<BodyDescription::HalfSpace> half_space;  // body coordinates
    std::shared_ptr<const MeshFeatures> mesh;              // a closed triangle mesh
    // The closed mesh of a mesh body or of a polyhedron that meets one, ray cast for the
    // intersection volume of their pairs (mixed_mesh_contacts.cpp); its planes when convex.
    std::shared_ptr<const RayCastBody> rays;
    std::shared_ptr<const ConvexMeshPlanes> convex;
    std::shared_ptr<const ConvexPolyhedron> hull;  // a convex mesh as a polyhedron
    Vec3 position = Vec3::Zero();
    Quat orientation = Quat::Identity();
    Vec3 velocity = Vec3::Zero();  // world
    Vec3 omega = Vec3::Zero();     // world
  };

 private:
  // One contact of a step: bodies (a moves along +normal away from b), point, normal, gap, μ.
  struct Generated {
    FrictionalContact contact;
    double separation = 0.0;
  };
  // Newton's last point per pair with a smooth surface (mixed_contacts.cpp).
  struct NewtonMemory {
    std::optional<SurfacePoint> on_smooth;  // smooth against an obstacle
    std::optional<ClosestPoints> smooth_pair;
    std::vector<std::optional<SurfacePoint>> vertices;  // a polyhedron's, on the smooth surface
    std::vector<std::optional<SurfacePoint>> edges;     // their deepest points' projections
    SmoothMeshMemory mesh;                              // smooth against a mesh
  };
  // One 6D patch contact of a step (a mesh pair that is not two convex shapes: bouchard-2015 §4,
  // the patch of the intersection volume) with its mean depth V/‖∇V‖.
  struct GeneratedPatch {
    VolumeContact contact;
    double depth = 0.0;
  };
  // The step's contacts: the point contacts returned, the 6D patches into patches_.
  std::vector<Generated> generateContacts();
  int collideClosing(const std::vector<Generated>& contacts);  // mixed_impacts.cpp
  // Continuous smooth contact of a body alone on a fixed smooth body (mixed_continuous.cpp).
  struct Continuous {
    std::size_t support = 0;
    std::unique_ptr<SmoothContact> contact;
    std::size_t events_seen = 0;
  };
  void handBackNear(std::vector<Generated>& contacts);
  void advanceContinuous();
  void beginContinuous();
  void endContinuous(std::size_t body, const std::string& why);
  void addPair(std::size_t a, std::size_t b, std::vector<Generated>& out);
  void addSmoothPair(std::size_t a, std::size_t b, double mu, std::vector<Generated>& out);
  void addMeshPair(std::size_t a, std::size_t b, double mu, std::vector<Generated>& out);
  void addSmoothMeshPair(std::size_t a, std::size_t b, double mu, std::vector<Generated>& out);
  void prepareMeshes(const WorldDescription& description);
  void addFeatureContacts(std::size_t a, std::size_t b, double mu,
                          const SmoothConvexPoints& closest, std::vector<Generated>& out);
  void addSmoothHalfSpacePoints(std::size_t a, std::size_t b, double mu,
                                std::vector<Generated>& out);
  [[nodiscard]] double reach(const Body& body) const;
  [[nodiscard]] std::optional<Vec3> warmStart(const Generated& g) const;

  Vec3 gravity_;
  PointContactSettings settings_;
  double resolution_;        // [m] ray spacing of mesh pairs' intersection volumes
  ImpactParameters impact_;  // the collisions' law; e and μ per pair
  double contact_speed_;     // [m/s] closing speeds at or below it rest, they do not collide
  std::vector<Body> bodies_;
  std::vector<std::string> names_;
  std::vector<bool> fixed_;  // per body, for the island builder
  PairMaterials materials_;
  CollisionSettings collisions_;                  // friction and thresholds of continuous contacts
  std::map<std::size_t, Continuous> continuous_;  // by free body
  std::map<std::pair<std::size_t, std::size_t>, NewtonMemory> newton_;
  ImpulseMemory warm_;                   // last step's impulses, for warm starts
  std::vector<GeneratedPatch> patches_;  // this step's 6D patches (generateContacts)
  // Last step's patch wrenches per pair (world axes, torque about the centre), for warm starts.
  std::map<std::pair<std::size_t, std::size_t>, std::pair<Vec3, Wrench>> patch_warm_;
  std::vector<PointContactRecord> records_;
  IslandPartition islands_;
  std::vector<WorldEvent> events_;
  PointContactStepStats last_;
  double time_ = 0.0;
};

}  // namespace contactsim::world_detail
