// Planar map bodies against fixed half-planes and each other, stepped at the maps' Δt by the
// run-time algorithm of ullrich-pai §5.1 (steps 1–5) with friction and superposed contacts (§5.2).
//
// One step t_k → t_{k+1}:
//  1. every contact with a history gets its nominal forces F̃^A, F̃^B from the discrete convolution
//     of its deformation increments with the map response at its place on the outline
//     (deformation_history.hpp, outline_response.hpp);
//  2.–4. contacts are found on the rigid outlines at t_k (planar_contact_detection.hpp), and the
//     motion and the unilateral action–reaction forces are solved together, implicitly
//     (response_contact_solver.hpp);
//  5. each side's deformation δ^X_{k+1} follows from its law for the solved force and is appended
//     to its history; a record of the step is kept per contact.
// A contact is created when the free motion would make its rigid penetration positive by the end
// of the step; it keeps its history while the surfaces are apart and is released once it has been
// free for N_f steps and its deformations have relaxed below release_tolerance × their peak.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <span>
#include <vector>

#include "contact/response/deformation_history.hpp"
#include "contact/response/outline_response.hpp"
#include "contact/response/planar_contact_detection.hpp"
#include "contact/response/response_contact_solver.hpp"
#include "contactsim/bem/response_map.hpp"
#include "contactsim/math/planar_body.hpp"

namespace contactsim {

struct ResponseWorldOptions {
  Vec2 gravity = Vec2::Zero();  ///< [m/s²]
  double friction = 0.0;        ///< Coulomb μ ≥ 0 at every contact
  ResponseSolverOptions solver;
  /// A free contact is forgotten when its deformations are below this fraction of their peak.
  double release_tolerance = 1e-9;
  /// Passivity: the energy a contact has stored in its bodies, Σ ½(F_k + F_{k+1}) times the step's
  /// change of their deformations δ^A + δ^B, may fall below zero by at most this fraction of its
  /// peak before the step throws NumericalError (an elastic body at rest cannot give back more
  /// than it was given; +∞: unchecked).
  double passivity_tolerance = 0.05;
  bool record = true;  ///< keep a ContactRecord per contact and step

  /// Throws InvalidInputError naming the field.
  void validate() const;
};

enum class ResponseContactKind { kHalfPlane, kBodies };

/// One contact over one step t_k → t_{k+1}. Checks: force_a = force_b = normal_force
/// (f^A = −f^B, eq. 8), and deformation_a + deformation_b = penetration while in_contact (eq. 7).
struct ContactRecord {
  double time = 0.0;  ///< t_{k+1} [s]
  ResponseContactKind kind = ResponseContactKind::kHalfPlane;
  std::size_t body_a = 0;
  std::size_t other = 0;          ///< the half-plane or body B
  std::size_t vertex = 0;         ///< A's outline vertex (half-plane contacts; 0 for two bodies)
  Vec2 point = Vec2::Zero();      ///< contact point on A at t_k, world [m]
  Vec2 normal = Vec2::UnitY();    ///< from B to A
  double normal_force = 0.0;      ///< F_{k+1}: +F n on A, −F n on B [N/m]
  double force_a = 0.0;           ///< A's law F̃^A + F^A_0 Δδ^A [N/m]
  double force_b = 0.0;           ///< B's law (the rigid block: its reaction, = normal_force)
  double tangential_force = 0.0;  ///< on A along ẑ × n [N/m]
  /// The step's impulse on A, h((1 − θ) f_k + θ f_{k+1}) with f = F n + T t [N s/m]
  /// (response_contact_solver.hpp): with θ < 1 a contact that just let go still pushes.
  Vec2 impulse = Vec2::Zero();
  double deformation_a = 0.0;  ///< δ^A_{k+1} [m]
  double deformation_b = 0.0;  ///< δ^B_{k+1} (0 for the block) [m]
  double penetration = 0.0;    ///< rigid δ_{k+1} [m]
  /// Work of the contact forces on the two bodies over the step [J/m]: −½(F_k + F_{k+1})(δ_{k+1} −
  /// δ_k) (trapezoidal ∫F dδ) plus the tangential force times the mean slip h·½(u_t,k + u_t,k+1).
  double work = 0.0;
  bool in_contact = false;
};

class ResponseWorld {
 public:
  explicit ResponseWorld(const ResponseWorldOptions& options = {});

  /// Adds a map body (mass properties from the map's outline and density). Throws
  /// InvalidInputError for an invalid map or state, a node with F(t_0) ≤ 0, a map whose Δt
  /// differs from the world's (relative 1e-12; the first body's map sets it), or a non-convex
  /// outline once two bodies can touch each other.
  std::size_t addBody(std::shared_ptr<const ResponseMap> map, const PlanarBodyState& state);
  /// Adds a fixed rigid half-plane.
  std::size_t addHalfPlane(const HalfPlane& plane);

  /// Advances by one time step Δt. Throws InvalidInputError without bodies.
  void step();

  [[nodiscard]] double time() const noexcept { return time_; }
  /// Δt of the maps [s] (0 before the first body).
  [[nodiscard]] double timeStep() const noexcept { return time_step_; }
  [[nodiscard]] std::size_t bodyCount() const noexcept { return bodies_.size(); }
  [[nodiscard]] const PlanarBodyState& state(std::size_t body) const;
  [[nodiscard]] const PlanarMassProperties& massProperties(std::size_t body) const;
  [[nodiscard]] const ResponseMap& map(std::size_t body) const;

  /// Records of every step so far (if options.record), in step order, contacts sorted.
  [[nodiscard]] std::span<const ContactRecord> records() const { return records_; }
  /// Records of the last step only (kept even when options.record is false).
  [[nodiscard]] std::span<const ContactRecord> lastStep() const { return last_step_; }
  /// Whether any contact had an impulse in the last step (θ < 1: also the step a contact lets
  /// go, whose normal force is already 0).
  [[nodiscard]] bool lastStepPushed() const;
  [[nodiscard]] const ResponseSolverStats& lastSolve() const noexcept { return last_solve_; }
  /// Contacts that carry a deformation history now.
  [[nodiscard]] std::size_t liveContacts() const noexcept { return live_.size(); }

 private:
  struct Body {
    std::shared_ptr<const ResponseMap> map;
    PlanarMassProperties mass;
    OutlineResponse outline;
    PlanarBodyState state;
    bool convex = true;
  };
  struct Key {
    ResponseContactKind kind = ResponseContactKind::kHalfPlane;
    std::size_t a = 0;
    std::size_t other = 0;
    std::size_t vertex = 0;
    auto operator<=>(const Key&) const = default;
  };
  struct Live {
    DeformationHistory a;
    DeformationHistory b;
    double normal_force = 0.0;
    double tangential_force = 0.0;
    std::size_t free_steps = 0;
    double deformation = 0.0;  ///< δ^A + δ^B at the end of the last step [m]
    double stored = 0.0;       ///< ∫ F d(δ^A + δ^B): energy put into the bodies [J/m]
    double peak_stored = 0.0;  ///< the largest `stored` so far [J/m]
    double throughput = 0.0;   ///< Σ |step work|, the scale of `stored`'s round-off [J/m]
  };
  struct Pending;

  /// Adds a step's work into `live`'s store; throws NumericalError when it is no longer passive.
  void checkPassive(Live& live, double work_in, const Key& key);
  void gather(std::vector<Pending>& pending, std::span<const PlanarVelocity> free_velocities,
              const std::vector<std::vector<Vec2>>& outlines) const;

  ResponseWorldOptions options_;
  std::vector<Body> bodies_;
  std::vector<HalfPlane> planes_;
  std::map<Key, Live> live_;
  double time_ = 0.0;
  double time_step_ = 0.0;
  std::vector<ContactRecord> records_;
  std::vector<ContactRecord> last_step_;
  ResponseSolverStats last_solve_;
};

}  // namespace contactsim
