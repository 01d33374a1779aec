// A contact response map (ullrich-pai §3, eq. 6; §6): for every boundary node j of a 2D elastic
// body, the normal contact force per unit thickness F_j(t) that a unit step of normal displacement
// (pushing into the body) at node j produces, sampled at t_m = m·Δt, m = 0 … N_f − 1, and the
// steady-state spring constant k_j that response tends to (§4).
//
// Conventions: positions and normals in the body frame [m]; a normal points out of the body;
// F_j(t) > 0 pushes the body away from the contact (a compressive, repulsive force) and is given
// per unit out-of-plane thickness [N/m per m of displacement]. The force for any displacement
// history δ(t) (into the body, δ(0⁻) = 0) is the discrete convolution
//   F(t_n) = Σ_{i=0..n} F_j(t_{n−i}) (δ_i − δ_{i−1}),
// which is what convolution quadrature computes, so a run time stepping with the map's Δt
// reproduces the boundary element solution exactly (ullrich-pai §5.1, step 1). Beyond the sampled
// window the response is continued by k_j.
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

#include "contactsim/bem/elastic_material.hpp"

namespace contactsim {

struct ResponseMapNode {
  Eigen::Vector2d position = Eigen::Vector2d::Zero();  ///< body frame [m]
  Eigen::Vector2d normal = Eigen::Vector2d::UnitX();   ///< outward unit normal
  std::vector<double> force;  ///< F_j(t_m), m = 0 … N_f − 1 [N/m per m]
  double stiffness = 0.0;     ///< k_j, the steady state [N/m per m]
};

struct ResponseMap {
  std::string name;          ///< free text, e.g. "steel bar, ullrich-pai §4"
  ElasticMaterial material;  ///< what the boundary elements solved with
  double time_step = 0.0;    ///< Δt between samples [s]
  /// The body's boundary as a closed polygon through its geometric nodes, counter-clockwise
  /// (interior on the left), body frame [m]: for drawing and for mass properties.
  std::vector<Eigen::Vector2d> outline;
  std::vector<ResponseMapNode> nodes;

  [[nodiscard]] std::size_t sampleCount() const {
    return nodes.empty() ? 0 : nodes.front().force.size();
  }
  /// F_j(t_m), continued by k_j for m ≥ N_f.
  [[nodiscard]] double response(std::size_t node, std::size_t m) const {
    const auto& f = nodes[node].force;
    return m < f.size() ? f[m] : nodes[node].stiffness;
  }

  /// Throws InvalidInputError naming the first problem: no nodes, Δt not positive and finite,
  /// a node with a different sample count or none, a non-finite sample, a normal that is not a
  /// unit vector (within 1e-6), an outline with fewer than 3 points, an invalid material; also a
  /// non-finite position, normal, stiffness or outline point, and a clockwise or zero-area
  /// outline. The message locates the problem by its JSON pointer in the file format
  /// (docs/response-map-format.md), e.g. "response map "bar": at /nodes/3/normal: ...".
  void validate() const;
};

/// The versioned file format ("contactsim-response-map", version 1; JSON). save writes atomically
/// (nothing half-written on failure); load validates and throws InvalidInputError naming the file
/// and what is wrong (missing key, wrong type, unsupported version, invalid map).
void saveResponseMap(const ResponseMap& map, const std::string& path);
/// The file's text (what saveResponseMap writes); validates first.
std::string responseMapText(const ResponseMap& map);
ResponseMap loadResponseMap(const std::string& path);
/// The same, refusing a file larger than `max_bytes` bytes before it is read (the scene loader
/// passes SceneLimits::max_file_bytes, the one-argument form 256 MiB; infinity: no limit).
ResponseMap loadResponseMap(const std::string& path, double max_bytes);

}  // namespace contactsim
