// Uses the installed library: checks one exact identity and runs the built-in scene briefly.
#include <contactsim/math/spatial.hpp>
#include <contactsim/scene/run.hpp>
#include <contactsim/version.hpp>
#include <cstdio>

int main() {
  const contactsim::Frame E =
      contactsim::makeFrame(contactsim::Quat(Eigen::AngleAxisd(0.3, contactsim::Vec3::UnitZ())),
                            contactsim::Vec3(1, 2, 3));
  const contactsim::Mat6 identity = contactsim::adjoint(E) * contactsim::adjoint(E.inverse());
  if (!identity.isIdentity(1e-12)) {
    std::puts("adjoint inverse mismatch");
    return 1;
  }
  contactsim::Scene scene = contactsim::builtinDefaultScene();
  scene.duration = 0.05;
  const contactsim::RunResult result = contactsim::runScene(scene);
  std::printf("contactsim %s consumer: %zu samples\n", contactsim::kVersion, result.samples.size());
  return result.samples.back().time == 0.05 ? 0 : 1;
}
