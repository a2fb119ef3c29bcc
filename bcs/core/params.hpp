#pragma once
// The software tree's parameters, declared once beside SoftwareTreeSpec (base/params.hpp).
#include "base/params.hpp"
#include "bcs/core/software_tree.hpp"

namespace bcssim::bcs::core {

/// bcs.core.software_tree.*.
const base::ParamGroup<SoftwareTreeSpec>& software_tree_params();

} // namespace bcssim::bcs::core
