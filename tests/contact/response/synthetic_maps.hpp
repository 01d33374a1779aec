// Response maps whose run-time answers are known exactly: every node gets the same kernel, so a
// contact anywhere on the outline sees a linear spring (F_m = k) or a Kelvin–Voigt element
// (F_0 = k + c/Δt, F_m = k for m ≥ 1: the dashpot by a backward difference).
#pragma once

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "contactsim/bem/response_map.hpp"
#include "contactsim/math/planar_body.hpp"

namespace contactsim::test {

/// F_0 … F_{N_f−1} and the tail constant k.
struct Kernel {
  std::vector<double> force;
  double stiffness = 0.0;
};

inline Kernel springKernel(double k) {
  return {{k}, k};
}
/// Kelvin–Voigt with a backward-difference dashpot; `padding` extra samples F_m = k (the same
/// response written with a longer window).
inline Kernel kelvinVoigtKernel(double k, double c, double dt, std::size_t padding = 0) {
  Kernel kernel{{k + c / dt}, k};
  kernel.force.resize(1 + padding, k);
  return kernel;
}

/// A map with one node at every outline vertex (normal: the bisector of the adjacent edges'
/// normals), all with the same kernel; steel density unless told otherwise.
inline ResponseMap mapOnOutline(const std::string& name, const std::vector<Vec2>& outline,
                                const Kernel& kernel, double dt, double density = 7850.0) {
  ResponseMap map;
  map.name = name;
  map.material = {210e9, 0.3, density};
  map.time_step = dt;
  map.outline = outline;
  const std::size_t n = outline.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 in = outline[i] - outline[(i + n - 1) % n];
    const Vec2 out = outline[(i + 1) % n] - outline[i];
    const Vec2 normal =
        (Vec2(in.y(), -in.x()).normalized() + Vec2(out.y(), -out.x()).normalized()).normalized();
    map.nodes.push_back({outline[i], normal, kernel.force, kernel.stiffness});
  }
  return map;
}

/// Regular polygon of `sides` vertices on a circle of radius r about `centre`, vertex 0 at angle
/// `first_angle`.
inline std::vector<Vec2> regularPolygon(int sides, double r, double first_angle = 0.0,
                                        const Vec2& centre = Vec2::Zero()) {
  std::vector<Vec2> p;
  for (int i = 0; i < sides; ++i) {
    const double a = first_angle + 2.0 * std::numbers::pi * i / sides;
    p.push_back(centre + r * Vec2(std::cos(a), std::sin(a)));
  }
  return p;
}

/// Rectangle [x0, x0 + length] × [−width/2, width/2], counter-clockwise from the lower left.
inline std::vector<Vec2> rectangle(double length, double width, double x0 = 0.0) {
  return {{x0, -0.5 * width},
          {x0 + length, -0.5 * width},
          {x0 + length, 0.5 * width},
          {x0, 0.5 * width}};
}

}  // namespace contactsim::test
