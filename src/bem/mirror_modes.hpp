// The vibration modes K φ = ω² M φ of a plane-strain model (plane_strain_elements.hpp), seen
// through a few probe vectors: what the response maps need of them (finite_element_map.cpp).
//
// A body symmetric under the mirrors x → −x and y → −y (the bar) has displacement fields in four
// classes, even or odd under each mirror. K and M commute with the mirrors, so they do not couple
// the classes, and the modes are those of four problems of a quarter the size: the dense
// eigensolver's O(n³) work falls to a sixteenth.
#pragma once

#include <Eigen/Core>

#include "bem/plane_strain_elements.hpp"

namespace contactsim {

struct ModalProjections {
  Eigen::VectorXd omega2;       ///< ω_m², ascending
  Eigen::MatrixXd projections;  ///< (probe p, mode m): φ_mᵀ probe_p, with φ_mᵀ M φ_m = 1
};

/// Every mode of `system` (2 dofs per node of `mesh`), projected on the columns of `probes`:
/// per mirror class when `use_symmetry` and the mesh's nodes are mirror images of each other
/// about both axes (within 2e-9 m), else one dense problem. Throws InvalidInputError when a dense
/// problem would exceed `max_dense_dofs` (the message names the count and the classes' sizes),
/// NumericalError when an eigensolver fails.
ModalProjections projectedModes(const PlaneStrainMesh& mesh, const StiffnessAndMass& system,
                                const Eigen::MatrixXd& probes, bool use_symmetry,
                                Eigen::Index max_dense_dofs);

}  // namespace contactsim
