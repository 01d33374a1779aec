// Random resting-contact configurations of boxes (see the header).
#include "contactsim_reference/box_contact_problems.hpp"

#include <cmath>
#include <numbers>

#include "collision/convex_contact.hpp"

namespace contactsim::reference {

namespace {

constexpr double kG = 9.81;

struct Box {
  Vec3 half;
  double mass;
  Quat orientation;
  Vec3 position;
};

Mat3 boxInertia(const Box& b) {
  const Vec3 h2 = b.half.cwiseProduct(b.half);
  return (b.mass / 3.0 * Vec3(h2.y() + h2.z(), h2.x() + h2.z(), h2.x() + h2.y())).asDiagonal();
}

ContactBody contactBody(const Box& b, std::mt19937& rng, double spin, double push) {
  std::normal_distribution<double> g;
  RigidBodyState state;
  state.position = b.position;
  state.orientation = b.orientation;
  const Vec3 omega_world = spin * Vec3(g(rng), g(rng), g(rng));
  state.twist << b.orientation.conjugate() * omega_world, Vec3::Zero();
  const Vec3 force = b.mass * (Vec3(0, 0, -kG) + push * Vec3(g(rng), g(rng), g(rng)));
  const Vec3 torque = push * b.mass * 0.1 * Vec3(g(rng), g(rng), g(rng));
  return makeContactBody(MassProperties(b.mass, boxInertia(b)), state, force, torque);
}

Vec3 randomHalf(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(0.05, 0.3);
  return Vec3(u(rng), u(rng), u(rng));
}

// Lowest corner height of a box at the origin with this orientation.
double lowest(const Box& b) {
  double z = 1e9;
  for (int i = 0; i < 8; ++i) {
    const Vec3 c((i & 1 ? 1 : -1) * b.half.x(), (i & 2 ? 1 : -1) * b.half.y(),
                 (i & 4 ? 1 : -1) * b.half.z());
    z = std::min(z, (b.orientation * c).z());
  }
  return z;
}

// Floor contacts: the corners within 1e-12 of the floor.
void floorContacts(const Box& b, std::size_t index, std::size_t floor,
                   std::vector<PointContact>& out) {
  for (int i = 0; i < 8; ++i) {
    const Vec3 c((i & 1 ? 1 : -1) * b.half.x(), (i & 2 ? 1 : -1) * b.half.y(),
                 (i & 4 ? 1 : -1) * b.half.z());
    const Vec3 p = b.position + b.orientation * c;
    if (std::abs(p.z()) < 1e-12)
      out.push_back({index, floor, Vec3(p.x(), p.y(), 0.0), Vec3::UnitZ()});
  }
}

}  // namespace

BoxContactProblem randomBoxProblem(std::mt19937& rng, int max_contacts) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::uniform_int_distribution<int> kind_of(0, 4);
  for (;;) {
    BoxContactProblem p;
    std::vector<Box> boxes;
    const int kind = kind_of(rng);
    const double spin = u(rng) < 0.5 ? 0.0 : 2.0 * u(rng);
    const double push = u(rng) < 0.5 ? 0.0 : 0.8 * u(rng) * kG;
    auto mass = [&] { return 0.5 + 4.0 * u(rng); };
    if (kind <= 2) {
      Box b{randomHalf(rng), mass(), Quat::Identity(), Vec3::Zero()};
      const double yaw = 2.0 * std::numbers::pi * u(rng);
      if (kind == 0) {  // on a vertex: a general orientation
        p.kind = "vertex";
        b.orientation =
            Quat(Eigen::AngleAxisd(yaw, Vec3::UnitZ())) *
            Quat(Eigen::AngleAxisd(0.2 + u(rng), Vec3(u(rng), u(rng), 0.1).normalized()));
      } else if (kind == 1) {  // on an edge: tilted about a body axis
        p.kind = "edge";
        b.orientation = Quat(Eigen::AngleAxisd(yaw, Vec3::UnitZ())) *
                        Quat(Eigen::AngleAxisd(0.1 + 1.2 * u(rng), Vec3::UnitX()));
      } else {
        p.kind = "flat";
        b.orientation = Quat(Eigen::AngleAxisd(yaw, Vec3::UnitZ()));
      }
      b.orientation.normalize();
      b.position = Vec3(u(rng) - 0.5, u(rng) - 0.5, -lowest(b));
      boxes.push_back(b);
    } else {
      // Stack (kind 3) or bridge (kind 4): flat boxes, each resting on the one(s) below.
      p.kind = kind == 3 ? "stack" : "bridge";
      const int levels = kind == 3 ? 2 + static_cast<int>(u(rng) * 5) : 1;
      double top = 0.0;
      if (kind == 4) {  // two pillars and a plank across
        for (double x : {-0.3, 0.3}) {
          Box pillar{Vec3(0.1, 0.1, 0.15), mass(), Quat::Identity(), Vec3(x, 0.0, 0.15)};
          boxes.push_back(pillar);
        }
        Box plank{Vec3(0.45, 0.1 + 0.1 * u(rng), 0.03), mass(),
                  Quat(Eigen::AngleAxisd(0.3 * (u(rng) - 0.5), Vec3::UnitZ())),
                  Vec3(0.1 * (u(rng) - 0.5), 0.05 * (u(rng) - 0.5), 0.33)};
        boxes.push_back(plank);
      } else {
        for (int k = 0; k < levels; ++k) {
          const Vec3 half = randomHalf(rng);
          const double offset = k == 0 ? 0.0 : 0.6;
          Box b{half, mass(),
                Quat(Eigen::AngleAxisd(2.0 * std::numbers::pi * u(rng), Vec3::UnitZ())),
                Vec3(offset * 0.1 * (u(rng) - 0.5), offset * 0.1 * (u(rng) - 0.5), top + half.z())};
          top += 2.0 * half.z();
          boxes.push_back(b);
        }
      }
    }
    const std::size_t floor = boxes.size();
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      p.bodies.push_back(contactBody(boxes[i], rng, spin, push));
      floorContacts(boxes[i], i, floor, p.contacts);
    }
    p.bodies.push_back(makeFixedContactBody());
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      for (std::size_t j = 0; j < i; ++j) {
        const auto a = ConvexPolyhedron::box(boxes[i].half);
        const auto b = ConvexPolyhedron::box(boxes[j].half);
        for (const ContactPoint& c :
             collide(a, makeFrame(boxes[i].orientation, boxes[i].position), b,
                     makeFrame(boxes[j].orientation, boxes[j].position), 1e-9)) {
          p.contacts.push_back({i, j, c.point, c.normal});
        }
      }
    }
    const auto n = static_cast<int>(p.contacts.size());
    if (n >= 1 && n <= max_contacts)
      return p;
  }
}

}  // namespace contactsim::reference
