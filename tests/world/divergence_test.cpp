// A run that diverges says which body, when, from what state and why (issue 27, defect 6: it
// said only "state became non-finite at t").
#include <gtest/gtest.h>

#include <string>

#include "contactsim/error.hpp"
#include "contactsim/world/world.hpp"

namespace contactsim {
namespace {

// An asymmetric body spinning at 2000 rad/s about its intermediate axis, stepped by RK4 at 10 ms:
// ω h = 20, far outside RK4's stability region (about 2.8 on the imaginary axis).
TEST(DivergenceTest, AFreeBodyTooFastForItsStepIsNamedWithTheCause) {
  WorldDescription d;
  BodyDescription b;
  b.name = "spinner";
  b.mass_properties = MassProperties::principal(1.0, Vec3(1.0, 2.0, 2.5));
  b.initial_state = RigidBodyState::fromWorldVelocities(Vec3::Zero(), Quat::Identity(),
                                                        Vec3(1.0, 2000.0, 1.0), Vec3::Zero());
  d.bodies.push_back(b);
  d.integrator.method = IntegratorMethod::kRk4;
  d.integrator.step = 0.01;
  World world(d);
  try {
    world.advanceTo(100.0);
    ADD_FAILURE() << "an unstable spin integrated to the end";
  } catch (const NumericalError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("body 'spinner' diverged"), std::string::npos) << message;
    EXPECT_NE(message.find("step 0.01 s"), std::string::npos) << message;
    EXPECT_NE(message.find("|ω| = "), std::string::npos) << message;
    EXPECT_NE(message.find("too large for its spin"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace contactsim
