#include "contactsim_reference/intersection_volume_problems.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace contactsim::reference {
namespace {

constexpr double kPi = std::numbers::pi;

// A unit vector orthogonal to the unit vector e.
Vec3 orthogonal(const Vec3& e) {
  return e.cross(std::abs(e.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY()).normalized();
}

// Rotation whose columns are the cube's axes u₁, u₂, u₃.
Mat3 columns(const Vec3& u1, const Vec3& u2, const Vec3& u3) {
  Mat3 U;
  U << u1, u2, u3;
  return U;
}

}  // namespace

CubeInHalfSpace cubeInHalfSpace(CubeFeature feature, double half_side, double depth) {
  const double a = half_side;
  const Vec3 q(0, 0, -depth);  // the deepest point of the cube (on the z axis)
  CubeInHalfSpace out;
  VolumeMoments& m = out.moments;
  switch (feature) {
    case CubeFeature::kFace: {
      // Slab [−a, a]² × [−depth, 0].
      out.X_LA = makeFrame(Mat3::Identity(), Vec3(0, 0, a - depth));
      m.volume = 4 * a * a * depth;
      m.centroid = Vec3(0, 0, -depth / 2);
      m.second_moment = m.volume / 12 * Vec3(4 * a * a, 4 * a * a, depth * depth).asDiagonal();
      m.gradient = Vec3(0, 0, -4 * a * a);  // the bottom face, normal −z
      break;
    }
    case CubeFeature::kEdge: {
      // Edge along y at q; faces through it with normals −u₁, −u₃ at 45° to the plane. Below
      // z = 0: a prism of length 2a over the right triangle with legs s = √2 depth along u₁, u₃.
      const Vec3 u1 = Vec3(1, 0, 1) / std::sqrt(2.0);
      const Vec3 u2 = Vec3::UnitY();
      const Vec3 u3 = u1.cross(u2);
      const Mat3 U = columns(u1, u2, u3);
      out.X_LA = makeFrame(U, q + a * (u1 + u3));
      const double s = std::sqrt(2.0) * depth;
      const double area = s * s / 2;
      m.volume = 2 * a * area;
      const Vec3 c_local(s / 3, 0, s / 3);  // (u₁, u₂, u₃) coordinates from q
      // Right triangle (0, s e₁, s e₃): ∫ yyᵀ dA = A s²/12 (I + 11ᵀ) in its plane, about 0.
      Mat3 raw = Mat3::Zero();
      raw(0, 0) = raw(2, 2) = 2 * area * s * s / 12;
      raw(0, 2) = raw(2, 0) = area * s * s / 12;
      raw *= 2 * a;  // times the length
      raw(1, 1) = m.volume * 4 * a * a / 12;
      const Mat3 central = raw - m.volume * c_local * c_local.transpose();
      m.centroid = q + U * c_local;
      m.second_moment = U * central * U.transpose();
      m.gradient = -2 * a * s * (u1 + u3);  // strips of the two faces through the edge
      break;
    }
    case CubeFeature::kCorner: {
      // Corner at q, the cube's axes u_i at equal angles to z (Σ u_i = √3 e_z). Below z = 0: the
      // tetrahedron (q, q + s u_i) with s = √3 depth.
      const Vec3 d = Vec3::UnitZ();
      const Vec3 t1 = orthogonal(d);
      const Vec3 t2 = d.cross(t1);
      Vec3 u[3];
      for (int i = 0; i < 3; ++i) {
        const double phi = 2 * kPi * i / 3;
        u[i] =
            d / std::sqrt(3.0) + std::sqrt(2.0 / 3.0) * (std::cos(phi) * t1 + std::sin(phi) * t2);
      }
      Mat3 U = columns(u[0], u[1], u[2]);
      if (U.determinant() < 0) {
        U = columns(u[0], u[2], u[1]);
      }
      out.X_LA = makeFrame(U, q + a * std::sqrt(3.0) * d);
      const double s = std::sqrt(3.0) * depth;
      m.volume = s * s * s / 6;
      const Vec3 c_local = Vec3::Constant(s / 4);
      // Tetrahedron (0, s e_i): ∫ xxᵀ dV = V s²/20 (I + 11ᵀ).
      const Mat3 raw = m.volume * s * s / 20 * (Mat3::Identity() + Mat3::Ones());
      m.centroid = q + U * c_local;
      m.second_moment = U * (raw - m.volume * c_local * c_local.transpose()) * U.transpose();
      m.gradient = -(s * s / 2) * (U * Vec3::Ones());  // three right triangles, normals −u_i
      break;
    }
  }
  return out;
}

VolumeMoments sphereCap(const Vec3& centre, double radius, const Vec3& axis, double height) {
  const double R = radius;
  const double h = height;
  if (!(h > 0 && h <= 2 * R)) {
    throw std::invalid_argument("sphereCap: the height must be in (0, 2 radius]");
  }
  // s = distance below the top of the cap along −axis, s ∈ [0, h]; disc area π(2Rs − s²).
  const double V = kPi * (R * h * h - h * h * h / 3);
  const double S1 = kPi * (2 * R * h * h * h / 3 - h * h * h * h / 4);
  const double S2 = kPi * (R * h * h * h * h / 2 - std::pow(h, 5) / 5);
  const double X2 = kPi / 4 * (4 * R * R * h * h * h / 3 - R * std::pow(h, 4) + std::pow(h, 5) / 5);
  const double s_bar = S1 / V;
  const Vec3 e = axis.normalized();
  VolumeMoments m;
  m.volume = V;
  m.centroid = centre + (R - s_bar) * e;
  m.second_moment =
      X2 * (Mat3::Identity() - e * e.transpose()) + (S2 - V * s_bar * s_bar) * e * e.transpose();
  const double rim2 = 2 * R * h - h * h;
  m.gradient = kPi * rim2 * e;
  return m;
}

VolumeMoments combined(const VolumeMoments& x, const VolumeMoments& y) {
  VolumeMoments m;
  m.volume = x.volume + y.volume;
  m.centroid = (x.volume * x.centroid + y.volume * y.centroid) / m.volume;
  const Vec3 dx = x.centroid - m.centroid;
  const Vec3 dy = y.centroid - m.centroid;
  m.second_moment = x.second_moment + x.volume * dx * dx.transpose() + y.second_moment +
                    y.volume * dy * dy.transpose();
  m.gradient = x.gradient + y.gradient;
  return m;
}

VolumeMoments sphereLens(const Vec3& centre_a, double radius_a, const Vec3& centre_b,
                         double radius_b) {
  const double d = (centre_b - centre_a).norm();
  if (!(d > std::abs(radius_a - radius_b) && d < radius_a + radius_b)) {
    throw std::invalid_argument("sphereLens: the spheres do not cross");
  }
  const Vec3 e = (centre_b - centre_a) / d;
  // The plane of the circle where the spheres meet, at distance x from A's centre.
  const double x = (d * d + radius_a * radius_a - radius_b * radius_b) / (2 * d);
  const VolumeMoments cap_a = sphereCap(centre_a, radius_a, e, radius_a - x);
  const VolumeMoments cap_b = sphereCap(centre_b, radius_b, -e, radius_b - (d - x));
  VolumeMoments lens = combined(cap_a, cap_b);
  // A's surface inside B is the curved face of A's cap (it faces B): ∫ n_A dA = π ρ² e.
  lens.gradient = cap_a.gradient;
  return lens;
}

VolumeMoments transformed(const VolumeMoments& moments, const Frame& X) {
  const Mat3 R = X.linear();
  VolumeMoments m;
  m.volume = moments.volume;
  m.centroid = X * moments.centroid;
  m.second_moment = R * moments.second_moment * R.transpose();
  m.gradient = R * moments.gradient;
  return m;
}

}  // namespace contactsim::reference
