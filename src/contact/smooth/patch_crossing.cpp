// kry-pai-2002 §3.5, §3.7: a contact that leaves its patch within a step is carried to the exact
// edge and written in the neighbouring patch (eqs. 41–43); one that crosses a seam between
// polynomial pieces of a patch steps to just past the seam.
#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "contact/smooth/smooth_contact.hpp"
#include "contact_ode.hpp"
#include "contactsim/error.hpp"

namespace contactsim {

using smooth_detail::ContactOde;
using smooth_detail::kSeamTime;
using smooth_detail::st;
using smooth_detail::State;

namespace {

// A trial step's path of q as a cubic in the fraction u of the step (one ODE evaluation, at its
// start; none along it):
// q, q̇ h and ½ q̈ h² at its start, and its end. (The state holds the relative twist, not q̇, and q̇
// at the end would need the geometry there, outside the patch: the start's q̈ replaces it.)
struct StepPath {
  Vec5 q0, d1, d2, c;
  StepPath(const ContactOde& ode, const State& inside, const State& outside, double h) {
    q0 = inside.head<5>();
    Vec5 qddot = Vec5::Constant(std::numeric_limits<double>::quiet_NaN());
    State rates = State::Constant(qddot(0));
    try {
      rates = ode.evaluate(0.0, inside, &qddot);
    } catch (const NumericalError&) {
    }
    d1 = rates.head<5>() * h;
    d2 = 0.5 * h * h * qddot;
    if (!d1.allFinite() || !d2.allFinite()) {  // singular at the start: the chord
      d1 = outside.head<5>() - q0;
      d2.setZero();
    }
    c = outside.head<5>() - q0 - d1 - d2;
  }
  [[nodiscard]] Vec5 at(double u) const { return q0 + u * (d1 + u * (d2 + u * c)); }
};

// Bisection on the step's path of q for where `holds` stops holding, down to `width` of the step:
// the last fraction where it holds and the first where it does not.
template <typename Holds>
std::pair<double, double> bisectPath(const StepPath& path, double width, const Holds& holds) {
  double a = 0.0, b = 1.0;
  for (int i = 0; i < 60 && b - a > width; ++i) {
    const double u = 0.5 * (a + b);
    (holds(path.at(u)) ? a : b) = u;
  }
  return {a, b};
}

// The parameters on patch `to` of the point of patch `from` at p (its chart continued past the
// edge), by Gauss–Newton from `guess` (the edge point's parameters on `to`).
Vec2 sameSurfacePoint(const Surface& surface, int from, const Vec2& p, int to, const Vec2& guess) {
  const Vec3 x = surface.evaluate(from, p.x(), p.y(), JetOrder::kPosition).c;
  Vec2 q = guess;
  for (int i = 0; i < 20; ++i) {
    const SurfaceJet jet = surface.evaluate(to, q.x(), q.y(), JetOrder::kFirst);
    Eigen::Matrix<double, 3, 2> J;
    J << jet.c_s, jet.c_t;
    const Vec2 step = (J.transpose() * J).ldlt().solve(J.transpose() * (x - jet.c));
    q += step;
    if (!(step.norm() > 1e-15))
      break;
  }
  return q;
}

}  // namespace

bool SmoothContact::locatable(const State& from, const State& to) const {
  // A trial step's chord locates no crossing when it leaves at its very start (a long step's
  // path may curve back into the patch through the edge the contact has just come across), or
  // when it ends more than a patch's width outside (near-singular contact systems make RK4
  // stages explode while staying finite): such steps are halved instead.
  for (const int b : {1, 2}) {
    const Surface& surface = b == 1 ? *setup_.surface1 : *setup_.surface2;
    const PatchDomain& domain = surface.domain(b == 1 ? state_.patch1 : state_.patch2);
    const auto c = domain.firstEdgeCrossed(st(from.head<5>(), b), st(to.head<5>(), b));
    if (c && c->lambda <= 1e-6)
      return false;
    for (int e = 0; e < domain.edgeCount(); ++e) {
      if (domain.edgeDistance(e, st(to.head<5>(), b)) < -1.0)
        return false;
    }
  }
  return true;
}

void SmoothContact::crossBoundary(const State& inside, const State& outside, double h) {
  // kry-pai-2002 §3.5: carry the contact along the step onto the exact boundary, then write the
  // state in the neighbouring patch (eqs. 41–43). The body whose patch it leaves first goes first.
  double lambda = 1.0;
  int body = 0;
  EdgeCrossing crossing{};
  for (const int b : {1, 2}) {
    const Surface& surface = b == 1 ? *setup_.surface1 : *setup_.surface2;
    const int patch = b == 1 ? state_.patch1 : state_.patch2;
    const auto c =
        surface.domain(patch).firstEdgeCrossed(st(inside.head<5>(), b), st(outside.head<5>(), b));
    if (c && c->lambda <= lambda) {
      lambda = c->lambda;
      body = b;
      crossing = *c;
    }
  }
  if (body == 0) {
    stepAcrossSeam(inside, outside, h);
    return;
  }
  // Integrate to the crossing (one RK4 step of the fraction λ of the step that left the domain),
  // then put the contact exactly on the edge: the parameters move by the step's truncation error.
  const ContactOde ode(*this, state_, slip_hint_, hold_slip_);
  // Secant iterations on λ for the edge distance of the integrated state: the crossing time
  // nearly to rounding, so the snap onto the edge below moves nothing measurable. Each costs an RK4
  // step, so they start from the crossing of the step's cubic path of q (StepPath; as
  // close as the chord's crossing is far, about h⁴), with its slope there for the first one.
  const Surface& crossed = body == 1 ? *setup_.surface1 : *setup_.surface2;
  const PatchDomain& crossed_domain = crossed.domain(body == 1 ? state_.patch1 : state_.patch2);
  State y_last = inside;  // the RK4 state of the last fraction tried
  double l_last = 0.0;
  auto distance = [&](double l) {
    y_last = rk4Step(ode, time_, inside, l * h);
    l_last = l;
    return crossed_domain.edgeDistance(crossing.edge, st(y_last.head<5>(), body));
  };
  auto edge_distance = [&](const Vec5& q) {
    return crossed_domain.edgeDistance(crossing.edge, st(q, body));
  };
  const StepPath path(ode, inside, outside, h);
  auto path_distance = [&](double u) { return edge_distance(path.at(u)); };
  const double d_start = edge_distance(inside.head<5>());
  double l0 = 0.0, d0 = d_start, l1 = lambda;
  if (d_start >= 0.0 && path_distance(1.0) < 0.0) {
    const double b = bisectPath(path, std::ldexp(1.0, -50), [&](const Vec5& q) {
                       return edge_distance(q) >= 0.0;
                     }).second;
    const double eps = 1e-6;
    const double slope =
        (path_distance(std::min(1.0, b + eps)) - path_distance(std::max(0.0, b - eps))) /
        (std::min(1.0, b + eps) - std::max(0.0, b - eps));
    l0 = b;
    d0 = distance(l0);
    l1 = slope < 0.0 ? std::clamp(l0 - d0 / slope, 0.0, 1.0) : lambda;
    if (!std::isfinite(d0) || !std::isfinite(l1)) {  // a non-finite RK4 sub-step: the chord
      l0 = 0.0, d0 = d_start, l1 = lambda;
    }
  }
  // Settled at 1e-13 of a patch's parameter range (about 1e-15 m on a centimetre patch).
  double d1 = distance(l1);
  for (int i = 0; i < 8 && std::abs(d1) > 1e-13 && d1 != d0; ++i) {
    const double l2 = std::clamp(l1 - d1 * (l1 - l0) / (d1 - d0), 0.0, 1.0);
    l0 = l1;
    d0 = d1;
    l1 = l2;
    d1 = distance(l1);
  }
  if (!(std::abs(d1) <= 1e-9) && distance(1.0) < 0.0) {
    // The secant did not settle (a step through a near-singular region bends the path): bisect
    // between the inside start and the outside end, so that the state snapped onto the edge
    // below is one the integrator reached there, never one moved along the edge.
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < 60 && (hi - lo) * h > 1e-12; ++i) {
      const double mid = 0.5 * (lo + hi);
      (distance(mid) >= 0.0 ? lo : hi) = mid;
    }
    l1 = lo;
  }
  lambda = std::isfinite(l1) ? std::clamp(l1, 0.0, 1.0) : lambda;
  const State at_edge = lambda <= 0.0      ? inside
                        : l_last == lambda ? y_last
                                           : rk4Step(ode, time_, inside, lambda * h);
  // The piece of step up to the edge, in the patch being left (unless the slip stops before it).
  if (!stepOnto(inside, at_edge, lambda * h, /*project=*/false)) {
    return;
  }
  const Surface& surface = body == 1 ? *setup_.surface1 : *setup_.surface2;
  const int from = body == 1 ? state_.patch1 : state_.patch2;
  const PatchDomain& domain = surface.domain(from);
  const Vec2 a = domain.vertex(crossing.edge),
             b = domain.vertex((crossing.edge + 1) % domain.edgeCount());
  crossing.alpha =
      std::clamp((st(state_.q, body) - a).dot(b - a) / (b - a).squaredNorm(), 0.0, 1.0);
  const Vec2 on_edge = domain.pointOnEdge(crossing.edge, crossing.alpha);
  const auto across = surface.acrossEdge(from, crossing.edge, crossing.alpha);
  if (!across) {
    separated_ = true;
    log(SmoothContactEventType::kLeftSurface, "body " + toText(body) + " patch " + toText(from) +
                                                  " edge " + toText(crossing.edge) +
                                                  " is an open boundary");
    return;
  }
  // The twist of body 1 is what must not change (eq. 43); contact frames may.
  SmoothContactState edge_state = state_;
  // kry-2000 §4.5.5: a contact that ran past the edge within the ε-extended boundary keeps its
  // material point: the neighbour's parameters of the same surface point (Gauss–Newton from the
  // edge point), not the edge point it would be snapped to (which turns the body by the excess).
  const Vec2 p = st(state_.q, body);
  Vec2 p_next = across->st;
  const bool beyond = setup_.boundary_epsilon > 0.0 && (p - on_edge).norm() > 1e-12;
  if (beyond) {
    p_next = sameSurfacePoint(surface, from, p, across->patch, across->st);
  } else if (body == 1) {
    edge_state.q.head<2>() = on_edge;
  } else {
    edge_state.q.segment<2>(2) = on_edge;
  }
  const Twist phi = kinematics(edge_state).H_1 * edge_state.qdot;
  const Vec2 p_from = beyond ? p : on_edge;
  const SurfaceJet jet_a = surface.evaluate(from, p_from.x(), p_from.y(), JetOrder::kFirst);
  const SurfaceJet jet_b =
      surface.evaluate(across->patch, p_next.x(), p_next.y(), JetOrder::kFirst);
  // eq. 42: ψ gains the signed angle from x_A to x_B about the (common) normal.
  const Vec3 xa = jet_a.c_s.normalized(), xb = jet_b.c_s.normalized();
  const Vec3 z = jet_a.c_s.cross(jet_a.c_t).normalized();
  const double theta = std::atan2(xa.cross(xb).dot(z), xa.dot(xb));
  SmoothContactState next = edge_state;
  if (body == 1) {
    next.patch1 = across->patch;
    next.q.head<2>() = p_next;
  } else {
    next.patch2 = across->patch;
    next.q.segment<2>(2) = p_next;
  }
  next.q(4) += theta;
  state_ = next;
  state_.qdot = coordinateVelocity(phi);  // eq. 43
  state_.qdot = constrainedVelocity(kinematics(state_), state_.qdot, state_.mode);
  ++stats_.patch_crossings;
  log(SmoothContactEventType::kPatchCrossing, "body " + toText(body) + ": patch " + toText(from) +
                                                  " -> " + toText(across->patch) + " across edge " +
                                                  toText(crossing.edge));
}

void SmoothContact::stepAcrossSeam(const State& inside, const State& outside, double h) {
  // The step stayed on its patches but crossed a seam between polynomial pieces: find the first
  // fraction of it that lands in another piece and take the step to just there (at most
  // kSeamTime past the seam), so that each following step integrates one smooth piece.
  const ContactOde ode(*this, state_, slip_hint_, hold_slip_);
  auto pieces = [this](const Vec5& q) {
    return std::make_pair(setup_.surface1->polynomialPiece(state_.patch1, q(0), q(1)),
                          setup_.surface2->polynomialPiece(state_.patch2, q(2), q(3)));
  };
  const auto start_pieces = pieces(inside.head<5>());
  auto stays = [&](double fraction) {
    return pieces(rk4Step(ode, time_, inside, fraction * h).head<5>()) == start_pieces;
  };
  // A guess from the cubic path of q through the trial step (StepPath), then
  // a bracket around it of RK4 steps, widened until it holds, then bisection.
  double lo = 0.0, hi = 1.0;
  {
    const auto [a, b] = bisectPath(StepPath(ode, inside, outside, h), kSeamTime / h,
                                   [&](const Vec5& q) { return pieces(q) == start_pieces; });
    for (double width = std::max(kSeamTime / h, 1e-9);; width *= 16.0) {
      const double l = std::max(0.0, a - width), u = std::min(1.0, b + width);
      const bool l_ok = l == 0.0 || stays(l), u_ok = u == 1.0 || !stays(u);
      if (l_ok && u_ok) {
        lo = l;
        hi = u;
        break;
      }
      if (l == 0.0 && u == 1.0)
        break;
    }
  }
  while ((hi - lo) * h > kSeamTime) {
    const double mid = 0.5 * (lo + hi);
    (stays(mid) ? lo : hi) = mid;
  }
  // RK4 to the last fraction before the seam (every stage in the old piece), then at most
  // kSeamTime across: one RK4 step over the seam would see the other piece in its last stages,
  // where q̈ jumps, an O(h Δq̈) error per seam (the frictionless ball in the Loop bowl lost 8e-7
  // of its energy in 10 s whatever the step).
  const State before_seam = rk4Step(ode, time_, inside, lo * h);
  const State y = rk4Step(ode, time_ + lo * h, before_seam, (hi - lo) * h);
  if (!stepOnto(inside, y, hi * h, /*project=*/true)) {
    return;  // the slip stops before the seam
  }
  ++stats_.accepted_steps;
  ++stats_.seam_steps;
  stats_.step_sizes.push_back(hi * h);
  stats_.step_ends.push_back(time_);
  afterStep();
}

// The piece of a step from `inside` over dt that ends in y (at a patch edge or a seam): time, state
// and dense output move there, q̇ projected on the mode's constraints (eq. 30) if asked. Where the
// slip stops or the contact separates on the way, locateEvents takes the step to there instead
// and this returns false.
bool SmoothContact::stepOnto(const State& inside, const State& y, double dt, bool project) {
  if (dt > 0.0) {
    if (const TrialEvents events = eventsAt(y, dt); events.any()) {
      locateEvents(inside, dt, events);
      return false;
    }
  }
  const SmoothContactState start = state_;
  const double t_start = time_;
  time_ += dt;
  state_ = smooth_detail::withState(*this, state_, y);
  if (project)
    state_.qdot = constrainedVelocity(kinematics(state_), state_.qdot, state_.mode);
  if (time_ > t_start) {
    record(t_start, start);
  }
  return true;
}

}  // namespace contactsim
