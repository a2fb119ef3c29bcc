#pragma once
// OS noise parameters, declared once beside NoiseSpec (base/params.hpp): one group per resource.
#include "base/params.hpp"
#include "models/noise/noise.hpp"

#include <string>

namespace bcssim::noise {

/// noise.cpu.* (every PE of a node) or noise.nic.* (its NIC's thread processor), by `where` = "cpu" or "nic".
/// Its rule: a detour and its jitter fit in the period.
const base::ParamGroup<NoiseSpec>& noise_params(const std::string& where);

} // namespace bcssim::noise
