// A closed (or bounded) surface as a complex of parametric patches: each patch has a convex
// polygonal domain, a jet evaluator, and for each domain edge its neighbour (kry-pai-2002 §3.5).
#pragma once

#include <optional>

#include "contactsim/geometry/patch_domain.hpp"
#include "contactsim/geometry/surface_jet.hpp"

namespace contactsim {

/// The patch across edge `edge` of a patch, and how the edge parameter maps: a point at α on this
/// edge is at 1 − α on the neighbour's edge when `reversed` (consistently oriented patches, as
/// Loop's g(α) = 1 − α), else at α.
struct EdgeNeighbor {
  int patch;
  int edge;
  bool reversed = true;
};

/// A point of a patch complex.
struct SurfacePoint {
  int patch;
  Vec2 st;
};

class Surface {
 public:
  virtual ~Surface() = default;

  [[nodiscard]] virtual int patchCount() const = 0;
  [[nodiscard]] virtual const PatchDomain& domain(int patch) const = 0;
  /// Position and derivatives up to `order` at (patch, s, t), in body coordinates. The point may
  /// lie slightly outside the domain (ε-extended boundaries); patches are evaluated as polynomials
  /// or formulas there. Throws InvalidInputError for a bad patch index or non-finite (s, t).
  [[nodiscard]] virtual SurfaceJet evaluate(int patch, double s, double t,
                                            JetOrder order = JetOrder::kThird) const = 0;
  /// Which polynomial piece of the patch holds (s, t). Patches that are one analytic or
  /// polynomial function return 0; Loop patches near extraordinary vertices are made of many
  /// pieces (Stam's levels and sub-triangles) across whose seams the third derivatives jump, so
  /// integrators stop their steps there (kry-pai-2002 §3.7 treats patch edges the same way).
  [[nodiscard]] virtual int polynomialPiece(int patch, double s, double t) const;

  /// How far (s, t) lies, in the patch's parameter units, from the nearest point of the patch
  /// where the parameterisation is not regular: where surface derivatives vanish or blow up, as
  /// at the extraordinary vertices of Loop surfaces (kry-pai-2002 §3.6). +∞ for surfaces
  /// regular everywhere (the default).
  [[nodiscard]] virtual double irregularDistance(int patch, double s, double t) const;

  /// The neighbour across an edge, or nothing on an open boundary.
  [[nodiscard]] virtual std::optional<EdgeNeighbor> neighbor(int patch, int edge) const = 0;

  /// The same surface point written in the neighbour's coordinates: point α of `edge` of `patch`.
  [[nodiscard]] std::optional<SurfacePoint> acrossEdge(int patch, int edge, double alpha) const;

 protected:
  /// Throws InvalidInputError unless 0 ≤ patch < patchCount() and s, t are finite.
  void checkArguments(int patch, double s, double t) const;
};

}  // namespace contactsim
