#pragma once
// bcs.core's parameters, declared once (base/params.hpp): which implementation of the primitives the machine
// uses, and the software tree's own.
#include "base/params.hpp"
#include "bcs/core/software_tree.hpp"

#include <string>

namespace bcssim::bcs::core {

/// Which CorePrimitives the machine runs on: an implementations() entry's name.
struct ImplSpec {
  std::string impl;
};

/// bcs.core.impl.
const base::ParamGroup<ImplSpec>& impl_params();

/// bcs.core.software_tree.*.
const base::ParamGroup<SoftwareTreeSpec>& software_tree_params();

} // namespace bcssim::bcs::core
