// SmoothWorld's bodies, obstacles and free pairs, shared by its translation units. Internal to
// world.
#pragma once

#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "contact/smooth/contact_tree.hpp"
#include "dynamics/adaptive_stepper.hpp"
#include "smooth_world.hpp"
#include "time_of_impact.hpp"

namespace contactsim::world_detail {

// A body is fixed, in free flight, or a side of one smooth contact: body 1 of a contact with a
// fixed body or with another free body (it holds the contact), or body 2 of a contact another
// free body holds (its state comes from that contact).
struct SmoothWorld::Body {
  std::size_t index = 0;  // in the description
  std::string name;
  bool fixed = false;
  RigidBodyState state;  // fixed and free bodies
  std::optional<FreeBodySystem> system;
  std::optional<AdaptiveDriver<FreeBodySystem>> driver;
  std::unique_ptr<SmoothContact> contact;  // while in contact, as body 1
  std::optional<std::size_t> carried;      // body 2 of `contact` when it is free
  std::optional<std::size_t> carrier;      // the body whose contact holds this one as body 2
  std::optional<std::size_t> support;      // the fixed body of `contact`, when it is fixed
  std::optional<std::size_t> tree;         // the contact tree holding it (smooth_trees.cpp)
  long tree_steps = 0;                     // steps of trees it led (their first body) that split
  // A touch of another fixed body found within the contact's steps: the contact holds up to it,
  // and ends there with an impact once the world reaches it.
  struct ContactTouch {
    double time = 0.0;
    std::size_t obstacle = 0;
    ClosestPoints points;
  };
  std::optional<ContactTouch> contact_touch;
  std::vector<std::optional<ClosestPoints>> contact_warm;  // per obstacle other than the support
  std::shared_ptr<const Surface> surface;
  std::shared_ptr<const ProximityShape> proximity;  // free bodies, with collisions
  std::vector<std::optional<ClosestPoints>> warm;   // per obstacle, last closest points
  // The nearest obstacle in `state`, where the last flight ended at a sample time; reset
  // whenever anything else changes the state.
  std::optional<NearestObstacle> nearest;
  // Flight runs ahead of the world's time, up to one largest step past each time asked for,
  // instead of stopping at every output time: `state` is at the leg's end ≥ the world's time,
  // and state() reads the state in between by interpolation (dynamics/state_interpolation.hpp)
  // from where the leg began. A touch that ends the leg waits there for the world to reach it.
  struct FlightLeg {
    double start_time = 0.0;
    RigidBodyState start;
    double end_time = 0.0;                // of `state`
    std::optional<std::size_t> obstacle;  // touched at the leg's end
    ClosestPoints points;
    std::size_t first_step = 0;  // where its steps begin in step_sizes
  };
  std::optional<FlightLeg> leg;
  // Without collisions: the fixed body a contact of this one separated from, watched after each
  // flight so that the body never passes into it unnoticed (SmoothWorld::checkLeftBody).
  struct Left {
    std::size_t body = 0;
    double time = 0.0;  // of the separation
    std::shared_ptr<const ProximityShape> mine, theirs;
    std::optional<ClosestPoints> warm;
    double checked = 0.0;  // the last time it was found outside
  };
  std::optional<Left> left;
  std::size_t events_seen = 0;
  // Counts the impulses and contact changes that changed the body's motion (the free pairs'
  // bounds from an earlier state hold while it stays the same).
  long revision = 0;
  // A contact that separated without a step, at this time: impacts then bounce
  // (SmoothWorld::collide).
  double bounce_at = -std::numeric_limits<double>::infinity();
  long steps = 0;
  double smallest_step = 0.0;
  double largest_step = 0.0;
  std::vector<double> step_sizes;  // flight steps, and those of finished contacts
  // Without IntegratorSettings::keep_step_sizes, step_sizes holds only the steps a rollback may
  // still take back (the current flight leg's); the older ones are counted here.
  long retired = 0;
  double retired_smallest = 0.0;
  double retired_largest = 0.0;
};

// A tree of smooth contacts between free bodies (smooth_trees.cpp): the ContactTree, the world
// index of each of its bodies and of each contact's parent.
struct SmoothWorld::Tree {
  std::unique_ptr<ContactTree> contact;
  std::vector<std::size_t> bodies;
  std::vector<std::size_t> parents;
  std::size_t events_seen = 0;
};

// One contact of a tree as the world knows it: the child (body 1) and the parent (body 2, fixed
// or free) by world index, and its state.
struct SmoothWorld::TreeEdge {
  std::size_t child = 0, parent = 0;
  SmoothContactState state;
  FrictionParameters friction;
  std::string what;  // "smooth contact i", for messages
};

// Growing contact trees (smooth_tree_growth.cpp): the bodies, and each edge's seed — the friction,
// the mode (none: no-slip where the slip at the touch is below the threshold) and the parameter
// points on child and parent from which Newton finds the contact.
struct SmoothWorld::TreeGrowth {
  std::size_t resting = 0, flying = 0, support = 0;
  struct Seed {
    FrictionParameters friction;
    std::optional<FrictionMode> mode;
    int child_patch = 0, parent_patch = 0;
    Vec2 child_point = Vec2::Zero(), parent_point = Vec2::Zero();
  };
  Seed lower, upper;  // resting on support, flying on resting
};

// A touch of bodies `first` and `second` at `time`: the world point and the unit normal from
// `second` to `first` (the collision law's B to A), and the closest points (patch1, st on
// `first`; patch2, uv on `second`). Or a touch of `first` with a fixed `obstacle`, the closest
// points in world coordinates.
struct SmoothWorld::PairTouch {
  double time = 0.0;
  std::size_t first = 0;
  std::size_t second = 0;
  Vec3 point = Vec3::Zero();
  Vec3 normal = Vec3::UnitZ();
  ClosestPoints points;
  std::optional<std::size_t> obstacle;
};

// The fixed bodies with surfaces, as obstacles of the collision searches.
struct SmoothWorld::Obstacles {
  std::vector<Obstacle> list;
  std::vector<std::size_t> body;  // index of each obstacle's fixed body
  std::vector<std::shared_ptr<const ProximityShape>> shapes;
};

// The free bodies with surfaces, collided with each other (smooth_free_pairs.cpp).
struct SmoothWorld::FreePairs {
  std::vector<std::size_t> bodies;  // the free bodies with surfaces
  // What the last search of a pair (indices into `bodies_`, first < second) left: the closest
  // points, as the Newton guess of the next query; and, while neither body's revision changed,
  // the distance (or its lower bound) at the end of the search with both states there, from
  // which the pair's speed bound shows whether a later round can bring them into touch at all.
  struct Pair {
    std::vector<std::optional<ClosestPoints>> warm;
    long revision_a = -1, revision_b = -1;
    double time = 0.0;
    NearestObstacle nearest;
    RigidBodyState a, b;
    bool flying_a = false, flying_b = false;
  };
  std::map<std::pair<std::size_t, std::size_t>, Pair> pairs;
  // Flying exact spheres (sphere_flights.cpp), per member: the motion of its centre from the
  // state it had at `time` (revision `revision`), and its earliest touch of another member (at
  // `touch`, with member `partner` in its revision `partner_revision`). Empty outside that mode.
  struct Flight {
    long revision = -1;
    double time = 0.0;
    Vec3 position = Vec3::Zero(), velocity = Vec3::Zero();
    double radius = 0.0;
    double touch = std::numeric_limits<double>::infinity();
    std::size_t partner = 0;
    long partner_revision = -1;
  };
  std::vector<Flight> flights;
  std::optional<bool> centred_spheres;  // every member an exact sphere about its centre of mass
  long impacts_at_one_time = 0;
  double last_impact_time = -std::numeric_limits<double>::infinity();
};

}  // namespace contactsim::world_detail
