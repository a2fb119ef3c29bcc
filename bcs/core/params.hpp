#pragma once
// bcs.core's parameters, declared once (base/params.hpp): which implementation of the primitives the machine
// uses, and the software tree's own.
#include "base/params.hpp"
#include "bcs/core/software_tree.hpp"

#include <string>

namespace bcssim::bcs::core {

/// Which CorePrimitives the machine runs on: "qsnet_hw" (QsNet's hardware multicast and global query) or
/// "software_tree" (point-to-point messages over a k-ary tree).
struct ImplSpec {
  std::string impl = "qsnet_hw";
};

/// bcs.core.impl.
const base::ParamGroup<ImplSpec>& impl_params();

/// bcs.core.software_tree.*.
const base::ParamGroup<SoftwareTreeSpec>& software_tree_params();

} // namespace bcssim::bcs::core
