// contactsim.World for Python: the World façade with states as numpy arrays, events and
// per-contact data. A world loaded from a scene keeps the scene (duration, output rate).
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <utility>

#include "bindings.hpp"
#include "contactsim/scene/scene.hpp"

namespace py = pybind11;

namespace contactsim::python {
namespace {

using Rows3 = Eigen::Matrix<double, Eigen::Dynamic, 3, Eigen::RowMajor>;
using Rows4 = Eigen::Matrix<double, Eigen::Dynamic, 4, Eigen::RowMajor>;
using Rows6 = Eigen::Matrix<double, Eigen::Dynamic, 6, Eigen::RowMajor>;

struct PyWorld {
  explicit PyWorld(WorldDescription d) : world(std::move(d)) {}
  explicit PyWorld(Scene s) : world(s.world), scene(std::move(s)) {}
  World world;
  std::optional<Scene> scene;

  // A body given by index (negative counts from the end) or by name.
  std::size_t body(const py::object& which) const {
    if (py::isinstance<py::str>(which)) {
      const auto name = which.cast<std::string>();
      for (std::size_t i = 0; i < world.bodyCount(); ++i) {
        if (world.bodyName(i) == name)
          return i;
      }
      throw py::key_error("no body named '" + name + "'");
    }
    const auto n = static_cast<long>(world.bodyCount());
    long i = which.cast<long>();
    if (i < 0)
      i += n;
    if (i < 0 || i >= n)
      throw py::index_error("body index " + toText(which.cast<long>()) + " out of range for " +
                            toText(n) + " bodies");
    return static_cast<std::size_t>(i);
  }
};

// One row per body of f(state), written straight into a new numpy array.
template <class Rows, class F>
py::array_t<double> rowsOf(const World& w, F&& f) {
  constexpr int k = Rows::ColsAtCompileTime;
  py::array_t<double> out(std::vector<py::ssize_t>{static_cast<py::ssize_t>(w.bodyCount()), k});
  double* data = out.mutable_data();
  for (std::size_t i = 0; i < w.bodyCount(); ++i) {
    const Eigen::Matrix<double, k, 1> v = f(w.state(i));
    for (int c = 0; c < k; ++c)
      data[i * k + static_cast<std::size_t>(c)] = v(c);
  }
  return out;
}

Eigen::Vector4d wxyz(const Quat& q) {
  return {q.w(), q.x(), q.y(), q.z()};
}

void bindRecords(py::module_& m) {
  py::class_<RigidBodyState>(m, "BodyState", "A body's pose and velocity at one instant.")
      .def_readonly("position", &RigidBodyState::position, "centre of mass, world [m]")
      .def_property_readonly(
          "quaternion", [](const RigidBodyState& s) { return wxyz(s.orientation); },
          "orientation [w, x, y, z], body to world")
      .def_property_readonly("angular_velocity", &RigidBodyState::worldAngularVelocity,
                             "world axes [rad/s]")
      .def_property_readonly("linear_velocity", &RigidBodyState::worldLinearVelocity,
                             "of the centre of mass, world axes [m/s]")
      .def_readonly("twist", &RigidBodyState::twist, "(ω, v) in the body frame");
  py::class_<WorldEvent>(m, "Event", "Something that happened to a body.")
      .def_readonly("time", &WorldEvent::time)
      .def_readonly("body", &WorldEvent::body)
      .def_readonly("type", &WorldEvent::type)
      .def_readonly("detail", &WorldEvent::detail)
      .def("__repr__", [](const WorldEvent& e) {
        return "Event(time=" + py::repr(py::float_(e.time)).cast<std::string>() + ", body='" +
               e.body + "', type='" + e.type + "', detail='" + e.detail + "')";
      });
  py::class_<ContactInfo>(m, "Contact",
                          "One contact now: the force acts on body_a, body_b gets the opposite.")
      .def_readonly("body_a", &ContactInfo::body_a)
      .def_readonly("body_b", &ContactInfo::body_b)
      .def_property_readonly("model",
                             [](const ContactInfo& c) { return std::string(toString(c.model)); })
      .def_readonly("point", &ContactInfo::point, "world [m]")
      .def_readonly("normal", &ContactInfo::normal, "from body_b into body_a")
      .def_readonly("force", &ContactInfo::force, "on body_a, world [N]")
      .def_readonly("torque", &ContactInfo::torque, "on body_a about point, world [N m]")
      .def_readonly("normal_force", &ContactInfo::normal_force)
      .def_property_readonly(
          "q", [](const ContactInfo& c) { return c.smooth ? py::cast(c.smooth->q) : py::none(); },
          "smooth contacts: (s, t, u, v, ψ); else None")
      .def_property_readonly(
          "qdot",
          [](const ContactInfo& c) { return c.smooth ? py::cast(c.smooth->qdot) : py::none(); })
      .def_property_readonly(
          "patches",
          [](const ContactInfo& c) {
            return c.smooth ? py::object(py::make_tuple(c.smooth->patch1, c.smooth->patch2))
                            : py::object(py::none());
          })
      .def_property_readonly(
          "mode",
          [](const ContactInfo& c) {
            return c.smooth ? py::object(py::str(toString(c.smooth->mode)))
                            : py::object(py::none());
          },
          "smooth contacts: the friction mode; else None")
      .def("__repr__", [](const ContactInfo& c) {
        return "<contactsim.Contact " + std::string(toString(c.model)) + " " + toText(c.body_a) +
               "-" + toText(c.body_b) + " normal force " + toText(c.normal_force) + ">";
      });
}

}  // namespace

py::dict statsDict(const IntegrationStats& s) {
  py::dict d;
  d["steps"] = s.steps;
  d["rejected"] = s.rejected;
  d["smallest_step"] = s.smallest_step;
  d["largest_step"] = s.largest_step;
  d["solver_sweeps"] = s.solver_sweeps;
  d["most_contacts"] = s.most_contacts;
  d["unconverged_solves"] = s.unconverged_solves;
  return d;
}

void bindWorld(py::module_& m) {
  bindRecords(m);
  py::class_<PyWorld>(m, "World",
                      "A world of rigid bodies in contact, advanced in time. Build it from a "
                      "WorldDescription, or load a scene: World.from_file(path), "
                      "World.from_dict(d), World.from_json(text).")
      .def(py::init<WorldDescription>(), py::arg("description"))
      .def_static(
          "from_file",
          [](const std::string& path, bool no_limits) {
            return PyWorld(loadSceneFile(path, no_limits ? SceneLimits::none() : SceneLimits{}));
          },
          py::arg("path"), py::kw_only(), py::arg("no_limits") = false,
          "The world of a scene file (docs/scene-format.md); no_limits lifts its size limits.")
      .def_static(
          "from_json",
          [](const std::string& text, const std::string& origin) {
            return PyWorld(parseScene(text, origin));
          },
          py::arg("text"), py::arg("origin") = "<string>",
          "The world of scene text; `origin` names it in error messages.")
      .def_property_readonly(
          "scene", [](const PyWorld& w) { return w.scene; },
          "The scene it was loaded from, or None.")
      .def(
          "advance",
          [](PyWorld& w, double t) {
            py::gil_scoped_release release;
            w.world.advanceTo(t);
          },
          py::arg("t"),
          "Integrates every body to time t [s], no earlier than the last t asked for "
          "(velocity-level worlds: whole steps, to within half a step of t).")
      .def(
          "step",
          [](PyWorld& w, std::optional<double> dt) {
            const IntegratorSettings& s = w.world.integrator();
            const bool adaptive = s.method == IntegratorMethod::kAdaptiveRk4 ||
                                  s.method == IntegratorMethod::kCashKarp45;
            const double h = dt.value_or(adaptive ? s.adaptive.max_step : s.step);
            if (!(h > 0.0))
              throw InvalidInputError("step: dt must be positive, got " + toText(h));
            py::gil_scoped_release release;
            w.world.advanceTo(w.world.time() + h);
          },
          py::arg("dt") = py::none(),
          "Advances by dt, by default one step of the integrator (adaptive methods: max_step).")
      .def_property_readonly("time", [](const PyWorld& w) { return w.world.time(); })
      .def_property_readonly("body_count", [](const PyWorld& w) { return w.world.bodyCount(); })
      .def_property_readonly("body_names",
                             [](const PyWorld& w) {
                               std::vector<std::string> names;
                               for (std::size_t i = 0; i < w.world.bodyCount(); ++i)
                                 names.push_back(w.world.bodyName(i));
                               return names;
                             })
      .def(
          "body_index", [](const PyWorld& w, const py::object& b) { return w.body(b); },
          py::arg("body"))
      .def(
          "is_fixed",
          [](const PyWorld& w, const py::object& b) { return w.world.isFixed(w.body(b)); },
          py::arg("body"))
      .def(
          "state", [](const PyWorld& w, const py::object& b) { return w.world.state(w.body(b)); },
          py::arg("body"), "Body (index or name) now: a BodyState.")
      .def(
          "positions",
          [](const PyWorld& w) {
            return rowsOf<Rows3>(w.world, [](const RigidBodyState& s) { return s.position; });
          },
          "(n, 3) centres of mass, world [m]")
      .def(
          "quaternions",
          [](const PyWorld& w) {
            return rowsOf<Rows4>(w.world,
                                 [](const RigidBodyState& s) { return wxyz(s.orientation); });
          },
          "(n, 4) orientations [w, x, y, z]")
      .def(
          "angular_velocities",
          [](const PyWorld& w) {
            return rowsOf<Rows3>(w.world,
                                 [](const RigidBodyState& s) { return s.worldAngularVelocity(); });
          },
          "(n, 3) world axes [rad/s]")
      .def(
          "linear_velocities",
          [](const PyWorld& w) {
            return rowsOf<Rows3>(w.world,
                                 [](const RigidBodyState& s) { return s.worldLinearVelocity(); });
          },
          "(n, 3) world axes [m/s]")
      .def(
          "twists",
          [](const PyWorld& w) {
            return rowsOf<Rows6>(w.world, [](const RigidBodyState& s) { return s.twist; });
          },
          "(n, 6) body-frame twists (ω, v)")
      .def(
          "energies",
          [](const PyWorld& w) {
            Eigen::VectorXd e(static_cast<Eigen::Index>(w.world.bodyCount()));
            for (std::size_t i = 0; i < w.world.bodyCount(); ++i)
              e(static_cast<Eigen::Index>(i)) = w.world.energy(i);
            return e;
          },
          "(n,) kinetic + potential energy of each body [J] (fixed bodies 0)")
      .def(
          "angular_momentum",
          [](const PyWorld& w, const py::object& b) { return w.world.angularMomentum(w.body(b)); },
          py::arg("body"), "About the body's centre of mass, world [kg m²/s].")
      .def(
          "events", [](const PyWorld& w) { return w.world.events(); },
          "Impacts, contacts made and ended, patch crossings, friction mode switches.")
      .def(
          "contacts", [](const PyWorld& w) { return w.world.contacts(); },
          "Every contact now (velocity-level worlds: the last step's, force = impulse / h).")
      .def(
          "stats", [](const PyWorld& w) { return statsDict(w.world.stats()); },
          "Step counts and sizes, solver sweeps.")
      .def("__repr__", [](const PyWorld& w) {
        return "<contactsim.World " + toText(w.world.bodyCount()) +
               " bodies, t = " + toText(w.world.time()) + " s>";
      });
}

}  // namespace contactsim::python
