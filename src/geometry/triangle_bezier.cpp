#include "geometry/triangle_bezier.hpp"

#include <vector>

#include "contactsim/error.hpp"

namespace contactsim {

Vec3 triangleBezierBlossom(std::span<const Vec3> control, int degree,
                           std::span<const Vec3> arguments) {
  if (degree < 0 || static_cast<int>(control.size()) != triangleBezierCount(degree) ||
      static_cast<int>(arguments.size()) != degree) {
    throw InvalidInputError("triangular Bézier blossom: " + toText(control.size()) +
                            " control points and " + toText(arguments.size()) +
                            " arguments for degree " + toText(degree));
  }
  // de Casteljau: level r combines the points of degree d − r with the weights of argument r.
  std::vector<Vec3> b(control.begin(), control.end());
  for (int r = 0; r < degree; ++r) {
    const int m = degree - r - 1;  // the degree after this level
    const Vec3& a = arguments[static_cast<std::size_t>(r)];
    std::vector<Vec3> next(static_cast<std::size_t>(triangleBezierCount(m)));
    for (int i = m; i >= 0; --i) {
      for (int j = m - i; j >= 0; --j) {
        const auto at = [&](int ii, int jj) {
          return b[static_cast<std::size_t>(triangleBezierIndex(m + 1, ii, jj))];
        };
        next[static_cast<std::size_t>(triangleBezierIndex(m, i, j))] =
            a.x() * at(i + 1, j) + a.y() * at(i, j + 1) + a.z() * at(i, j);
      }
    }
    b = std::move(next);
  }
  return b[0];
}

}  // namespace contactsim
