#include "contact/smooth/contact_tree.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"
#include "contactsim/math/quaternion.hpp"
#include "dynamics/free_body.hpp"
#include "dynamics/newton_euler.hpp"

namespace contactsim {
namespace {

constexpr int kEdgeSize = 10;  // q, q̇
constexpr int kRootSize = 13;  // FreeBodySystem's packing: position, quaternion, twist

// How finely a step's events are located: patch edges to this much time, separation to 1e-10 s.
constexpr double kEdgeTime = 1e-13;
constexpr double kSeparationTime = 1e-10;
// How far past a seam between polynomial pieces a step may end (contact_ode.hpp's reasoning:
// q̈ jumps there, and 1e-9 s keeps the error far below RK4's).
constexpr double kSeamTime = 1e-9;

Vec2 pointOf(const Vec5& q, int body) {
  return body == 1 ? Vec2(q(0), q(1)) : Vec2(q(2), q(3));
}

// The contact geometry of an edge at q on the state's patches (eqs. 5–13).
ContactGeometry geometryOf(const ContactTreeSetup::Edge& e, const SmoothContactState& s,
                           const Vec5& q) {
  return contactGeometry(e.surface1->evaluate(s.patch1, q(0), q(1), JetOrder::kThird),
                         e.surface2->evaluate(s.patch2, q(2), q(3), JetOrder::kThird), q(4));
}

// Kinematics at (q, q̇) with q̇'s dependent coordinates recomputed for the mode (eq. 30, 37).
ContactKinematics constrainedKinematics(const ContactGeometry& g, Vec5& qdot, FrictionMode mode) {
  ContactKinematics k = contactKinematics(g, qdot);
  if (mode != FrictionMode::kSliding) {
    qdot = constrainedVelocity(k, qdot, mode);
    k = contactKinematics(g, qdot);
  }
  return k;
}

}  // namespace

ContactTree::ContactTree(ContactTreeSetup setup, ContactTreeState initial, double time)
    : setup_(std::move(setup)), state_(std::move(initial)), time_(time) {
  requirePositive(setup_.step, "contact tree step");
  requireFinite(setup_.gravity, "contact tree gravity");
  const std::size_t n = setup_.bodies.size();
  if (state_.edges.size() != setup_.edges.size() || state_.roots.size() != n)
    throw InvalidInputError("contact tree: the state's sizes do not match the setup");
  parent_edge_.assign(n, -1);
  for (std::size_t k = 0; k < setup_.edges.size(); ++k) {
    const ContactTreeSetup::Edge& e = setup_.edges[k];
    if (!e.surface1 || !e.surface2)
      throw InvalidInputError("contact tree: contact " + toText(k) + " lacks a surface");
    if (e.child < 0 || static_cast<std::size_t>(e.child) >= n)
      throw InvalidInputError("contact tree: contact " + toText(k) + " names no free body");
    e.friction.validate();
    parent_edge_[static_cast<std::size_t>(e.child)] = static_cast<int>(k);
    const SmoothContactState& s = state_.edges[k];
    if (s.patch1 < 0 || s.patch1 >= e.surface1->patchCount() || s.patch2 < 0 ||
        s.patch2 >= e.surface2->patchCount()) {
      throw InvalidInputError("contact tree: contact " + toText(k) + " names a missing patch");
    }
    requireFinite(s.q, "contact tree: contact " + toText(k) + " q");
    requireFinite(s.qdot, "contact tree: contact " + toText(k) + " q̇");
    for (const int body : {1, 2}) {
      const Surface& surface = body == 1 ? *e.surface1 : *e.surface2;
      const int patch = body == 1 ? s.patch1 : s.patch2;
      if (!surface.domain(patch).contains(pointOf(s.q, body), 1e-12)) {
        throw InvalidInputError("contact tree: contact " + toText(k) + "'s point on body " +
                                toText(body) + " lies outside its patch");
      }
    }
  }
  // The tree's shape (topological order, one parent per body) is checked on evaluation.
  (void)evaluate(pack());
}

ContactTree::Evaluation ContactTree::evaluate(const Vector& x,
                                              const std::vector<Wrench>* extra) const {
  if (!x.allFinite())
    throw NumericalError("contact tree: the state became non-finite");
  Evaluation ev;
  const std::size_t edges = setup_.edges.size(), n = setup_.bodies.size();
  ev.k.reserve(edges);
  ev.qdot.resize(edges);
  ev.poses.assign(n, Frame::Identity());
  ev.root_twists.assign(n, Twist::Zero());
  // Floating roots first: their poses and twists are state.
  Eigen::Index offset = static_cast<Eigen::Index>(kEdgeSize * edges);
  for (std::size_t b = 0; b < n; ++b) {
    if (parent_edge_[b] >= 0)
      continue;
    const Eigen::Matrix<double, kRootSize, 1> r = x.segment<kRootSize>(offset);
    const RigidBodyState s = FreeBodySystem::unpack(r);
    ev.poses[b] = makeFrame(s.orientation.normalized(), s.position);
    ev.root_twists[b] = s.twist;
    offset += kRootSize;
  }
  // Each contact's kinematics, and its child's pose from its parent's (eq. 9).
  for (std::size_t k = 0; k < edges; ++k) {
    const ContactTreeSetup::Edge& e = setup_.edges[k];
    const SmoothContactState& s = state_.edges[k];
    const auto at = static_cast<Eigen::Index>(kEdgeSize * k);
    ev.qdot[k] = x.segment<5>(at + 5);
    ev.k.push_back(constrainedKinematics(geometryOf(e, s, x.segment<5>(at)), ev.qdot[k], s.mode));
    const Frame& parent = e.parent >= 0 ? ev.poses[static_cast<std::size_t>(e.parent)] : e.E_w_2;
    ev.poses[static_cast<std::size_t>(e.child)] = parent * ev.k[k].E_2_1;
  }
  // The tree's dynamics under gravity.
  std::vector<ContactTreeBody> bodies(n);
  for (std::size_t b = 0; b < n; ++b) {
    const MassProperties& m = setup_.bodies[b];
    bodies[b] = {&m, gravityWrench(m.mass(), ev.poses[b].linear(), setup_.gravity),
                 ev.root_twists[b]};
    if (extra)
      bodies[b].f_ext += (*extra)[b];
  }
  std::vector<ContactTreeEdge> tree(edges);
  for (std::size_t k = 0; k < edges; ++k) {
    const ContactTreeSetup::Edge& e = setup_.edges[k];
    tree[k] = {e.child,
               e.parent,
               &ev.k[k],
               ev.qdot[k],
               state_.edges[k].mode,
               &e.friction,
               hints_.empty() ? Eigen::Vector2d(Eigen::Vector2d::UnitX()) : hints_[k]};
  }
  ev.a = contactTreeAcceleration(bodies, tree);
  return ev;
}

ContactTree::Vector ContactTree::derivative(const Vector& x) const {
  const Evaluation ev = evaluate(x);
  Vector dx = Vector::Zero(x.size());
  const std::size_t edges = setup_.edges.size();
  for (std::size_t k = 0; k < edges; ++k) {
    const auto at = static_cast<Eigen::Index>(kEdgeSize * k);
    dx.segment<5>(at) = ev.qdot[k];
    dx.segment<5>(at + 5) = ev.a.edges[k].qddot;
  }
  // Floating roots (eq. 15): ṗ = R v, the quaternion's rate, φ̇ from the tree.
  Eigen::Index offset = static_cast<Eigen::Index>(kEdgeSize * edges);
  for (std::size_t b = 0; b < setup_.bodies.size(); ++b) {
    if (parent_edge_[b] >= 0)
      continue;
    const Quat raw(x(offset + 6), x(offset + 3), x(offset + 4), x(offset + 5));
    const Twist& phi = ev.root_twists[b];
    dx.segment<3>(offset) = raw.normalized() * linear(phi);
    dx.segment<4>(offset + 3) = quaternionRate(raw, angular(phi));
    dx.segment<6>(offset + 7) = ev.a.accelerations[b];
    offset += kRootSize;
  }
  return dx;
}

// Classical RK4 (kry-pai-2002 §3.7), the roots' quaternions normalised at the end.
ContactTree::Vector ContactTree::rk4(const Vector& x, double h,
                                     std::array<Vector, 3>* stages) const {
  const Vector k1 = derivative(x);
  Vector x2 = x + 0.5 * h * k1;
  const Vector k2 = derivative(x2);
  Vector x3 = x + 0.5 * h * k2;
  const Vector k3 = derivative(x3);
  Vector x4 = x + h * k3;
  const Vector k4 = derivative(x4);
  if (stages)
    *stages = {std::move(x2), std::move(x3), std::move(x4)};
  Vector y = x + (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
  Eigen::Index offset = static_cast<Eigen::Index>(kEdgeSize * setup_.edges.size());
  for (std::size_t b = 0; b < setup_.bodies.size(); ++b) {
    if (parent_edge_[b] >= 0)
      continue;
    y.segment<4>(offset + 3).normalize();
    offset += kRootSize;
  }
  return y;
}

bool ContactTree::insidePieces(const Vector& x, const std::vector<int>& pieces) const {
  return nearestBoundary(x).distance >= 0.0 && piecesOf(x) == pieces;
}

std::optional<ContactTree::Vector> ContactTree::stepInside(const Vector& start, double h,
                                                           const std::vector<int>& pieces) const {
  std::array<Vector, 3> stages;
  Vector y = rk4(start, h, &stages);
  for (const Vector& x : stages) {
    if (!insidePieces(x, pieces))
      return std::nullopt;
  }
  if (!insidePieces(y, pieces))
    return std::nullopt;
  return y;
}

// A step whose end lies just inside a patch edge or seam may still have its last stages just
// across it (by O(h² q̈)), where another surface or piece gives another q̈: an O(h Δq̈) error per
// crossing, as large in momentum as 1e-8 of the free bowl's 1.3e-3 kg m/s at 0.5 ms steps. The
// step is cut where its stages would leave, and the few nanoseconds left taken by a second step.
ContactTree::Vector ContactTree::reach(const Vector& start, double h, double f,
                                       const std::vector<int>& pieces) const {
  if (auto y = stepInside(start, f * h, pieces))
    return *y;
  double lo = 0.0, hi = f;
  for (int i = 0; i < 80 && (hi - lo) * h > kEdgeTime; ++i) {
    const double mid = 0.5 * (lo + hi);
    (stepInside(start, mid * h, pieces) ? lo : hi) = mid;
  }
  return rk4(lo > 0.0 ? rk4(start, lo * h) : start, (f - lo) * h);
}

ContactTree::Vector ContactTree::pack() const {
  std::size_t roots = 0;
  for (const int p : parent_edge_)
    roots += p < 0 ? 1 : 0;
  Vector x(static_cast<Eigen::Index>(kEdgeSize * setup_.edges.size() + kRootSize * roots));
  for (std::size_t k = 0; k < setup_.edges.size(); ++k)
    x.segment<kEdgeSize>(static_cast<Eigen::Index>(kEdgeSize * k)) << state_.edges[k].q,
        state_.edges[k].qdot;
  Eigen::Index offset = static_cast<Eigen::Index>(kEdgeSize * setup_.edges.size());
  for (std::size_t b = 0; b < parent_edge_.size(); ++b) {
    if (parent_edge_[b] >= 0)
      continue;
    x.segment<kRootSize>(offset) = FreeBodySystem::pack(state_.roots[b]);
    offset += kRootSize;
  }
  return x;
}

void ContactTree::unpack(const Vector& x) {
  const Evaluation ev = evaluate(x);
  for (std::size_t k = 0; k < setup_.edges.size(); ++k) {
    state_.edges[k].q = x.segment<5>(static_cast<Eigen::Index>(kEdgeSize * k));
    state_.edges[k].qdot = ev.qdot[k];  // on the mode's constraints (eq. 30)
  }
  Eigen::Index offset = static_cast<Eigen::Index>(kEdgeSize * setup_.edges.size());
  for (std::size_t b = 0; b < parent_edge_.size(); ++b) {
    if (parent_edge_[b] >= 0)
      continue;
    state_.roots[b] = FreeBodySystem::unpack(x.segment<kRootSize>(offset));
    state_.roots[b].orientation.normalize();
    offset += kRootSize;
  }
}

ContactTree::Boundary ContactTree::nearestBoundary(const Vector& x) const {
  Boundary nearest{std::numeric_limits<double>::infinity(), -1, 0};
  for (std::size_t k = 0; k < setup_.edges.size(); ++k) {
    const Vec5 q = x.segment<5>(static_cast<Eigen::Index>(kEdgeSize * k));
    const SmoothContactState& s = state_.edges[k];
    for (const int body : {1, 2}) {
      const Surface& surface = body == 1 ? *setup_.edges[k].surface1 : *setup_.edges[k].surface2;
      const double d =
          surface.domain(body == 1 ? s.patch1 : s.patch2).boundaryDistance(pointOf(q, body));
      if (d < nearest.distance)
        nearest = {d, static_cast<int>(k), body};
    }
  }
  return nearest;
}

void ContactTree::advanceTo(double t) {
  requireFinite(t, "contact tree: time");
  int pieces_in_place = 0;
  while (separated_ < 0 && time_ < t) {
    const double before = time_;
    step(std::min(setup_.step, t - time_));
    // A contact that meets patch edges over and over without moving is stuck at a corner.
    pieces_in_place = time_ == before ? pieces_in_place + 1 : 0;
    if (pieces_in_place > 8)
      throw NumericalError("contact tree: a contact is stuck crossing patch edges at t = " +
                           toText(time_));
  }
}

void ContactTree::step(double h) {
  // Phase 1: modes the friction law changes at the step's start (eq. 35), and the direction each
  // sliding contact's friction keeps over the step (its slip's).
  hints_.resize(setup_.edges.size(), Eigen::Vector2d::UnitX());
  switchModes(-1);
  const Vector start = pack();
  const Evaluation at_start = evaluate(start);
  std::vector<bool> watched(setup_.edges.size(), false);
  for (std::size_t k = 0; k < setup_.edges.size(); ++k) {
    const Eigen::Vector2d slip = at_start.a.edges[k].slip_velocity.head<2>();
    if (slip.norm() > 1e-12)
      hints_[k] = slip.normalized();
    // A slip just started (a rolling contact whose force left the cone, slipping from zero)
    // is not watched for its stop until it exceeds the slip threshold (and 1e-9 m/s): at the
    // cone's edge its direction is not yet settled, and a stop found at once would switch back
    // and forth in place.
    const FrictionParameters& friction = setup_.edges[k].friction;
    watched[k] = state_.edges[k].mode == FrictionMode::kSliding && friction.mu > 0.0 &&
                 slip.norm() > std::max(friction.slip_threshold, 1e-9);
  }
  const std::vector<int> pieces = piecesOf(start);
  std::array<Vector, 3> stages;
  Vector y = rk4(start, h, &stages);
  // Phase 2: a contact that leaves its patch ends the step at the patch's edge (eqs. 41–43).
  // The point that crosses is the one outside at the bracket's far end (another may lie on an
  // edge it has just crossed, moving inward).
  double fraction = 1.0;
  Boundary leaving = nearestBoundary(y);
  if (leaving.distance < 0.0) {
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < 80 && (hi - lo) * h > kEdgeTime; ++i) {
      const double mid = 0.5 * (lo + hi);
      const Boundary b = nearestBoundary(rk4(start, mid * h));
      if (b.distance >= 0.0) {
        lo = mid;
      } else {
        hi = mid;
        leaving = b;
      }
    }
    fraction = lo;
    y = lo > 0.0 ? reach(start, h, lo, pieces) : start;
  }
  bool crossing = fraction < 1.0;
  // Phase 2b: a contact that runs over a seam between polynomial pieces of its patch (Loop
  // patches near extraordinary vertices; third derivatives, and so q̈, jump there) ends the step
  // just past the seam: RK4 to just before it (every stage in the old piece), then a step of at
  // most 1e-9 s across, so that no RK4 stage of a long step sees the other piece (that cost
  // O(h Δq̈) per seam).
  double seam = -1.0;  // the fraction just before the seam, where the step's last piece starts
  if (fraction > 0.0 && piecesOf(y) != pieces) {
    double lo = 0.0, hi = fraction;
    while ((hi - lo) * h > kSeamTime)
      (piecesOf(rk4(start, 0.5 * (lo + hi) * h)) == pieces ? lo : hi) = 0.5 * (lo + hi);
    seam = lo;
    fraction = hi;
    y = rk4(reach(start, h, lo, pieces), (hi - lo) * h);
    crossing = false;
  } else if (fraction == 1.0 && !std::all_of(stages.begin(), stages.end(), [&](const Vector& x) {
               return insidePieces(x, pieces);
             })) {
    y = reach(start, h, 1.0, pieces);  // the end stays, a stage looked across
  }
  // The step's path: the state a fraction f of h after its start.
  const auto along = [&](double f) {
    return seam >= 0.0 && f > seam ? rk4(reach(start, h, seam, pieces), (f - seam) * h)
                                   : reach(start, h, f, pieces);
  };
  // Phase 3: the first event within the step ends it there, located to 1e-10 s: a normal force
  // through zero (separation), a sliding contact's slip through zero (its stop), a rolling
  // contact's force leaving the friction cone (eq. 35).
  Trigger first = fraction > 0.0 ? trigger(evaluate(y), watched) : Trigger{};
  if (first.edge >= 0) {
    double lo = 0.0, hi = fraction;
    for (int i = 0; i < 80 && (hi - lo) * h > kSeparationTime; ++i) {
      const double mid = 0.5 * (lo + hi);
      const Trigger t = trigger(evaluate(along(mid)), watched);
      if (t.edge < 0) {
        lo = mid;
      } else {
        hi = mid;
        first = t;
      }
    }
    unpack(along(hi));
    time_ += hi * h;
    ++steps_;
    if (first.kind == Trigger::kSeparation) {
      separated_ = first.edge;
      log(first.edge, SmoothContactEventType::kSeparation, "normal force through zero");
    } else {
      switchModes(first.kind == Trigger::kSlipStop ? first.edge : -1);
    }
    return;
  }
  // Phase 4: accept the step (or its piece up to the edge) and cross.
  if (fraction > 0.0) {
    unpack(y);
    time_ += fraction * h;
    ++steps_;
  }
  if (crossing)
    crossBoundary(leaving.edge, leaving.body);
}

std::vector<int> ContactTree::piecesOf(const Vector& x) const {
  std::vector<int> pieces;
  for (std::size_t k = 0; k < setup_.edges.size(); ++k) {
    const Vec5 q = x.segment<5>(static_cast<Eigen::Index>(kEdgeSize * k));
    const SmoothContactState& s = state_.edges[k];
    pieces.push_back(setup_.edges[k].surface1->polynomialPiece(s.patch1, q(0), q(1)));
    pieces.push_back(setup_.edges[k].surface2->polynomialPiece(s.patch2, q(2), q(3)));
  }
  return pieces;
}

ContactTree::Trigger ContactTree::trigger(const Evaluation& ev,
                                          const std::vector<bool>& watched) const {
  for (std::size_t k = 0; k < ev.a.edges.size(); ++k) {
    if (ev.a.edges[k].normal_force < 0.0)
      return {static_cast<int>(k), Trigger::kSeparation};
  }
  for (std::size_t k = 0; k < ev.a.edges.size(); ++k) {
    const ContactAcceleration& a = ev.a.edges[k];
    if (watched[k] && a.slip_velocity.head<2>().dot(hints_[k]) <= 0.0)
      return {static_cast<int>(k), Trigger::kSlipStop};
    if (state_.edges[k].mode != FrictionMode::kSliding && setup_.edges[k].friction.mu > 0.0 &&
        a.wrench_1c.segment<2>(3).norm() > setup_.edges[k].friction.staticMu() * a.normal_force) {
      return {static_cast<int>(k), Trigger::kConeExit};
    }
  }
  return {};
}

// kry-pai-2002 eq. 35: a rolling contact whose no-slip force leaves the friction cone,
// |f_t| > μ_s f_n, slides from here, opposite to that force; a sliding contact whose slip has
// stopped (`stopped`) or is below the slip threshold rolls if the no-slip force it would need
// lies within the cone (else it slides on, its friction opposite to that force).
void ContactTree::switchModes(int stopped) {
  // One evaluation of the tree, taken again only after a switch changed a mode, hint or q̇.
  std::optional<Evaluation> ev;
  const auto now = [&](std::size_t k) -> const ContactAcceleration& {
    if (!ev)
      ev = evaluate(pack());
    return ev->a.edges[k];
  };
  for (std::size_t k = 0; k < setup_.edges.size(); ++k) {
    SmoothContactState& s = state_.edges[k];
    const FrictionParameters& friction = setup_.edges[k].friction;
    if (friction.mu <= 0.0)
      continue;
    const bool slow = now(k).slip_velocity.head<2>().norm() < friction.slip_threshold;
    if (s.mode == FrictionMode::kSliding && (static_cast<int>(k) == stopped || slow)) {
      s.mode = FrictionMode::kRolling;
      ev.reset();
      const ContactAcceleration rolling = now(k);
      const Eigen::Vector2d f_t = rolling.wrench_1c.segment<2>(3);
      if (f_t.norm() <= friction.staticMu() * rolling.normal_force) {
        s.mode = FrictionMode::kSliding;
        stickPlastically(k);
        s.mode = FrictionMode::kRolling;
        log(static_cast<int>(k), SmoothContactEventType::kModeSwitch, "sliding -> rolling");
      } else {
        s.mode = FrictionMode::kSliding;
        if (f_t.norm() > 0.0)
          hints_[k] = -f_t.normalized();
      }
      ev.reset();
    } else if (s.mode != FrictionMode::kSliding) {
      const Eigen::Vector2d f_t = now(k).wrench_1c.segment<2>(3);
      if (f_t.norm() > friction.staticMu() * now(k).normal_force) {
        const std::string from = toString(s.mode);
        s.mode = FrictionMode::kSliding;
        hints_[k] = -f_t.normalized();
        ev.reset();
        log(static_cast<int>(k), SmoothContactEventType::kModeSwitch, from + " -> sliding");
      }
    }
  }
}

// kry-pai-2002 §3.5, eqs. 41–43: the contact point on the edge is written in the neighbouring
// patch, ψ gains the angle between the two patches' frames, and q̇ is recomputed so that the
// child's twist relative to its parent does not change.
void ContactTree::crossBoundary(int edge, int body) {
  const ContactTreeSetup::Edge& e = setup_.edges[static_cast<std::size_t>(edge)];
  SmoothContactState& s = state_.edges[static_cast<std::size_t>(edge)];
  const Surface& surface = body == 1 ? *e.surface1 : *e.surface2;
  const int from = body == 1 ? s.patch1 : s.patch2;
  const PatchDomain& domain = surface.domain(from);
  const Vec2 p = pointOf(s.q, body);
  int crossed = 0;
  for (int i = 1; i < domain.edgeCount(); ++i) {
    if (domain.edgeDistance(i, p) < domain.edgeDistance(crossed, p))
      crossed = i;
  }
  const Vec2 a = domain.vertex(crossed), b = domain.vertex((crossed + 1) % domain.edgeCount());
  const double alpha = std::clamp((p - a).dot(b - a) / (b - a).squaredNorm(), 0.0, 1.0);
  const auto across = surface.acrossEdge(from, crossed, alpha);
  if (!across) {
    separated_ = edge;
    log(edge, SmoothContactEventType::kLeftSurface,
        "body " + toText(body) + " patch " + toText(from) + " edge " + toText(crossed) +
            " is an open boundary");
    return;
  }
  // The relative twist before (eq. 43 keeps it).
  const ContactGeometry g0 = geometryOf(e, s, s.q);
  Vec5 qdot = s.qdot;
  const Twist phi = constrainedKinematics(g0, qdot, s.mode).H_1 * qdot;
  // eq. 42: ψ gains the signed angle from x_A to x_B about the common normal.
  const Vec2 on_edge = domain.pointOnEdge(crossed, alpha);
  const SurfaceJet ja = surface.evaluate(from, on_edge.x(), on_edge.y(), JetOrder::kFirst);
  const SurfaceJet jb =
      surface.evaluate(across->patch, across->st.x(), across->st.y(), JetOrder::kFirst);
  const Vec3 xa = ja.c_s.normalized(), xb = jb.c_s.normalized();
  const Vec3 z = ja.c_s.cross(ja.c_t).normalized();
  const double theta = std::atan2(xa.cross(xb).dot(z), xa.dot(xb));
  if (body == 1) {
    s.patch1 = across->patch;
    s.q.head<2>() = across->st;
  } else {
    s.patch2 = across->patch;
    s.q.segment<2>(2) = across->st;
  }
  s.q(4) += theta;
  // ^{1c}φ = Ad(E_1c_1) ^1φ; the first five rows of H_c q̇ = ^{1c}φ give q̇ (eq. 43).
  const ContactKinematics k = contactKinematics(geometryOf(e, s, s.q), Vec5::Zero());
  const Twist phi_c = adjoint(k.E_1_1c.inverse(Eigen::Isometry)) * phi;
  s.qdot = k.H_c.topRows<5>().partialPivLu().solve(phi_c.head<5>());
  s.qdot = constrainedVelocity(contactKinematics(geometryOf(e, s, s.q), s.qdot), s.qdot, s.mode);
  log(edge, SmoothContactEventType::kPatchCrossing,
      "body " + toText(body) + ": patch " + toText(from) + " -> " + toText(across->patch) +
          " across edge " + toText(crossed));
}

void ContactTree::log(int edge, SmoothContactEventType type, std::string detail) {
  events_.push_back({time_, edge, type, std::move(detail)});
}

Frame ContactTree::worldPose(int body) const {
  return evaluate(pack()).poses.at(static_cast<std::size_t>(body));
}

Twist ContactTree::bodyTwist(int body) const {
  return evaluate(pack()).a.twists.at(static_cast<std::size_t>(body));
}

RigidBodyState ContactTree::bodyState(int body) const {
  const Evaluation ev = evaluate(pack());
  const auto b = static_cast<std::size_t>(body);
  RigidBodyState state;
  state.position = ev.poses.at(b).translation();
  state.orientation = Quat(ev.poses[b].linear()).normalized();
  state.twist = ev.a.twists[b];
  return state;
}

ContactTreeAcceleration ContactTree::acceleration() const {
  return evaluate(pack()).a;
}

// Kinetic plus gravitational potential energy, −m g·p (zero at the world origin).
double ContactTree::energy() const {
  double energy = 0.0;
  for (std::size_t b = 0; b < setup_.bodies.size(); ++b)
    energy += this->energy(static_cast<int>(b));
  return energy;
}

double ContactTree::energy(int body) const {
  const Evaluation ev = evaluate(pack());
  const auto b = static_cast<std::size_t>(body);
  const MassProperties& m = setup_.bodies.at(b);
  const Twist& phi = ev.a.twists[b];
  return 0.5 * phi.dot(m.momentum(phi)) - m.mass() * setup_.gravity.dot(ev.poses[b].translation());
}

ContactTree::Snapshot ContactTree::snapshot(int edge) const {
  const Evaluation ev = evaluate(pack());
  const auto k = static_cast<std::size_t>(edge);
  const Frame& E1 = ev.poses[static_cast<std::size_t>(setup_.edges.at(k).child)];
  return {E1 * ev.k[k].E_1_1c, ev.a.edges[k]};
}

std::pair<double, double> ContactTree::constraintResidual(int edge) const {
  const Evaluation ev = evaluate(pack());
  const auto k = static_cast<std::size_t>(edge);
  const ContactTreeSetup::Edge& e = setup_.edges.at(k);
  const SmoothContactState& s = state_.edges[k];
  const SurfaceJet c = e.surface1->evaluate(s.patch1, s.q(0), s.q(1), JetOrder::kFirst);
  const SurfaceJet d = e.surface2->evaluate(s.patch2, s.q(2), s.q(3), JetOrder::kFirst);
  const Frame& E1 = ev.poses[static_cast<std::size_t>(e.child)];
  const Frame& E2 = e.parent >= 0 ? ev.poses[static_cast<std::size_t>(e.parent)] : e.E_w_2;
  const Vec3 n1 = E1.linear() * c.c_s.cross(c.c_t).normalized();
  const Vec3 n2 = E2.linear() * d.c_s.cross(d.c_t).normalized();
  return {(E1 * c.c - E2 * d.c).norm(), std::atan2(n1.cross(n2).norm(), -n1.dot(n2))};
}

}  // namespace contactsim
