// The extension module behind `import contactsim` (issue 28): pybind11 bindings of the public
// C++ API. Errors first, so that every later binding's exceptions translate.
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "contactsim/error.hpp"
#include "contactsim/version.hpp"

namespace py = pybind11;

namespace contactsim::python {

// The library's exceptions become Python exceptions with the same messages, under one base
// contactsim.Error (a RuntimeError): InvalidInputError (bad input) with SceneError under it, and
// NumericalError. Bad input is also a ValueError, as Python's own functions raise for a bad
// argument, so `except ValueError` catches it as well as `except contactsim.Error`.
void bindErrors(py::module_& m) {
  static py::exception<Error> error(m, "Error", PyExc_RuntimeError);
  const py::tuple invalid_bases = py::make_tuple(error, py::handle(PyExc_ValueError));
  static py::exception<InvalidInputError> invalid(m, "InvalidInputError", invalid_bases);
  static py::exception<SceneError> scene(m, "SceneError", invalid.ptr());
  static py::exception<NumericalError> numerical(m, "NumericalError", error.ptr());
  error.doc() = "Base of every contactsim error.";
  invalid.doc() =
      "Bad input: a parameter, state, mesh or map; the message names what and where. Also a "
      "ValueError.";
  scene.doc() = "A bad scene: the message names the file, the JSON path and what was expected.";
  numerical.doc() = "A computation stopped being finite or did not converge.";
  // SceneError derives from Error in C++ but is a bad-input error in Python, so translate by
  // hand, most derived first.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const SceneError& e) {
      PyErr_SetString(scene.ptr(), e.what());
    } catch (const InvalidInputError& e) {
      PyErr_SetString(invalid.ptr(), e.what());
    } catch (const NumericalError& e) {
      PyErr_SetString(numerical.ptr(), e.what());
    } catch (const Error& e) {
      PyErr_SetString(error.ptr(), e.what());
    }
  });
  // Module-level exception objects must outlive the interpreter's use of them.
  m.attr("Error") = error;
  m.attr("InvalidInputError") = invalid;
  m.attr("SceneError") = scene;
  m.attr("NumericalError") = numerical;
}

}  // namespace contactsim::python

PYBIND11_MODULE(_contactsim, m) {
  m.doc() = "contactsim's C++ core; use the `contactsim` package.";
  m.attr("__version__") = contactsim::kVersion;
  contactsim::python::bindErrors(m);
  contactsim::python::bindShapes(m);
  contactsim::python::bindDescription(m);
  contactsim::python::bindWorld(m);
  contactsim::python::bindScene(m);
  contactsim::python::bindSweep(m);
}
