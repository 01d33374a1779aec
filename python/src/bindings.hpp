// The Python module's parts (issue 28): each binds one area of the public API into the module
// `contactsim._contactsim`; python/contactsim/__init__.py re-exports them with pure-Python helpers.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <optional>
#include <string>

#include "contactsim/world/world_description.hpp"

namespace contactsim::python {

/// What a body is shaped as: a smooth surface, a convex polyhedron, a half-space or a closed
/// triangle mesh (one of them), and the name of its kind for repr.
struct Shape {
  std::string kind;
  std::shared_ptr<const Surface> surface;
  std::shared_ptr<const ConvexPolyhedron> polyhedron;
  std::optional<BodyDescription::HalfSpace> half_space;
  std::shared_ptr<const TriangleMesh> mesh;
};

/// Integration statistics as a dict (World.stats, RunResult.stats).
pybind11::dict statsDict(const IntegrationStats& stats);

/// Exceptions: contactsim.Error and its kinds, carrying the library's messages.
void bindErrors(pybind11::module_& m);
/// Surfaces with their jets, the shape constructors, triangle meshes.
void bindShapes(pybind11::module_& m);
/// WorldDescription and its parts, for building a world programmatically.
void bindDescription(pybind11::module_& m);
/// World: advance, states as numpy arrays, events, contacts, energies.
void bindWorld(pybind11::module_& m);
/// Scenes (load, parse, run, write outputs) and contact response maps (boundary elements).
void bindScene(pybind11::module_& m);
/// Sweeps (docs/sweep-format.md): a spec's variants run one by one, rows and results.csv.
void bindSweep(pybind11::module_& m);

}  // namespace contactsim::python
