// The digital filter of ullrich-pai §5.1 step 1 against the convolution written out, the outline
// interpolation rule, and the action–reaction solve of eqs. 7–8.
#include "contact/response/deformation_history.hpp"

#include <gtest/gtest.h>

#include <random>

#include "contact/response/action_reaction.hpp"
#include "contact/response/outline_response.hpp"
#include "synthetic_maps.hpp"

namespace contactsim {
namespace {

TEST(DeformationHistoryTest, FilterEqualsTheWrittenOutConvolution) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (const std::size_t samples : {1u, 2u, 5u, 17u}) {
    ResponseMap map =
        test::mapOnOutline("m", test::regularPolygon(4, 1.0), test::springKernel(1.0), 1e-6);
    for (ResponseMapNode& node : map.nodes) {
      node.force.resize(samples);
      for (double& f : node.force) {
        f = u(rng);
      }
      node.stiffness = u(rng);
    }
    DeformationHistory history(samples);
    std::vector<double> delta = {0.0};  // δ_0 = 0
    for (int k = 0; k < 60; ++k) {
      // F̃_{k+1} = Σ_{i=1..k} F(t_{k+1} − t_i)(δ_i − δ_{i−1}), beyond N_f continued by k.
      for (std::size_t node = 0; node < 2; ++node) {
        double expected = 0.0;
        for (std::size_t i = 1; i < delta.size(); ++i) {
          expected += map.response(node, delta.size() - i) * (delta[i] - delta[i - 1]);
        }
        EXPECT_NEAR(history.nominalForce(map, node), expected, 1e-13)
            << "N_f " << samples << " step " << k;
      }
      const ResponseWeights w{0, 1, 0.25};
      EXPECT_NEAR(history.nominalForce(map, w),
                  0.75 * history.nominalForce(map, 0) + 0.25 * history.nominalForce(map, 1), 1e-13);
      delta.push_back(u(rng));
      history.push(delta.back());
      EXPECT_EQ(history.deformation(), delta.back());
    }
  }
}

TEST(OutlineResponseTest, BracketingNodesAlongTheOutline) {
  // A 2 × 1 rectangle (perimeter 6) with nodes at three of its corners only.
  ResponseMap map =
      test::mapOnOutline("r", test::rectangle(2.0, 1.0), test::springKernel(1.0), 1e-6);
  map.nodes.erase(map.nodes.begin() + 2);  // no node at the corner (2, 0.5), arc length 3
  const OutlineResponse outline(map);
  EXPECT_DOUBLE_EQ(outline.perimeter(), 6.0);
  EXPECT_DOUBLE_EQ(outline.nodeArcLength(0), 0.0);
  EXPECT_DOUBLE_EQ(outline.nodeArcLength(1), 2.0);
  EXPECT_DOUBLE_EQ(outline.nodeArcLength(2), 5.0);  // the corner (0, 0.5)
  EXPECT_DOUBLE_EQ(outline.arcLength(Vec2(1.0, -0.7)), 1.0);
  EXPECT_DOUBLE_EQ(outline.arcLength(Vec2(2.1, 0.0)), 2.5);

  ResponseWeights w = outline.weightsAt(0.5);
  EXPECT_EQ(w.node_a, 0u);
  EXPECT_EQ(w.node_b, 1u);
  EXPECT_DOUBLE_EQ(w.weight, 0.25);
  w = outline.weightsAt(3.5);  // between arc 2 (node 1) and arc 5 (node 2)
  EXPECT_EQ(w.node_a, 1u);
  EXPECT_EQ(w.node_b, 2u);
  EXPECT_DOUBLE_EQ(w.weight, 0.5);
  w = outline.weightsAt(5.5);  // wraps: between node 2 (arc 5) and node 0 (arc 6 ≡ 0)
  EXPECT_EQ(w.node_a, 2u);
  EXPECT_EQ(w.node_b, 0u);
  EXPECT_DOUBLE_EQ(w.weight, 0.5);
  w = outline.weightsAt(2.0);  // exactly at a node
  EXPECT_EQ(w.node_a, 1u);
  EXPECT_EQ(w.weight, 0.0);
  map.nodes[0].force = {3.0};
  map.nodes[1].force = {5.0};
  EXPECT_DOUBLE_EQ(interpolatedResponse(map, outline.weightsAt(0.5), 0), 3.5);
}

TEST(ActionReactionTest, EquationsSevenAndEightAndTheFreeSurface) {
  const ContactSide a{2.0, 10.0, 0.5};   // F̃^A, F^A_0, δ^A_k
  const ContactSide b{1.0, 30.0, 0.25};  // F̃^B, F^B_0, δ^B_k
  const double delta = 1.2;
  const ActionReaction r = solveActionReaction(a, &b, delta);
  ASSERT_TRUE(r.inContact());
  EXPECT_NEAR(r.deformation_a + r.deformation_b, delta, 1e-15);                  // eq. 7
  EXPECT_NEAR(a.forceFor(r.deformation_a), b.forceFor(r.deformation_b), 1e-14);  // eq. 8
  EXPECT_NEAR(a.forceFor(r.deformation_a), r.force, 1e-14);
  // Below the free deformation the surfaces part: F = 0 and each relaxes to its free value.
  const PairCompliance p = pairCompliance(a, &b);
  EXPECT_DOUBLE_EQ(p.free_deformation, (0.5 - 0.2) + (0.25 - 1.0 / 30.0));
  const ActionReaction apart = solveActionReaction(a, &b, p.free_deformation - 1e-3);
  EXPECT_FALSE(apart.inContact());
  EXPECT_DOUBLE_EQ(apart.deformation_a, a.freeDeformation());
  EXPECT_DOUBLE_EQ(apart.deformation_b, b.freeDeformation());
  // Against the rigid block all the penetration is A's.
  const ActionReaction block = solveActionReaction(a, nullptr, delta);
  EXPECT_DOUBLE_EQ(block.deformation_a, delta);
  EXPECT_DOUBLE_EQ(block.deformation_b, 0.0);
  EXPECT_NEAR(block.force, 2.0 + 10.0 * (delta - 0.5), 1e-14);
}

}  // namespace
}  // namespace contactsim
