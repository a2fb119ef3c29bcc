#pragma once
// The launch protocol's parameters (scenario section "launch"), each with its default, unit and source.
#include "base/params.hpp"
#include "storm/launch/launch_spec.hpp"

#include <string>

namespace bcssim::storm::launch {

const base::ParamGroup<LaunchSpec>& launch_params();

/// How a placed job's processes start (launch.model; kind workload reads it, kind launch always launches).
struct LaunchModelSpec {
  bool storm = false; // the binary sent and the processes forked as this protocol does; false: at once
};
const base::ParamGroup<LaunchModelSpec>& launch_model_params();

/// The word a launch's load is written as ("none", "cpu", "network").
const std::string& load_name(Load load);

} // namespace bcssim::storm::launch
