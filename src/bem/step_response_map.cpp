#include "bem/step_response_map.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <mutex>

#include "contactsim/error.hpp"

namespace contactsim {
namespace {

// The largest |F(t)| / |F(0)| of an accepted step response (computeResponseMap's header).
constexpr double kMaxOvershoot = 1.5;

}  // namespace

void requireValidTailFraction(const ResponseMapOptions& options) {
  if (!(options.tail_fraction > 0.0 && options.tail_fraction <= 1.0)) {
    throw InvalidInputError("response map: tail fraction must lie in (0, 1], got " +
                            toText(options.tail_fraction));
  }
}

std::vector<std::vector<std::complex<double>>> stepResponseSpectrum(
    const ConvolutionQuadrature& cq, const std::vector<double>& weights,
    const ResponseMapOptions& options,
    const std::function<std::vector<std::complex<double>>(std::complex<double> s)>& compliances) {
  const auto& frequencies = cq.frequencies();
  const auto& zeta = cq.points();
  std::vector<std::vector<std::complex<double>>> spectrum(
      weights.size(), std::vector<std::complex<double>>(frequencies.size()));
  std::size_t done = 0;
  std::mutex progress_mutex;
  tbb::parallel_for(std::size_t{0}, frequencies.size(), [&](std::size_t l) {
    const auto c = compliances(frequencies[l]);
    for (std::size_t j = 0; j < weights.size(); ++j)
      spectrum[j][l] = weights[j] / c[j] / (1.0 - zeta[l]);
    if (options.progress) {
      const std::lock_guard<std::mutex> lock(progress_mutex);
      options.progress(++done, frequencies.size());
    }
  });
  return spectrum;
}

ResponseMap stepResponseMap(const ConvolutionQuadrature& cq, const BoundaryMesh& mesh,
                            const ElasticMaterial& material, const ResponseMapOptions& options,
                            const std::string& name,
                            const std::vector<std::vector<std::complex<double>>>& spectrum,
                            const std::vector<double>& steady, const std::string& remedy) {
  const std::size_t nodes = mesh.nodes.size();
  const auto weights = mesh.tributaryLengths();
  const auto outline = mesh.outline();
  ResponseMap map;
  map.name = name;
  map.material = material;
  map.time_step = options.time_step;
  map.outline = outline;
  const auto tail =
      static_cast<std::size_t>(std::max(1.0, std::round(options.tail_fraction * options.samples)));
  for (std::size_t j = 0; j < nodes; ++j) {
    ResponseMapNode node;
    node.position = mesh.nodes[j].position;
    node.normal = mesh.nodes[j].normal;
    node.force = cq.inverse(spectrum[j]);
    double sum = 0.0;
    for (std::size_t m = node.force.size() - tail; m < node.force.size(); ++m) {
      sum += node.force[m];
    }
    // The steady state of §4: the exact limit F_j(s → 0) where the rigid part is removed (the
    // tail of the sampled window only swings about it with the body's vibration); the paper's
    // constant fit to the tail for the literal free body, which has no static stiffness.
    node.stiffness = options.remove_rigid_motion ? steady[j] : sum / static_cast<double>(tail);
    for (double f : node.force) {
      if (!std::isfinite(f)) {
        throw NumericalError("response map: node " + toText(j) + " has a non-finite response");
      }
    }
    // A step response peaks at its start, F(0) = the instantaneous (wave) impedance, and then
    // relaxes towards k_j. A later force larger than that is the discretisation's: a zero of the
    // discretised compliance in Re s > 0 (the response grows; seen at the tip–side junctions of
    // the bar on the paper's 7-per-side mesh, and on the tip of the bar's 16/12 mesh at Δt =
    // 0.125 µs: 2.17 times F(0) at 0.51 ms, with the dynamic kernels integrated to 1e-10 or not;
    // at 1 and 0.25 µs every node peaks at F(0) exactly). Say so rather than hand out such a
    // force law.
    std::size_t peak = 0;
    for (std::size_t m = 0; m < node.force.size(); ++m) {
      if (std::abs(node.force[m]) > std::abs(node.force[peak]))
        peak = m;
    }
    const double overshoot = std::abs(node.force[peak]) / std::abs(node.force.front());
    if (!(overshoot <= kMaxOvershoot)) {
      throw NumericalError(
          "response map: the step response of node " + toText(j) + " at (" +
          toText(node.position.x()) + ", " + toText(node.position.y()) + ") reaches " +
          toText(node.force[peak]) +
          " N/m per m at t = " + toText(static_cast<double>(peak) * options.time_step) + " s, " +
          toText(overshoot) + " times its instantaneous value " + toText(node.force.front()) +
          " N/m per m (at most " + toText(kMaxOvershoot) +
          "; a step response peaks at its start): the discretisation is unstable there: " +
          (remedy.empty()
               ? "refine the boundary mesh (its elements there " + toText(weights[j]) +
                     " m) or take a longer time step (a pressure wave crosses " +
                     toText(material.pressureWaveSpeed() * options.time_step) + " m per step)"
               : remedy));
    }
    if (options.remove_rigid_motion && !(node.stiffness > 0.0)) {
      throw NumericalError("response map: node " + toText(j) +
                           " has a non-positive steady-state stiffness " + toText(node.stiffness) +
                           ": refine the boundary mesh");
    }
    map.nodes.push_back(std::move(node));
  }
  return map;
}

}  // namespace contactsim
