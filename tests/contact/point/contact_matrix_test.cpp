// preda-florian-2005 appendix (eqs. 3–9) against a finite difference of the actual motion, and the
// contact forces of resting boxes against statics.
#include <gtest/gtest.h>

#include <random>

#include "contact/point/contact_matrix.hpp"
#include "contactsim/error.hpp"
#include "contactsim/solvers/lcp_solver.hpp"

namespace contactsim {
namespace {

Mat3 randomRotation(std::mt19937& rng) {
  std::normal_distribution<double> g;
  return Quat(g(rng), g(rng), g(rng), g(rng)).normalized().toRotationMatrix();
}

Mat3 cross(const Vec3& w) {
  Mat3 m;
  m << 0, -w.z(), w.y(), w.z(), 0, -w.x(), -w.y(), w.x(), 0;
  return m;
}

// A free body under a constant world force and torque, integrated independently of the library:
// ẋ = v, v̇ = F/m, Ṙ = [ω]R, I_w ω̇ = M − ω × I_w ω with I_w = R I_b Rᵀ (RK4, tiny steps).
struct Motion {
  double mass;
  Mat3 inertia_body;
  Vec3 x, v, omega;
  Mat3 R;
  Vec3 force, torque;

  struct S {
    Vec3 x, v, w;
    Mat3 R;
  };
  S derivative(const S& s) const {
    const Mat3 Iw = s.R * inertia_body * s.R.transpose();
    return {s.v, force / mass, Iw.inverse() * (torque - s.w.cross(Iw * s.w)), cross(s.w) * s.R};
  }
  // Pose after time t (may be negative).
  std::pair<Vec3, Mat3> poseAfter(double t) const {
    const int steps = 50;
    const double h = t / steps;
    S s{x, v, omega, R};
    auto axpy = [](const S& a, double k, const S& d) {
      return S{a.x + k * d.x, a.v + k * d.v, a.w + k * d.w, a.R + k * d.R};
    };
    for (int i = 0; i < steps; ++i) {
      const S k1 = derivative(s), k2 = derivative(axpy(s, h / 2, k1)),
              k3 = derivative(axpy(s, h / 2, k2)), k4 = derivative(axpy(s, h, k3));
      s.x += h / 6 * (k1.x + 2 * k2.x + 2 * k3.x + k4.x);
      s.v += h / 6 * (k1.v + 2 * k2.v + 2 * k3.v + k4.v);
      s.w += h / 6 * (k1.w + 2 * k2.w + 2 * k3.w + k4.w);
      s.R += h / 6 * (k1.R + 2 * k2.R + 2 * k3.R + k4.R);
    }
    return {s.x, s.R};
  }
};

// Two free bodies touching at n contact points with normals fixed in B; checks a = A f + b against
// the second difference of the gaps g_i(t) = n_i(t)·(p_iA(t) − p_iB(t)) under the forces f.
TEST(ContactMatrix, MatchesFiniteDifferenceOfTheGaps) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  auto vec = [&] { return Vec3(u(rng), u(rng), u(rng)); };
  for (int trial = 0; trial < 20; ++trial) {
    Motion body[2];
    std::vector<ContactBody> bodies;
    for (Motion& m : body) {
      m.mass = 1.0 + u(rng) * 0.5;
      const Mat3 Q = randomRotation(rng);
      m.inertia_body = Q * Vec3(0.3 + 0.1 * u(rng), 0.4, 0.5).asDiagonal() * Q.transpose();
      m.x = vec();
      m.v = vec();
      m.omega = 2.0 * vec();
      m.R = randomRotation(rng);
      const Mat3 Iw = m.R * m.inertia_body * m.R.transpose();
      ContactBody cb;
      cb.inverse_mass = 1.0 / m.mass;
      cb.inverse_inertia = Iw.inverse();
      cb.com = m.x;
      cb.velocity = m.v;
      cb.omega = m.omega;
      cb.external_force = vec();
      cb.external_torque = vec() - m.omega.cross(Iw * m.omega);
      bodies.push_back(cb);
    }
    const int n = 3;
    std::vector<PointContact> contacts(n);
    for (PointContact& c : contacts)
      c = {0, 1, vec(), vec().normalized()};
    const ContactProblem problem = assembleContactProblem(bodies, contacts);

    VecX f(n);
    for (int i = 0; i < n; ++i)
      f[i] = 1.0 + u(rng);
    const VecX predicted = problem.A * f + problem.b;

    // Total force and torque on each body: externals (without the gyroscopic part, which the
    // motion integrator adds itself) plus the contact forces.
    const double sign[2] = {+1.0, -1.0};
    for (int k = 0; k < 2; ++k) {
      Motion& m = body[k];
      const Mat3 Iw = m.R * m.inertia_body * m.R.transpose();
      m.force = bodies[static_cast<std::size_t>(k)].external_force;
      m.torque = bodies[static_cast<std::size_t>(k)].external_torque + m.omega.cross(Iw * m.omega);
      for (int i = 0; i < n; ++i) {
        const Vec3 push = sign[k] * f[i] * contacts[static_cast<std::size_t>(i)].normal;
        m.force += push;
        m.torque += (contacts[static_cast<std::size_t>(i)].point - m.x).cross(push);
      }
    }
    const double h = 2e-4;
    for (int i = 0; i < n; ++i) {
      const PointContact& c = contacts[static_cast<std::size_t>(i)];
      // Material points and the normal in body coordinates at t = 0.
      const Vec3 pa = body[0].R.transpose() * (c.point - body[0].x);
      const Vec3 pb = body[1].R.transpose() * (c.point - body[1].x);
      const Vec3 nb = body[1].R.transpose() * c.normal;
      auto gap = [&](double t) {
        const auto [xa, Ra] = body[0].poseAfter(t);
        const auto [xb, Rb] = body[1].poseAfter(t);
        return (Rb * nb).dot((xa + Ra * pa) - (xb + Rb * pb));
      };
      const double second = (gap(h) - 2.0 * gap(0.0) + gap(-h)) / (h * h);
      EXPECT_NEAR(predicted[i], second, 2e-5 * (1.0 + std::abs(second))) << "trial " << trial;
    }
  }
}

TEST(ContactMatrix, DiagonalIsTheEffectiveInverseMassAtTheContact) {
  // A_ii = 1/m_A + 1/m_B + (p_A×n)ᵀI_A⁻¹(p_A×n) + (p_B×n)ᵀI_B⁻¹(p_B×n). (The appendix's closing
  // "A_ii = 1/m_A + 1/m_B" drops the rotational terms, which vanish only when p ∥ n.)
  std::vector<ContactBody> bodies(2);
  bodies[0].inverse_mass = 0.5;
  bodies[0].inverse_inertia = Vec3(2.0, 3.0, 4.0).asDiagonal();
  bodies[1].inverse_mass = 0.25;
  bodies[1].inverse_inertia = Vec3(1.0, 1.0, 1.0).asDiagonal();
  bodies[1].com = Vec3(0.0, 0.0, -1.0);
  const PointContact c{0, 1, Vec3(0.3, 0.1, -0.5), Vec3::UnitZ()};
  const ContactProblem p = assembleContactProblem(bodies, std::vector<PointContact>{c});
  const Vec3 ra = c.point.cross(c.normal);  // (0.1, −0.3, 0)
  const Vec3 rb = (c.point - bodies[1].com).cross(c.normal);
  const double expected = 0.5 + 0.25 + (2.0 * 0.01 + 3.0 * 0.09) + rb.squaredNorm();
  EXPECT_NEAR(p.A.coeff(0, 0), expected, 1e-15);
  EXPECT_EQ(ra, Vec3(0.1, -0.3, 0.0));
}

TEST(ContactMatrix, ContactsSharingNoBodyDoNotCouple) {
  // Bodies 0 and 1 each rest on the fixed floor (body 2) at two points; contacts of different
  // boxes share only the floor, which is fixed: their entries must be structurally zero.
  std::vector<ContactBody> bodies(3);
  for (int k = 0; k < 2; ++k) {
    bodies[static_cast<std::size_t>(k)].inverse_mass = 1.0;
    bodies[static_cast<std::size_t>(k)].inverse_inertia = Mat3::Identity();
    bodies[static_cast<std::size_t>(k)].com = Vec3(3.0 * k, 0.0, 0.5);
  }
  std::vector<PointContact> contacts;
  for (std::size_t k = 0; k < 2; ++k) {
    for (double x : {-0.5, 0.5}) {
      contacts.push_back({k, 2, Vec3(3.0 * static_cast<double>(k) + x, 0.0, 0.0), Vec3::UnitZ()});
    }
  }
  const ContactProblem p = assembleContactProblem(bodies, contacts);
  EXPECT_EQ(p.A.nonZeros(), 8);  // two 2×2 blocks
  EXPECT_EQ(p.A.coeff(0, 2), 0.0);
  EXPECT_NE(p.A.coeff(0, 1), 0.0);
}

// A box resting flat on a fixed floor on its four bottom corners: A is singular (four contacts,
// three constrained freedoms), yet the forces must carry the weight and balance the moments.
TEST(ContactMatrix, BoxOnFloorCarriesItsWeightWithRedundantContacts) {
  const double m = 2.5, g = 9.81;
  const Vec3 half(0.3, 0.2, 0.1);
  const Mat3 I =
      (m / 3.0 *
       Vec3(half.y() * half.y() + half.z() * half.z(), half.x() * half.x() + half.z() * half.z(),
            half.x() * half.x() + half.y() * half.y()))
          .asDiagonal();
  for (double yaw : {0.0, 0.4}) {
    RigidBodyState state;
    state.orientation = Quat(Eigen::AngleAxisd(yaw, Vec3::UnitZ()));
    state.position = Vec3(0.1, -0.2, half.z());
    std::vector<ContactBody> bodies{
        makeContactBody(MassProperties(m, I), state, Vec3(0.0, 0.0, -m * g)),
        makeFixedContactBody()};
    std::vector<PointContact> contacts;
    for (double sx : {-1.0, 1.0}) {
      for (double sy : {-1.0, 1.0}) {
        const Vec3 corner =
            state.position + state.orientation * Vec3(sx * half.x(), sy * half.y(), -half.z());
        contacts.push_back({0, 1, corner, Vec3::UnitZ()});
      }
    }
    const ContactProblem p = assembleContactProblem(bodies, contacts);
    for (LcpStrategy strategy : {LcpStrategy::kPgs, LcpStrategy::kPivoting}) {
      LcpSolverSettings settings;
      settings.strategy = strategy;
      const LcpSolution s = solveLcp(p.A, p.b, settings);
      EXPECT_NEAR(s.f.sum(), m * g, 1e-9 * m * g) << toString(strategy);
      const auto acc = bodyAccelerations(bodies, contacts, s.f);
      EXPECT_LT(acc[0].linear.norm(), 1e-9) << toString(strategy);
      EXPECT_LT(acc[0].angular.norm(), 1e-9) << toString(strategy);
      EXPECT_LT(s.stats.measures.complementarity, 1e-8);
    }
  }
}

TEST(ContactMatrix, SpinningBoxOnFloorFeelsTheCentripetalTerm) {
  // A box spinning about the vertical with ω: every corner accelerates towards the axis, which is
  // horizontal, so b stays −g — but tilt the spin axis and ω × (ω × p) gets a vertical part.
  const double m = 1.0;
  RigidBodyState state;
  state.position = Vec3(0.0, 0.0, 0.1);
  const Vec3 omega(3.0, 0.0, 0.0);  // rolling about x
  state.twist << omega, Vec3::Zero();
  std::vector<ContactBody> bodies{
      makeContactBody(MassProperties::principal(m, Vec3(0.01, 0.01, 0.01)), state,
                      Vec3(0.0, 0.0, -9.81)),
      makeFixedContactBody()};
  const PointContact c{0, 1, Vec3(0.0, 0.0, 0.0), Vec3::UnitZ()};
  const ContactProblem p = assembleContactProblem(bodies, std::vector<PointContact>{c});
  // p = (0, 0, −0.1): ω × (ω × p) = −|ω|² p_⊥ = (0, 0, 0.9); b = −9.81 + 0.9.
  EXPECT_NEAR(p.b[0], -9.81 + 0.9, 1e-12);
}

TEST(ContactMatrix, RejectsBadContacts) {
  std::vector<ContactBody> bodies(2);
  bodies[0].inverse_mass = 1.0;
  auto assemble = [&](const PointContact& c) {
    return assembleContactProblem(bodies, std::vector<PointContact>{c});
  };
  EXPECT_THROW(assemble({0, 2, Vec3::Zero(), Vec3::UnitZ()}), InvalidInputError);
  EXPECT_THROW(assemble({0, 0, Vec3::Zero(), Vec3::UnitZ()}), InvalidInputError);
  EXPECT_THROW(assemble({0, 1, Vec3::Zero(), Vec3(0, 0, 2)}), InvalidInputError);
  EXPECT_THROW(assemble({0, 1, Vec3(NAN, 0, 0), Vec3::UnitZ()}), InvalidInputError);
  bodies[0].inverse_mass = 0.0;
  EXPECT_THROW(assemble({0, 1, Vec3::Zero(), Vec3::UnitZ()}), InvalidInputError);
}

}  // namespace
}  // namespace contactsim
