// The response-map reader with a size limit (issue 27, defect 4): the scene loader passes
// SceneLimits::max_file_bytes; the public loadResponseMap reads at most kDefaultMaxFileBytes
// (io/input_file.hpp). Internal to contactsim.
#pragma once

#include <string>

#include "contactsim/bem/response_map.hpp"

namespace contactsim {

/// loadResponseMap refusing a file larger than `max_bytes` bytes (infinity: no limit).
ResponseMap loadResponseMap(const std::string& path, double max_bytes);

}  // namespace contactsim
