// The restitution study of ullrich-pai §4 and Stoianovici & Hurmuzlu 1996 in one call: the steel
// bar's contact response map by convolution-quadrature boundary elements (Fig. 1 mesh), its step
// responses at several impact angles (Fig. 2), the effective spring constant against the angle
// (Fig. 3), and the bar dropped onto a massive block at impact angles 0–90° with the run time of
// §5.1, giving the coefficient of restitution against the angle. Each drop runs through the scene
// path: a World built from a WorldDescription of the planar bar and block (the response model).
// An app of the library (apps/studies): it uses the public contactsim API only.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "contactsim/bem/response_map.hpp"
#include "contactsim/bem/response_map_builder.hpp"
#include "contactsim/scene/scene.hpp"

namespace contactsim {

// 512 samples of 1 µs, the rest ResponseMapOptions' defaults.
inline ResponseMapOptions restitutionStudyMapOptions() {
  ResponseMapOptions options;
  options.time_step = 1e-6;
  options.samples = 512;
  return options;
}

struct RestitutionStudyOptions {
  double length = 0.2;       ///< bar length [m] (NOTES.md, SH96)
  double diameter = 0.0125;  ///< [m]
  /// Elements per straight side and per semicircular tip. The paper's Fig. 1 mesh is 7 and 7
  /// (28 elements, 56 nodes); on it, with the rigid part removed, the response at the tip–side
  /// junctions grows without bound (a zero of C(s) − R/s² in Re s > 0: the removal's, as the
  /// same map with the rigid part kept is accepted; computeResponseMap refuses it). It goes away
  /// with 16 per side, so the study refines the sides, and the tips for finer impact angles.
  int side_elements = 16;
  int tip_elements = 12;
  double side_grading = 1.4;  ///< element growth from the tips towards the middle
  /// 0: the map by the boundary elements (ullrich-pai §3). Otherwise by a plane-strain finite
  /// element model of the bar with this many rings of elements under each tip
  /// (computeBarFiniteElementMap: the same nodes; a Galerkin model with no growing modes at fine
  /// steps, the README's convergence study).
  int finite_element_rings = 0;
  double ring_growth = 1.5;  ///< finite elements: ring thicknesses grow inward by this
  int side_columns = 1;      ///< finite elements: columns under each side boundary element
  /// Finite elements: each node's compliance reads the node's displacement, or the one
  /// work-conjugate to its traction (FiniteElementOptions::Reading).
  FiniteElementOptions::Reading reading = FiniteElementOptions::Reading::kNode;
  ElasticMaterial material = kSteel;
  /// 512 samples of 1 µs: the oblique impacts last up to ~0.35 ms, longer than the paper's
  /// N_f = 100 would cover at a step that resolves the 80 µs normal impact.
  ResponseMapOptions map = restitutionStudyMapOptions();
  /// [degrees], angles 0, step, …, 90. The outline is the polygon of the map's nodes, so a drop
  /// strikes the tip node nearest to its angle; the default 7.5° is the default mesh's node
  /// spacing on the tip, 180°/(2 · 12), so that every drop strikes one node whose normal is the
  /// block's (docs/figures/restitution-study/README.md: between nodes two vertices tie).
  double angle_step = 7.5;
  double impact_speed = 1.0;  ///< approach speed of the centroid [m/s]
  double friction = 0.0;      ///< Coulomb μ at the block
  /// The contact scheme: trapezoidal (second order in Δt, issue 26's convergence study) or the
  /// world's default end-of-step force (first order, damping).
  ResponseScheme scheme = ResponseScheme::kTrapezoidal;
  /// e of the rigid impact law drawn for contrast (SH96's value at normal impact).
  double rigid_restitution = 0.9;
  std::string map_file;  ///< load this map instead of computing one (empty: compute)
  /// The largest map_file read [bytes] (256 MiB, SceneLimits::max_file_bytes; `restitution-study
  /// --no-limits`: infinity).
  double max_map_file_bytes = SceneLimits{}.max_file_bytes;
  /// Told the fraction of the drops done, in [0, 1], as they go (a progress bar; the map's
  /// precompute tells map.progress).
  std::function<void(double fraction)> progress;

  /// Throws InvalidInputError naming the option.
  void validate() const;
};

struct ImpactAngleResult {
  double angle = 0.0;  ///< [degrees] between the bar axis and the contact normal
  double restitution = 0.0;
  double contact_duration = 0.0;  ///< [s]
  double peak_force = 0.0;        ///< [N/m]
  /// Work of the contact forces on the rigid body, Σ h f·J(v_k + v_{k+1})/2 [J/m]: equal to the
  /// kinetic energy change for the run time's scheme (a bookkeeping check, not physics).
  double contact_work = 0.0;
  double kinetic_energy_change = 0.0;  ///< [J/m]
  int contact_vertices = 0;   ///< outline vertices (map nodes) that carried force in the drop
  int contact_intervals = 0;  ///< stretches of steps with force: 1 for one impact, more for chatter
  /// [degrees] The normal of the map node that touched first, from the bar's axis: the outline is
  /// the polygon of the nodes, so the drop at `angle` strikes the node nearest to it.
  double first_node_angle = 0.0;
};

struct RestitutionStudyResult {
  RestitutionStudyOptions options;
  ResponseMap map;
  double map_seconds = 0.0;  ///< wall time of the precompute (0 when loaded)
  std::vector<ImpactAngleResult> impacts;
  double impacts_seconds = 0.0;
};

RestitutionStudyResult runRestitutionStudy(const RestitutionStudyOptions& options);

/// Writes bar_map.json (the map, docs/response-map-format.md), step_responses.{csv,svg} (Fig. 2),
/// stiffness.{csv,svg} (Fig. 3), restitution.{csv,svg} and summary.json, atomically.
void writeRestitutionStudy(const RestitutionStudyResult& result,
                           const std::filesystem::path& directory);

}  // namespace contactsim
