// Building a world programmatically from Python: WorldDescription with bodies (shape, mass,
// state, material), the integrator, smooth contacts given at the start, collisions and per-pair
// overrides. Bodies take the same defaults as a scene file (docs/scene-format.md): polyhedra and
// meshes may leave their inertia to uniform density, orientations are normalised.
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <cmath>
#include <string>
#include <utility>

#include "bindings.hpp"

namespace py = pybind11;

namespace contactsim::python {
namespace {

// Quaternion [w, x, y, z] as a scene file takes it: unit within 1e-6, then normalised.
Quat quaternionOf(const Eigen::Vector4d& q, const std::string& what) {
  const Quat quat(q(0), q(1), q(2), q(3));
  if (!std::isfinite(quat.norm()) || std::abs(quat.norm() - 1.0) > 1e-6) {
    throw InvalidInputError(what +
                            ": expected a unit quaternion [w, x, y, z] (norm 1 within "
                            "1e-6), got norm " +
                            toText(quat.norm()));
  }
  return quat.normalized();
}

// The inertia a scene file's body gets: given (3 principal moments or a 3 × 3 tensor), or for
// polyhedra and meshes uniform density.
Mat3 inertiaOf(const Shape& shape, double mass, const py::object& inertia,
               const std::string& name) {
  if (!inertia.is_none()) {
    const Eigen::MatrixXd I = inertia.cast<Eigen::MatrixXd>();
    if (I.size() == 3)
      return Vec3(I(0), I(1), I(2)).asDiagonal();
    if (I.rows() == 3 && I.cols() == 3)
      return I;
    throw InvalidInputError("body '" + name + "': inertia must be 3 moments or a 3 × 3 tensor");
  }
  if (shape.polyhedron)
    return mass / shape.polyhedron->volume() * shape.polyhedron->unitDensityInertia();
  if (shape.mesh)
    return meshMassProperties(*shape.mesh, mass / shape.mesh->volume()).inertia;
  throw InvalidInputError("body '" + name +
                          "': give its inertia (only polyhedra and meshes default to uniform "
                          "density)");
}

std::size_t indexOf(const WorldDescription& d, const std::string& name) {
  for (std::size_t i = 0; i < d.bodies.size(); ++i) {
    if (d.bodies[i].name == name)
      return i;
  }
  throw InvalidInputError("no body named '" + name + "'");
}

FrictionMode modeOf(const std::string& mode) {
  if (mode == "sliding")
    return FrictionMode::kSliding;
  if (mode == "rolling")
    return FrictionMode::kRolling;
  if (mode == "rolling-no-spin")
    return FrictionMode::kRollingNoSpin;
  throw InvalidInputError("unknown friction mode \"" + mode +
                          "\" (expected sliding, rolling or rolling-no-spin)");
}

IntegratorMethod methodOf(const std::string& method) {
  for (IntegratorMethod m : {IntegratorMethod::kRk4, IntegratorMethod::kAdaptiveRk4,
                             IntegratorMethod::kCashKarp45, IntegratorMethod::kSemiImplicitEuler,
                             IntegratorMethod::kPointContact, IntegratorMethod::kVolumeContact}) {
    if (method == toString(m))
      return m;
  }
  throw InvalidInputError("unknown integrator method \"" + method + "\"");
}

// add_body: the body as a scene file's `bodies` entry describes it.
std::size_t addBody(WorldDescription& d, const std::string& name, const Shape& shape, bool fixed,
                    double mass, const py::object& inertia, const Vec3& position,
                    const Eigen::Vector4d& orientation, const Vec3& angular_velocity,
                    const Vec3& linear_velocity, std::optional<double> friction,
                    std::optional<double> restitution) {
  BodyDescription b;
  b.name = name;
  if (!isValidBodyName(name))
    throw InvalidInputError(
        "expected a non-empty body name of letters, digits, '_', '-' and "
        "'.', got \"" +
        name + "\"");
  b.fixed = fixed;
  b.surface = shape.surface;
  b.polyhedron = shape.polyhedron;
  b.half_space = shape.half_space;
  b.mesh = shape.mesh;
  if (!fixed) {
    if (!(mass > 0.0) || !std::isfinite(mass))
      throw InvalidInputError("body '" + name + "': mass must be positive and finite");
    b.mass_properties = MassProperties(mass, inertiaOf(shape, mass, inertia, name));
  }
  b.initial_state = RigidBodyState::fromWorldVelocities(
      position, quaternionOf(orientation, "body '" + name + "' orientation"), angular_velocity,
      linear_velocity);
  b.friction = friction;
  b.restitution = restitution;
  d.bodies.push_back(std::move(b));
  return d.bodies.size() - 1;
}

void bindSettings(py::module_& m) {
  py::class_<FrictionParameters>(m, "Friction",
                                 "Smooth-contact friction (kry-pai-2002 eqs. 35, 40; kry-2000 "
                                 "eqs. 4.27–4.29): Coulomb sliding, no-slip, no-spin, resistance.")
      .def(py::init<>())
      .def_readwrite("mu", &FrictionParameters::mu)
      .def_readwrite("mu_static", &FrictionParameters::mu_static)
      .def_readwrite("slip_threshold", &FrictionParameters::slip_threshold)
      .def_readwrite("mu_rolling", &FrictionParameters::mu_rolling)
      .def_readwrite("mu_spinning", &FrictionParameters::mu_spinning)
      .def_readwrite("mu_spin_static", &FrictionParameters::mu_spin_static)
      .def_readwrite("spin_threshold", &FrictionParameters::spin_threshold);
  py::class_<ImpactParameters>(m, "Impact", "Chatterjee–Ruina impact coefficients.")
      .def(py::init<>())
      .def_readwrite("restitution", &ImpactParameters::restitution)
      .def_readwrite("tangential_restitution", &ImpactParameters::tangential_restitution)
      .def_readwrite("friction", &ImpactParameters::friction);
  py::class_<CollisionSettings>(m, "Collisions",
                                "Collisions of smooth bodies (kry-pai-2002 §3.6–3.7, §4).")
      .def(py::init<>())
      .def_readwrite("enabled", &CollisionSettings::enabled)
      .def_readwrite("impact", &CollisionSettings::impact)
      .def_readwrite("contact_speed", &CollisionSettings::contact_speed)
      .def_readwrite("tolerance", &CollisionSettings::tolerance)
      .def_readwrite("tessellation", &CollisionSettings::tessellation)
      .def_readwrite("friction", &CollisionSettings::friction)
      .def_readwrite("irregular_radius", &CollisionSettings::irregular_radius)
      .def_readwrite("bounce_speed", &CollisionSettings::bounce_speed);
  py::class_<IntegratorSettings>(m, "Integrator",
                                 "The integration method, its step(s) and tolerances.")
      .def(py::init<>())
      .def_property(
          "method", [](const IntegratorSettings& s) { return std::string(toString(s.method)); },
          [](IntegratorSettings& s, const std::string& v) { s.method = methodOf(v); },
          "'rk4', 'adaptive-rk4', 'cash-karp45', 'semi-implicit-euler', 'point-contact' or "
          "'volume-contact'")
      .def_readwrite("step", &IntegratorSettings::step, "fixed step [s]")
      .def_property(
          "min_step", [](const IntegratorSettings& s) { return s.adaptive.min_step; },
          [](IntegratorSettings& s, double v) { s.adaptive.min_step = v; })
      .def_property(
          "max_step", [](const IntegratorSettings& s) { return s.adaptive.max_step; },
          [](IntegratorSettings& s, double v) { s.adaptive.max_step = v; })
      .def_property(
          "absolute_tolerance",
          [](const IntegratorSettings& s) { return s.adaptive.absolute_tolerance; },
          [](IntegratorSettings& s, double v) { s.adaptive.absolute_tolerance = v; })
      .def_property(
          "relative_tolerance",
          [](const IntegratorSettings& s) { return s.adaptive.relative_tolerance; },
          [](IntegratorSettings& s, double v) { s.adaptive.relative_tolerance = v; });
}

}  // namespace

void bindDescription(py::module_& m) {
  bindSettings(m);
  py::class_<WorldDescription>(
      m, "WorldDescription",
      "What a world is made of, built step by step: add_body, add_smooth_contact, "
      "set_pair; then World(description).")
      .def(py::init<>())
      .def_readwrite("gravity", &WorldDescription::gravity, "[m/s²], world")
      .def_readwrite("integrator", &WorldDescription::integrator)
      .def_readwrite("collisions", &WorldDescription::collisions)
      .def_property_readonly("body_names",
                             [](const WorldDescription& d) {
                               std::vector<std::string> names;
                               for (const auto& b : d.bodies)
                                 names.push_back(b.name);
                               return names;
                             })
      .def("add_body", &addBody, py::arg("name"), py::arg("shape"), py::kw_only(),
           py::arg("fixed") = false, py::arg("mass") = 1.0, py::arg("inertia") = py::none(),
           py::arg("position") = Vec3::Zero(),
           py::arg("orientation") = Eigen::Vector4d(1.0, 0.0, 0.0, 0.0),
           py::arg("angular_velocity") = Vec3::Zero(), py::arg("linear_velocity") = Vec3::Zero(),
           py::arg("friction") = py::none(), py::arg("restitution") = py::none(),
           "Adds a body and returns its index. `inertia`: 3 principal moments or a 3 × 3 tensor "
           "about the centre of mass in body axes (polyhedra and meshes: uniform density when "
           "omitted); orientation [w, x, y, z]; velocities in world axes; friction μ and "
           "restitution e of its material.")
      .def(
          "add_smooth_contact",
          [](WorldDescription& d, const std::string& free, const std::string& fixed,
             std::pair<int, int> patches, const Vec5& q, const Vec5& qdot, const std::string& mode,
             const FrictionParameters& friction) {
            SmoothContactDescription c;
            c.free_body = indexOf(d, free);
            c.fixed_body = indexOf(d, fixed);
            c.initial.patch1 = patches.first;
            c.initial.patch2 = patches.second;
            c.initial.q = q;
            c.initial.qdot = qdot;
            c.initial.mode = modeOf(mode);
            c.friction = friction;
            d.smooth_contacts.push_back(c);
          },
          py::arg("free"), py::arg("fixed"), py::kw_only(), py::arg("patches"), py::arg("q"),
          py::arg("qdot") = Vec5::Zero(), py::arg("mode") = "sliding",
          py::arg("friction") = FrictionParameters{},
          "A continuous smooth contact at t = 0 between a free and a fixed body: patches "
          "(patch on the free body, patch on the fixed one), q = (s, t, u, v, ψ), q̇, the "
          "friction mode ('sliding', 'rolling', 'rolling-no-spin') and Friction.")
      .def(
          "set_pair",
          [](WorldDescription& d, const std::string& a, const std::string& b,
             std::optional<std::string> model, std::optional<double> friction,
             std::optional<double> restitution) {
            PairDescription p;
            p.body_a = indexOf(d, a);
            p.body_b = indexOf(d, b);
            if (model) {
              bool found = false;
              for (ContactModel c : {ContactModel::k6D, ContactModel::kPoint, ContactModel::kSmooth,
                                     ContactModel::kResponse}) {
                if (*model == toString(c)) {
                  p.model = c;
                  found = true;
                }
              }
              if (!found)
                throw InvalidInputError("unknown contact model \"" + *model + "\"");
            }
            p.friction = friction;
            p.restitution = restitution;
            d.pairs.push_back(p);
          },
          py::arg("a"), py::arg("b"), py::kw_only(), py::arg("model") = py::none(),
          py::arg("friction") = py::none(), py::arg("restitution") = py::none(),
          "Overrides one pair's contact model ('smooth', 'point', '6d') and material.");
}

}  // namespace contactsim::python
