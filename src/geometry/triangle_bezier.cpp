#include "geometry/triangle_bezier.hpp"

#include <Eigen/LU>
#include <cmath>
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

std::vector<Vec3> triangleBezierFromDomainValues(std::span<const Vec3> values, int degree) {
  const int count = triangleBezierCount(degree);
  if (degree < 1 || static_cast<int>(values.size()) != count) {
    throw InvalidInputError("triangular Bézier fit: " + toText(values.size()) +
                            " values for degree " + toText(degree));
  }
  // Row: a domain point; column: the basis function d!/(i! j! k!) a^i b^j c^k there.
  const auto factorial = [](int n) { return std::tgamma(n + 1.0); };
  Eigen::MatrixXd basis(count, count);
  for (int pi = degree; pi >= 0; --pi) {
    for (int pj = degree - pi; pj >= 0; --pj) {
      const double a = double(pi) / degree, b = double(pj) / degree, c = 1.0 - a - b;
      for (int i = degree; i >= 0; --i) {
        for (int j = degree - i; j >= 0; --j) {
          const int k = degree - i - j;
          basis(triangleBezierIndex(degree, pi, pj), triangleBezierIndex(degree, i, j)) =
              factorial(degree) / (factorial(i) * factorial(j) * factorial(k)) * std::pow(a, i) *
              std::pow(b, j) * std::pow(c, k);
        }
      }
    }
  }
  Eigen::MatrixXd rhs(count, 3);
  for (int r = 0; r < count; ++r)
    rhs.row(r) = values[static_cast<std::size_t>(r)].transpose();
  const Eigen::MatrixXd control = basis.partialPivLu().solve(rhs);
  std::vector<Vec3> out;
  for (int r = 0; r < count; ++r)
    out.emplace_back(control.row(r).transpose());
  return out;
}

}  // namespace contactsim
