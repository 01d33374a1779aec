// A tree of continuous smooth contacts evolved in reduced coordinates (issue 23; kry-pai-2002 §1,
// §7): each contact keeps its q_k = (s, t, u, v, ψ) and friction mode, each floating root its pose
// and twist; every body's pose is composed from the root down (E_w_b = E_w_p E_p_b(q_k), eq. 9),
// so every contact's constraint holds by construction. The accelerations come from the
// articulated-body recursion (contact_tree_dynamics.hpp), the steps are classical RK4 of the
// setup's size. A contact that leaves its patch within a step is carried to the exact edge and
// across it (eqs. 41–43, as SmoothContact does), and a contact whose normal force turns negative
// stops the tree at the instant, located within the step (1e-10 s) by bisection on the step's
// fraction: the caller splits the tree there.
//
// Friction modes switch by eq. 35 (rolling ↔ sliding; the slip's stop located within the step
// like a separation). Not yet: the no-spin mode's own switches (eq. 40: a rolling-no-spin contact
// leaves only for sliding), adaptive steps. Steps end just past seams between polynomial pieces of
// a patch (1e-9 s), as SmoothContact's do.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "contact/smooth/contact_tree_dynamics.hpp"
#include "contact/smooth/smooth_contact.hpp"

namespace contactsim {

struct ContactTreeSetup {
  /// One contact: its body 1 (`child`, a free body carrying surface1) and body 2 (`parent`: a
  /// free body carrying surface2, or ContactTreeEdge::kFixed: a fixed body at E_w_2).
  struct Edge {
    int child = 0;
    int parent = ContactTreeEdge::kFixed;
    std::shared_ptr<const Surface> surface1, surface2;  ///< body frames at the centres of mass
    Frame E_w_2 = Frame::Identity();
    FrictionParameters friction;
  };
  std::vector<MassProperties> bodies;  ///< the free bodies
  std::vector<Edge> edges;             ///< topological order (contactTreeAcceleration)
  Vec3 gravity = Vec3(0.0, 0.0, -9.81);
  double step = 1e-3;  ///< RK4 step [s]
};

/// Something that happened to one contact of a tree.
struct ContactTreeEvent {
  double time;
  int edge;
  SmoothContactEventType type;
  std::string detail;
};

struct ContactTreeState {
  /// Per edge: patches, q, q̇ (on the mode's constraints) and mode; body2 is not used.
  std::vector<SmoothContactState> edges;
  /// Per body: the pose and twist of a floating root (a body that is no edge's child); the other
  /// bodies' entries are not used (their motion follows from the edges).
  std::vector<RigidBodyState> roots;
};

class ContactTree {
 public:
  /// Validates the setup (a tree, surfaces, mass properties, a positive step) and the state
  /// (sizes, patch indices, q within the domains, finite) and throws InvalidInputError naming
  /// the problem.
  ContactTree(ContactTreeSetup setup, ContactTreeState initial, double time = 0.0);

  /// Integrates to time t, or until a contact separates (then separatedEdge() ≥ 0 and time() is
  /// when its normal force went through zero), or a contact leaves an open surface boundary.
  void advanceTo(double t);

  [[nodiscard]] double time() const noexcept { return time_; }
  [[nodiscard]] const ContactTreeState& state() const noexcept { return state_; }
  /// The contact that separated (normal force through zero) or left its surface, else −1.
  [[nodiscard]] int separatedEdge() const noexcept { return separated_; }
  [[nodiscard]] const std::vector<ContactTreeEvent>& events() const noexcept { return events_; }
  [[nodiscard]] const ContactTreeSetup& setup() const noexcept { return setup_; }
  [[nodiscard]] long steps() const noexcept { return steps_; }

  /// ^w_bE and ^bφ(w, b) of free body b.
  [[nodiscard]] Frame worldPose(int body) const;
  [[nodiscard]] Twist bodyTwist(int body) const;
  /// Both at once (one evaluation of the tree), as a body state.
  [[nodiscard]] RigidBodyState bodyState(int body) const;
  /// Kinetic plus gravitational potential energy of all free bodies [J].
  [[nodiscard]] double energy() const;
  /// The same of one free body [J].
  [[nodiscard]] double energy(int body) const;
  /// Contact `edge` as a world sees it: body 1's contact frame in the world (origin at the
  /// contact point, z along body 1's outward normal), and q̈, the constraint wrench on body 1 in
  /// that frame and the normal force (eq. 19).
  struct Snapshot {
    Frame frame;
    ContactAcceleration acceleration;
  };
  [[nodiscard]] Snapshot snapshot(int edge) const;
  /// Accelerations, constraint wrenches and normal forces now.
  [[nodiscard]] ContactTreeAcceleration acceleration() const;
  /// Distance between the two contact points of `edge` and the angle between their normals
  /// (−n₂ against n₁), in the world: zero to rounding by construction.
  [[nodiscard]] std::pair<double, double> constraintResidual(int edge) const;

 private:
  using Vector = Eigen::VectorXd;
  // Everything evaluated at one ODE state: kinematics, poses, the tree's dynamics.
  struct Evaluation {
    std::vector<ContactKinematics> k;
    std::vector<Vec5> qdot;  // on the modes' constraints
    std::vector<Frame> poses;
    std::vector<Twist> root_twists;
    ContactTreeAcceleration a;
  };
  /// `extra`: wrenches on the bodies (body frames) besides gravity.
  [[nodiscard]] Evaluation evaluate(const Vector& x,
                                    const std::vector<Wrench>* extra = nullptr) const;
  /// A sliding contact k whose slip is to stop: the plastic tangential impulse at its point that
  /// brings the slip to zero through the whole tree (contact_tree_sticking.cpp).
  void stickPlastically(std::size_t k);
  [[nodiscard]] Vector derivative(const Vector& x) const;
  /// One RK4 step; `stages`, when given, receives the points its 2nd–4th stages evaluate.
  [[nodiscard]] Vector rk4(const Vector& x, double h,
                           std::array<Vector, 3>* stages = nullptr) const;
  /// The state a fraction f of the step h from `start` later, reached by RK4 stages that all
  /// evaluate the start's patches and polynomial pieces (`pieces`): one step where they do, else
  /// a step to the last fraction where they do and a short one (nanoseconds) from there.
  [[nodiscard]] Vector reach(const Vector& start, double h, double f,
                             const std::vector<int>& pieces) const;
  /// rk4(start, h) where every stage and the end lie inside the start's patch domains and
  /// polynomial pieces (`pieces`), else nothing.
  [[nodiscard]] std::optional<Vector> stepInside(const Vector& start, double h,
                                                 const std::vector<int>& pieces) const;
  [[nodiscard]] bool insidePieces(const Vector& x, const std::vector<int>& pieces) const;
  [[nodiscard]] Vector pack() const;
  void unpack(const Vector& x);
  // Smallest distance of a contact point inside its patch domain (negative: outside), and which
  // edge and body (1 or 2) it is.
  struct Boundary {
    double distance;
    int edge, body;
  };
  [[nodiscard]] Boundary nearestBoundary(const Vector& x) const;
  // The polynomial piece (Surface::polynomialPiece) of every contact point, edge by edge.
  [[nodiscard]] std::vector<int> piecesOf(const Vector& x) const;
  void step(double h);
  void crossBoundary(int edge, int body);
  void switchModes(int stopped);
  // What ends a step early: the first contact (edge −1: none) at an ODE state whose normal force
  // is negative, whose watched slip has stopped, or whose no-slip force has left the cone.
  struct Trigger {
    int edge = -1;
    enum Kind { kSeparation, kSlipStop, kConeExit } kind = kSeparation;
  };
  [[nodiscard]] Trigger trigger(const Evaluation& ev, const std::vector<bool>& watched) const;
  void log(int edge, SmoothContactEventType type, std::string detail);

  ContactTreeSetup setup_;
  ContactTreeState state_;
  std::vector<int> parent_edge_;  // per body: the edge whose child it is, or −1
  double time_;
  int separated_ = -1;
  long steps_ = 0;
  std::vector<ContactTreeEvent> events_;
  // Per edge: the direction the sliding friction opposes over the step being taken (the slip's
  // at the step's start; contactAcceleration's hint).
  std::vector<Eigen::Vector2d> hints_;
};

}  // namespace contactsim
