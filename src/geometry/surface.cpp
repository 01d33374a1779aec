#include "contactsim/geometry/surface.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "contactsim/error.hpp"

namespace contactsim {

std::optional<SurfacePoint> Surface::acrossEdge(int patch, int edge, double alpha) const {
  const std::optional<EdgeNeighbor> n = neighbor(patch, edge);
  if (!n) {
    return std::nullopt;
  }
  const double beta = n->reversed ? 1.0 - alpha : alpha;
  return SurfacePoint{n->patch, domain(n->patch).pointOnEdge(n->edge, beta)};
}

double Surface::irregularDistance(int, double, double) const {
  return std::numeric_limits<double>::infinity();
}

int Surface::polynomialPiece(int, double, double) const {
  return 0;
}

void Surface::checkArguments(int patch, double s, double t) const {
  if (patch < 0 || patch >= patchCount()) {
    throw InvalidInputError("patch index " + toText(patch) + " out of range [0, " +
                            toText(patchCount()) + ")");
  }
  if (!std::isfinite(s) || !std::isfinite(t)) {
    throw InvalidInputError("surface parameters must be finite, got (" + toText(s) + ", " +
                            toText(t) + ")");
  }
}

}  // namespace contactsim
