// Shapes for Python: smooth surfaces with their exact third-order jets, convex polyhedra,
// half-spaces and closed triangle meshes, built by the same constructors the scene loader uses
// (so a body built in Python equals the one a scene file describes).
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <utility>
#include <vector>

#include "bindings.hpp"
#include "contactsim/geometry/analytic_surfaces.hpp"
#include "contactsim/geometry/bezier_surface.hpp"
#include "contactsim/geometry/control_mesh.hpp"
#include "contactsim/geometry/loop_surface.hpp"
#include "contactsim/geometry/mesh_generators.hpp"

namespace py = pybind11;

namespace contactsim::python {
namespace {

using Points = Eigen::Matrix<double, Eigen::Dynamic, 3, Eigen::RowMajor>;
using Indices = Eigen::Matrix<int, Eigen::Dynamic, 3, Eigen::RowMajor>;

std::vector<Vec3> pointsOf(const Points& p) {
  std::vector<Vec3> out;
  for (Eigen::Index i = 0; i < p.rows(); ++i)
    out.emplace_back(p.row(i).transpose());
  return out;
}

Shape surfaceShape(std::string kind, std::shared_ptr<const Surface> surface) {
  Shape s;
  s.kind = std::move(kind);
  s.surface = std::move(surface);
  return s;
}

Shape polyhedronShape(std::string kind, ConvexPolyhedron p) {
  Shape s;
  s.kind = std::move(kind);
  s.polyhedron = std::make_shared<const ConvexPolyhedron>(std::move(p));
  return s;
}

Shape meshShape(std::string kind, TriangleMesh mesh) {
  Shape s;
  s.kind = std::move(kind);
  s.mesh = std::make_shared<const TriangleMesh>(std::move(mesh));
  return s;
}

// The jet as a dict of numpy vectors keyed by the derivative's name: "c", "c_s", …, "c_ttt".
py::dict jetDict(const SurfaceJet& j) {
  py::dict d;
  const char* names[4][4] = {{"c", "c_t", "c_tt", "c_ttt"},
                             {"c_s", "c_st", "c_stt", nullptr},
                             {"c_ss", "c_sst", nullptr, nullptr},
                             {"c_sss", nullptr, nullptr, nullptr}};
  for (int i = 0; i <= 3; ++i) {
    for (int k = 0; i + k <= 3; ++k)
      d[names[i][k]] = Vec3(j.derivative(i, k));
  }
  return d;
}

void bindSurface(py::module_& m) {
  py::class_<Surface, std::shared_ptr<Surface>>(
      m, "Surface",
      "A piecewise-parametric surface in body coordinates: Bézier, Loop (Stam's method) or "
      "analytic charts, each patch a function of (s, t) over its domain.")
      .def_property_readonly("patch_count", &Surface::patchCount)
      .def(
          "domain",
          [](const Surface& s, int patch) {
            const PatchDomain& d = s.domain(patch);
            Eigen::Matrix<double, Eigen::Dynamic, 2, Eigen::RowMajor> v(d.edgeCount(), 2);
            for (int i = 0; i < d.edgeCount(); ++i)
              v.row(i) = d.vertex(i).transpose();
            return v;
          },
          py::arg("patch"), "The vertices of a patch's parameter domain, counter-clockwise.")
      .def(
          "jet",
          [](const Surface& s, double u, double v, int patch) {
            return jetDict(s.evaluate(patch, u, v, JetOrder::kThird));
          },
          py::arg("s"), py::arg("t"), py::arg("patch") = 0,
          "Position and partial derivatives to third order at (s, t) of a patch: a dict of "
          "numpy 3-vectors 'c', 'c_s', 'c_t', 'c_ss', 'c_st', 'c_tt', 'c_sss', 'c_sst', 'c_stt', "
          "'c_ttt' (body coordinates). Raises InvalidInputError for a bad patch or (s, t).")
      .def(
          "tessellate",
          [](const Surface& s, int resolution) {
            if (resolution < 1)
              throw InvalidInputError("tessellate: resolution must be at least 1, got " +
                                      toText(resolution));
            const TessellatedSurface t = tessellate(s, resolution);
            Points p(static_cast<Eigen::Index>(t.positions.size()), 3);
            for (std::size_t i = 0; i < t.positions.size(); ++i)
              p.row(static_cast<Eigen::Index>(i)) = t.positions[i].transpose();
            Indices f(static_cast<Eigen::Index>(t.triangles.size()), 3);
            for (std::size_t i = 0; i < t.triangles.size(); ++i)
              f.row(static_cast<Eigen::Index>(i)) = t.triangles[i].transpose();
            return py::make_tuple(p, f);
          },
          py::arg("resolution") = 8,
          "(vertices (n, 3), triangles (m, 3)): each patch split n × n, for drawing.");
}

void bindMeshes(py::module_& m) {
  py::class_<TriangleMesh, std::shared_ptr<TriangleMesh>>(
      m, "TriangleMesh", "A closed, manifold, outward-oriented triangle mesh (body coordinates).")
      .def(py::init([](const Points& vertices, const Indices& triangles) {
             std::vector<TriangleMesh::Triangle> t;
             for (Eigen::Index i = 0; i < triangles.rows(); ++i)
               t.emplace_back(triangles.row(i).transpose());
             return TriangleMesh(pointsOf(vertices), std::move(t));
           }),
           py::arg("vertices"), py::arg("triangles"),
           "Validates the mesh (closed, manifold, oriented, no self-intersection).")
      .def_property_readonly("vertices",
                             [](const TriangleMesh& t) {
                               Points p(t.vertexCount(), 3);
                               for (int i = 0; i < t.vertexCount(); ++i)
                                 p.row(i) = t.vertex(i).transpose();
                               return p;
                             })
      .def_property_readonly("triangles",
                             [](const TriangleMesh& t) {
                               Indices f(t.triangleCount(), 3);
                               for (int i = 0; i < t.triangleCount(); ++i)
                                 f.row(i) = t.triangle(i).transpose();
                               return f;
                             })
      .def_property_readonly("volume", &TriangleMesh::volume);
}

// The shape constructors, one per scene-file shape type (docs/scene-format.md).
void bindShapeConstructors(py::module_& s) {
  s.def(
      "sphere",
      [](double r, const Vec3& c) {
        return surfaceShape("sphere", std::make_shared<ChartSurface>(makeSphere(r, c)));
      },
      py::arg("radius"), py::arg("center") = Vec3::Zero(), "A sphere: six cube-face charts.");
  s.def(
      "ellipsoid",
      [](const Vec3& radii, const Vec3& c) {
        return surfaceShape("ellipsoid", std::make_shared<ChartSurface>(makeEllipsoid(radii, c)));
      },
      py::arg("radii"), py::arg("center") = Vec3::Zero(), "An ellipsoid with semi-axes `radii`.");
  s.def(
      "torus",
      [](double R, double r) {
        return surfaceShape("torus", std::make_shared<ChartSurface>(makeTorus(R, r)));
      },
      py::arg("major_radius"), py::arg("minor_radius"), "A torus about the z axis.");
  s.def(
      "spherical_shell",
      [](double inner, double outer) {
        return surfaceShape("spherical-shell",
                            std::make_shared<ChartSurface>(makeSphericalShell(inner, outer)));
      },
      py::arg("inner_radius"), py::arg("outer_radius"), "A hollow ball: both spheres.");
  s.def(
      "plane",
      [](double h) { return surfaceShape("plane", std::make_shared<ChartSurface>(makePlane(h))); },
      py::arg("half_extent"), "The square z = 0, |x|, |y| ≤ half_extent, normal +z.");
  s.def(
      "thesis_rattleback",
      [] {
        return surfaceShape("bezier", std::make_shared<BezierSurface>(thesisRattlebackSurface()));
      },
      "The rattleback of kry-2000 Appendix B: one bicubic Bézier patch.");
  s.def(
      "thesis_floor",
      [] { return surfaceShape("bezier", std::make_shared<BezierSurface>(thesisFloorSurface())); },
      "The floor of kry-2000 Appendix B: one flat bicubic Bézier patch.");
  s.def(
      "loop",
      [](const Points& vertices, const Indices& faces) {
        std::vector<ControlMesh::Face> f;
        for (Eigen::Index i = 0; i < faces.rows(); ++i)
          f.push_back({faces(i, 0), faces(i, 1), faces(i, 2)});
        return surfaceShape(
            "loop", std::make_shared<LoopSurface>(ControlMesh(pointsOf(vertices), std::move(f))));
      },
      py::arg("vertices"), py::arg("faces"),
      "A Loop subdivision surface (Stam's exact evaluation) of a closed triangle control mesh.");
  s.def(
      "box", [](const Vec3& h) { return polyhedronShape("box", ConvexPolyhedron::box(h)); },
      py::arg("half_extents"), "A box as a convex polyhedron (point contact).");
  s.def(
      "prism",
      [](int sides, double r, double h) {
        return polyhedronShape("prism", ConvexPolyhedron::prism(sides, r, h));
      },
      py::arg("sides"), py::arg("circumradius"), py::arg("half_height"),
      "A regular prism about z as a convex polyhedron (point contact).");
  s.def(
      "half_space",
      [](const Vec3& normal, double offset) {
        if (!(normal.norm() > 0.0))
          throw InvalidInputError("half_space: expected a non-zero normal");
        Shape shape;
        shape.kind = "half-space";
        shape.half_space = BodyDescription::HalfSpace{normal, offset};
        return shape;
      },
      py::arg("normal") = Vec3::UnitZ(), py::arg("offset") = 0.0,
      "The fixed half-space {x : normal·x ≤ offset} (point contact).");
  s.def(
      "box_mesh",
      [](const Vec3& h, int subdivisions) { return meshShape("box", boxMesh(h, subdivisions)); },
      py::arg("half_extents"), py::arg("subdivisions") = 1,
      "A box as a closed triangle mesh (6D patch contact).");
  s.def(
      "uv_sphere_mesh",
      [](double r, int slices, int stacks) {
        return meshShape("uv-sphere", uvSphereMesh(r, slices, stacks));
      },
      py::arg("radius"), py::arg("slices") = 24, py::arg("stacks") = 12,
      "A sphere as a closed triangle mesh (6D patch contact).");
  s.def(
      "mesh",
      [](std::shared_ptr<TriangleMesh> mesh) {
        Shape shape;
        shape.kind = "mesh";
        shape.mesh = std::move(mesh);
        return shape;
      },
      py::arg("mesh"), "A closed triangle mesh given as a TriangleMesh (6D patch contact).");
}

}  // namespace

void bindShapes(py::module_& m) {
  bindSurface(m);
  bindMeshes(m);
  py::class_<Shape>(m, "Shape",
                    "A body's shape: a smooth surface, a convex polyhedron, a half-space or a "
                    "closed triangle mesh. Made by the functions of contactsim.shapes.")
      .def_readonly("kind", &Shape::kind)
      .def_property_readonly(
          "surface", [](const Shape& s) { return std::const_pointer_cast<Surface>(s.surface); })
      .def_property_readonly(
          "mesh", [](const Shape& s) { return std::const_pointer_cast<TriangleMesh>(s.mesh); })
      .def("__repr__", [](const Shape& s) { return "<contactsim.Shape " + s.kind + ">"; });
  py::module_ shapes = m.def_submodule("shapes", "Shape constructors, one per scene shape type.");
  bindShapeConstructors(shapes);
}

}  // namespace contactsim::python
