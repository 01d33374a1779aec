// Which contact model simulates a pair of bodies, and with what material: the model follows from
// the two shapes (smooth surfaces → smooth contact evolution, convex polyhedra and half-spaces →
// point contact, closed triangle meshes → 6D patch contact, planar
// response-map bodies and half-planes → the response model), like Drake's per-geometry contact
// model, unless the description's `pairs` override it; μ and e of a pair are its override, else
// the geometric mean of its bodies' materials. Internal to world.
#pragma once

#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "contactsim/world/world_description.hpp"

namespace contactsim::world_detail {

enum class ShapeKind { kNone, kSmooth, kPolyhedral, kMesh, kPlanar };

[[nodiscard]] ShapeKind shapeKind(const BodyDescription& body);

/// Whether the world's bodies are planar (response-map bodies and half-planes, ullrich-pai §5).
[[nodiscard]] bool isPlanarWorld(const WorldDescription& description);

/// Whether the world mixes smooth surfaces with polyhedra or half-spaces (and nothing else):
/// MixedWorld steps it (issue 22).
[[nodiscard]] bool isMixedWorld(const WorldDescription& description);

/// Whether `model` can simulate contact between shapes of kinds a and b.
[[nodiscard]] bool handles(ContactModel model, ShapeKind a, ShapeKind b);

/// The bodies' materials and the pairs' overrides, applied in order.
class PairMaterials {
 public:
  /// Throws InvalidInputError for a pair naming a body twice or out of range, μ < 0, e ∉ [0, 1].
  explicit PairMaterials(const WorldDescription& description);

  /// Each body's μ and e after the overrides of every pair ("any pair") — absent where neither
  /// the body nor such an override gives one.
  [[nodiscard]] const std::vector<std::optional<double>>& bodyFriction() const { return mu_; }
  [[nodiscard]] const std::vector<std::optional<double>>& bodyRestitution() const { return e_; }
  /// Overrides of single pairs (i < j) still in force after the any-pair ones.
  [[nodiscard]] const std::map<std::pair<std::size_t, std::size_t>, double>& pairFriction() const {
    return pair_mu_;
  }
  /// μ (or e) of pair (i, j): its override; else, where a body gives one, the geometric mean of
  /// the two bodies' values, an absent one taken as `model_default`; else `model_default`.
  [[nodiscard]] double friction(std::size_t i, std::size_t j, double model_default) const;
  [[nodiscard]] double restitution(std::size_t i, std::size_t j, double model_default) const;
  /// Whether any body or pair gives a restitution.
  [[nodiscard]] bool anyRestitution() const;

 private:
  std::vector<std::optional<double>> mu_, e_;
  std::map<std::pair<std::size_t, std::size_t>, double> pair_mu_, pair_e_;
};

}  // namespace contactsim::world_detail
