// Mass properties of a closed triangle mesh by the divergence theorem: every triangle (a, b, c)
// spans a signed tetrahedron with a reference point r, and the tetrahedra sum to the solid
// (Tonon, "Explicit exact formulas for the 3-D tetrahedron inertia tensor", J. Math. Stat. 2004).
#include <string>

#include "contactsim/error.hpp"
#include "contactsim/geometry/triangle_mesh.hpp"
#include "contactsim/math/checks.hpp"

namespace contactsim {

MeshMassProperties meshMassProperties(const TriangleMesh& mesh, double density) {
  requirePositive(density, "mesh density");
  // Coordinates relative to the centre of the bounds, against cancellation far from the origin.
  const Vec3 r = 0.5 * (mesh.boundsMin() + mesh.boundsMax());
  double six_volume = 0.0;
  Vec3 first = Vec3::Zero();   // 24 ∫ x dV
  Mat3 second = Mat3::Zero();  // 120 ∫ x xᵀ dV
  for (const TriangleMesh::Triangle& t : mesh.triangles()) {
    const Vec3 a = mesh.vertex(t[0]) - r;
    const Vec3 b = mesh.vertex(t[1]) - r;
    const Vec3 c = mesh.vertex(t[2]) - r;
    const double det = a.cross(b).dot(c);  // 6 × signed volume of (0, a, b, c)
    const Vec3 s = a + b + c;
    six_volume += det;
    first += det * s;
    // Tetrahedron (0, a, b, c): ∫ x xᵀ dV = V/20 (a aᵀ + b bᵀ + c cᵀ + s sᵀ).
    second += det * (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose());
  }
  MeshMassProperties out;
  out.volume = six_volume / 6.0;
  const Vec3 centre = first / (24.0 * out.volume);
  out.second_moment = second / 120.0 - out.volume * centre * centre.transpose();
  out.second_moment = 0.5 * (out.second_moment + out.second_moment.transpose()).eval();
  out.centroid = r + centre;
  out.mass = density * out.volume;
  out.inertia = density * (out.second_moment.trace() * Mat3::Identity() - out.second_moment);
  return out;
}

}  // namespace contactsim
