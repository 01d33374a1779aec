// One map body against the rigid block (ullrich-pai §5.1 with δ^B = 0): synthetic maps whose
// continuous answers are known in closed form, approached at O(Δt).
#include "world/impact_restitution.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <numbers>

#include "contactsim/error.hpp"
#include "synthetic_maps.hpp"
#include "world/response_world.hpp"

namespace contactsim {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kRadius = 0.05;  // [m], a 64-gon "disc" of steel density: m ≈ 61.55 kg/m
constexpr int kSides = 64;
// Stiff enough that the largest penetration (v/ω_c ≈ 25 µm) stays far below the height of the
// vertices next to the contact one (R(1 − cos 2π/64) ≈ 240 µm): one vertex, one contact.
constexpr double kStiffness = 1e11;  // [N/m per m]
constexpr double kStep = 4e-8;       // [s]: ω_c Δt ≈ 1.6e-3

std::shared_ptr<const ResponseMap> disc(const test::Kernel& kernel, double dt) {
  // Vertex 0 points down: a single vertex meets the block.
  return std::make_shared<const ResponseMap>(
      test::mapOnOutline("disc", test::regularPolygon(kSides, kRadius, -0.5 * kPi), kernel, dt));
}

ImpactRestitutionResult dropDisc(const test::Kernel& kernel, double dt, double friction = 0.0,
                                 double tangential_speed = 0.0,
                                 ResponseScheme scheme = ResponseScheme::kEndOfStep) {
  ImpactSetup setup;
  setup.scheme = scheme;
  setup.normal_speed = 1.0;
  setup.tangential_speed = tangential_speed;
  setup.friction = friction;
  return measureImpactRestitution(disc(kernel, dt), setup);
}

TEST(ResponseImpactTest, LinearSpringDisc) {
  const ImpactRestitutionResult r = dropDisc(test::springKernel(kStiffness), kStep);
  ASSERT_TRUE(r.separated);
  const double m = r.mass.mass;
  const double v = 1.0;
  const double omega = std::sqrt(kStiffness / m);
  // Half a period of m ẍ = −k x: duration π√(m/k), e = 1, peak force k·v/ω = v√(km).
  const double duration = kPi / omega;
  std::cout << "spring disc: m = " << m << " kg/m, contact " << r.contact_duration << " s vs "
            << duration << " s, e = " << r.restitution << ", peak " << r.peak_force << " vs "
            << v * std::sqrt(kStiffness * m) << " N/m, work " << r.contact_work << " J/m vs dKE "
            << r.kinetic_energy_after - r.kinetic_energy_before << " J/m\n";
  EXPECT_NEAR(r.contact_duration, duration, 3.0 * kStep);
  // Backward Euler in the penetration loses exp(−π ω Δt / 2) of the velocity over the impact.
  EXPECT_LT(r.restitution, 1.0);
  EXPECT_NEAR(r.restitution, std::exp(-0.5 * kPi * omega * kStep), 2e-4);
  EXPECT_NEAR(r.peak_force / (v * std::sqrt(kStiffness * m)), 1.0, 2.0 * omega * kStep);
  // Momentum: the impulse is the change of m v.
  EXPECT_NEAR(r.impulse.y(), m * (1.0 + r.restitution) * v, 1e-9 * m * v);
  EXPECT_NEAR(r.impulse.x(), 0.0, 1e-12 * m * v);
  EXPECT_NEAR(r.state_after.angular_velocity, 0.0, 1e-9);

  // O(Δt): halving the step halves the loss and the gap between ∫F dδ and ΔKE.
  const ImpactRestitutionResult half = dropDisc(test::springKernel(kStiffness), 0.5 * kStep);
  const double dke = r.kinetic_energy_after - r.kinetic_energy_before;
  const double dke_half = half.kinetic_energy_after - half.kinetic_energy_before;
  std::cout << "  1 - e: " << 1.0 - r.restitution << " at dt, " << 1.0 - half.restitution
            << " at dt/2; |W - dKE|: " << std::abs(r.contact_work - dke) << ", "
            << std::abs(half.contact_work - dke_half) << " J/m of KE0 " << r.kinetic_energy_before
            << "\n";
  EXPECT_NEAR((1.0 - r.restitution) / (1.0 - half.restitution), 2.0, 0.05);
  EXPECT_NEAR(std::abs(r.contact_work - dke) / std::abs(half.contact_work - dke_half), 2.0, 0.1);
  // ∫F dδ of a spring closes (W ≈ 0); the gap to ΔKE is the scheme's loss 1 − e² ≈ π ω Δt.
  EXPECT_LT(std::abs(r.contact_work), 1e-5 * r.kinetic_energy_before);
  EXPECT_NEAR(std::abs(r.contact_work - dke) / r.kinetic_energy_before, kPi * omega * kStep,
              0.05 * kPi * omega * kStep);
}

// The trapezoidal scheme (θ = ½, response_contact_solver.hpp) on the same spring: inside the
// contact it is the trapezoidal rule for m ẍ = −k x, which keeps ½ m ẋ² + ½ k x² exactly, so the
// only error is where the contact starts and ends within a step. Second order: that error falls
// by more than 4 as the step halves (the end-of-step scheme: 2, above), and it is far below the
// end-of-step scheme's π ω Δt / 2. Momentum and the work of the contact's impulses hold exactly,
// as for any θ.
TEST(ResponseImpactTest, TrapezoidalSpringDiscKeepsItsEnergy) {
  const test::Kernel spring = test::springKernel(kStiffness);
  const ImpactRestitutionResult r = dropDisc(spring, kStep, 0.0, 0.0, ResponseScheme::kTrapezoidal);
  const ImpactRestitutionResult half =
      dropDisc(spring, 0.5 * kStep, 0.0, 0.0, ResponseScheme::kTrapezoidal);
  ASSERT_TRUE(r.separated);
  ASSERT_TRUE(half.separated);
  const double m = r.mass.mass;
  const double omega = std::sqrt(kStiffness / m);
  const double duration = kPi / omega;
  std::cout << "trapezoidal spring disc: 1 - e = " << 1.0 - r.restitution << " at dt, "
            << 1.0 - half.restitution << " at dt/2 (end-of-step: " << 0.5 * kPi * omega * kStep
            << "); contact " << r.contact_duration << " s vs " << duration << " s\n";
  // The contact's start and end within a step may give or take (here e = 1 + 3.1e-7).
  EXPECT_LT(std::abs(1.0 - r.restitution), 1e-3 * 0.5 * kPi * omega * kStep);
  EXPECT_GT(std::abs(1.0 - r.restitution) / std::abs(1.0 - half.restitution), 4.0);
  EXPECT_NEAR(r.contact_duration, duration, 3.0 * kStep);
  EXPECT_NEAR(r.impulse.y(), m * (1.0 + r.restitution), 1e-9 * m);
  EXPECT_NEAR(r.work_on_body, r.kinetic_energy_after - r.kinetic_energy_before,
              1e-9 * r.kinetic_energy_before);
}

/// m ẍ = −k x − c ẋ, x(0) = 0, ẋ(0) = v, while k x + c ẋ > 0 (the contact can only push).
struct KelvinVoigtAnswer {
  double duration = 0.0;
  double restitution = 0.0;
  double peak_force = 0.0;
};

KelvinVoigtAnswer kelvinVoigtImpact(double m, double k, double c, double v) {
  const double wn = std::sqrt(k / m);
  const double zeta = c / (2.0 * std::sqrt(k * m));
  const double wd = wn * std::sqrt(1.0 - zeta * zeta);
  const double s = zeta * wn;
  auto x = [&](double t) { return v / wd * std::exp(-s * t) * std::sin(wd * t); };
  auto xd = [&](double t) {
    return v * std::exp(-s * t) * (std::cos(wd * t) - s / wd * std::sin(wd * t));
  };
  auto force = [&](double t) { return k * x(t) + c * xd(t); };
  // F(0) = c v > 0 and F(π/ω_d) = c ẋ < 0: one root between.
  double lo = 0.0;
  double hi = kPi / wd;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (force(mid) > 0.0 ? lo : hi) = mid;
  }
  KelvinVoigtAnswer a;
  a.duration = lo;
  a.restitution = -xd(lo) / v;
  // Peak: dense samples, then golden-section refinement.
  double best = 0.0;
  const int n = 20000;
  for (int i = 0; i <= n; ++i) {
    if (force(lo * i / n) > force(best)) {
      best = lo * i / n;
    }
  }
  double a0 = std::max(0.0, best - lo / n);
  double b0 = std::min(lo, best + lo / n);
  const double g = 0.5 * (std::sqrt(5.0) - 1.0);
  for (int i = 0; i < 100; ++i) {
    const double p = b0 - g * (b0 - a0);
    const double q = a0 + g * (b0 - a0);
    (force(p) > force(q) ? b0 : a0) = force(p) > force(q) ? q : p;
  }
  a.peak_force = force(0.5 * (a0 + b0));
  return a;
}

TEST(ResponseImpactTest, KelvinVoigtDiscAgainstTheClosedForm) {
  const double m = planarMassProperties(test::regularPolygon(kSides, kRadius), 7850.0).mass;
  const double zeta = 0.2;
  const double c = 2.0 * zeta * std::sqrt(kStiffness * m);
  const KelvinVoigtAnswer exact = kelvinVoigtImpact(m, kStiffness, c, 1.0);
  double previous_error = 0.0;
  for (const double dt : {kStep, 0.5 * kStep}) {
    const ImpactRestitutionResult r = dropDisc(test::kelvinVoigtKernel(kStiffness, c, dt), dt);
    ASSERT_TRUE(r.separated);
    const double dke = r.kinetic_energy_after - r.kinetic_energy_before;
    std::cout << "Kelvin-Voigt disc (zeta 0.2), dt " << dt << ": contact " << r.contact_duration
              << " s vs " << exact.duration << " s, e = " << r.restitution << " vs "
              << exact.restitution << ", peak " << r.peak_force << " vs " << exact.peak_force
              << " N/m, work " << r.contact_work << " vs dKE " << dke << " J/m\n";
    EXPECT_NEAR(r.contact_duration, exact.duration, 3.0 * dt);
    EXPECT_NEAR(r.restitution, exact.restitution, 2e-3 * dt / kStep);
    EXPECT_NEAR(r.peak_force / exact.peak_force, 1.0, 3e-3 * dt / kStep);
    EXPECT_NEAR(r.contact_work, dke, 5e-3 * r.kinetic_energy_before * dt / kStep);
    const double error = std::abs(r.restitution - exact.restitution);
    if (previous_error > 0.0) {
      EXPECT_NEAR(previous_error / error, 2.0, 0.2);
    }
    previous_error = error;
  }
  // The same response written with a longer window (F_m = k sampled up to m = 4) runs the ring of
  // the digital filter and gives the same impact.
  const ImpactRestitutionResult short_window =
      dropDisc(test::kelvinVoigtKernel(kStiffness, c, kStep), kStep);
  const ImpactRestitutionResult long_window =
      dropDisc(test::kelvinVoigtKernel(kStiffness, c, kStep, 4), kStep);
  EXPECT_NEAR(long_window.restitution, short_window.restitution, 1e-12);
  EXPECT_NEAR(long_window.peak_force / short_window.peak_force, 1.0, 1e-12);
  EXPECT_EQ(long_window.contact_duration, short_window.contact_duration);
}

TEST(ResponseImpactTest, EccentricRodImpactBalancesMomentum) {
  // A 0.2 m × 12.5 mm steel bar (ullrich-pai §4's dimensions) with its body frame at one end,
  // tilted 0.5 rad: it lands on one corner and starts to spin.
  const double dt = 2e-8;
  const auto rod = std::make_shared<const ResponseMap>(
      test::mapOnOutline("rod", test::rectangle(0.2, 0.0125), test::springKernel(kStiffness), dt));
  ImpactSetup setup;
  setup.angle = 0.5;
  setup.normal_speed = 1.0;
  const ImpactRestitutionResult r = measureImpactRestitution(rod, setup);
  ASSERT_TRUE(r.separated);
  EXPECT_EQ(r.contact_vertex, 0u);
  const PlanarMassProperties& mp = r.mass;
  // The run's start: body origin at x = 0, the corner (vertex 0) on the block.
  PlanarBodyState start;
  start.angle = 0.5;
  start.position = Vec2(0.0, -(rotation2(0.5) * rod->outline[0]).y());
  start = stateFromCentroid(mp, centroidPosition(start, mp), 0.5, Vec2(0.0, -1.0), 0.0);
  const Vec2 p0 = worldPoint(start, rod->outline[0]);
  ASSERT_NEAR(p0.y(), 0.0, 1e-15);
  const PlanarBodyState& after = r.state_after;
  // Linear momentum: impulse = m Δv_c.
  const Vec2 dp = linearMomentum(after, mp) - linearMomentum(start, mp);
  EXPECT_NEAR((r.impulse - dp).norm(), 0.0, 1e-12 * dp.norm());
  // Angular momentum about the fixed point p0 where the corner touched: the force acts at the
  // corner, which slides a little during the impact, so L changes by exactly Σ h F (p_k − p0) × n
  // (p_k: the corner at t_k) and that is small.
  ResponseWorld world;
  world.addBody(rod, start);
  world.addHalfPlane({Vec2::Zero(), Vec2::UnitY()});
  double torque_impulse = 0.0;
  while (world.time() == 0.0 || world.liveContacts() > 0) {
    world.step();
    for (const ContactRecord& c : world.lastStep()) {
      torque_impulse += dt * c.normal_force * cross2(c.point - p0, c.normal);
    }
  }
  const double L_before = angularMomentum(start, mp, p0);
  const double L_after = angularMomentum(world.state(0), mp, p0);
  const double scale = mp.mass * (centroidPosition(start, mp) - p0).norm() * 1.0;
  std::cout << "eccentric rod: e = " << r.restitution << ", omega after " << after.angular_velocity
            << " rad/s, L about the contact point " << L_before << " -> " << L_after
            << " (scale m r v = " << scale << "; torque impulse of the corner's slide "
            << torque_impulse << "), contact " << r.contact_duration << " s\n";
  EXPECT_NEAR(L_after - L_before, torque_impulse, 1e-12 * scale);
  EXPECT_LT(std::abs(L_after - L_before), 1e-4 * scale);
  // The rigid-body impact law with this e: P = (1 + e)(−u_n)/W_nn at the corner, along n (to the
  // rotation of the lever during the impact).
  const Vec2 lever = p0 - centroidPosition(start, mp);
  const double r_n = cross2(lever, Vec2::UnitY());
  const double w_nn = 1.0 / mp.mass + r_n * r_n / mp.inertia;
  const double P = (1.0 + r.restitution) * 1.0 / w_nn;
  EXPECT_NEAR(r.impulse.y() / P, 1.0, 1e-3);
  EXPECT_NEAR(after.angular_velocity / (r_n * P / mp.inertia), 1.0, 1e-3);
}

TEST(ResponseImpactTest, FrictionStickAndSlide) {
  const double mu_small = 0.05;
  const ImpactRestitutionResult slide =
      dropDisc(test::springKernel(kStiffness), kStep, mu_small, 1.0);
  ASSERT_TRUE(slide.separated);
  // Sliding throughout: the tangential impulse is μ times the normal one, against the slip.
  EXPECT_NEAR(slide.impulse.x(), -mu_small * slide.impulse.y(), 1e-12 * slide.impulse.y());
  const Vec2 p_after = worldPoint(slide.state_after, Vec2(0.0, -kRadius));
  const double slip_after = pointVelocity(slide.state_after, p_after).x();
  EXPECT_GT(slip_after, 0.5);

  const ImpactRestitutionResult stick = dropDisc(test::springKernel(kStiffness), kStep, 1.0, 1.0);
  ASSERT_TRUE(stick.separated);
  // Sticking: the contact point stops sliding; with no tangential compliance it stays stopped.
  // For a vertex under the centroid P_t = −u_t / W_tt, W_tt = 1/m + R²/I.
  const PlanarMassProperties& mp = stick.mass;
  const double w_tt = 1.0 / mp.mass + kRadius * kRadius / mp.inertia;
  const Vec2 contact = worldPoint(stick.state_after, Vec2(0.0, -kRadius));  // vertex 0
  const double u_t = pointVelocity(stick.state_after, contact).x();
  std::cout << "friction: slide mu 0.05: P_t/P_n = " << slide.impulse.x() / slide.impulse.y()
            << ", slip after " << slip_after << " m/s; stick mu 1: P_t = " << stick.impulse.x()
            << " vs -1/W_tt = " << -1.0 / w_tt << ", slip after " << u_t
            << " m/s, e = " << stick.restitution << "\n";
  EXPECT_NEAR(u_t, 0.0, 1e-3);
  EXPECT_NEAR(stick.impulse.x() * w_tt, -1.0, 2e-3);
  EXPECT_LT(std::abs(stick.impulse.x()), 1.0 * stick.impulse.y());
  // Friction dissipates: the work of the contact forces is ΔKE to O(Δt), and negative.
  const double dke = stick.kinetic_energy_after - stick.kinetic_energy_before;
  EXPECT_LT(dke, 0.0);
  EXPECT_NEAR(stick.contact_work, dke, 1e-2 * stick.kinetic_energy_before);
}

TEST(ResponseImpactTest, BarFlatOnTheBlockTouchesWithBothTips) {
  // ullrich-pai §5.2: two contacts superposed, each with its own history.
  const auto bar = std::make_shared<const ResponseMap>(test::mapOnOutline(
      "bar", test::rectangle(0.2, 0.0125, -0.05), test::springKernel(kStiffness), kStep));
  ResponseWorld world;
  const PlanarMassProperties mp = planarMassProperties(bar->outline, bar->material.density);
  world.addBody(bar, stateFromCentroid(mp, Vec2(0.0, 0.00625), 0.0, Vec2(0.0, -1.0), 0.0));
  world.addHalfPlane({Vec2::Zero(), Vec2::UnitY()});
  double last_force_time = 0.0;
  double peak = 0.0;
  for (int k = 0; k < 100000; ++k) {
    world.step();
    const auto records = world.lastStep();
    if (records.empty()) {
      break;
    }
    double force = 0.0;
    for (const ContactRecord& r : records) {
      force += r.normal_force;
    }
    if (force > 0.0) {
      ASSERT_EQ(records.size(), 2u);
      EXPECT_EQ(records[0].vertex, 0u);
      EXPECT_EQ(records[1].vertex, 1u);
      EXPECT_NEAR(records[0].normal_force, records[1].normal_force, 1e-9 * force);
      last_force_time = world.time();
      peak = std::max(peak, force);
    }
  }
  EXPECT_EQ(world.liveContacts(), 0u);
  // Two springs in parallel under a translating bar: π√(m/2k), peak v√(2km).
  const double m = mp.mass;
  std::cout << "bar on both tips: contact " << last_force_time << " s vs "
            << kPi * std::sqrt(m / (2 * kStiffness)) << " s, peak " << peak << " vs "
            << std::sqrt(2 * kStiffness * m) << " N/m, omega after "
            << world.state(0).angular_velocity << "\n";
  EXPECT_NEAR(last_force_time, kPi * std::sqrt(m / (2 * kStiffness)), 3 * kStep);
  EXPECT_NEAR(peak / std::sqrt(2 * kStiffness * m), 1.0, 5e-3);
  EXPECT_NEAR(world.state(0).angular_velocity, 0.0, 1e-9);
  const double omega_h = std::sqrt(2 * kStiffness / m) * kStep;
  EXPECT_NEAR(centroidVelocity(world.state(0), mp).y(), std::exp(-0.5 * kPi * omega_h), 2e-4);
}

}  // namespace
}  // namespace contactsim
