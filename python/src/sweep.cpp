// Sweeps for Python (issue 29): the spec checked and expanded by the same C++ as `contactsim
// sweep` (apps/sweep), one variant run by the same runVariant, rows recorded, resumed and tabled
// by the same code, so that contactsim.sweep on Dask writes the rows the CLI writes.
// python/contactsim/_sweep.py schedules the runs (in process, or as Dask tasks).
#include <pybind11/stl.h>

#include <map>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "sweep/sweep_local.hpp"
#include "sweep/sweep_results.hpp"

namespace py = pybind11;

namespace contactsim::python {
namespace {

using sweep::RunRow;

// A spec and its variants, parsed and checked once per process.
struct SweepPlan {
  sweep::SweepSpec spec;
  std::vector<sweep::Variant> variants;

  SweepPlan(const std::string& text, const std::string& origin, bool no_limits)
      : spec(sweep::parseSweepSpec(text, origin, limitsOf(no_limits))),
        variants(sweep::expandVariants(spec)) {}

  static SceneLimits limitsOf(bool no_limits) {
    return no_limits ? SceneLimits::none() : SceneLimits{};
  }

  [[nodiscard]] const sweep::Variant& variant(std::size_t index) const {
    if (index >= variants.size()) {
      throw py::index_error("sweep: no variant " + std::to_string(index));
    }
    return variants[index];
  }

  [[nodiscard]] std::vector<RunRow> rows(const std::vector<std::string>& texts) const {
    std::vector<RunRow> out;
    for (const std::string& t : texts) {
      out.push_back(sweep::parseRowJson(t, "<sweep row>"));
    }
    return out;
  }
};

}  // namespace

void bindSweep(py::module_& m) {
  py::class_<SweepPlan>(m, "_SweepPlan",
                        "A sweep spec parsed and expanded into its variants (internal: use "
                        "contactsim.sweep).")
      .def(py::init<const std::string&, const std::string&, bool>(), py::arg("text"),
           py::arg("origin"), py::arg("no_limits") = false)
      .def_property_readonly("name", [](const SweepPlan& p) { return p.spec.name; })
      .def_property_readonly("variant_count", [](const SweepPlan& p) { return p.variants.size(); })
      .def_property_readonly("parameter_names",
                             [](const SweepPlan& p) {
                               std::vector<std::string> names;
                               for (const auto& q : p.spec.parameters)
                                 names.push_back(q.name);
                               return names;
                             })
      .def_property_readonly("timing_metrics",
                             [](const SweepPlan& p) {
                               std::vector<std::string> names;
                               for (const auto& q : p.spec.metrics)
                                 if (q.timing())
                                   names.push_back(q.name);
                               return names;
                             })
      .def(
          "key", [](const SweepPlan& p, std::size_t i) { return p.variant(i).key; },
          py::arg("index"))
      .def(
          "run",
          [](const SweepPlan& p, std::size_t i, bool keep_result) {
            const sweep::Variant& v = p.variant(i);
            sweep::VariantRun run;
            {
              py::gil_scoped_release release;
              run = sweep::runVariant(p.spec, v, keep_result);
            }
            std::map<std::string, std::string> files;
            for (const OutputFile& f : run.files)
              files[f.name] = f.content;
            return py::make_tuple(sweep::rowJson(run.row), std::move(run.result), files);
          },
          py::arg("index"), py::arg("keep_result") = false,
          "Runs variant `index` on this thread alone: (row JSON, RunResult or None, kept files).")
      .def(
          "finished_row",
          [](const SweepPlan& p, const std::string& out, std::size_t i) -> py::object {
            const auto row = sweep::finishedRow(out, p.variant(i));
            return row ? py::object(py::str(sweep::rowJson(*row))) : py::object(py::none());
          },
          py::arg("out"), py::arg("index"))
      .def(
          "record",
          [](const SweepPlan& p, const std::string& out, const std::string& row_json,
             const std::map<std::string, std::string>& files) {
            sweep::VariantRun run;
            run.row = p.rows({row_json}).front();
            for (const auto& [name, content] : files)
              run.files.push_back({name, content});
            sweep::recordRun(out, run);
          },
          py::arg("out"), py::arg("row"), py::arg("files"))
      .def(
          "results_csv",
          [](const SweepPlan& p, const std::vector<std::string>& rows) {
            return sweep::resultsCsv(p.spec, p.rows(rows));
          },
          py::arg("rows"))
      .def(
          "write_results",
          [](const SweepPlan& p, const std::string& out, const std::vector<std::string>& rows) {
            sweep::writeSweepResults(p.spec, p.rows(rows), out);
          },
          py::arg("out"), py::arg("rows"));
  m.def(
      "_read_sweep_spec",
      [](const std::string& path, bool no_limits) {
        return readSceneFile(path, SweepPlan::limitsOf(no_limits).max_file_bytes);
      },
      py::arg("path"), py::arg("no_limits") = false,
      "A sweep spec file's text: a regular file of at most max_file_bytes unless no_limits "
      "(internal: use contactsim.sweep).");
}

}  // namespace contactsim::python
