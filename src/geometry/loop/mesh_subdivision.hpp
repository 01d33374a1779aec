// One step of Loop subdivision (Loop 1987) of a whole control mesh: the limit surface stays the
// same, each triangle becomes four, and extraordinary vertices that shared a triangle end up two
// edges apart, as the S-patch replacement of kry-2000 §5.2 needs.
#pragma once

#include <string>

#include "contactsim/geometry/control_mesh.hpp"

namespace contactsim::loop {

/// The mesh after one Loop step: vertex points (1 − Nβ) v + β Σ ring first, in the old vertices'
/// order, then edge points 3/8 (a + b) + 1/8 (c + d) in the order edges are first met going
/// through the faces; face f becomes faces 4f … 4f + 3: (a, ab, ca), (ab, b, bc), (ca, bc, c) and
/// the middle (bc, ca, ab), counter-clockwise like f = (a, b, c).
/// `origin` names the mesh in the checks ControlMesh makes of the result.
[[nodiscard]] ControlMesh subdividedOnce(const ControlMesh& mesh, const std::string& origin = "");

}  // namespace contactsim::loop
