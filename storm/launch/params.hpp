#pragma once
// The launch protocol's parameters (scenario section "launch"), each with its default, unit and source.
#include "base/params.hpp"
#include "storm/launch/launch_spec.hpp"

namespace bcssim::storm::launch {

const base::ParamGroup<LaunchSpec>& launch_params();

} // namespace bcssim::storm::launch
