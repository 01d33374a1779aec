// The one place that chooses a contact model: the subsystem for a world description.
#include "contact_models.hpp"
#include "contactsim/error.hpp"
#include "response_subsystem.hpp"
#include "smooth_world.hpp"
#include "subsystem.hpp"
#include "velocity_subsystems.hpp"

namespace contactsim::world_detail {

std::unique_ptr<Subsystem> makeSubsystem(const WorldDescription& given) {
  // The model of every pair, from the shapes and the pair overrides.
  const WorldDescription description = resolveContactModels(given);
  const IntegratorMethod method = description.integrator.method;
  if (method != IntegratorMethod::kVolumeContact && !description.joints.empty())
    throw InvalidInputError("joints need the volume-contact integrator");
  if (isMixedWorld(description) && method == IntegratorMethod::kSemiImplicitEuler)
    return std::make_unique<MixedSubsystem>(description);
  if (isPlanarWorld(description) && method == IntegratorMethod::kSemiImplicitEuler)
    return std::make_unique<ResponseSubsystem>(description);
  switch (method) {
    case IntegratorMethod::kVolumeContact:
      return std::make_unique<VolumeSubsystem>(description);
    case IntegratorMethod::kPointContact:
      return std::make_unique<PointSubsystem>(description);
    case IntegratorMethod::kRk4:
    case IntegratorMethod::kAdaptiveRk4:
    case IntegratorMethod::kCashKarp45:
    case IntegratorMethod::kSemiImplicitEuler:
      break;
  }
  return std::make_unique<SmoothWorld>(description);
}

}  // namespace contactsim::world_detail
