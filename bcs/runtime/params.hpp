#pragma once
// The BCS-MPI runtime's parameters, declared once beside RuntimeSpec (base/params.hpp), with the MDS's nested.
#include "base/params.hpp"
#include "bcs/runtime/spec.hpp"

namespace bcssim::bcs::runtime {

/// bcs.runtime.* and bcs.mds.*. RuntimeSpec::p2p_rate is not a parameter: the machine sets it (the node's
/// main-to-main put rate).
const base::ParamGroup<RuntimeSpec>& runtime_params();

} // namespace bcssim::bcs::runtime
