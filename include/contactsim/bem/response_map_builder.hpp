// Precomputing a contact response map (ullrich-pai §3 eq. 6, §4) with the convolution-quadrature
// boundary elements.
//
// For node j the conditions of §2.3 are: normal displacement given on Γ2 = {node j}, tangential
// traction zero there, traction zero on Γ1 (every other node). The unknown is then the normal
// traction t_j, and the displacement it causes at j is u_j·n_j = C_j(s) t_j with the compliance
// C_j(s) = n_jᵀ [H(s)⁻¹ G(s)]_jj n_j (the traction-free problem is well posed for Re s > 0). So one
// factorisation of H(s) per frequency gives every node's response at once. The traction field
// t_j N_j(x) n_j has the resultant w_j t_j, w_j = ∫ N_j dΓ, so the force per unit thickness for a
// displacement δ into the body is F_j(s) = w_j / C_j(s) · δ(s); its step response, by convolution
// quadrature, is the map.
//
// Rigid-body motion. The body of the boundary element problem is free, so C_j(s) includes its
// rigid-body mobility: by modal decomposition C_j(s) = C_j^elastic(s) + w_j / (m_eff s²) with
// 1/m_eff = 1/m + ((x_j − x̄) × n_j)²/I. The run time of §5.1 integrates the rigid motion itself
// with the map's force, so a map that kept the rigid part would count the body's inertia twice
// (and its step response would swing about zero: a free body pinned at one node has no static
// stiffness). By default the map therefore holds w_j / C_j^elastic(s): the force of the
// deformation relative to the rigid motion, whose steady state is the inertia-relief stiffness
// k_j of the body. Rigid run time plus this map reproduce the free elastic body.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "contactsim/bem/boundary_mesh.hpp"
#include "contactsim/bem/elastic_material.hpp"
#include "contactsim/bem/response_map.hpp"

namespace contactsim {

/// Which linear multistep method the convolution quadrature that samples a map stands for
/// (Lubich 1988): its step responses are the method's discrete convolution with the body's
/// Laplace-domain compliance, sampled at s = δ(ζ)/Δt (src/bem/convolution_quadrature.hpp).
enum class TimeQuadrature {
  /// BDF2, δ(ζ) = (1 − ζ) + (1 − ζ)²/2: second order, the default. Its frequencies reach close to
  /// the imaginary axis (Re sΔt ≈ (ωΔt)⁴/4), so on a mesh too coarse for Δt it also sees the
  /// discretised body's spurious growing modes (docs/figures/restitution-study/README.md).
  bdf2,
  /// BDF1 (backward Euler), δ(ζ) = 1 − ζ: first order and dissipative (Re sΔt ≈ (ωΔt)²/2), which
  /// keeps those modes out to much finer steps at the price of damping the response by O(ωΔt).
  bdf1,
};

/// The quadrature's name as the CLI, the Python binding and the study's summary.json spell it:
/// "bdf2" or "bdf1".
[[nodiscard]] const char* timeQuadratureName(TimeQuadrature quadrature) noexcept;
/// The quadrature timeQuadratureName calls `name` (exactly); throws InvalidInputError naming
/// `where`, the name given and the names accepted for any other.
TimeQuadrature parseTimeQuadrature(const std::string& name, const std::string& where);

struct ResponseMapOptions {
  double time_step = 1e-6;  ///< Δt of the samples [s]
  int samples = 100;        ///< N_f (ullrich-pai §6: "at most N_f = 100")
  /// The steady state k_j of §4. With the rigid part removed it is the limit F_j(s → 0) (the
  /// inertia-relief stiffness), extrapolated from three low real frequencies: the sampled tail
  /// only swings about it with the body's vibration (for the bar, bending periods of ~0.7 ms are
  /// longer than any sensible window), so the paper's constant fit to the tail would depend on
  /// the window and could even come out negative. For the literal free body (no static
  /// stiffness) k_j is the mean of the last `tail_fraction` of the samples.
  double tail_fraction = 0.25;
  /// Remove the rigid-body mobility (see above). false gives the paper's literal free-body
  /// step response.
  bool remove_rigid_motion = true;
  /// Told (done, total) after each of the convolution quadrature's frequencies, one boundary
  /// element solve each (the bulk of the work), from the worker threads one call at a time.
  std::function<void(std::size_t done, std::size_t total)> progress;
  /// The convolution quadrature's method: BDF2 (second order) unless a step finer than the mesh
  /// resolves calls for BDF1's damping (above).
  TimeQuadrature quadrature = TimeQuadrature::bdf2;
};

/// Throws InvalidInputError for an invalid material, mesh (holes included) or options;
/// NumericalError if a response is not finite, reaches later more than 1.5 times its instantaneous
/// value F(0) (a step response peaks at its start; one that grows, or overshoots because the time
/// step resolves waves shorter than the elements, would make the run time diverge: the message
/// gives the node, the peak and the ratio), or (rigid part removed) has a non-positive steady
/// state — all signs of a mesh too coarse for the body or for the time step.
ResponseMap computeResponseMap(const BoundaryMesh& mesh, const ElasticMaterial& material,
                               const ResponseMapOptions& options, const std::string& name);

/// The bar's finite element model (computeBarFiniteElementMap): `rings` rings of quadratic
/// elements fill the outer half of each tip's radius, their thicknesses growing inward by
/// `ring_growth`; the rectangle between the tips continues them as rows, in `side_columns`
/// columns of elements under each boundary element of the sides. `reading` is the displacement
/// a node's compliance C_j(s) reads.
struct FiniteElementOptions {
  enum class Reading {
    /// The normal displacement at the node, against its element-wide traction N_j n_j
    /// (ullrich-pai §3, as the boundary elements read it).
    kNode,
    /// The displacement work-conjugate to that traction, f_jᵀu / w_j (its N_j-weighted mean
    /// normal displacement): C_j(s) = Σ_m (φ_mᵀ f_j)² / (w_j (s² + ω_m²)) is positive real, so
    /// the map is passive on every mesh and step.
    kWorkConjugate,
  };
  int rings = 3;
  double ring_growth = 1.5;
  int side_columns = 1;
  Reading reading = Reading::kNode;
};

/// The same map of the bar `barLoop(length, diameter, side_elements, tip_elements, side_grading)`
/// (same nodes, normals, tributary lengths, outline and convolution quadrature) from a plane-strain
/// finite element model of the whole bar instead of the boundary elements: quadratic elements
/// sharing every boundary node, the traction t_j N_j n_j as consistent nodal loads f_j, and
/// C_j(s) = Σ_m (φ_mᵀ f_j)(φ_mᵀ r_j) / (s² + ω_m²) over the model's vibration modes, r_j the
/// reading (FiniteElementOptions::Reading: the normal at the node, or f_j / w_j). The modes come
/// from dense generalised eigenproblems K φ = ω² M φ, one per mirror-symmetry class of the bar's
/// displacements; every frequency is then a sum. The model's modes are real vibrations (K, M
/// symmetric, K ≥ 0, M > 0): none grows, unlike the collocation boundary elements' at steps much
/// finer than their elements. With the work-conjugate reading the map is passive on every mesh
/// and step; with the node reading (the paper's pairing, as the boundary elements') passivity is
/// measured, not guaranteed: one column per side element is passive at every step tried (1 to
/// 0.0625 µs), two are not at 0.125 µs (docs/figures/restitution-study/README.md). It is a second,
/// independent discretisation of the body (interior field by finite elements, not the
/// fundamental solution). The rigid-body modes are the model's own three zero modes: with
/// `remove_rigid_motion` their term is dropped exactly and k_j is the static elastic compliance's.
/// Throws InvalidInputError for bad shapes, materials or options (as computeResponseMap; and
/// `elements` needs rings ≥ 1, ring_growth in [1, 4], side_columns in [1, 64]), more than 24 000
/// degrees of freedom or a symmetry class above 6000 (dense eigenproblems: ~0.9 GB and minutes
/// each), and NumericalError as computeResponseMap.
ResponseMap computeBarFiniteElementMap(double length, double diameter, int side_elements,
                                       int tip_elements, double side_grading,
                                       const FiniteElementOptions& elements,
                                       const ElasticMaterial& material,
                                       const ResponseMapOptions& options, const std::string& name);

}  // namespace contactsim
