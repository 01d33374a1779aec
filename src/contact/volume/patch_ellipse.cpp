// bouchard-2015 §5.4 (projection of the centre of pressure onto the patch ellipse) and §5.6
// (the four-corner spinning bound, eqs. 11–13).
#include "contact/volume/patch_ellipse.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "contactsim/error.hpp"

namespace contactsim {

namespace {

void checkRadii(double a, double b) {
  if (!(a >= 0.0) || !(b >= 0.0) || !std::isfinite(a) || !std::isfinite(b)) {
    throw InvalidInputError("patch ellipse: radii must be finite and ≥ 0, got (" + toText(a) +
                            ", " + toText(b) + ")");
  }
}

}  // namespace

bool insideEllipse(const Vec2& d, double radius_u, double radius_w) {
  const double a = radius_u;
  const double b = radius_w;
  if (a == 0.0 || b == 0.0) {
    // A segment along the non-zero axis (or the single point 0).
    const bool on_u = (b == 0.0) ? d.y() == 0.0 : true;
    const bool on_w = (a == 0.0) ? d.x() == 0.0 : true;
    return on_u && on_w && std::abs(d.x()) <= a && std::abs(d.y()) <= b;
  }
  const double su = d.x() / a;
  const double sw = d.y() / b;
  return su * su + sw * sw <= 1.0;
}

EllipseProjection projectOntoEllipse(const Vec2& d, double radius_u, double radius_w) {
  checkRadii(radius_u, radius_w);
  if (!d.allFinite())
    throw InvalidInputError("patch ellipse: point to project must be finite");
  const double a = radius_u;
  const double b = radius_w;
  EllipseProjection result;
  result.point = d;
  if (insideEllipse(d, a, b))
    return result;
  result.projected = true;
  // Degenerate ellipses: the closest point of a segment is a clamp.
  if (a == 0.0 || b == 0.0) {
    result.point = Vec2(std::clamp(d.x(), -a, a), std::clamp(d.y(), -b, b));
    return result;
  }
  // bouchard-2015 §5.4: the closest point by root finding on the Lagrange multiplier t of
  // min ‖p − d‖² subject to (p_u/a)² + (p_w/b)² = 1, with p_i = a_i² d_i / (a_i² + t).
  const std::array<double, 2> r2{a * a, b * b};
  const std::array<double, 2> ad{a * std::abs(d.x()), b * std::abs(d.y())};
  // Each term of F is ≤ 1 at the root, so t ≥ a_i |d_i| − a_i²: a lower bound with F ≥ 0 there.
  double t = std::max({0.0, ad[0] - r2[0], ad[1] - r2[1]});
  // And F(t) ≤ Σ (a_i d_i)² / t² − 1 gives an upper bound.
  const double t_upper = std::hypot(ad[0], ad[1]);
  for (int k = 0; k < 100; ++k) {
    double F = -1.0;
    double dF = 0.0;
    for (int i = 0; i < 2; ++i) {
      const double q = ad[i] / (r2[i] + t);
      F += q * q;
      dF -= 2.0 * q * q / (r2[i] + t);
    }
    result.iterations = k + 1;
    if (F <= 0.0 || dF == 0.0)
      break;  // at (or, by rounding, just past) the root
    // Newton on a convex decreasing F from the left stays left of the root; the clamp only
    // guards rounding.
    const double next = std::min(t - F / dF, t_upper);
    if (!(next > t))
      break;
    const double step = next - t;
    t = next;
    if (step <= 1e-15 * (t + r2[0] + r2[1]))
      break;
  }
  Vec2 p(r2[0] * d.x() / (r2[0] + t), r2[1] * d.y() / (r2[1] + t));
  // Put p exactly on the boundary (a relative correction of the order of the Newton tolerance).
  const double level = std::sqrt((p.x() / a) * (p.x() / a) + (p.y() / b) * (p.y() / b));
  if (level > 0.0)
    p /= level;
  result.point = p;
  return result;
}

double spinTorqueLimit(const Vec2& p, double radius_u, double radius_w, double normal_force,
                       double friction) {
  checkRadii(radius_u, radius_w);
  const double a = radius_u;
  const double b = radius_w;
  // bouchard-2015 eq. 11: bilinear coordinates (s, t) of p in [−a, a] × [−b, b].
  const double s = a > 0.0 ? std::clamp((p.x() + a) / (2.0 * a), 0.0, 1.0) : 0.5;
  const double t = b > 0.0 ? std::clamp((p.y() + b) / (2.0 * b), 0.0, 1.0) : 0.5;
  const std::array<Vec2, 4> corners{Vec2(-a, -b), Vec2(a, -b), Vec2(a, b), Vec2(-a, b)};
  const std::array<double, 4> weights{(1.0 - s) * (1.0 - t), s * (1.0 - t), s * t, (1.0 - s) * t};
  // eqs. 12–13: f_ni = w_i f_n, τ ≤ μ Σ f_ni ‖c_i − p‖.
  double sum = 0.0;
  for (std::size_t i = 0; i < 4; ++i)
    sum += weights[i] * normal_force * (corners[i] - p).norm();
  return friction * sum;
}

}  // namespace contactsim
