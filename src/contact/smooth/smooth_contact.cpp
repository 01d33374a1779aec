#include "contact/smooth/smooth_contact.hpp"

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <sstream>

#include "contact_ode.hpp"
#include "contactsim/error.hpp"
#include "contactsim/math/checks.hpp"
#include "dynamics/newton_euler.hpp"
#include "dynamics/state_interpolation.hpp"

namespace contactsim {

using smooth_detail::ContactOde;
using smooth_detail::kSeamTime;
using smooth_detail::pack;
using smooth_detail::st;
using smooth_detail::State;
using smooth_detail::withState;

const char* toString(SmoothContactEventType type) {
  switch (type) {
    case SmoothContactEventType::kPatchCrossing:
      return "patch-crossing";
    case SmoothContactEventType::kModeSwitch:
      return "mode-switch";
    case SmoothContactEventType::kSeparation:
      return "separation";
    case SmoothContactEventType::kLeftSurface:
      return "left-surface";
    case SmoothContactEventType::kIrregularRegion:
      return "irregular-region";
  }
  return "unknown";
}

SmoothContact::SmoothContact(SmoothContactSetup setup, SmoothContactState initial, double time)
    : setup_(std::move(setup)), state_(initial), time_(time) {
  if (!setup_.surface1 || !setup_.surface2) {
    throw InvalidInputError("smooth contact needs both surfaces");
  }
  setup_.friction.validate();
  if (setup_.integrator.method != AdaptiveMethod::kRk4) {
    throw InvalidInputError("smooth contact integrates with RK4 (kry-pai-2002 §3.7)");
  }
  requireFinite(setup_.gravity, "gravity");
  requireFinite(setup_.E_w_2.matrix(), "fixed body pose");
  if (setup_.mass2) {
    validateState(state_.body2, "body 2 of the smooth contact");
    state_.body2.orientation.normalize();
  } else {
    state_.body2 = RigidBodyState{};
    state_.body2.position = setup_.E_w_2.translation();
    state_.body2.orientation = Quat(setup_.E_w_2.linear()).normalized();
  }
  requireFinite(setup_.boundary_epsilon, "boundary_epsilon");
  requireFinite(setup_.irregular_radius, "irregular_radius");
  if (setup_.irregular_radius < 0.0) {
    throw InvalidInputError("smooth contact: irregular_radius must be >= 0, got " +
                            toText(setup_.irregular_radius));
  }
  requireFinite(state_.q, "contact coordinates q");
  requireFinite(state_.qdot, "contact velocities qdot");
  requireFinite(time, "start time");
  for (const int body : {1, 2}) {
    const Surface& surface = body == 1 ? *setup_.surface1 : *setup_.surface2;
    const int patch = body == 1 ? state_.patch1 : state_.patch2;
    if (patch < 0 || patch >= surface.patchCount()) {
      throw InvalidInputError("body " + toText(body) + " patch " + toText(patch) +
                              " out of range [0, " + toText(surface.patchCount()) + ")");
    }
    const Vec2 p = st(state_.q, body);
    if (!surface.domain(patch).contains(p, setup_.boundary_epsilon)) {
      std::ostringstream m;
      m << "contact coordinates (" << p.x() << ", " << p.y() << ") of body " << body
        << " lie outside the domain of patch " << patch;
      throw InvalidInputError(m.str());
    }
  }
  try {
    const ContactKinematics k = kinematics(state_);
    state_.qdot = constrainedVelocity(k, state_.qdot, state_.mode);
    prepareStep();
    (void)acceleration();
  } catch (const NumericalError& e) {
    throw InvalidInputError(std::string("invalid initial contact state: ") + e.what());
  }
  integrator_ = std::make_unique<Integrator>(setup_.integrator);
}

SmoothContact::~SmoothContact() = default;
SmoothContact::SmoothContact(SmoothContact&&) noexcept = default;
SmoothContact& SmoothContact::operator=(SmoothContact&&) noexcept = default;

ContactKinematics SmoothContact::kinematics(const SmoothContactState& s) const {
  return contactKinematics(geometry(s.patch1, s.patch2, s.q), s.qdot);
}

ContactGeometry SmoothContact::geometry(int patch1, int patch2, const Vec5& q) const {
  for (const GeometryMemo& m : memo_) {
    if (m.patch1 >= 0 && m.patch1 == patch1 && m.patch2 == patch2 && m.q == q)
      return m.g;
  }
  GeometryMemo& m = memo_[memo_next_];
  memo_next_ = (memo_next_ + 1) % memo_.size();
  m.patch1 = -1;  // invalid until complete: evaluation may throw
  m.g = contactGeometry(setup_.surface1->evaluate(patch1, q(0), q(1)),
                        setup_.surface2->evaluate(patch2, q(2), q(3)), q(4));
  m.patch1 = patch1;
  m.patch2 = patch2;
  m.q = q;
  return m.g;
}

Frame SmoothContact::pose2(const SmoothContactState& s) const {
  return setup_.mass2 ? s.body2.pose() : setup_.E_w_2;
}

// Body 1's own twist: its twist relative to body 2 (eq. 14), plus body 2's carried into body 1's
// frame when body 2 moves.
Twist SmoothContact::twist1(const SmoothContactState& s, const ContactKinematics& k) const {
  const Twist relative = k.H_1 * s.qdot;
  if (!setup_.mass2)
    return relative;
  return relative + adjointBody2ToBody1(k) * s.body2.twist;
}

ContactAcceleration SmoothContact::accelerationOf(const SmoothContactState& s,
                                                  const ContactKinematics& k) const {
  const Wrench f_ext = smooth_detail::gravityOn(setup_, pose2(s), k);
  if (!setup_.mass2) {
    return contactAcceleration(k, s.qdot, setup_.mass1, f_ext, s.mode, setup_.friction, slip_hint_,
                               hold_slip_);
  }
  const FreeBody2 body2{&*setup_.mass2, s.body2.twist,
                        gravityWrench(setup_.mass2->mass(), s.body2.orientation, setup_.gravity)};
  return contactAcceleration(k, s.qdot, setup_.mass1, f_ext, body2, s.mode, setup_.friction,
                             slip_hint_, hold_slip_);
}

SmoothContactState SmoothContact::sticking(const SmoothContactState& s, FrictionMode mode) const {
  SmoothContactState out = s;
  const ContactKinematics k = kinematics(s);
  if (!setup_.mass2) {
    out.qdot = stickingVelocity(k, setup_.mass1, s.qdot, mode);
  } else {
    std::tie(out.qdot, out.body2.twist) =
        stickingVelocity(k, setup_.mass1, *setup_.mass2, s.qdot, s.body2.twist, mode);
  }
  return out;
}

Frame SmoothContact::worldPose() const {
  return pose2(state_) * kinematics(state_).E_2_1;
}

Twist SmoothContact::bodyTwist() const {
  return twist1(state_, kinematics(state_));
}

ContactAcceleration SmoothContact::acceleration() const {
  return accelerationOf(state_, kinematics(state_));
}

double SmoothContact::energy() const {
  return energyOf(state_);
}

std::pair<double, double> SmoothContact::constraintResidual() const {
  const ContactKinematics k = kinematics(state_);
  const Frame E_w_2 = pose2(state_);
  const Frame E_w_1 = E_w_2 * k.E_2_1;
  const Vec3 p1 = E_w_1 * k.E_1_1c.translation();
  const Vec3 p2 = E_w_2 * k.E_2_2c.translation();
  const Vec3 n1 = E_w_1.linear() * k.E_1_1c.linear().col(2);
  const Vec3 n2 = E_w_2.linear() * k.E_2_2c.linear().col(2);
  return {(p1 - p2).norm(), std::atan2(n1.cross(-n2).norm(), n1.dot(-n2))};
}

Vec5 SmoothContact::coordinateVelocity(const Twist& phi_body) const {
  const ContactKinematics k = kinematics(state_);
  // ^{1c}φ = Ad(E_1c_1) ^1φ; the first five rows of H_c q̇ = ^{1c}φ determine q̇ (eq. 43 form).
  const Twist phi_c = adjoint(k.E_1_1c.inverse(Eigen::Isometry)) * phi_body;
  const Eigen::Matrix<double, 5, 5> A = k.H_c.topRows<5>();
  return A.partialPivLu().solve(phi_c.head<5>());
}

void SmoothContact::applyImpulse(const Wrench& impulse_body) {
  requireFinite(impulse_body, "impulse");
  const ContactKinematics k = kinematics(state_);
  SmoothContactState next = state_;
  if (setup_.mass2) {
    // The generalised impulse on (q̇, φ₂) is Jᵀ (ι, 0) with φ₁ = H₁ q̇ + Ad(E_1_2) φ₂; then the
    // mode's constraints by the pair's plastic projection, which keeps the momenta.
    Eigen::Matrix<double, 11, 1> j;
    j << k.H_1.transpose() * impulse_body, adjointBody2ToBody1(k).transpose() * impulse_body;
    const Eigen::LDLT<Eigen::Matrix<double, 11, 11>> A(
        pairVelocityMetric(k, setup_.mass1, *setup_.mass2));
    const Eigen::Matrix<double, 11, 1> jump = A.solve(j);
    if (A.info() != Eigen::Success || !jump.allFinite())
      throw NumericalError("smooth contact: the impulse's velocity jump is singular here");
    next.qdot += jump.head<5>();
    next.body2.twist += jump.tail<6>();
    state_ = sticking(next, state_.mode);
    check_start_ = true;
    prepareStep();
    return;
  }
  const Eigen::LDLT<Eigen::Matrix<double, 5, 5>> A(k.H_1.transpose() *
                                                   setup_.mass1.spatialInertia() * k.H_1);
  const Vec5 jump = A.solve(k.H_1.transpose() * impulse_body);
  if (A.info() != Eigen::Success || !jump.allFinite())
    throw NumericalError("smooth contact: the impulse's velocity jump is singular here");
  next.qdot += jump;
  next.qdot = constrainedVelocity(kinematics(next), next.qdot, next.mode);
  state_ = next;
  check_start_ = true;
  prepareStep();
}

void SmoothContact::log(SmoothContactEventType type, std::string detail) {
  events_.push_back({time_, type, std::move(detail)});
}

void SmoothContact::advanceTo(double t_end) {
  advance(t_end, true);
}

void SmoothContact::advancePast(double t) {
  advance(t, false);
}

void SmoothContact::record(double t_start, const SmoothContactState& start) {
  // The step's start is usually the previous step's end, whose q̈ is known: reuse it.
  const bool continues =
      !history_.empty() && history_.back().t1 == t_start &&
      history_.back().s1.patch1 == start.patch1 && history_.back().s1.patch2 == start.patch2 &&
      history_.back().s1.mode == start.mode && history_.back().s1.q == start.q &&
      history_.back().s1.qdot == start.qdot &&
      FreeBodySystem::pack(history_.back().s1.body2) == FreeBodySystem::pack(start.body2);
  const Vec5 qddot0 = continues ? history_.back().qddot1 : qddotOf(start);
  history_.push_back({t_start, time_, start, state_, qddot0, qddotOf(state_)});
}

Vec5 SmoothContact::qddotOf(const SmoothContactState& s) const {
  const ContactOde ode(*this, s, slip_hint_, hold_slip_);
  return ode.qddot(pack(*this, s));
}

void SmoothContact::advance(double t_end, bool land_on_t) {
  requireFinite(t_end, "target time");
  const double slack = 1e-12 * std::max(1.0, std::abs(t_end));
  if (separated_ || t_end - time_ <= slack)
    return;  // reached already: the steps for dense output stay as they are
  // Keep the last step for interpolation just before time(); drop older ones.
  if (history_.size() > 1)
    history_.erase(history_.begin(), history_.end() - 1);
  const double horizon = land_on_t ? t_end : std::numeric_limits<double>::infinity();
  // Transfers between patches without time advancing (by more than kSeamTime). At a vertex
  // where n patches meet, up to n − 1 of them lead to the patch the contact moves into
  // (kry-pai-2002 §3.7, Fig. 5); a contact moving along an edge may instead be sent back and
  // forth across it forever. Past kMaxTransfersInPlace such transfers the contact separates
  // there, as near an irregular point (§3.6): the world goes on by flight and impacts.
  constexpr int kMaxTransfersInPlace = 16;
  int transfers_in_place = 0;
  while (!separated_ && t_end - time_ > slack) {
    if (check_start_) {  // a contact at rest in slip rolls, one whose normal force pulls separates
      check_start_ = false;
      afterStep(Located::kStart);
      continue;
    }
    prepareStep();
    const ContactOde ode(*this, state_, slip_hint_, hold_slip_);
    const State x = pack(*this, state_);
    // A step is vetoed when the contact would leave a patch domain, or cross a seam between
    // polynomial pieces of a patch (third derivatives, hence q̈, jump there: RK4 would lose order).
    const int piece1 = setup_.surface1->polynomialPiece(state_.patch1, state_.q(0), state_.q(1));
    const int piece2 = setup_.surface2->polynomialPiece(state_.patch2, state_.q(2), state_.q(3));
    // A non-finite trial step is always halved; leaving a patch or piece is located within the
    // trial step (crossBoundary, stepAcrossSeam) or, as kry-pai-2002 §3.7, halved down to the
    // minimum step first.
    const bool locate = setup_.integrator.locate_events;
    const StepVerdict leaves = locate ? StepVerdict::kEvent : StepVerdict::kVeto;
    TrialEvents events;
    // With events located, steps are long enough to run through a near-singular contact system
    // (a contact near an extraordinary vertex or near conforming), where RK4 stages explode
    // while staying finite. The contact is passive (gravity, friction): a trial step that gains
    // more mechanical energy than a tenth of the kinetic energy, or than lifting the body by
    // 1 mm, has lost all accuracy and is halved.
    double energy_start = 0.0, energy_slack = 0.0;
    if (locate) {
      const ContactKinematics k = kinematics(state_);
      const double mass = setup_.mass1.mass() + (setup_.mass2 ? setup_.mass2->mass() : 0.0);
      energy_start = energyOf(state_, k);
      const double kinetic = setup_.mass1.kineticEnergy(twist1(state_, k)) +
                             (setup_.mass2 ? setup_.mass2->kineticEnergy(state_.body2.twist) : 0.0);
      energy_slack = 0.1 * kinetic + mass * setup_.gravity.norm() * 1e-3;
    }
    bool gains_energy = false;
    auto inside = [&](double t_new, const State& y) {
      events = {};
      const double y_h = t_new - time_;
      gains_energy = false;
      if (!y.allFinite())
        return StepVerdict::kVeto;
      if (locate) {
        double energy = std::numeric_limits<double>::infinity();
        try {
          energy = energyOf(withState(*this, state_, y));
        } catch (const NumericalError&) {  // a degenerate surface point: no energy to speak of
        }
        gains_energy = !(energy <= energy_start + energy_slack);
        if (gains_energy)
          return StepVerdict::kVeto;
      }
      const bool stays = setup_.surface1->domain(state_.patch1)
                             .contains(st(y.head<5>(), 1), setup_.boundary_epsilon) &&
                         setup_.surface2->domain(state_.patch2)
                             .contains(st(y.head<5>(), 2), setup_.boundary_epsilon) &&
                         setup_.surface1->polynomialPiece(state_.patch1, y(0), y(1)) == piece1 &&
                         setup_.surface2->polynomialPiece(state_.patch2, y(2), y(3)) == piece2;
      if (!stays) {
        if (locate && !locatable(x, y))
          return StepVerdict::kVeto;
        return leaves;
      }
      events = eventsAt(y, y_h);
      return events.any() ? StepVerdict::kEvent : StepVerdict::kAccept;
    };
    const SmoothContactState start = state_;
    const double t_start = time_;
    const auto r = integrator_->driver.step(ode, time_, x, horizon, inside);
    stats_.rejected_steps = integrator_->driver.stats().rejected;
    if (r.status == StepStatus::kVetoedAtMinimumStep && (!r.x.allFinite() || gains_energy)) {
      // Even the minimum step leads where the contact system is singular: separate here, as
      // near an irregular point (§3.6); the world goes on by flight and impacts.
      separated_ = true;
      log(SmoothContactEventType::kIrregularRegion,
          "the contact system is singular within a minimum step (near-conforming contact, or a "
          "step that gains energy)");
      break;
    }
    if (r.status == StepStatus::kEvent && events.any()) {
      locateEvents(x, r.h, events);
      continue;
    }
    if (r.status == StepStatus::kVetoedAtMinimumStep || r.status == StepStatus::kEvent) {
      const double before = time_;
      crossBoundary(x, r.x, r.h);
      transfers_in_place = time_ - before <= kSeamTime ? transfers_in_place + 1 : 0;
      if (transfers_in_place > kMaxTransfersInPlace) {
        separated_ = true;
        log(SmoothContactEventType::kIrregularRegion,
            "the contact is sent back and forth across a patch edge without advancing");
        break;
      }
      continue;
    }
    if (!r.x.allFinite()) {
      throw NumericalError("smooth contact diverged in the step from t = " + toText(time_) +
                           " s (step " + toText(r.h) +
                           " s); its last finite rates |q̇| = " + toText(state_.qdot.norm()) +
                           "; likely cause: a step too large for the contact's motion (lower "
                           "max_step) or a singular contact geometry");
    }
    time_ += r.h;
    state_ = withState(*this, state_, r.x);
    state_.qdot = constrainedVelocity(kinematics(state_), state_.qdot, state_.mode);
    record(t_start, start);
    ++stats_.accepted_steps;
    stats_.step_sizes.push_back(r.h);
    stats_.step_ends.push_back(time_);
    transfers_in_place = 0;
    stops_in_place_ = 0;
    afterStep();
  }
}

SmoothContactState SmoothContact::stateAt(double t) const {
  requireFinite(t, "time");
  const double slack = 1e-12 * std::max(1.0, std::abs(t));
  if (std::abs(t - time_) <= slack)
    return state_;
  for (auto it = history_.rbegin(); it != history_.rend(); ++it) {
    if (t < it->t0 - slack || t > it->t1 + slack)
      continue;
    // Cubic Hermite on [t0, t1] with values and derivatives at both ends.
    const double h = it->t1 - it->t0, u = std::clamp((t - it->t0) / h, 0.0, 1.0);
    SmoothContactState s = it->s0;
    s.q = hermite(it->s0.q, it->s0.qdot, it->s1.q, it->s1.qdot, h, u);
    s.qdot = hermite(it->s0.qdot, it->qddot0, it->s1.qdot, it->qddot1, h, u);
    if (setup_.mass2)
      s.body2 = interpolateFlight(it->s0.body2, it->t0, it->s1.body2, it->t1, it->t0 + u * h);
    return s;
  }
  throw InvalidInputError("smooth contact: no dense output at t = " + toText(t) +
                          " (the last advance covered up to " + toText(time_) + ")");
}

Frame SmoothContact::worldPoseAt(double t) const {
  const SmoothContactState s = stateAt(t);
  return pose2(s) * kinematics(s).E_2_1;
}

void SmoothContact::retireStepsEndingBy(double t) {
  if (setup_.keep_step_sizes)
    return;
  std::size_t n = 0;
  while (n < stats_.step_ends.size() && stats_.step_ends[n] <= t)
    ++n;
  SmoothContactStats::Retired& r = stats_.retired;
  for (std::size_t i = 0; i < n; ++i) {
    const double h = stats_.step_sizes[i];
    r.smallest = r.count == 0 ? h : std::min(r.smallest, h);
    r.largest = std::max(r.largest, h);
    ++r.count;
  }
  const auto cut = static_cast<std::ptrdiff_t>(n);
  stats_.step_sizes.erase(stats_.step_sizes.begin(), stats_.step_sizes.begin() + cut);
  stats_.step_ends.erase(stats_.step_ends.begin(), stats_.step_ends.begin() + cut);
}

SmoothContact::Snapshot SmoothContact::snapshotAt(double t) const {
  Snapshot snap;
  snap.state = stateAt(t);
  const ContactKinematics k = kinematics(snap.state);
  snap.frame = pose2(snap.state) * k.E_2_1 * k.E_1_1c;
  snap.acceleration = accelerationOf(snap.state, k);
  return snap;
}

Twist SmoothContact::bodyTwistAt(double t) const {
  const SmoothContactState s = stateAt(t);
  return twist1(s, kinematics(s));
}

RigidBodyState SmoothContact::body2StateAt(double t) const {
  return setup_.mass2 ? stateAt(t).body2 : state_.body2;
}

double SmoothContact::energyAt(double t) const {
  return energyOf(stateAt(t));
}

double SmoothContact::energyOf(const SmoothContactState& s) const {
  return energyOf(s, kinematics(s));
}

double SmoothContact::energyOf(const SmoothContactState& s, const ContactKinematics& k) const {
  const Frame E_w_1 = pose2(s) * k.E_2_1;
  double energy = setup_.mass1.kineticEnergy(twist1(s, k)) -
                  setup_.mass1.mass() * setup_.gravity.dot(E_w_1.translation());
  if (setup_.mass2) {
    energy += setup_.mass2->kineticEnergy(s.body2.twist) -
              setup_.mass2->mass() * setup_.gravity.dot(s.body2.position);
  }
  return energy;
}

Eigen::Vector2d SmoothContact::slipOf(const SmoothContactState& s) const {
  return (kinematics(s).H_c * s.qdot).segment<2>(3);
}

}  // namespace contactsim
