// The event-driven simulation of smooth bodies (kry-pai-2002): free flight, impacts with fixed and
// free bodies (Chatterjee–Ruina), and continuous smooth contacts established, integrated and ended.
// Split by concern: smooth_world.cpp (set-up and what the façade reads), smooth_flight.cpp (free
// flight and the time of impact), smooth_impacts.cpp (impacts, contact establishment and ending),
// smooth_free_pairs.cpp (free bodies against each other), sphere_flights.cpp (the same for flying
// spheres, touch to touch in closed form). Internal to world.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "contact/impact/collision_law.hpp"
#include "contact/smooth/smooth_contact.hpp"
#include "contact_models.hpp"
#include "dynamics/free_body.hpp"
#include "subsystem.hpp"

namespace contactsim {
struct ClosestPoints;
namespace world_detail {
struct MotionBound;
struct FlightSettings;
}  // namespace world_detail
}  // namespace contactsim

namespace contactsim::world_detail {

class SmoothWorld final : public Subsystem {
 public:
  /// Validates the smooth contacts and collision settings; throws InvalidInputError naming the
  /// body or field at fault.
  explicit SmoothWorld(const WorldDescription& description);
  ~SmoothWorld() override;

  void advanceTo(double t) override;
  [[nodiscard]] double time() const override { return time_; }
  [[nodiscard]] RigidBodyState state(std::size_t i) const override;
  [[nodiscard]] double energy(std::size_t i) const override;
  [[nodiscard]] Vec3 angularMomentum(std::size_t i) const override;
  [[nodiscard]] IntegrationStats stats() const override;
  [[nodiscard]] const std::vector<WorldEvent>& events() const override { return events_; }
  [[nodiscard]] std::vector<ContactInfo> contacts() const override;

 private:
  struct Body;
  struct TreeGrowth;  // smooth_tree_growth.cpp
  void buildSmoothContacts(const WorldDescription& description);
  /// An event at the start where a contact given by a pose changed the velocities given with it.
  void reportProjection(const std::string& body, const RigidBodyState& given,
                        const SmoothContact& contact);
  void advanceFree(Body& body, double t_start, double t_end, bool record = true);
  void recordStep(Body& body, double h) const;
  /// Steps already summarised elsewhere (a contact's retired steps) added to the body's record.
  void recordSteps(Body& body, long count, double smallest, double largest) const;
  /// Counts `count` steps between `smallest` and `largest` among the body's retired ones.
  static void foldRetired(Body& body, long count, double smallest, double largest);
  /// Without keep_step_sizes: the body's recorded steps become counts (no rollback reaches them).
  void retireSteps(Body& body) const;
  /// Advances a free body to t (a flight leg or contact steps reaching past it). `through`: also
  /// take what happens at t itself (the touch that ends a leg at t, a contact step from t).
  void advanceBody(Body& body, double t, bool through = false);
  /// `still_touching`: the body has just left a contact with another fixed body that it still
  /// touches, so it holds no contact with this one (small bounce instead).
  void collide(Body& body, std::size_t obstacle, const ClosestPoints& points, double time,
               bool still_touching = false, const TreeGrowth* growth = nullptr);
  /// The Chatterjee–Ruina impulse of `body` against `fixed` at the world point c across n (from
  /// `fixed` into `body`), applied and logged as a collision; returns the normal speed after it.
  double impactWithFixed(Body& body, const Body& fixed, const Vec3& c, const Vec3& n, double time);
  void buildCollisions(const WorldDescription& description);
  void collectEvents(Body& body);
  // Free bodies against each other (smooth_free_pairs.cpp).
  struct FreePairs;
  struct PairTouch;
  /// Throws InvalidInputError when two free bodies with surfaces start inside each other.
  void checkFreeBodiesApart() const;
  void buildFreePairs(std::vector<std::size_t> bodies);
  void advanceWithFreePairs(double t);
  /// Whether every free body with a surface flies, each an exact sphere about its centre of mass,
  /// with no fixed bodies to meet (sphere_flights.cpp).
  [[nodiscard]] bool onlyFlyingSpheres() const;
  /// Advances such a world towards t from touch to touch (sphere_flights.cpp); true when it got
  /// there, false when an impact left a body out of flight (a contact between two of them) and the
  /// rounds of advanceWithFreePairs go on from the world's time.
  bool advanceFlyingSpheres(double t);
  /// Whether every free body with a surface is an exact sphere about its centre of mass with
  /// equal principal moments, the one fixed body with a surface a plane against gravity, and no
  /// contact held: decided at the first call (sphere_table.cpp).
  [[nodiscard]] bool onlySpheresOnPlane();
  /// Advances such a world towards t in closed form from event to event (sphere_table.cpp); true
  /// when it got there, false when it handed the world to the rounds for good.
  bool advanceSpheresOnPlane(double t);
  /// The contacts of those spheres with the plane, for contacts().
  void planeContacts(std::vector<ContactInfo>& out) const;
  [[nodiscard]] std::optional<PairTouch> pairTouch(std::size_t i, std::size_t j, double t0,
                                                   double t1);
  /// The first touch within [t0, t1] of a body in a contact (its states from the contact's dense
  /// output) with a fixed body other than the contact's own.
  [[nodiscard]] std::optional<PairTouch> obstacleTouch(Body& body, double t0, double t1);
  /// What bounds how fast body i's points move from time t (free_pairs.hpp).
  [[nodiscard]] MotionBound motionBoundAt(const Body& body, double t) const;
  /// The free body that shares a smooth contact with this one, if any.
  [[nodiscard]] const Body* contactPartner(const Body& body) const;
  void collidePair(const PairTouch& touch);
  /// Continuous contact between two free bodies after an impact left them closing slower than
  /// contact_speed; false where it cannot be set up (the caller bounces them instead).
  bool establishPairContact(const PairTouch& touch);
  void leaveForImpact(Body& body, double time, const std::string& other);
  /// Without collisions, after a body's contact with a fixed body separated: throws
  /// NumericalError naming the body, the times and the reason once the flying body has passed
  /// into the body it left (nothing in such a world would stop it).
  void checkLeftBody(Body& body, double t) const;
  void endContact(Body& body, double time, const RigidBodyState& state, const std::string& why);
  /// The state of a body at a time within its flight leg or its contact's last steps.
  [[nodiscard]] RigidBodyState stateAt(const Body& body, double t) const;
  [[nodiscard]] bool nearIrregularPoint(const Surface& surface, int patch, const Vec2& p) const;
  /// The set-up of a contact the collisions establish: body 1's surface and mass, body 2's
  /// surface, and the world's gravity, friction, steps and irregular radius.
  [[nodiscard]] SmoothContactSetup collisionContactSetup(const Body& body1,
                                                         const Body& body2) const;
  /// Whether an impact that leaves the bodies' points at the contact slipping at `slip`
  /// (relative, world) across the normal n starts a contact in no-slip friction.
  [[nodiscard]] static bool rollsAfterImpact(const Vec3& slip, const Vec3& n,
                                             const FrictionParameters& friction);
  /// The impact law's parameters for a pair: the collisions' with the pair's μ and e.
  [[nodiscard]] ImpactParameters impactFor(const Body& a, const Body& b) const;
  /// Flight settings of the collision searches: the touching tolerance and the grazing step.
  [[nodiscard]] FlightSettings flightSettings() const;
  [[nodiscard]] std::unique_ptr<SmoothContact> establishContact(const SmoothContactSetup& setup,
                                                                const RigidBodyState& state,
                                                                bool rolls,
                                                                const ClosestPoints& points,
                                                                double time) const;

  // Contact trees (issue 23, smooth_trees.cpp): scene contacts that join free bodies.
 public:
  struct TreeEdge;

 private:
  struct Tree;
  /// Builds a ContactTree for each set of the scene's contacts joined by contacts between free
  /// bodies; returns the other contacts (a free body on a fixed one: the one-contact path).
  std::vector<std::size_t> buildTrees(const WorldDescription& description);
  void buildTree(const WorldDescription& description, const std::vector<std::size_t>& members);
  [[nodiscard]] std::unique_ptr<Tree> makeTree(const std::vector<TreeEdge>& edges, double t) const;
  [[nodiscard]] RigidBodyState treeBodyState(const Tree& tree, std::size_t body) const;
  /// Advances every tree towards t; returns the earliest time a tree's contact separated (t if
  /// none did).
  double advanceTrees(double t);
  void collectTreeEvents(Tree& tree);
  /// The trees whose contact separated at t split into smaller trees, one-contact bodies and
  /// flying bodies (placeEdges), which join the collisions of free bodies (joinFreePairs).
  void splitTrees(double t);
  void placeEdges(const std::vector<TreeEdge>& edges, double t);
  void joinFreePairs(const std::vector<std::size_t>& released);
  void treeContacts(std::vector<ContactInfo>& out) const;
  /// The bodies outside trees towards t (flight, one-contact bodies, free pairs); returns the
  /// time reached: t, or earlier where a new tree grew (its bodies then advance with the trees).
  double advanceOutsideTrees(double t);
  // Growing trees (issue 23 item 2, smooth_tree_growth.cpp): a flying body that comes to rest on
  // a body resting on a fixed one, or a pair of bodies in contact that comes to rest on a fixed
  // one, adds the edge instead of bouncing.
  /// The growth a touch of free bodies a and b could make, read before the impact ends their
  /// contacts: one flies, the other holds a one-contact SmoothContact on a fixed body.
  [[nodiscard]] std::optional<TreeGrowth> treeGrowth(const Body& a, const Body& b,
                                                     const PairTouch& touch) const;
  /// The growth a touch of fixed body `fixed` by `body`, in a contact with another free body,
  /// could make (read before the impact ends that contact).
  [[nodiscard]] std::optional<TreeGrowth> landingGrowth(const Body& body, std::size_t fixed,
                                                        const ClosestPoints& points) const;
  /// Whether the world may hold the tree: no other tree, no other free body colliding, no fixed
  /// body with a surface but the support (trees meet nothing outside them yet).
  [[nodiscard]] bool mayGrow(std::size_t a, std::size_t b, std::size_t support) const;
  /// After the impact left the touch closing slower than contact_speed: the tree fixed — resting
  /// — flying at `time`; false where it cannot be set up (the caller bounces them instead).
  bool growTree(const TreeGrowth& growth, double time, const Vec3& point, const Vec3& normal);
  bool tree_grew_ = false;  // advanceWithFreePairs stops at the touch that grew a tree
  std::vector<std::unique_ptr<Tree>> trees_;

  IntegratorSettings integrator_;
  Vec3 gravity_;
  std::unique_ptr<PairMaterials> materials_;
  std::vector<std::unique_ptr<Body>> bodies_;
  std::vector<WorldEvent> events_;
  double time_ = 0.0;
  // Collisions: settings, the fixed bodies with surfaces as obstacles, and the contact steps.
  CollisionSettings collisions_;
  struct Obstacles;
  std::unique_ptr<Obstacles> obstacles_;
  AdaptiveStepParameters contact_steps_;
  std::unique_ptr<FreePairs> free_pairs_;  // two or more free bodies with surfaces
  struct SpheresOnPlane;
  std::shared_ptr<SpheresOnPlane> spheres_on_plane_;  // sphere_table.cpp
};

}  // namespace contactsim::world_detail
