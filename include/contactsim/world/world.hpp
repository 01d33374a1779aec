// The world: bodies, their integrator, and time. Today every body is in free flight; the contact
// issues add pairs in impact, continuous smooth contact, 6D patch contact and point contact.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "contactsim/dynamics/adaptive_step.hpp"
#include "contactsim/dynamics/free_body.hpp"

namespace contactsim {

enum class IntegratorMethod {
  kRk4,                ///< classical RK4, fixed step
  kAdaptiveRk4,        ///< RK4 with step halving/doubling between min and max (kry-pai-2002 §3.7)
  kCashKarp45,         ///< embedded 4(5) with error control, halving/doubling
  kSemiImplicitEuler,  ///< velocity-level stepping, fixed step
};

/// Scene-file spelling of a method ("rk4", "adaptive-rk4", "cash-karp45", "semi-implicit-euler").
const char* toString(IntegratorMethod method);

/// Body names are non-empty and use only letters, digits, '_', '-' and '.', so that they can
/// stand unquoted in CSV columns and file names.
bool isValidBodyName(std::string_view name);

struct IntegratorSettings {
  IntegratorMethod method = IntegratorMethod::kRk4;
  double step = 1e-3;  ///< [s] fixed step of kRk4 and kSemiImplicitEuler
  /// Steps and tolerances of kAdaptiveRk4 and kCashKarp45 (adaptive.method is ignored: `method`
  /// decides, see adaptiveParameters()).
  AdaptiveStepParameters adaptive;

  /// `adaptive` with its method set from `method`.
  [[nodiscard]] AdaptiveStepParameters adaptiveParameters() const;

  /// Throws InvalidInputError naming the bad field.
  void validate() const;
};

struct BodyDescription {
  std::string name;
  MassProperties mass_properties;
  RigidBodyState initial_state;
};

struct WorldDescription {
  Vec3 gravity = Vec3(0.0, 0.0, -9.81);  ///< [m/s²] world coordinates
  std::vector<BodyDescription> bodies;
  IntegratorSettings integrator;
};

struct IntegrationStats {
  long steps = 0;     ///< accepted steps, over all bodies
  long rejected = 0;  ///< rejected attempts of the adaptive methods
  double smallest_step = 0.0;
  double largest_step = 0.0;
};

class World {
 public:
  /// Validates everything (names unique and non-empty, states finite with unit quaternions,
  /// integrator settings) and throws InvalidInputError naming the body or field at fault.
  explicit World(WorldDescription description);

  /// Integrates every body to time t ≥ time(). Throws NumericalError if a state stops being finite.
  void advanceTo(double t);

  [[nodiscard]] double time() const noexcept { return time_; }
  [[nodiscard]] std::size_t bodyCount() const noexcept { return bodies_.size(); }
  [[nodiscard]] const std::string& bodyName(std::size_t i) const { return bodies_.at(i).name; }
  [[nodiscard]] const RigidBodyState& state(std::size_t i) const { return bodies_.at(i).state; }
  [[nodiscard]] const FreeBodySystem& system(std::size_t i) const { return bodies_.at(i).system; }
  /// Kinetic plus potential energy of body i [J].
  [[nodiscard]] double energy(std::size_t i) const;
  /// Angular momentum of body i about its centre of mass, world coordinates [kg m²/s].
  [[nodiscard]] Vec3 angularMomentum(std::size_t i) const;
  [[nodiscard]] const IntegratorSettings& integrator() const noexcept { return integrator_; }
  [[nodiscard]] IntegrationStats stats() const;

 private:
  struct Body {
    std::string name;
    FreeBodySystem system;
    RigidBodyState state;
    AdaptiveDriver<FreeBodySystem> driver;
    long steps = 0;
    double smallest_step = 0.0;
    double largest_step = 0.0;
  };
  void advanceBody(Body& body, double t);

  IntegratorSettings integrator_;
  std::vector<Body> bodies_;
  double time_ = 0.0;
};

}  // namespace contactsim
