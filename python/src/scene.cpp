// Scenes and runs for Python: load or parse a scene, run it exactly as `contactsim run` does
// (same samples, same outputs), the run's trajectory as numpy arrays; and contact response maps
// computed by the boundary elements (ullrich-pai §3–4).
#include <pybind11/eigen.h>
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.hpp"
#include "contactsim/bem/response_map_builder.hpp"
#include "contactsim/scene/run.hpp"

namespace py = pybind11;

namespace contactsim::python {
namespace {

// (samples, bodies, k) array of f(sample body) with k components.
template <int K, class F>
py::array_t<double> perSample(const RunResult& r, F&& f) {
  const auto k = static_cast<py::ssize_t>(r.samples.size());
  const auto n = static_cast<py::ssize_t>(r.body_names.size());
  py::array_t<double> out(std::vector<py::ssize_t>{k, n, K});
  auto a = out.mutable_unchecked<3>();
  for (py::ssize_t i = 0; i < k; ++i) {
    for (py::ssize_t j = 0; j < n; ++j) {
      const Eigen::Matrix<double, K, 1> v =
          f(r.samples[static_cast<std::size_t>(i)].bodies[static_cast<std::size_t>(j)]);
      for (int c = 0; c < K; ++c)
        a(i, j, c) = v(c);
    }
  }
  return out;
}

void bindRun(py::module_& m) {
  py::class_<RunResult>(m, "RunResult",
                        "A run's samples (at the scene's output rate), events and statistics, "
                        "as `contactsim run` writes them.")
      .def_readonly("scene", &RunResult::scene)
      .def_readonly("body_names", &RunResult::body_names)
      .def_readonly("events", &RunResult::events)
      .def_readonly("wall_seconds", &RunResult::wall_seconds)
      .def_property_readonly("stats", [](const RunResult& r) { return statsDict(r.stats); })
      .def_property_readonly(
          "times",
          [](const RunResult& r) {
            std::vector<double> t;
            for (const auto& s : r.samples)
              t.push_back(s.time);
            return py::array_t<double>(static_cast<py::ssize_t>(t.size()), t.data());
          },
          "(k,) sample times [s]")
      .def_property_readonly(
          "positions",
          [](const RunResult& r) {
            return perSample<3>(r, [](const BodySample& b) { return b.state.position; });
          },
          "(k, n, 3) centres of mass, world [m]")
      .def_property_readonly(
          "quaternions",
          [](const RunResult& r) {
            return perSample<4>(r, [](const BodySample& b) {
              const Quat& q = b.state.orientation;
              return Eigen::Vector4d(q.w(), q.x(), q.y(), q.z());
            });
          },
          "(k, n, 4) orientations [w, x, y, z]")
      .def_property_readonly(
          "angular_velocities",
          [](const RunResult& r) {
            return perSample<3>(r,
                                [](const BodySample& b) { return b.state.worldAngularVelocity(); });
          },
          "(k, n, 3) world axes [rad/s]")
      .def_property_readonly(
          "linear_velocities",
          [](const RunResult& r) {
            return perSample<3>(r,
                                [](const BodySample& b) { return b.state.worldLinearVelocity(); });
          },
          "(k, n, 3) world axes [m/s]")
      .def_property_readonly(
          "energies",
          [](const RunResult& r) {
            return perSample<1>(
                       r, [](const BodySample& b) { return Eigen::Matrix<double, 1, 1>(b.energy); })
                .attr("reshape")(py::make_tuple(r.samples.size(), r.body_names.size()));
          },
          "(k, n) kinetic + potential energy [J]")
      .def_property_readonly(
          "contacts",
          [](const RunResult& r) {
            std::vector<std::vector<ContactInfo>> c;
            for (const auto& s : r.samples)
              c.push_back(s.contacts);
            return c;
          },
          "Per sample, its contacts (run with record_contacts=True; else empty lists).")
      .def("trajectory_csv", &trajectoryCsv, "trajectory.csv's text")
      .def("events_csv", &eventsCsv, "events.csv's text")
      .def("summary_json", &summaryJson, "summary.json's text")
      .def(
          "write", [](const RunResult& r, const std::string& dir) { writeRunOutputs(r, dir); },
          py::arg("directory"),
          "Writes trajectory.csv, events.csv, summary.json, spin.svg, com_path.svg and energy.svg, "
          "all or "
          "nothing.");
  m.def(
      "run_scene",
      [](const Scene& scene, bool record_contacts, std::function<void(double, double)> progress) {
        RunOptions options;
        options.record_contacts = record_contacts;
        options.progress = std::move(progress);
        return runScene(scene, options);
      },
      py::arg("scene"), py::kw_only(), py::arg("record_contacts") = false,
      py::arg("progress") = nullptr,
      "Simulates the scene for its duration, sampled at its output rate: the same samples as "
      "`contactsim run`. progress(time, duration) is called after each sample.");
}

// (n, 2) rows of the 2D points f(i), i < n.
template <class F>
Eigen::Matrix<double, Eigen::Dynamic, 2, Eigen::RowMajor> rowsOf(std::size_t n, F&& f) {
  Eigen::Matrix<double, Eigen::Dynamic, 2, Eigen::RowMajor> rows(static_cast<Eigen::Index>(n), 2);
  for (std::size_t i = 0; i < n; ++i)
    rows.row(static_cast<Eigen::Index>(i)) = f(i).transpose();
  return rows;
}

void bindResponseMaps(py::module_& m) {
  py::class_<ResponseMap>(m, "ResponseMap",
                          "A body's contact response map (ullrich-pai §3 eq. 6): per boundary "
                          "node, the force step response F_j(t_m) and its steady state k_j.")
      .def_readonly("name", &ResponseMap::name)
      .def_readonly("time_step", &ResponseMap::time_step)
      .def_property_readonly("outline",
                             [](const ResponseMap& r) {
                               return rowsOf(r.outline.size(),
                                             [&](std::size_t i) { return r.outline[i]; });
                             })
      .def_property_readonly("positions",
                             [](const ResponseMap& r) {
                               return rowsOf(r.nodes.size(),
                                             [&](std::size_t i) { return r.nodes[i].position; });
                             })
      .def_property_readonly("normals",
                             [](const ResponseMap& r) {
                               return rowsOf(r.nodes.size(),
                                             [&](std::size_t i) { return r.nodes[i].normal; });
                             })
      .def_property_readonly(
          "forces",
          [](const ResponseMap& r) {
            Eigen::MatrixXd f(static_cast<Eigen::Index>(r.nodes.size()),
                              static_cast<Eigen::Index>(r.sampleCount()));
            for (std::size_t i = 0; i < r.nodes.size(); ++i)
              for (std::size_t k = 0; k < r.sampleCount(); ++k)
                f(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(k)) = r.nodes[i].force[k];
            return f;
          },
          "(nodes, samples) F_j(t_m) [N/m per m]")
      .def_property_readonly("stiffness",
                             [](const ResponseMap& r) {
                               Eigen::VectorXd k(static_cast<Eigen::Index>(r.nodes.size()));
                               for (std::size_t i = 0; i < r.nodes.size(); ++i)
                                 k(static_cast<Eigen::Index>(i)) = r.nodes[i].stiffness;
                               return k;
                             })
      .def("save", &saveResponseMap, py::arg("path"), "Writes docs/response-map-format.md JSON.")
      .def("to_json", &responseMapText);
  m.def(
      "load_response_map",
      [](const std::string& path, bool no_limits) {
        return loadResponseMap(
            path, no_limits ? SceneLimits::none().max_file_bytes : SceneLimits{}.max_file_bytes);
      },
      py::arg("path"), py::kw_only(), py::arg("no_limits") = false,
      "Reads a response map file (docs/response-map-format.md); no_limits lifts its size limit "
      "(max_file_bytes).");
  m.def(
      "compute_response_map",
      [](const Eigen::Matrix<double, Eigen::Dynamic, 2, Eigen::RowMajor>& polygon,
         int elements_per_side, double youngs_modulus, double poisson_ratio, double density,
         int samples, double time_step, const std::string& name, const std::string& quadrature) {
        const TimeQuadrature method = parseTimeQuadrature(quadrature, "compute_response_map");
        std::vector<Vec2> vertices;
        for (Eigen::Index i = 0; i < polygon.rows(); ++i)
          vertices.emplace_back(polygon.row(i).transpose());
        const BoundaryMesh mesh = meshLoops({polygonLoop(vertices, elements_per_side)});
        ElasticMaterial material{youngs_modulus, poisson_ratio, density};
        ResponseMapOptions options;
        options.samples = samples;
        options.time_step = time_step;
        options.quadrature = method;
        py::gil_scoped_release release;
        return computeResponseMap(mesh, material, options, name);
      },
      py::arg("polygon"), py::kw_only(), py::arg("elements_per_side") = 4,
      py::arg("youngs_modulus") = 210e9, py::arg("poisson_ratio") = 0.3,
      py::arg("density") = 7850.0, py::arg("samples") = 100, py::arg("time_step") = 1e-6,
      py::arg("name") = "", py::arg("quadrature") = "bdf2",
      "The response map of a planar body bounded by a counter-clockwise polygon (body frame, "
      "[m]), by convolution-quadrature boundary elements (ullrich-pai §3); quadrature 'bdf2' "
      "(second order) or 'bdf1' (first order, damped: for steps finer than the elements).");
}

}  // namespace

void bindScene(py::module_& m) {
  py::class_<Scene>(m, "Scene", "A scene: a world description, duration and output rate.")
      .def_readonly("name", &Scene::name)
      .def_readonly("description", &Scene::description)
      .def_readwrite("duration", &Scene::duration)
      .def_property(
          "rate", [](const Scene& s) { return s.output.rate; },
          [](Scene& s, double r) { s.output.rate = r; }, "output samples per second [Hz]")
      .def_readwrite("world", &Scene::world)
      .def_readonly("origin", &Scene::origin);
  m.def(
      "load_scene",
      [](const std::string& path, bool no_limits) {
        return loadSceneFile(path, no_limits ? SceneLimits::none() : SceneLimits{});
      },
      py::arg("path"), py::kw_only(), py::arg("no_limits") = false,
      "Reads and validates a scene file; raises SceneError naming the file, JSON path and "
      "problem.");
  m.def(
      "parse_scene",
      [](const std::string& text, const std::string& origin, bool no_limits) {
        return parseScene(text, origin, no_limits ? SceneLimits::none() : SceneLimits{});
      },
      py::arg("text"), py::arg("origin") = "<string>", py::kw_only(), py::arg("no_limits") = false,
      "Parses scene text (JSON, docs/scene-format.md); `origin` names it in error messages.");
  m.def("default_scene", &builtinDefaultScene,
        "The scene `contactsim` runs without arguments (the thesis rattleback).");
  bindRun(m);
  bindResponseMaps(m);
}

}  // namespace contactsim::python
