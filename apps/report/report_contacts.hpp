// The contacts of a run's samples in the replay report's data: point, normal, force on body a and
// the friction mode (smooth contacts) or the model (others), per sample.
#pragma once

#include <nlohmann/json.hpp>

#include "contactsim/scene/run.hpp"

namespace contactsim::report {

/// Adds "contacts" (per sample, each [a, b, px, py, pz, nx, ny, nz, fx, fy, fz, kind]: the point
/// in units of `length_quantum`, the normal in thousandths, the force on body a in units of
/// "force_quantum" [N], a power of ten near 1e-4 of the largest; kind an index into
/// "contact_kinds") and "force_scale" [m/N], which draws the largest force half of `radius` long.
/// Adds nothing when the run recorded no contacts.
void addContacts(nlohmann::json& data, const RunResult& result, double length_quantum,
                 double radius);

}  // namespace contactsim::report
