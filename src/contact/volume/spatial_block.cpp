// The 6D blocks of bouchard-2015 §3 (eq. 1) in a constraint frame via adjoints (eqs. 2–3),
// with the spatial algebra of kry-pai-2002 §2 (angular first).
#include "spatial_block.hpp"

#include "contactsim/math/spatial.hpp"

namespace contactsim::volume_detail {

namespace {

/// M⁻¹ = diag(I_w⁻¹, m⁻¹ 1) at the centre of mass, world axes; zero for a fixed body.
Mat6 inverseSpatialInertia(const VelocityBody& body) {
  Mat6 M_inverse = Mat6::Zero();
  if (!body.isFixed()) {
    M_inverse.topLeftCorner<3, 3>() = body.inverse_inertia;
    M_inverse.bottomRightCorner<3, 3>() = body.inverse_mass * Mat3::Identity();
  }
  return M_inverse;
}

Twist bodyTwist(const VelocityBody& body) {
  return spatial(body.omega, body.velocity);
}

}  // namespace

SpatialBlock makeBlock(std::span<const VelocityBody> bodies, std::size_t body_a, std::size_t body_b,
                       const Mat3& R, const Vec3& origin_a, const Vec3& origin_b) {
  SpatialBlock block;
  block.body_a = body_a;
  block.body_b = body_b;
  block.R = R;
  const VelocityBody& a = bodies[body_a];
  const VelocityBody& b = bodies[body_b];
  // ^c_a E: A's centre-of-mass frame (world axes) in coordinates of c at origin_a.
  block.Ad_c_a = adjoint(makeFrame(R.transpose(), R.transpose() * (a.com - origin_a)));
  block.Ad_c_b = adjoint(makeFrame(R.transpose(), R.transpose() * (b.com - origin_b)));
  // bouchard-2015 eq. 3: the Schur complement J M⁻¹ Jᵀ written in frame c.
  block.S = block.Ad_c_a * inverseSpatialInertia(a) * block.Ad_c_a.transpose() +
            block.Ad_c_b * inverseSpatialInertia(b) * block.Ad_c_b.transpose();
  return block;
}

Twist relativeTwist(const SpatialBlock& block, std::span<const VelocityBody> bodies) {
  return block.Ad_c_a * bodyTwist(bodies[block.body_a]) -
         block.Ad_c_b * bodyTwist(bodies[block.body_b]);
}

void applyWrench(const SpatialBlock& block, std::span<VelocityBody> bodies, const Wrench& lambda) {
  auto apply = [](VelocityBody& body, const Wrench& f) {
    if (body.isFixed())
      return;
    body.omega += body.inverse_inertia * angular(f);
    body.velocity += body.inverse_mass * linear(f);
  };
  // ^a f = ^c_a Adᵀ ^c f: the wrench about A's centre of mass, world axes.
  apply(bodies[block.body_a], block.Ad_c_a.transpose() * lambda);
  apply(bodies[block.body_b], -(block.Ad_c_b.transpose() * lambda));
}

Wrench toWorldAxes(const SpatialBlock& block, const Wrench& lambda_c) {
  return spatial(block.R * angular(lambda_c), block.R * linear(lambda_c));
}

Wrench fromWorldAxes(const SpatialBlock& block, const Wrench& lambda_world) {
  return spatial(block.R.transpose() * angular(lambda_world),
                 block.R.transpose() * linear(lambda_world));
}

}  // namespace contactsim::volume_detail
